/**
 * Coverage, provenance and fail-closed screening over HTTP (API.md "Coverage", "Provenance"): every
 * answer says which lists, of which date, stood behind it; a `lists` filter naming only empty lists and
 * a missing LISTS_REQUIRED list answer 503; /readyz says `degraded` and why. Against the full snapshot,
 * which has no UFLPA file, and against the bundled sample.
 */
import { Writable } from 'node:stream';
import { pack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { loadListSet, type LoadedListSet } from '../src/lists/catalog.js';
import { createLogger } from '../src/server/logging/logger.js';
import { startService } from '../src/server/service.js';
import { call, createKey, randomPrefix, randomSecret, redisDump, REDIS_URL, startTestServer, type TestServer } from './support/http-harness.js';
import { describeShared, SAMPLE_DIR, SNAPSHOT_DIR } from './support/shared.js';

const SCREEN = '/sanctions-screening/v1/screen';
const BATCH = `${SCREEN}/batch`;
const LISTS = '/sanctions-screening/v1/lists';

/** Named on the UFLPA list (DHS, 2024); the snapshot has no UFLPA file, so nothing can match it. */
const UFLPA_NAME = 'Western Gold Co., Ltd.';

describeShared('on the full snapshot (no UFLPA file)', () => {
  let set: LoadedListSet;
  let server: TestServer;
  let required: TestServer;

  beforeAll(async () => {
    set = await loadListSet({ dir: SNAPSHOT_DIR, sampleDir: null });
    server = await startTestServer({ lists: set });
    required = await startTestServer({ lists: set, env: { LISTS_REQUIRED: 'ofac-sdn,dhs-uflpa' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await required?.close();
  });

  it('a clear answer carries coverage: every list with its date and status, incomplete while UFLPA is missing', async () => {
    const key = await createKey(server, 'acct-cov-clear');
    const r = await call(server.url, 'POST', SCREEN, { token: key.token, json: { name: UFLPA_NAME } });
    expect(r.status).toBe(200);
    expect(r.body.summary.recommendedAction).toBe('clear');
    expect(r.body.coverage.status).toBe('incomplete');
    expect(r.body.coverage.lists.map((l: { source: string }) => l.source)).toEqual(set.catalog.map((s) => s.source));
    const bySource = Object.fromEntries(r.body.coverage.lists.map((l: { source: string }) => [l.source, l]));
    expect(bySource['dhs-uflpa']).toEqual({ source: 'dhs-uflpa', publishedAt: null, publishedAtSource: null, status: 'missing', entryCount: 0, version: null });
    expect(bySource['ofac-sdn']).toMatchObject({ status: 'ok', publishedAtSource: 'file-time', entryCount: expect.any(Number) });
    // dpl.txt dates itself by its newest Last_Update, the SAM extract by its name.
    expect(bySource['bis-denied']).toMatchObject({ status: 'ok', publishedAtSource: 'publisher' });
    expect(bySource['gsa-sam']).toMatchObject({ status: 'ok', publishedAtSource: 'publisher' });
  });

  it('a lists filter names the lists in coverage; MessagePack answers carry the same coverage', async () => {
    const key = await createKey(server, 'acct-cov-filter');
    const json = { name: 'VTB BANK PUBLIC JOINT STOCK COMPANY', lists: ['ofac-sdn', 'dhs-uflpa'] };
    const r = await call(server.url, 'POST', SCREEN, { token: key.token, json });
    expect(r.status).toBe(200);
    expect(r.body.coverage.status).toBe('incomplete');
    expect(r.body.coverage.lists.map((l: { source: string }) => l.source)).toEqual(['ofac-sdn', 'dhs-uflpa']);
    const ok = await call(server.url, 'POST', SCREEN, { token: key.token, json: { ...json, lists: ['bis-denied'] } });
    expect(ok.body.coverage).toMatchObject({ status: 'complete', lists: [{ source: 'bis-denied', status: 'ok' }] });
    const packed = await call(server.url, 'POST', SCREEN, {
      token: key.token, raw: pack(json), headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' },
    });
    expect(packed.body.coverage).toEqual(r.body.coverage);
  });

  it.each([['dhs-uflpa', 'missing'], ['ofac-fse', 'ok']])(
    'lists: ["%s"] (no entries) answers 503 lists_unavailable naming it, and charges nothing',
    async (source, status) => {
      const key = await createKey(server, `acct-cov-${source}`);
      const r = await call(server.url, 'POST', SCREEN, { token: key.token, json: { name: UFLPA_NAME, lists: [source] } });
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('lists_unavailable');
      expect(r.body.error.details).toEqual([{ field: 'lists[0]', issue: `${source} has no entries loaded (status ${status})` }]);
      expect((await server.services.state.quota.peek(key, 'sanctions-screening', 10)).used).toBe(0);
    },
  );

  it('a batch slot naming only empty lists gets lists_unavailable in its slot; the others are screened and charged', async () => {
    const key = await createKey(server, 'acct-cov-batch');
    const r = await call(server.url, 'POST', BATCH, {
      token: key.token, json: { entities: [{ name: UFLPA_NAME, lists: ['dhs-uflpa'] }, { name: UFLPA_NAME }] },
    });
    expect(r.status).toBe(200);
    expect(r.body[0].error).toMatchObject({ code: 'lists_unavailable', details: [{ field: 'lists[0]' }] });
    expect(r.body[1].coverage.status).toBe('incomplete');
    expect(r.body[1].coverage.lists).toHaveLength(12);
    expect((await server.services.state.quota.peek(key, 'sanctions-screening', 10)).used).toBe(1);
  });

  it('an entry OFAC tags both SSI and NS-MBS is found under either list', async () => {
    const key = await createKey(server, 'acct-cov-multi');
    for (const list of ['ofac-ssi', 'ofac-non-sdn']) {
      const r = await call(server.url, 'POST', SCREEN, {
        token: key.token, json: { name: 'JOINT STOCK COMPANY RUSSIAN AGRICULTURAL BANK', lists: [list], fuzziness: 'strict' },
      });
      expect(r.status).toBe(200);
      expect(r.body.matches[0]).toMatchObject({ listSource: list, entryId: '17014', matchedName: 'JOINT STOCK COMPANY RUSSIAN AGRICULTURAL BANK' });
    }
    const all = await call(server.url, 'POST', SCREEN, {
      token: key.token, json: { name: 'JOINT STOCK COMPANY RUSSIAN AGRICULTURAL BANK', fuzziness: 'strict' },
    });
    const exact = all.body.matches.filter((m: { entryId: string }) => m.entryId === '17014');
    expect(exact.map((m: { listSource: string }) => m.listSource)).toEqual(['ofac-ssi', 'ofac-non-sdn']);
  });

  it('/readyz says degraded and names the missing list; the catalog dates each list and flags old ones', async () => {
    const ready = await call(server.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'degraded', missing: ['dhs-uflpa'], stale: [], sample: false });
    const key = await createKey(server, 'acct-cov-lists');
    const lists = await call(server.url, 'GET', LISTS, { token: key.token });
    const bySource = Object.fromEntries(lists.body.data.map((l: { source: string }) => [l.source, l]));
    // The snapshot's dpl.txt is dated 2025 by its rows: far older than LISTS_MAX_AGE_DAYS (30).
    expect(bySource['bis-denied']).toMatchObject({ publishedAtSource: 'publisher', outdated: true });
    expect(bySource['bis-denied'].ageDays).toBeGreaterThan(30);
    expect(bySource['dhs-uflpa']).toMatchObject({ status: 'missing', publishedAt: null, publishedAtSource: null, ageDays: null, outdated: false });
  });

  it('LISTS_REQUIRED: a missing required list stops screening (503, nothing charged) and readiness (503)', async () => {
    const key = await createKey(required, 'acct-cov-required');
    const r = await call(required.url, 'POST', SCREEN, { token: key.token, json: { name: UFLPA_NAME, lists: ['ofac-sdn'] } });
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ code: 'lists_unavailable', details: [{ field: 'lists', issue: 'required list dhs-uflpa is missing' }] });
    const batch = await call(required.url, 'POST', BATCH, { token: key.token, json: [{ name: UFLPA_NAME }] });
    expect(batch.status).toBe(503);
    expect((await required.services.state.quota.peek(key, 'sanctions-screening', 10)).used).toBe(0);
    const ready = await call(required.url, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error.details).toEqual([{ field: 'lists', issue: 'required list dhs-uflpa is missing' }]);
  });
});

describe('on the bundled sample', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('coverage is incomplete and every list says sample; readyz says degraded with sample: true', async () => {
    const key = await createKey(server, 'acct-cov-sample');
    const r = await call(server.url, 'POST', SCREEN, { token: key.token, json: { name: 'Quentin Marblewhisk' } });
    expect(r.body.coverage.status).toBe('incomplete');
    expect(new Set(r.body.coverage.lists.map((l: { status: string }) => l.status))).toEqual(new Set(['sample']));
    const batch = await call(server.url, 'POST', BATCH, { token: key.token, json: [{ name: 'Quentin Marblewhisk', lists: ['ofac-sdn'] }] });
    expect(batch.body[0].coverage).toMatchObject({ status: 'incomplete', lists: [{ source: 'ofac-sdn', status: 'sample' }] });
    const ready = await call(server.url, 'GET', '/readyz');
    expect(ready.body).toMatchObject({ status: 'degraded', missing: [], stale: [], sample: true });
  });
});

describe('WORKERS=2 readiness', () => {
  it('/readyz answers 200 only once every worker has its lists: no 503 on any worker after the first 200', async () => {
    const prefix = randomPrefix();
    const config = loadConfig({
      PORT: '0', WORKERS: '2', LISTS_DIR: SAMPLE_DIR, DATA_DIR: '/tmp', REDIS_URL, REDIS_KEY_PREFIX: prefix,
      SESSION_JWT_SECRET: randomSecret(), LOG_LEVEL: 'warn',
    });
    const service = await startService(config, createLogger({ level: 'warn', destination: new Writable({ write: (_c, _e, done) => done() }) }));
    try {
      const url = `http://127.0.0.1:${service.port}`;
      // One connection per probe, so the acceptor alternates the workers.
      const probe = async (): Promise<number> => (await fetch(`${url}/readyz`, { headers: { connection: 'close' } })).status;
      const deadline = Date.now() + 100_000;
      while ((await probe()) !== 200) {
        if (Date.now() > deadline) throw new Error('never ready');
      }
      const after: number[] = [];
      for (let i = 0; i < 20; i++) after.push(await probe());
      expect(after).toEqual(Array(20).fill(200));
    } finally {
      await service.close(2_000);
      await redisDump(prefix, true);
    }
  }, 120_000);
});
