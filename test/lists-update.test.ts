/**
 * `lists update` against a real loopback HTTP server playing the publishers, with real list files
 * as payloads: success swaps files in; HTTP errors, cut connections, truncated files and collapsed
 * lists are rejected and the previous copy stays byte-identical. Transient failures are retried,
 * unchanged files are skipped by conditional requests (the manifest's ETag / Last-Modified), and
 * requests go through a real forward/CONNECT proxy on loopback when HTTP(S)_PROXY names one.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { loadListSet } from '../src/lists/catalog.js';
import { MANIFEST_FILE, readManifest } from '../src/lists/manifest.js';
import { samFileName } from '../src/lists/update/official-files.js';
import { updateLists, UpdateUsageError } from '../src/lists/update/update-lists.js';
import { describeShared, RAW_LISTS_DIR, SNAPSHOT_DIR } from './support/shared.js';
import { startFixtureServer, type FixtureServer } from './lists-fixture-server.js';
import { startTestProxy, type TestProxy } from './support/test-proxy.js';

const CONS_FILES = ['cons_prim.csv', 'cons_add.csv', 'cons_alt.csv', 'cons_comments.csv'];
const CONS_XML = join(RAW_LISTS_DIR, 'ofac_non_sdn/2024-05-06_xml/consolidated.xml');
/** The 443 records of the classic consolidated XML counted once per list they are on (63 are on two). */
const CONS_XML_ENTRIES_BY_LIST = 506;

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
  // No proxy variables unless a test sets them; retries wait milliseconds, not seconds.
  const update = (only: string[], force = false, cfg = config(), env: Record<string, string> = {}) =>
    updateLists({ config: cfg, only, force, env, retryBaseMs: 5 });
  const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

  it('downloads, validates and swaps OFAC\'s consolidated XML and the DPL into LISTS_DIR', async () => {
    server.serve('/ofac/CONSOLIDATED.XML', { kind: 'ok', body: await readFile(CONS_XML) });
    const report = await update(['bis-denied', 'ofac-ssi']);
    expect(report.ok).toBe(true);
    expect(report.outcomes.map((o) => [o.unit, o.status])).toEqual([['ofac-consolidated', 'updated'], ['bis-dpl', 'updated']]);
    const cons = report.outcomes[0].counts!;
    expect((cons['ofac-ssi'] ?? 0) + (cons['ofac-fse'] ?? 0) + (cons['ofac-non-sdn'] ?? 0)).toBe(CONS_XML_ENTRIES_BY_LIST);
    expect(report.outcomes[1].counts).toEqual({ 'bis-denied': 665 });
    expect((await readdir(listsDir)).sort()).toEqual(['.manifest.json', '.previous', 'consolidated.xml', 'dpl.txt']);
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

  it('fetches OFAC as the classic XML (dated by its Publish_Date) and replaces a legacy CSV family', async () => {
    await mkdir(listsDir, { recursive: true });
    for (const name of CONS_FILES) await copyFile(join(SNAPSHOT_DIR, name), join(listsDir, name));
    const xml = await readFile(CONS_XML);
    server.serve('/ofac/CONSOLIDATED.XML', { kind: 'ok', body: xml });
    const report = await update(['ofac-consolidated']);
    // Compared with the legacy family it replaces (442 entries), not taken as a first download.
    expect(report.outcomes[0]).toMatchObject({ status: 'updated', files: ['consolidated.xml'] });
    expect(report.outcomes[0].message).toMatch(/\(was \d+\)/);
    expect(server.requests).toContain('/ofac/CONSOLIDATED.XML');
    expect((await readdir(listsDir)).sort()).toEqual(['.manifest.json', '.previous', 'consolidated.xml']);
    expect((await readdir(join(listsDir, '.previous'))).sort()).toEqual([...CONS_FILES].sort());
    const set = await loadListSet({ dir: listsDir });
    const ssi = set.catalog.find((s) => s.source === 'ofac-ssi')!;
    expect(ssi).toMatchObject({ status: 'ok', format: 'ofac-classic-xml', publishedAt: expect.stringMatching(/^2024-05-0\dT00:00:00\.000Z$/) });
    // The manifest lists the new file only: the superseded CSVs are gone from it too.
    expect(Object.keys((await readManifest(listsDir)).files)).toEqual(['consolidated.xml']);
  });

  it('records URL, time, Last-Modified, ETag, SHA-256 and size of each download in .manifest.json', async () => {
    server.serve('/dpl.txt', { kind: 'ok', body: dpl, etag: '"dpl-v1"', lastModified: 'Tue, 28 Nov 2023 15:04:05 GMT' });
    const before = Date.now();
    expect((await update(['bis-dpl'])).ok).toBe(true);
    const manifest = JSON.parse(await readFile(join(listsDir, MANIFEST_FILE), 'utf8')) as { version: number; files: Record<string, Record<string, unknown>> };
    expect(manifest).toEqual({
      version: 1,
      files: {
        'dpl.txt': {
          url: `${server.url}/dpl.txt`,
          fetchedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          lastModified: '2023-11-28T15:04:05.000Z',
          etag: '"dpl-v1"',
          sha256: sha256(dpl),
          bytes: dpl.length,
        },
      },
    });
    expect(Date.parse(manifest.files['dpl.txt'].fetchedAt as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('asks conditionally for a file it holds: 304 leaves it unchanged; a file edited by hand is fetched again', async () => {
    server.serve('/dpl.txt', { kind: 'ok', body: dpl, etag: '"dpl-v1"', lastModified: 'Tue, 28 Nov 2023 15:04:05 GMT' });
    await update(['bis-dpl']);
    const first = server.headers.length;
    const again = await update(['bis-dpl']);
    expect(again.ok).toBe(true);
    expect(again.outcomes[0]).toMatchObject({ status: 'unchanged', message: 'not modified since 2023-11-28T15:04:05.000Z' });
    expect(server.headers[first]).toMatchObject({ 'if-none-match': '"dpl-v1"', 'if-modified-since': 'Tue, 28 Nov 2023 15:04:05 GMT' });
    expect(await readdir(join(listsDir, '.previous'))).toEqual([]);
    expect(await readFile(join(listsDir, 'dpl.txt'))).toEqual(dpl);

    // Only Last-Modified known: If-Modified-Since alone.
    server.serve('/dpl.txt', { kind: 'ok', body: dpl, lastModified: 'Tue, 28 Nov 2023 15:04:05 GMT' });
    await update(['bis-dpl'], true);
    expect((await update(['bis-dpl'])).outcomes[0].status).toBe('unchanged');
    expect(server.headers.at(-1)?.['if-none-match']).toBeUndefined();
    expect(server.headers.at(-1)?.['if-modified-since']).toBe('Tue, 28 Nov 2023 15:04:05 GMT');

    await writeFile(join(listsDir, 'dpl.txt'), dpl.subarray(0, dpl.length - 10));
    const refetched = await update(['bis-dpl'], true);
    expect(refetched.outcomes[0].status).toBe('updated');
    expect(server.headers.at(-1)?.['if-modified-since']).toBeUndefined();
    expect(await readFile(join(listsDir, 'dpl.txt'))).toEqual(dpl);
  });

  it('retries a 503, a cut connection and a 429 (waiting its Retry-After), then succeeds', async () => {
    server.serveSequence('/dpl.txt', [
      { kind: 'status', status: 503 },
      { kind: 'reset', body: dpl, sendBytes: 50_000 },
      { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'ok', body: dpl },
    ]);
    const requestsBefore = server.requests.length;
    const started = Date.now();
    const report = await update(['bis-dpl']);
    expect(report.outcomes[0]).toMatchObject({ status: 'updated' });
    expect(server.requests.length - requestsBefore).toBe(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await readFile(join(listsDir, 'dpl.txt'))).toEqual(dpl);
  });

  it('gives up after LISTS_DOWNLOAD_RETRIES and never retries a 404', async () => {
    server.serve('/dpl.txt', { kind: 'status', status: 502 });
    let requestsBefore = server.requests.length;
    const report = await update(['bis-dpl'], false, config({ LISTS_DOWNLOAD_RETRIES: '2' }));
    expect(report.outcomes[0]).toMatchObject({ status: 'failed', message: expect.stringMatching(/^dpl\.txt: HTTP 502 /) });
    expect(server.requests.length - requestsBefore).toBe(3);
    requestsBefore = server.requests.length;
    server.serve('/dpl.txt', { kind: 'status', status: 404 });
    expect((await update(['bis-dpl'])).outcomes[0].status).toBe('failed');
    expect(server.requests.length - requestsBefore).toBe(1);
  });

  it('goes through HTTP_PROXY / HTTPS_PROXY, not for hosts in NO_PROXY, and never shows proxy credentials', async () => {
    const proxy: TestProxy = await startTestProxy();
    try {
      const viaProxy = await update(['bis-dpl'], false, config(), { HTTP_PROXY: proxy.url });
      expect(viaProxy.outcomes[0].status).toBe('updated');
      expect(proxy.requests).toEqual([`127.0.0.1:${new URL(server.url).port}`]);

      const lower = await update(['bis-dpl'], true, config(), { http_proxy: proxy.url, https_proxy: proxy.url });
      expect(lower.outcomes[0].status).toBe('updated');
      expect(proxy.requests).toHaveLength(2);

      const bypassed = await update(['bis-dpl'], true, config(), { HTTP_PROXY: proxy.url, NO_PROXY: 'example.com, 127.0.0.1' });
      expect(bypassed.outcomes[0].status).toBe('updated');
      expect(proxy.requests).toHaveLength(2);

      const deadProxy = 'http://user:s3cret@127.0.0.1:9';
      const failed = await update(['bis-dpl'], true, config({ LISTS_DOWNLOAD_RETRIES: '0' }), { HTTP_PROXY: deadProxy });
      expect(failed.outcomes[0].status).toBe('failed');
      expect(JSON.stringify(failed)).not.toContain('s3cret');
    } finally {
      await proxy.close();
    }
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
