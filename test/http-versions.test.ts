/**
 * List versions and the evidence kept of every answer (API.md "List versions, reconstruction and
 * changes"), over loopback HTTP on Redis and on the embedded store: answers name the list content
 * (coverage.listsVersion, each list's version) and the matching release (engineVersion); the audit
 * record keeps both and the SHA-256 of the exact answer bytes (JSON or MessagePack) or of a batch
 * slot's canonical JSON; the catalog shows each list's version and since when it is served.
 * On the real snapshot, whose OFAC CSVs carry no date: never presented as dated.
 */
import { createHash } from 'node:crypto';
import { pack, unpack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadListSet, type LoadedListSet } from '../src/lists/catalog.js';
import { canonicalJson } from '../src/server/answers/body-hash.js';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';
import { describeShared, SNAPSHOT_DIR } from './support/shared.js';

const BASE = '/sanctions-screening/v1';
const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

async function rawPost(server: TestServer, path: string, token: string, body: Buffer | string, headers: Record<string, string>): Promise<Buffer> {
  const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

describe.each(['redis', 'lmdb'] as const)('versions and answer hashes (%s store)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store });
  });
  afterAll(async () => server?.close());

  it('every answer names its lists version, each list\'s version and the engine version; the audit record keeps them with the answer\'s SHA-256', async () => {
    const key = await createKey(server, `acct-ver-${store}`);
    const body = JSON.stringify({ name: 'AEROCARIBBEAN AIRLINES' });
    const bytes = await rawPost(server, `${BASE}/screen`, key.token, body, { 'content-type': 'application/json' });
    const answer = JSON.parse(bytes.toString('utf8'));
    expect(answer.engineVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(answer.coverage.listsVersion).toMatch(/^[0-9a-f]{16}$/);
    const catalog = (await call(server.url, 'GET', `${BASE}/lists`, { token: key.token })).body.data;
    for (const item of answer.coverage.lists) {
      const listed = catalog.find((s: { source: string }) => s.source === item.source);
      expect(item.version).toBe(listed.version);
      if (listed.status !== 'missing') expect(listed.versionSince).toEqual(expect.any(String));
    }
    const audit = await call(server.url, 'GET', `${BASE}/audit/${answer.requestId}`, { token: key.token });
    expect(audit.body).toEqual({
      requestId: answer.requestId, screenedAt: answer.screenedAt, bodySha256: sha256(body),
      listsVersion: answer.coverage.listsVersion, engineVersion: answer.engineVersion, answerSha256: sha256(bytes),
    });

    // MessagePack: the hash is over the MessagePack bytes sent.
    const packed = await rawPost(server, `${BASE}/screen`, key.token, pack({ name: 'AEROCARIBBEAN AIRLINES' }),
      { 'content-type': 'application/msgpack', accept: 'application/msgpack' });
    const unpacked = unpack(packed) as { requestId: string };
    const packedAudit = await call(server.url, 'GET', `${BASE}/audit/${unpacked.requestId}`, { token: key.token });
    expect(packedAudit.body.answerSha256).toBe(sha256(packed));
    // A lists filter has its own listsVersion, over the lists named.
    const filtered = JSON.parse((await rawPost(server, `${BASE}/screen`, key.token, JSON.stringify({ name: 'X Y', lists: ['ofac-sdn'] }),
      { 'content-type': 'application/json' })).toString('utf8'));
    expect(filtered.coverage.listsVersion).not.toBe(answer.coverage.listsVersion);
  });

  it('a batch slot\'s audit record holds the SHA-256 of the slot answer\'s canonical JSON', async () => {
    const key = await createKey(server, `acct-ver-batch-${store}`);
    const r = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json: [{ name: 'AEROCARIBBEAN AIRLINES' }, { name: '' }, { name: 'Jo Doe' }] });
    expect(r.status).toBe(200);
    for (const slot of [r.body[0], r.body[2]]) {
      const audit = await call(server.url, 'GET', `${BASE}/audit/${slot.requestId}`, { token: key.token });
      expect(audit.body).toMatchObject({ listsVersion: slot.coverage.listsVersion, engineVersion: slot.engineVersion, answerSha256: sha256(canonicalJson(slot)) });
    }
  });
});

describeShared('undated list files (the snapshot\'s OFAC CSVs carry no date)', () => {
  let set: LoadedListSet;
  let server: TestServer;
  beforeAll(async () => {
    set = await loadListSet({ dir: SNAPSHOT_DIR, sampleDir: null });
    server = await startTestServer({ lists: set });
  }, 120_000);
  afterAll(async () => server?.close());

  it('have an unknown age and outdated in the catalog, make coverage incomplete, and /readyz names them undated', async () => {
    const key = await createKey(server, 'acct-undated');
    const catalog = (await call(server.url, 'GET', `${BASE}/lists`, { token: key.token })).body.data;
    const sdn = catalog.find((s: { source: string }) => s.source === 'ofac-sdn');
    expect(sdn).toMatchObject({ publishedAtSource: 'file-time', ageDays: null, outdated: null, version: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const dpl = catalog.find((s: { source: string }) => s.source === 'bis-denied');
    expect(dpl).toMatchObject({ publishedAtSource: 'publisher', ageDays: expect.any(Number), outdated: expect.any(Boolean) });

    const sdnOnly = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: { name: 'X Y', lists: ['ofac-sdn'] } });
    expect(sdnOnly.body.coverage.status).toBe('incomplete');
    const dplOnly = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: { name: 'X Y', lists: ['bis-denied'] } });
    expect(dplOnly.body.coverage.status).toBe('complete');

    const ready = await call(server.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.undated).toEqual(expect.arrayContaining(['ofac-sdn', 'ofac-ssi', 'ofac-non-sdn']));
    expect(ready.body.undated).not.toContain('bis-denied');
  });

  it('the same content gives the same version on a second load (versionSince kept from the previous load)', async () => {
    const again = await loadListSet({ dir: SNAPSHOT_DIR, sampleDir: null, previous: set });
    for (const s of again.catalog) {
      const before = set.catalog.find((b) => b.source === s.source)!;
      expect(s.version).toBe(before.version);
      expect(s.versionSince).toBe(before.versionSince);
    }
  }, 120_000);
});
