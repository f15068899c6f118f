/** Benches that force GCs need node's --expose-gc, which `npx tsx file` cannot always pass on. */
import { spawnSync } from 'node:child_process';
import { forcedGc } from './machine.js';

/** Without forced GC, re-runs the entry script under `node --expose-gc --import tsx` and exits with its status. */
export function ensureExposedGc(entryScript: string): void {
  if (forcedGc()) return;
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', entryScript, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (child.error) throw child.error;
  process.exit(child.status ?? 1);
}
