/**
 * Screening over loopback HTTP on the bundled sample lists and real Redis: /screen, /screen/batch,
 * /lists, /audit, MessagePack both ways, rate-limit headers, and 503 while no list is loaded.
 */
import { createHash } from 'node:crypto';
import { pack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';

const BASE = '/sanctions-screening/v1';
const PUTIN = { name: 'Vladimir Vladimirovich PUTIN', dateOfBirth: '1952-10-07', nationality: 'ru' };
const NOBODY = { name: 'Quentin Marblewhisk' };

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

function nextMonthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /screen', () => {
  it('screens one party: matches, summary, requestId = X-Request-Id, rate-limit headers', async () => {
    const key = await createKey(server, 'acct-screen', { monthlyLimit: 100 });
    const r = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: PUTIN });
    expect(r.status).toBe(200);
    expect(r.body.requestId).toBe(r.headers.get('x-request-id'));
    expect(Math.abs(Date.parse(r.body.screenedAt) - Date.now())).toBeLessThan(10_000);
    expect(r.body.matches[0]).toMatchObject({ listSource: 'ofac-sdn', entryId: '35096' });
    expect(r.body.matches[0].evidence.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['name', 'dateOfBirth', 'nationality']),
    );
    expect(r.body.summary.recommendedAction).toBe('block');
    expect(r.headers.get('x-ratelimit-limit')).toBe('100');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(r.headers.get('x-ratelimit-reset')).toBe(nextMonthStart());
  });

  it('answers no match as clear', async () => {
    const key = await createKey(server, 'acct-clear');
    const r = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: NOBODY });
    expect(r.status).toBe(200);
    expect(r.body.matches).toEqual([]);
    expect(r.body.summary.recommendedAction).toBe('clear');
  });

  it('400 invalid_request naming each bad field, and consumes nothing', async () => {
    const key = await createKey(server, 'acct-invalid-screen', { monthlyLimit: 10 });
    const r = await call(server.url, 'POST', `${BASE}/screen`, {
      token: key.token,
      json: { name: 'x', dateOfBirth: '1970-02-30', nationality: 'XX', shoeSize: 44 },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request', requestId: r.headers.get('x-request-id') });
    expect(r.body.error.details).toEqual([
      { field: 'shoeSize', issue: 'is not a known field' },
      { field: 'dateOfBirth', issue: 'must be a real calendar date YYYY-MM-DD' },
      { field: 'nationality', issue: 'must be an assigned ISO 3166-1 alpha-2 country code' },
    ]);
    const quota = await server.services.state.quota.peek(key, 'sanctions-screening', 10);
    expect(quota.used).toBe(0);
  });

  it('keeps an audit record whose hash is the SHA-256 of the raw body; 404 for unknown IDs', async () => {
    const key = await createKey(server, 'acct-audit');
    const raw = `{ "name" :  "Quentin Marblewhisk",\n  "fuzziness": "strict" }`;
    const r = await call(server.url, 'POST', `${BASE}/screen`, {
      token: key.token, raw, headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
    const audit = await call(server.url, 'GET', `${BASE}/audit/${r.body.requestId}`, { token: key.token });
    expect(audit.status).toBe(200);
    expect(audit.body).toEqual({
      requestId: r.body.requestId, screenedAt: r.body.screenedAt, bodySha256: sha256(raw),
      listsVersion: r.body.coverage.listsVersion, engineVersion: r.body.engineVersion, answerSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(audit.headers.get('x-ratelimit-remaining')).toBe('19999');
    for (const id of ['6f1c2a4e-0000-4000-8000-000000000000', 'nope']) {
      const missing = await call(server.url, 'GET', `${BASE}/audit/${id}`, { token: key.token });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('not_found');
    }
  });
});

describe('POST /screen/batch', () => {
  it('answers slots in order, each with its own requestId; an invalid slot gets an error and costs nothing', async () => {
    const key = await createKey(server, 'acct-batch', { monthlyLimit: 50 });
    const entities = [PUTIN, { name: '' }, { name: 'BANCO NACIONAL DE CUBA', kind: 'entity' }];
    const r = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json: { entities } });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(3);
    expect(r.body[0].matches[0].entryId).toBe('35096');
    expect(r.body[1]).toEqual({
      error: {
        code: 'invalid_request',
        message: 'The request is invalid.',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        details: [{ field: 'name', issue: 'must not be empty' }],
      },
    });
    expect(r.body[2].matches[0]).toMatchObject({ listSource: 'ofac-sdn', entryId: '306' });
    const ids = [r.body[0].requestId, r.body[1].error.requestId, r.body[2].requestId, r.headers.get('x-request-id')];
    expect(new Set(ids).size).toBe(4);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('48');

    // Each valid slot is audited with the SHA-256 of its canonical JSON (keys sorted, no spaces).
    const audit0 = await call(server.url, 'GET', `${BASE}/audit/${r.body[0].requestId}`, { token: key.token });
    expect(audit0.body.bodySha256).toBe(
      sha256('{"dateOfBirth":"1952-10-07","name":"Vladimir Vladimirovich PUTIN","nationality":"ru"}'),
    );
    const audit1 = await call(server.url, 'GET', `${BASE}/audit/${r.body[1].error.requestId}`, { token: key.token });
    expect(audit1.status).toBe(404);
  });

  it('accepts a bare array', async () => {
    const key = await createKey(server, 'acct-bare');
    const r = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json: [NOBODY, NOBODY] });
    expect(r.status).toBe(200);
    expect(r.body.map((s: { summary: { recommendedAction: string } }) => s.summary.recommendedAction)).toEqual(['clear', 'clear']);
  });

  it('400 for the whole call with 0 or more than 100 entities, or a malformed envelope', async () => {
    const key = await createKey(server, 'acct-batch-bad', { monthlyLimit: 1000 });
    const cases: [unknown, { field: string; issue: string }][] = [
      [{ entities: [] }, { field: 'entities', issue: 'must hold 1 to 100 entities' }],
      [[], { field: 'body', issue: 'must hold 1 to 100 entities' }],
      [Array(101).fill(NOBODY), { field: 'body', issue: 'must hold 1 to 100 entities' }],
      [{ entities: Array(101).fill(NOBODY) }, { field: 'entities', issue: 'must hold 1 to 100 entities' }],
      [{ entities: NOBODY }, { field: 'entities', issue: 'must be an array' }],
      [{}, { field: 'entities', issue: 'is required' }],
      [{ entities: [NOBODY], fuzziness: 'loose' }, { field: 'fuzziness', issue: 'is not a known field' }],
      ['Quentin', { field: 'body', issue: 'must be an object' }],
    ];
    for (const [json, detail] of cases) {
      const r = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json });
      expect(r.status, JSON.stringify(json).slice(0, 60)).toBe(400);
      expect(r.body.error.code).toBe('invalid_request');
      expect(r.body.error.details).toContainEqual(detail);
    }
    expect((await server.services.state.quota.peek(key, 'sanctions-screening', 1000)).used).toBe(0);
  });

  it('a batch of only invalid slots answers 200 with the errors, consumes nothing, and still carries the headers', async () => {
    const key = await createKey(server, 'acct-all-bad', { monthlyLimit: 7 });
    const r = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json: [{}, { name: 5 }] });
    expect(r.status).toBe(200);
    expect(r.body.map((s: { error: { code: string } }) => s.error.code)).toEqual(['invalid_request', 'invalid_request']);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('7');
  });

  it('an entity of more than 64 fields is its own slot\'s error; the others are screened (both batch forms)', async () => {
    const key = await createKey(server, 'acct-crowded-slot', { monthlyLimit: 100 });
    const crowded = { name: 'Ivan Petrov', ...Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 1])) };
    const crowdedAddress = { name: 'Ivan Petrov', address: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 1])) };
    for (const json of [{ entities: [NOBODY, crowded, crowdedAddress] }, [NOBODY, crowded, crowdedAddress]]) {
      const r = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json });
      expect(r.status).toBe(200);
      expect(r.body[0].summary.recommendedAction).toBe('clear');
      expect(r.body[1].error.details).toEqual([{ field: 'body', issue: 'must have at most 64 fields' }]);
      expect(r.body[2].error.details).toEqual([{ field: 'address', issue: 'must have at most 64 fields' }]);
    }
    // An envelope of more than 64 fields is the whole call's error, named as such.
    const envelope = { entities: [NOBODY], ...Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 1])) };
    const r = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json: envelope });
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'body', issue: 'must have at most 64 fields' }]);
  });

  it('screens 100 entities in one call', async () => {
    const key = await createKey(server, 'acct-hundred');
    const r = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json: Array(100).fill(PUTIN) });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(100);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('19900');
  });
});

describe('GET /lists', () => {
  it('answers the catalog of every listSource, costs nothing, carries the headers', async () => {
    const key = await createKey(server, 'acct-lists', { monthlyLimit: 5 });
    const r = await call(server.url, 'GET', `${BASE}/lists`, { token: key.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(12);
    expect(r.body.data[0]).toEqual({
      source: 'ofac-sdn',
      name: 'Specially Designated Nationals and Blocked Persons List (SDN)',
      publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control',
      entryCount: expect.any(Number),
      publishedAt: expect.any(String),
      // The sample's legacy sdn.csv carries no date and has no manifest: the file's time, flagged as such.
      // A file time is no publication date: age and outdated unknown.
      publishedAtSource: 'file-time',
      ageDays: null,
      outdated: null,
      lastRefresh: expect.any(String),
      status: 'sample',
      sourceUrl: expect.stringMatching(/^https:\/\/ofac\.treasury\.gov\//),
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
      versionSince: expect.any(String),
    });
    expect(r.headers.get('x-ratelimit-limit')).toBe('5');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('5');
    expect(r.headers.get('x-ratelimit-reset')).toBe(nextMonthStart());
  });
});

describe('MessagePack', () => {
  it('accepts a MessagePack body and answers MessagePack when asked; the audit hash covers the raw bytes', async () => {
    const key = await createKey(server, 'acct-msgpack');
    const raw = pack(PUTIN);
    const r = await call(server.url, 'POST', `${BASE}/screen`, {
      token: key.token, raw, headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/msgpack');
    expect(r.body.matches[0].entryId).toBe('35096');
    const audit = await call(server.url, 'GET', `${BASE}/audit/${r.body.requestId}`, { token: key.token });
    expect(audit.body.bodySha256).toBe(sha256(raw));
  });

  it('answers JSON to a MessagePack body without Accept, and MessagePack errors when asked', async () => {
    const key = await createKey(server, 'acct-msgpack-2');
    const json = await call(server.url, 'POST', `${BASE}/screen`, {
      token: key.token, raw: pack(NOBODY), headers: { 'content-type': 'application/msgpack' },
    });
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.body.summary.recommendedAction).toBe('clear');
    const error = await call(server.url, 'POST', `${BASE}/screen`, {
      token: key.token, json: { name: 1 }, headers: { accept: 'application/msgpack' },
    });
    expect(error.status).toBe(400);
    expect(error.headers.get('content-type')).toBe('application/msgpack');
    expect(error.body.error.details).toEqual([{ field: 'name', issue: 'must be a string' }]);
    const batch = await call(server.url, 'POST', `${BASE}/screen/batch`, {
      token: key.token, raw: pack({ entities: [NOBODY] }), headers: { 'content-type': 'application/msgpack', accept: 'application/msgpack' },
    });
    expect(batch.body[0].matches).toEqual([]);
  });
});

describe('health', () => {
  it('GET /healthz and /readyz answer 200 with lists loaded and Redis up; HEAD has no body', async () => {
    expect((await call(server.url, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await call(server.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    // The bundled sample is not the published lists: degraded, saying so (ready only when every list is ok).
    expect(ready.body).toMatchObject({ status: 'degraded', store: 'redis', missing: [], stale: [], sample: true });
    const head = await fetch(`${server.url}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('before any list is loaded', () => {
  let empty: TestServer;
  beforeAll(async () => {
    empty = await startTestServer({ lists: null });
  });
  afterAll(async () => {
    await empty?.close();
  });

  it('503 lists_unavailable for screening and /lists, nothing consumed; readyz says why', async () => {
    const key = await createKey(empty, 'acct-nolists', { monthlyLimit: 10 });
    for (const [method, path, json] of [['POST', `${BASE}/screen`, NOBODY], ['POST', `${BASE}/screen/batch`, [NOBODY]], ['GET', `${BASE}/lists`, undefined]] as const) {
      const r = await call(empty.url, method, path, { token: key.token, json });
      expect(r.status, path).toBe(503);
      expect(r.body.error.code).toBe('lists_unavailable');
    }
    expect((await empty.services.state.quota.peek(key, 'sanctions-screening', 10)).used).toBe(0);
    const ready = await call(empty.url, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error.details).toEqual([{ field: 'lists', issue: 'no list is loaded yet' }]);
  });
});
