/**
 * The `lists` commands run as a child process, the way operators run them: help, exit statuses,
 * one-line failure reasons, and the catalog table.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeShared, PROJECT_DIR, SNAPSHOT_DIR } from './support/shared.js';
import { startFixtureServer, type FixtureServer } from './lists-fixture-server.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI from source (asynchronously: the fixture server lives in this process). */
function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: PROJECT_DIR,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describeShared('rps lists (child process)', () => {
  let server: FixtureServer;
  let root: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    server = await startFixtureServer();
    root = await mkdtemp(join(tmpdir(), 'lists-cli-'));
    env = { LISTS_DIR: join(root, 'lists'), LISTS_URL_DPL: `${server.url}/dpl.txt` };
  });
  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('prints help for lists update and exits 0', async () => {
    const run = await cli(['lists', 'update', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/--only <lists>/);
    expect(run.stdout).toMatch(/--force/);
    expect(run.stdout).toMatch(/ofac-consolidated\s+ofac-ssi, ofac-fse, ofac-non-sdn/);
    expect(run.stdout).toMatch(/Exit status: 0 when nothing failed, 1 when a unit failed, 2 on a usage/);
    expect(run.stdout).toMatch(/HTTPS_PROXY \/ HTTP_PROXY \/ NO_PROXY are honoured/);
  });

  it('exits 2 with one line on a usage or configuration error', async () => {
    const [unknown, badConfig, badOption] = await Promise.all([
      cli(['lists', 'update', '--only', 'nonsense'], env),
      cli(['lists', 'update', '--only', 'bis-dpl'], { ...env, LISTS_MAX_COLLAPSE: '2' }),
      cli(['lists', 'update', '--bogus'], env),
    ]);
    expect(unknown).toMatchObject({ code: 2, stderr: 'error: unknown list or unit: nonsense\n' });
    expect(badConfig).toMatchObject({ code: 2, stderr: 'error: LISTS_MAX_COLLAPSE must be a number from 0 to 1 (got "2")\n' });
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toMatch(/unknown option '--bogus'/);
  });

  it('exits 1 naming the file when a download fails, 0 when it succeeds', async () => {
    server.serve('/dpl.txt', { kind: 'status', status: 500 });
    const failed = await cli(['lists', 'update', '--only', 'bis-denied', '--quiet'], { ...env, LISTS_DOWNLOAD_RETRIES: '0' });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toMatch(/^FAILED\s+bis-dpl\s+dpl\.txt: HTTP 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+\/dpl\.txt\n$/);

    server.serve('/dpl.txt', { kind: 'ok', body: await readFile(join(SNAPSHOT_DIR, 'dpl.txt')) });
    const ok = await cli(['lists', 'update', '--only', 'bis-denied'], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^updated\s+bis-dpl\s+dpl\.txt: bis-denied 665\n$/);
  });

  it('shows the catalog of a directory as a table, or as JSON', async () => {
    const table = await cli(['lists', 'show', '--dir', join(root, 'lists')], env);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^SOURCE\s+STATUS\s+ENTRIES\s+PUBLISHED \(UTC\)\s+VERSION\s+FORMAT\s+FILES$/m);
    expect(table.stdout).toMatch(/^bis-denied\s+ok\s+665\s+2023-11-28\s+[0-9a-f]{16}\s+bis-dpl-txt\s+dpl\.txt$/m);
    expect(table.stdout).toMatch(/^ofac-sdn\s+missing\s+0\s+-\s+-\s+-\s+-$/m);

    const json = await cli(['lists', 'status', '--json'], env);
    expect(json.code).toBe(0);
    const body = JSON.parse(json.stdout) as { sample: boolean; data: { source: string; entryCount: number }[] };
    expect(body.sample).toBe(false);
    expect(body.data).toHaveLength(12);
    expect(body.data.find((s) => s.source === 'bis-denied')?.entryCount).toBe(665);
  });
});
