/**
 * Audit scope over loopback HTTP, on Redis and on the embedded store: a screening's audit record
 * answers only to keys of the account that made it (any of its keys); another account's key gets the
 * same 404 as for an unknown ID, so the hash of a small, guessable body cannot be confirmed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';

const BASE = '/sanctions-screening/v1';

describe.each(['redis', 'lmdb'] as const)('audit scope (%s store)', (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store });
  });
  afterAll(async () => server?.close());

  it('answers the account that screened (any of its keys) and 404 to every other account, as for an unknown ID', async () => {
    const owner = await createKey(server, 'acct-scope-owner');
    const ownerSecond = await createKey(server, 'acct-scope-owner');
    const stranger = await createKey(server, 'acct-scope-stranger');
    const screened = await call(server.url, 'POST', `${BASE}/screen`, { json: { name: 'Jo' }, token: owner.token });
    expect(screened.status).toBe(200);
    const path = `${BASE}/audit/${screened.body.requestId}`;

    for (const token of [owner.token, ownerSecond.token]) {
      const own = await call(server.url, 'GET', path, { token });
      expect(own.status).toBe(200);
      expect(own.body).toEqual({
        requestId: screened.body.requestId, screenedAt: screened.body.screenedAt, bodySha256: expect.any(String),
        listsVersion: screened.body.coverage.listsVersion, engineVersion: screened.body.engineVersion, answerSha256: expect.any(String),
      });
    }

    const foreign = await call(server.url, 'GET', path, { token: stranger.token });
    const unknown = await call(server.url, 'GET', `${BASE}/audit/${randomUUID()}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    const withoutId = (body: { error: Record<string, unknown> }): unknown => ({ ...body.error, requestId: undefined });
    expect(withoutId(foreign.body)).toEqual(withoutId(unknown.body));
    expect(JSON.stringify(foreign.body)).not.toContain(screened.body.screenedAt);
  });
});
