/**
 * The identity API over loopback HTTP with real Redis: create, list, revoke, and every refusal.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ lists: null, env: { DEFAULT_KEY_LIMIT: '3' } });
});
afterAll(async () => {
  await server?.close();
});

const KEYS = '/me/api-keys';

describe('POST /me/api-keys', () => {
  it('answers 200 with the full record, the token and status active', async () => {
    const session = await server.session('acct-create');
    const r = await call(server.url, 'POST', KEYS, {
      token: session,
      json: { name: '  billing backend ', allowedServiceIds: ['sanctions-screening', 'other-svc'], monthlyLimit: 500 },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body).toMatchObject({
      name: 'billing backend',
      allowedServiceIds: ['sanctions-screening', 'other-svc'],
      monthlyLimit: 500,
      status: 'active',
    });
    expect(r.body.token).toMatch(/^svc_live_[A-Z2-7]{52}$/);
    expect(r.body.prefix).toBe(r.body.token.slice(0, 16));
    expect(r.body.keyId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const expires = Date.parse(r.body.expiresAt) - Date.parse(r.body.createdAt);
    expect(Math.round(expires / 86_400_000)).toBe(365);
  });

  it.each([
    [{ allowedServiceIds: ['sanctions-screening'] }, 'name', 'is required'],
    [{ name: '', allowedServiceIds: ['x1'] }, 'name', 'must not be empty'],
    [{ name: '   ', allowedServiceIds: ['x1'] }, 'name', 'must not be empty'],
    [{ name: 'a'.repeat(101), allowedServiceIds: ['x1'] }, 'name', 'must have at most 100 characters'],
    [{ name: 'tab\there', allowedServiceIds: ['x1'] }, 'name', 'must not contain control characters'],
    [{ name: 'k' }, 'allowedServiceIds', 'is required'],
    [{ name: 'k', allowedServiceIds: [] }, 'allowedServiceIds', 'must have at least 1 items'],
    [{ name: 'k', allowedServiceIds: ['Sanctions'] }, 'allowedServiceIds[0]', 'must be a service ID (lowercase slug ^[a-z][a-z0-9-]{1,62}$) or "*"'],
    [{ name: 'k', allowedServiceIds: ['*', 'billing'] }, 'allowedServiceIds', '"*" must be the only item when present'],
    [{ name: 'k', allowedServiceIds: ['x1'], monthlyLimit: 0 }, 'monthlyLimit', 'must be >= 1'],
    [{ name: 'k', allowedServiceIds: ['x1'], monthlyLimit: 1.5 }, 'monthlyLimit', 'must be an integer'],
    [{ name: 'k', allowedServiceIds: ['x1'], expiresAt: '2030-02-30T00:00:00Z' }, 'expiresAt', 'must be an ISO 8601 UTC timestamp such as 2027-01-31T00:00:00Z'],
    [{ name: 'k', allowedServiceIds: ['x1'], expiresAt: '2030-01-01T00:00:00+02:00' }, 'expiresAt', 'must be an ISO 8601 UTC timestamp such as 2027-01-31T00:00:00Z'],
    [{ name: 'k', allowedServiceIds: ['x1'], expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt', 'must be in the future'],
    [{ name: 'k', allowedServiceIds: ['x1'], expiresAt: new Date(Date.now() + 4 * 365 * 86_400_000).toISOString() }, 'expiresAt', 'must be at most 3 years from now'],
    [{ name: 'k', allowedServiceIds: ['x1'], monthlyLimit: 5_000_000 }, 'monthlyLimit', "must be at most 1000000, this account's cap"],
    [{ name: 'k', allowedServiceIds: ['x1'], owner: 'me' }, 'owner', 'is not a known field'],
  ])('400 invalid_request for %j naming %s', async (body, field, issue) => {
    const r = await call(server.url, 'POST', KEYS, { token: await server.session('acct-invalid'), json: body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.details).toContainEqual({ field, issue });
  });

  it('409 key_limit_reached for the key over the account limit; revoking one makes room', async () => {
    const session = await server.session('acct-limit');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createKey(server, 'acct-limit', { name: `k${i}` }));
    const over = await call(server.url, 'POST', KEYS, { token: session, json: { name: 'k3', allowedServiceIds: ['x1'] } });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('key_limit_reached');
    expect((await call(server.url, 'DELETE', `${KEYS}/${made[0].keyId}`, { token: session })).status).toBe(200);
    const again = await call(server.url, 'POST', KEYS, { token: session, json: { name: 'k3', allowedServiceIds: ['x1'] } });
    expect(again.status).toBe(200);
  });
});

describe('POST /me/api-keys with Idempotency-Key', () => {
  const listed = async (session: string): Promise<any[]> => (await call(server.url, 'GET', KEYS, { token: session })).body.data;

  it('a repeat with the same key and body creates nothing and answers the first key without its token', async () => {
    const session = await server.session('acct-idem');
    const body = { name: 'billing', allowedServiceIds: ['sanctions-screening'] };
    const headers = { 'idempotency-key': 'create-billing-1' };
    const first = await call(server.url, 'POST', KEYS, { token: session, json: body, headers });
    expect(first.status).toBe(200);
    expect(first.body.token).toMatch(/^svc_live_/);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await call(server.url, 'POST', KEYS, { token: session, json: { ...body, name: ' billing ' }, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).not.toHaveProperty('token');
    const { token: _token, ...record } = first.body;
    expect(again.body).toEqual(record);
    expect(await listed(session)).toHaveLength(1);
    // Another account's identical key is its own: it creates a key there.
    const other = await call(server.url, 'POST', KEYS, { token: await server.session('acct-idem-2'), json: body, headers });
    expect([other.status, other.body.token === undefined, other.body.keyId === first.body.keyId]).toEqual([200, false, false]);
  });

  it('concurrent identical creates make one key', async () => {
    const session = await server.session('acct-idem-race');
    const headers = { 'idempotency-key': 'race' };
    const answers = await Promise.all(Array.from({ length: 6 }, () =>
      call(server.url, 'POST', KEYS, { token: session, json: { name: 'r', allowedServiceIds: ['x1'] }, headers })));
    const keys = await listed(session);
    expect(keys).toHaveLength(1);
    for (const r of answers) {
      // A repeat that arrives while the first is still inserting is told to retry, never given a second key.
      if (r.status === 409) expect(r.body.error.code).toBe('idempotency_key_in_use');
      else expect([r.status, r.body.keyId]).toEqual([200, keys[0].keyId]);
    }
    expect(answers.filter((r) => r.body.token !== undefined)).toHaveLength(1);
  });

  it('409 idempotency_key_reused for the same key with another body; a refused create binds nothing', async () => {
    const session = await server.session('acct-idem-reuse');
    const headers = { 'idempotency-key': 'k-1' };
    expect((await call(server.url, 'POST', KEYS, { token: session, json: { name: 'a', allowedServiceIds: ['x1'] }, headers })).status).toBe(200);
    const reused = await call(server.url, 'POST', KEYS, { token: session, json: { name: 'b', allowedServiceIds: ['x1'] }, headers });
    expect([reused.status, reused.body.error.code]).toEqual([409, 'idempotency_key_reused']);
    const invalid = { name: 'c', allowedServiceIds: ['x1'], monthlyLimit: 5_000_000 };
    const other = { 'idempotency-key': 'k-2' };
    expect((await call(server.url, 'POST', KEYS, { token: session, json: invalid, headers: other })).status).toBe(400);
    const fixed = await call(server.url, 'POST', KEYS, { token: session, json: { ...invalid, monthlyLimit: 10 }, headers: other });
    expect([fixed.status, typeof fixed.body.token]).toEqual([200, 'string']);
    expect(await listed(session)).toHaveLength(2);
  });

  it.each([['x'.repeat(256)], ['   '], ['tab\there']])('400 naming idempotency-key for %j', async (value) => {
    const r = await call(server.url, 'POST', KEYS, {
      token: await server.session('acct-idem-bad'), json: { name: 'a', allowedServiceIds: ['x1'] }, headers: { 'idempotency-key': value },
    });
    expect([r.status, r.body?.error?.details?.[0]?.field], JSON.stringify(r.body)).toEqual([400, 'idempotency-key']);
  });
});

describe('GET /me/api-keys', () => {
  it('lists every key of the account newest first, with status and revokedAt, never the token', async () => {
    const session = await server.session('acct-list');
    const first = await createKey(server, 'acct-list', { name: 'first' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await createKey(server, 'acct-list', { name: 'second' });
    await call(server.url, 'DELETE', `${KEYS}/${first.keyId}`, { token: session });
    await createKey(server, 'acct-other', { name: 'not mine' });

    const r = await call(server.url, 'GET', KEYS, { token: session });
    expect(r.status).toBe(200);
    expect(r.body.data.map((k: { name: string }) => k.name)).toEqual(['second', 'first']);
    expect(r.body.data[0]).toMatchObject({ keyId: second.keyId, status: 'active' });
    expect(r.body.data[0].revokedAt).toBeUndefined();
    expect(r.body.data[1]).toMatchObject({ keyId: first.keyId, status: 'revoked' });
    expect(Date.parse(r.body.data[1].revokedAt)).not.toBeNaN();
    for (const key of r.body.data) expect(key.token).toBeUndefined();
    expect(JSON.stringify(r.body)).not.toContain(first.token.slice(16));
  });

  it('shows lastUsedAt: null before the first service call, then its time, not rewritten by the next call', async () => {
    const key = await createKey(server, 'acct-last-used');
    const session = await server.session('acct-last-used');
    const lastUsed = async (): Promise<unknown> => (await call(server.url, 'GET', KEYS, { token: session })).body.data[0].lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    await call(server.url, 'GET', '/sanctions-screening/v1/lists', { token: key.token });
    await vi.waitFor(async () => expect(await lastUsed()).not.toBeNull());
    const first = (await lastUsed()) as string;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1);
    await call(server.url, 'GET', '/sanctions-screening/v1/lists', { token: key.token });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastUsed()).toBe(first);
  });

  it('pages with limit and startingAfter, newest first, hasMore on every page', async () => {
    const session = await server.session('acct-pages');
    const made: string[] = [];
    for (const name of ['k1', 'k2', 'k3', 'k4', 'k5']) {
      const key = await createKey(server, 'acct-pages', { name });
      made.push(key.keyId);
      // Revoked keys stay listed; revoking keeps the account under its active-key limit of 3.
      if (made.length > 2) await call(server.url, 'DELETE', `${KEYS}/${made[made.length - 3]}`, { token: session });
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const all = await call(server.url, 'GET', KEYS, { token: session });
    expect(all.body.hasMore).toBe(false);
    expect(all.body.data.map((k: { name: string }) => k.name)).toEqual(['k5', 'k4', 'k3', 'k2', 'k1']);
    const seen: string[] = [];
    let after: string | null = null;
    for (const expected of [[true, 2], [true, 2], [false, 1]] as const) {
      const query: string = `?limit=2${after === null ? '' : `&startingAfter=${after}`}`;
      const page = await call(server.url, 'GET', `${KEYS}${query}`, { token: session });
      expect(page.status).toBe(200);
      expect([page.body.hasMore, page.body.data.length]).toEqual(expected);
      seen.push(...page.body.data.map((k: { name: string }) => k.name));
      after = page.body.data.at(-1).keyId;
    }
    expect(seen).toEqual(['k5', 'k4', 'k3', 'k2', 'k1']);
  });

  it('400 for a bad limit, an unknown or repeated parameter, and a startingAfter of another account', async () => {
    const session = await server.session('acct-pages-bad');
    await createKey(server, 'acct-pages-bad');
    const foreign = await createKey(server, 'acct-pages-other');
    for (const [query, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=2.5', 'limit'], ['limit=x', 'limit'],
      ['offset=3', 'offset'], ['limit=1&limit=2', 'limit'], [`startingAfter=${foreign.keyId}`, 'startingAfter'],
      ['startingAfter=nope', 'startingAfter']]) {
      const r = await call(server.url, 'GET', `${KEYS}?${query}`, { token: session });
      expect(r.status, query).toBe(400);
      expect(r.body.error.details.map((d: { field: string }) => d.field), query).toContain(field);
    }
  });

  it('lists an expired key as expired', async () => {
    const key = await createKey(server, 'acct-expiring', { expiresAt: new Date(Date.now() + 1500).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 1700));
    const r = await call(server.url, 'GET', KEYS, { token: await server.session('acct-expiring') });
    expect(r.body.data).toEqual([expect.objectContaining({ keyId: key.keyId, status: 'expired' })]);
  });

  it('shows each key\'s use of sanctions-screening this month, none for a key not scoped to it (issue 5)', async () => {
    const scoped = await createKey(server, 'acct-usage', { name: 'scoped', monthlyLimit: 40 });
    await createKey(server, 'acct-usage', { name: 'other', allowedServiceIds: ['billing'] });
    await server.services.state.quota.checkAndIncrement({ accountId: 'acct-usage', keyId: scoped.keyId }, 'sanctions-screening', 3, 40);
    const r = await call(server.url, 'GET', KEYS, { token: await server.session('acct-usage') });
    const byName = Object.fromEntries(r.body.data.map((k: { name: string }) => [k.name, k]));
    expect(byName.scoped.usage).toEqual([
      { serviceId: 'sanctions-screening', used: 3, limit: 40, resetAt: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/) },
    ]);
    expect(byName.other.usage).toEqual([]);
  });
});

describe('DELETE /me/api-keys/{keyId}', () => {
  it('answers the revoked record, idempotently, keeping the first revokedAt', async () => {
    const session = await server.session('acct-revoke');
    const key = await createKey(server, 'acct-revoke');
    const first = await call(server.url, 'DELETE', `${KEYS}/${key.keyId}`, { token: session });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ keyId: key.keyId, status: 'revoked', name: 'test key' });
    expect(first.body.token).toBeUndefined();
    const second = await call(server.url, 'DELETE', `${KEYS}/${key.keyId}`, { token: session });
    expect(second.status).toBe(200);
    expect(second.body.revokedAt).toBe(first.body.revokedAt);
  });

  it('404 not_found for another account\'s key, an unknown ID and a non-UUID, and the key stays active', async () => {
    const victim = await createKey(server, 'acct-victim');
    const attacker = await server.session('acct-attacker');
    for (const id of [victim.keyId, '6f1c2a4e-0000-4000-8000-000000000000', 'not-a-uuid', '%E0%A4%A']) {
      const r = await call(server.url, 'DELETE', `${KEYS}/${id}`, { token: attacker });
      expect(r.status, id).toBe(404);
      expect(r.body.error.code).toBe('not_found');
    }
    const list = await call(server.url, 'GET', KEYS, { token: await server.session('acct-victim') });
    expect(list.body.data[0].status).toBe('active');
  });
});

describe('identity API authentication', () => {
  it.each([
    ['no header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a bearer with spaces inside', { authorization: 'Bearer a b' }],
  ])('401 unauthorized with %s', async (_label, headers) => {
    const r = await call(server.url, 'GET', KEYS, { headers });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('unauthorized');
  });

  it('401 for a JWT signed with another secret, and for an expired one', async () => {
    const forged = await foreignSession('acct-x');
    const expired = await server.session('acct-x', { now: new Date(Date.now() - 7200_000), ttlSeconds: 60 });
    for (const token of [forged, expired]) {
      const r = await call(server.url, 'GET', KEYS, { token });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('unauthorized');
      expect(r.body.error.details[0].field).toBe('authorization');
    }
  });

  it('401 when an API key is sent: a key never manages keys, not even to revoke itself', async () => {
    const key = await createKey(server, 'acct-self');
    for (const [method, path] of [['GET', KEYS], ['DELETE', `${KEYS}/${key.keyId}`]] as const) {
      const r = await call(server.url, method, path, { token: key.token });
      expect(r.status).toBe(401);
      expect(r.body.error).toMatchObject({ code: 'unauthorized', message: 'The identity API accepts session tokens only.' });
    }
    const list = await call(server.url, 'GET', KEYS, { token: await server.session('acct-self') });
    expect(list.body.data[0].status).toBe('active');
  });
});

/** A well-formed HS256 session token signed with a secret the server does not know. */
async function foreignSession(accountId: string): Promise<string> {
  const { mintSessionToken } = await import('../src/identity/session-token.js');
  return mintSessionToken({ secret: 'x'.repeat(40), accountId, ttlSeconds: 600 });
}
