/**
 * The README's quickstart, run as it stands: its three commands (session token, API key, first
 * screening) are taken from README.md and run by bash against the built server (`npm start`'s
 * dist/server/main.js) with the defaults a clone has: no list files (the bundled sample), the
 * embedded store, the secret generated in DATA_DIR. The only change: the server listens on a free
 * port instead of 8080 (other work may hold 8080), so `127.0.0.1:8080` is replaced by that address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_DIR } from './support/shared.js';

/** The fenced sh block right after the `<!-- quickstart` marker, one command per line. */
export async function quickstartCommands(): Promise<string[]> {
  const readme = await readFile(join(PROJECT_DIR, 'README.md'), 'utf8');
  const block = /<!-- quickstart[^>]*-->\s*```sh\n([\s\S]*?)\n```/.exec(readme);
  if (block === null) throw new Error('README.md has no quickstart block after a <!-- quickstart --> marker');
  return block[1].split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
}

async function startBuiltServer(dir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: PROJECT_DIR,
    // The bundled sample, named explicitly: an explicit LISTS_DIR must hold list files, and the
    // developer's own data/lists (which `npm start` would read) must not change what this test sees.
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: join(dir, 'data'), LISTS_DIR: join(PROJECT_DIR, 'data/sample') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const log = JSON.parse(line) as { msg?: string; port?: number };
    if (log.msg === 'listening' && typeof log.port === 'number') {
      child.stdout!.resume();
      await untilReady(log.port);
      return { child, port: log.port };
    }
  }
  throw new Error('the server exited before listening');
}

/** The lists load after the listener opens (a few seconds): the README says to wait for "index built". */
async function untilReady(port: number): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become ready within 120 s');
}

describe('README quickstart', () => {
  let dir: string;
  let server: { child: ChildProcess; port: number };

  beforeAll(async () => {
    if (!existsSync(join(PROJECT_DIR, 'dist/server/main.js'))) throw new Error('dist/ is missing: run npm run build');
    dir = await mkdtemp(join(tmpdir(), 'rps-quickstart-'));
    server = await startBuiltServer(dir);
  }, 150_000);
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('has three commands: token, key, screening', async () => {
    const commands = await quickstartCommands();
    expect(commands).toHaveLength(3);
    expect(commands[0]).toMatch(/^S=\$\(npm run -s cli -- session /);
    expect(commands.join('\n')).not.toMatch(/\.\.\/shared/);
  });

  it('gets a token, a key and a first screening that names the OFAC SDN entry', async () => {
    const script = (await quickstartCommands()).join('\n').replaceAll('127.0.0.1:8080', `127.0.0.1:${server.port}`);
    // stdin not a socket: Debian's bash reads /etc/bash.bashrc when it is (it takes it for ssh).
    const shell = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: PROJECT_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: join(dir, 'data'), LISTS_DIR: join(dir, 'lists') },
    });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    shell.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const [code] = (await once(shell, 'close')) as [number];
    // Only the session command's note (stderr, so not in $S) and npm's own config warnings.
    expect(stderr.replace(/^(npm warn|session token for account acme, expires ).*\n/gm, '')).toBe('');
    expect(code).toBe(0);
    const answer = JSON.parse(stdout) as { requestId: string; matches: Array<{ listSource: string; matchedName: string }>; summary: { recommendedAction: string } };
    expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.matches[0]).toMatchObject({ listSource: 'ofac-sdn', matchedName: expect.stringMatching(/BANCO NACIONAL DE CUBA/i) });
    expect(answer.summary.recommendedAction).not.toBe('clear');
  }, 120_000);
});
