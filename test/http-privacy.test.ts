/**
 * "Request bodies are never persisted or logged": a marker name, birth date and city screened in
 * every way the API allows must appear in no log line, no Redis value and no file of DATA_DIR.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, redisDump, startTestServer, type TestServer } from './support/http-harness.js';

const MARKERS = ['Zorblax Quillfeather', 'Quillfeather', '1931-02-03', 'Vexmoorington'];
const ENTITY = { name: 'Zorblax Quillfeather', dateOfBirth: '1931-02-03', address: { city: 'Vexmoorington', country: 'de' } };
const BASE = '/sanctions-screening/v1';

let redisServer: TestServer;
let lmdbServer: TestServer;

beforeAll(async () => {
  redisServer = await startTestServer();
  lmdbServer = await startTestServer({ store: 'lmdb' });
});
afterAll(async () => {
  await Promise.all([redisServer?.close(), lmdbServer?.close()]);
});

/** Screens the marker through /screen (JSON and MessagePack), /screen/batch, and invalid requests. */
async function screenMarkers(server: TestServer): Promise<string[]> {
  const key = await createKey(server, 'acct-privacy');
  const requestIds: string[] = [];
  const json = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: ENTITY });
  expect(json.status).toBe(200);
  requestIds.push(json.body.requestId);
  const mp = await call(server.url, 'POST', `${BASE}/screen`, {
    token: key.token, raw: pack(ENTITY), headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' },
  });
  expect(mp.status).toBe(200);
  requestIds.push(mp.body.requestId);
  const batch = await call(server.url, 'POST', `${BASE}/screen/batch`, {
    token: key.token, json: [ENTITY, { ...ENTITY, dateOfBirth: '1931-02-30' }, { ...ENTITY, nickname: 'Quillfeather' }],
  });
  expect(batch.status).toBe(200);
  requestIds.push(batch.body[0].requestId);
  const invalid = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: { ...ENTITY, kind: 'Quillfeather' } });
  expect(invalid.status).toBe(400);
  const broken = await call(server.url, 'POST', `${BASE}/screen`, {
    token: key.token, raw: '{"name": "Zorblax Quillfeather", "dateOfBirth": 1931-02-03}', headers: { 'content-type': 'application/json' },
  });
  expect(broken.status).toBe(400);
  for (const body of [invalid.body, broken.body]) for (const marker of MARKERS) expect(JSON.stringify(body)).not.toContain(marker);
  // What is kept: the audit records, one per screening.
  for (const id of requestIds) {
    expect((await call(server.url, 'GET', `${BASE}/audit/${id}`, { token: key.token })).status).toBe(200);
  }
  return requestIds;
}

function expectNoMarker(texts: string[], where: string): void {
  for (const marker of MARKERS) {
    const hit = texts.find((t) => t.includes(marker));
    expect(hit, `${where} contains "${marker}"`).toBeUndefined();
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('no screened data is kept or logged', () => {
  it('Redis store: nothing in the logs, nothing in Redis', async () => {
    const ids = await screenMarkers(redisServer);
    expectNoMarker(redisServer.logs, 'a log line');
    expect(redisServer.logs.some((line) => line.includes(ids[0]))).toBe(true);
    const dump = await redisDump(redisServer.config.redisKeyPrefix);
    expect(dump.some((value) => value.includes(ids[0]))).toBe(true);
    expectNoMarker(dump, 'a Redis key or value');
  });

  it('embedded store: nothing in the logs, nothing in any file of DATA_DIR', async () => {
    const ids = await screenMarkers(lmdbServer);
    expectNoMarker(lmdbServer.logs, 'a log line');
    const files = filesUnder(lmdbServer.config.dataDir);
    expect(files.length).toBeGreaterThan(0);
    const contents = files.flatMap((f) => {
      const bytes = readFileSync(f);
      return [bytes.toString('latin1'), bytes.toString('utf16le')];
    });
    expect(contents.some((text) => text.includes(ids[0]))).toBe(true);
    expectNoMarker(contents, 'a file of DATA_DIR');
  });
});
