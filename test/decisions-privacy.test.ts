/**
 * What a decision stores: after decisions on a marker subject (a name, a date of birth, a
 * nationality), every key and value the store holds is read back, Redis key by key and every file of
 * the embedded store's DATA_DIR, and none holds the name (as written or normalised), the date or the
 * nationality; the log lines neither. Only the HMAC subjectKey is kept.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, redisDump, sampleLists, startTestServer, type TestServer } from './support/http-harness.js';

const BASE = '/sanctions-screening/v1';
const SUBJECT = { name: 'QUILLFEATHER, Zorblax', kind: 'individual', dateOfBirth: '1931-02-03', nationality: 'zw' };
const MARKERS = ['Quillfeather', 'QUILLFEATHER', 'quillfeather', 'Zorblax', 'zorblax', '1931-02-03', '19310203', 'dateOfBirth', 'nationality'];

let redisServer: TestServer;
let lmdbServer: TestServer;
beforeAll(async () => {
  [redisServer, lmdbServer] = await Promise.all([startTestServer(), startTestServer({ store: 'lmdb' })]);
});
afterAll(async () => Promise.all([redisServer?.close(), lmdbServer?.close()]));

async function decide(server: TestServer): Promise<void> {
  const key = await createKey(server, 'acct-privacy-dec');
  const entries = (await sampleLists()).entries.slice(0, 3);
  for (const [i, e] of entries.entries()) {
    const r = await call(server.url, 'POST', `${BASE}/decisions`, {
      token: key.token, json: { subject: SUBJECT, listSource: e.listSource, entryId: e.entryId, decision: i === 0 ? 'true-match' : 'false-positive', reference: `CASE-${i}` },
    });
    expect(r.status).toBe(200);
  }
  const screened = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: SUBJECT });
  expect(screened.status).toBe(200);
  expect((await call(server.url, 'GET', `${BASE}/decisions`, { token: key.token })).body.data).toHaveLength(3);
}

function expectNone(texts: readonly string[], where: string, markers: readonly string[] = MARKERS): void {
  for (const marker of markers) expect(texts.find((t) => t.includes(marker)), `${where} holds "${marker}"`).toBeUndefined();
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}

describe('a decision stores no name, date or nationality', () => {
  it('Redis: every key and value', async () => {
    await decide(redisServer);
    const dump = await redisDump(redisServer.config.redisKeyPrefix);
    expect(dump.some((v) => v.includes('CASE-1'))).toBe(true);
    expectNone(dump, 'a Redis key or value', [...MARKERS, 'ZW', '"zw"']);
    expectNone(redisServer.logs, 'a log line', [...MARKERS, '"ZW"', '"zw"']);
  });

  it('embedded store: every file of DATA_DIR', async () => {
    await decide(lmdbServer);
    const contents = filesUnder(lmdbServer.config.dataDir).flatMap((f) => {
      const bytes = readFileSync(f);
      return [bytes.toString('latin1'), bytes.toString('utf16le')];
    });
    expect(contents.some((t) => t.includes('CASE-1'))).toBe(true);
    // A two-letter string as MessagePack (0xa2 + the letters) or JSON: never the nationality.
    expectNone(contents, 'a file of DATA_DIR', [...MARKERS, '\xa2ZW', '\xa2zw', '"ZW"']);
    expectNone(lmdbServer.logs, 'a log line', [...MARKERS, '"ZW"', '"zw"']);
  });
});
