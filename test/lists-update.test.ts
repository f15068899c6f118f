/**
 * `lists update` against a real loopback HTTP server playing the publishers, with real list files
 * as payloads: success swaps files in; HTTP errors, cut connections, truncated files and collapsed
 * lists are rejected and the previous copy stays byte-identical.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { samFileName } from '../src/lists/update/official-files.js';
import { updateLists, UpdateUsageError } from '../src/lists/update/update-lists.js';
import { describeShared, RAW_LISTS_DIR, SNAPSHOT_DIR } from './support/shared.js';
import { startFixtureServer, type FixtureServer } from './lists-fixture-server.js';

const CONS_FILES = ['cons_prim.csv', 'cons_add.csv', 'cons_alt.csv', 'cons_comments.csv'];

describeShared('lists update', () => {
  let server: FixtureServer;
  let listsDir: string;
  let dpl: Buffer;
  let csl: Buffer;
  const tempDirs: string[] = [];

  beforeAll(async () => {
    server = await startFixtureServer();
    dpl = await readFile(join(SNAPSHOT_DIR, 'dpl.txt'));
    csl = await readFile(join(RAW_LISTS_DIR, 'csl/2025-06_fixture/consolidated.csv'));
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    const root = await mkdtemp(join(tmpdir(), 'lists-update-'));
    tempDirs.push(root);
    listsDir = join(root, 'lists');
    server.serve('/dpl.txt', { kind: 'ok', body: dpl });
  });

  const config = (extra: Record<string, string> = {}) =>
    loadConfig({
      LISTS_DIR: listsDir,
      LISTS_URL_OFAC: `${server.url}/ofac`,
      LISTS_URL_CSL: `${server.url}/consolidated.csv`,
      LISTS_URL_DPL: `${server.url}/dpl.txt`,
      LISTS_URL_SAM: `${server.url}/sam/extracts`,
      LISTS_URL_UFLPA: `${server.url}/uflpa`,
      ...extra,
    });
  const update = (only: string[], force = false, cfg = config()) => updateLists({ config: cfg, only, force });

  it('downloads, validates and swaps an OFAC family and the DPL into LISTS_DIR', async () => {
    for (const name of CONS_FILES) {
      server.serve(`/ofac/${name.toUpperCase()}`, { kind: 'ok', body: await readFile(join(SNAPSHOT_DIR, name)) });
    }
    const report = await update(['bis-denied', 'ofac-ssi']);
    expect(report.ok).toBe(true);
    expect(report.outcomes.map((o) => [o.unit, o.status])).toEqual([['ofac-consolidated', 'updated'], ['bis-dpl', 'updated']]);
    const cons = report.outcomes[0].counts!;
    // 442 records; the 87 on both SSI and NS-MBS count once on each list.
    expect((cons['ofac-ssi'] ?? 0) + (cons['ofac-fse'] ?? 0) + (cons['ofac-non-sdn'] ?? 0)).toBe(442 + 87);
    expect(report.outcomes[1].counts).toEqual({ 'bis-denied': 665 });
    expect((await readdir(listsDir)).sort()).toEqual(['.previous', ...CONS_FILES, 'dpl.txt'].sort());
    expect(await readFile(join(listsDir, 'dpl.txt'))).toEqual(dpl);
    // No temporary directory is left beside LISTS_DIR.
    expect((await readdir(join(listsDir, '..'))).filter((n) => n.startsWith('.lists-download-'))).toEqual([]);
  });

  it('keeps the replaced file in .previous', async () => {
    await update(['bis-dpl']);
    const shorter = dpl.subarray(0, dpl.indexOf('\n', dpl.length - 2000) + 1);
    server.serve('/dpl.txt', { kind: 'ok', body: shorter });
    expect((await update(['bis-dpl'])).ok).toBe(true);
    expect(await readFile(join(listsDir, 'dpl.txt'))).toEqual(shorter);
    expect(await readFile(join(listsDir, '.previous/dpl.txt'))).toEqual(dpl);
  });

  it.each([
    ['HTTP 500', { kind: 'status', status: 500 } as const, /dpl\.txt: HTTP 500/],
    ['a connection reset mid-file', { kind: 'reset', body: Buffer.alloc(0), sendBytes: 50_000 } as const, /dpl\.txt: .*(closed|reset|terminated)/i],
    ['a Content-Length larger than the body', { kind: 'cut', body: Buffer.alloc(0), sendBytes: 80_000 } as const, /dpl\.txt: .*(truncated|closed)/i],
  ])('leaves the previous copy untouched on %s', async (_name, behaviour, reason) => {
    await update(['bis-dpl']);
    const before = await readFile(join(listsDir, 'dpl.txt'));
    server.serve('/dpl.txt', 'body' in behaviour ? { ...behaviour, body: dpl } : behaviour);
    const report = await update(['bis-dpl']);
    expect(report.ok).toBe(false);
    expect(report.outcomes[0].status).toBe('failed');
    expect(report.outcomes[0].message).toMatch(reason);
    expect(await readFile(join(listsDir, 'dpl.txt'))).toEqual(before);
  });

  it('rejects a file cut mid-record, naming file and line, and swaps nothing', async () => {
    const lineStart = csl.indexOf('\n', Math.floor(csl.length / 2)) + 1;
    server.serve('/consolidated.csv', { kind: 'ok', body: csl.subarray(0, lineStart + 30) });
    const report = await update(['csl']);
    expect(report.ok).toBe(false);
    expect(report.outcomes[0].message).toMatch(/^consolidated\.csv:\d+: /);
    expect(await readdir(listsDir)).toEqual([]);
  });

  it('rejects a collapse beyond LISTS_MAX_COLLAPSE unless forced', async () => {
    await update(['bis-dpl']);
    const firstHundred = dpl.subarray(0, nthNewline(dpl, 101) + 1);
    server.serve('/dpl.txt', { kind: 'ok', body: firstHundred });
    const rejected = await update(['bis-dpl']);
    expect(rejected.outcomes[0].message).toBe(
      'dpl.txt: bis-denied would fall from 665 to 100 entries (more than 50% fewer); rerun with --force to accept',
    );
    expect(await readFile(join(listsDir, 'dpl.txt'))).toEqual(dpl);
    // A looser limit accepts the same file; so does --force.
    expect((await update(['bis-dpl'], false, config({ LISTS_MAX_COLLAPSE: '0.9' }))).ok).toBe(true);
    await update(['bis-dpl'], true);
    expect(await readFile(join(listsDir, 'dpl.txt'))).toEqual(firstHundred);
  });

  it('updates the good units when another fails', async () => {
    server.serve('/consolidated.csv', { kind: 'status', status: 503 });
    const report = await update(['csl', 'bis-dpl']);
    expect(report.ok).toBe(false);
    expect(report.outcomes.map((o) => o.status)).toEqual(['failed', 'updated']);
    expect(await readdir(listsDir)).toContain('dpl.txt');
  });

  it('names SAM extracts by Julian date', () => {
    // The mirror listed in sam_exclusions/PROVENANCE.md holds …_V2_24344 and …_24345 on 2024-12-10.
    expect(samFileName(new Date('2024-12-09T23:59:00Z'))).toBe('SAM_Exclusions_Public_Extract_V2_24344.ZIP');
    expect(samFileName(new Date('2025-01-01T00:00:00Z'))).toBe('SAM_Exclusions_Public_Extract_V2_25001.ZIP');
  });

  it('skips SAM without an API key, and never shows the key in a failure', async () => {
    const skipped = await update(['gsa-sam']);
    expect(skipped.ok).toBe(true);
    expect(skipped.outcomes[0]).toMatchObject({ status: 'skipped', message: expect.stringMatching(/SAM_API_KEY is not set/) });

    server.serve('/sam/extracts', { kind: 'status', status: 500 });
    const key = 'SECRET-sam-key-123';
    const failed = await update(['gsa-sam'], false, config({ SAM_API_KEY: key }));
    expect(failed.outcomes[0].message).toMatch(/SAM_Exclusions_Public_Extract_V2_\d{5}\.ZIP: HTTP 500 .*api_key=\*\*\*/);
    expect(JSON.stringify(failed)).not.toContain(key);
    expect(server.requests.at(-1)).toContain(`fileName=${samFileName(new Date())}`);

    // Today's extract not out yet (404): the two days before are tried, then the unit fails.
    server.serve('/sam/extracts', { kind: 'status', status: 404 });
    const requestsBefore = server.requests.length;
    const notFound = await update(['gsa-sam'], false, config({ SAM_API_KEY: key }));
    expect(notFound.outcomes[0].message).toMatch(/HTTP 404/);
    const yesterday = samFileName(new Date(Date.now() - 86_400_000));
    expect(server.requests.slice(requestsBefore)).toHaveLength(3);
    expect(server.requests.slice(requestsBefore)[1]).toContain(`fileName=${yesterday}`);
  });

  it('refuses unknown --only names', async () => {
    await expect(update(['ofac-sdn', 'nonsense'])).rejects.toThrow(new UpdateUsageError('unknown list or unit: nonsense'));
  });

  afterAll(async () => {
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
});

function nthNewline(buffer: Buffer, n: number): number {
  let index = -1;
  for (let i = 0; i < n; i++) index = buffer.indexOf('\n', index + 1);
  return index;
}
