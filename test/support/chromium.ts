/**
 * @module The Chromium that the dashboard's end-to-end test drives (playwright-core never downloads
 * a browser of its own). Missing, it is installed where that can be done without asking anyone (root
 * with apt, the same command as the README and .ci/run); otherwise the test stops at once with one
 * line saying how to get it: a browser test silently skipped would pass a broken dashboard.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's package; CHROMIUM_PATH names another build (e.g. on macOS). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The README's command (Setup, "Tests"), also what .ci/run runs. */
export const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium';

export class ChromiumMissingError extends Error {
  constructor(path: string, reason: string) {
    super(`Chromium is missing at ${path} (${reason}): run \`${INSTALL_COMMAND}\` as root, or set CHROMIUM_PATH to a Chromium binary`);
    this.name = 'ChromiumMissingError';
  }
}

/** The path of a Chromium binary, installing Debian's package first when it is missing and root may. */
export function ensureChromium(
  path = CHROMIUM_PATH,
  canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && process.env.CHROMIUM_PATH === undefined,
): string {
  if (existsSync(path)) return path;
  if (!canInstall) throw new ChromiumMissingError(path, 'and this process cannot install it: not root with apt-get');
  try {
    execFileSync('sh', ['-c', INSTALL_COMMAND], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 10 * 60_000,
    });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim().split('\n').at(-1) ?? '';
    throw new ChromiumMissingError(path, `installing it failed: ${stderr || (error as Error).message}`);
  }
  if (!existsSync(path)) throw new ChromiumMissingError(path, 'apt-get installed no binary there');
  return path;
}
