/**
 * Monthly quotas over loopback HTTP with real Redis: headers on every success, 429 with Retry-After
 * and nothing consumed, batches priced per valid entity, and two instances sharing one Redis
 * (revocation seen within 1 s, no overshoot under 80 concurrent calls).
 */
import { cpus, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, randomPrefix, randomSecret, redisDump, startTestServer, type TestServer } from './support/http-harness.js';

const SCREEN = '/sanctions-screening/v1/screen';
const NOBODY = { name: 'Quentin Marblewhisk' };

let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const shared = { redisKeyPrefix: randomPrefix(), sessionSecret: randomSecret() };
  a = await startTestServer(shared);
  b = await startTestServer(shared);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await redisDump(a.config.redisKeyPrefix, true);
});

describe('one instance', () => {
  it('counts down, then 429 quota_exceeded with Retry-After and nothing consumed', async () => {
    const key = await createKey(a, 'acct-quota', { monthlyLimit: 3 });
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(a.url, 'POST', SCREEN, { token: key.token, json: NOBODY });
      expect(r.status).toBe(200);
      remaining.push(r.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const over = await call(a.url, 'POST', SCREEN, { token: key.token, json: NOBODY });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('quota_exceeded');
    expect(over.headers.get('x-ratelimit-limit')).toBe('3');
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    const now = new Date();
    const reset = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(over.headers.get('x-ratelimit-reset')).toBe(new Date(reset).toISOString());
    expect(Math.abs(Number(over.headers.get('retry-after')) - (reset - Date.now()) / 1000)).toBeLessThan(5);
    expect((await a.services.state.quota.peek({ accountId: 'acct-quota', keyId: key.keyId }, 'sanctions-screening', 3)).used).toBe(3);

    // /lists costs nothing and still answers, with the headers.
    const lists = await call(a.url, 'GET', '/sanctions-screening/v1/lists', { token: key.token });
    expect(lists.status).toBe(200);
    expect(lists.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('prices a batch at its valid entities, all or nothing', async () => {
    const key = await createKey(a, 'acct-batch-quota', { monthlyLimit: 3 });
    const two = await call(a.url, 'POST', `${SCREEN}/batch`, { token: key.token, json: [NOBODY, {}, NOBODY] });
    expect(two.status).toBe(200);
    expect(two.headers.get('x-ratelimit-remaining')).toBe('1');
    const tooMany = await call(a.url, 'POST', `${SCREEN}/batch`, { token: key.token, json: [NOBODY, NOBODY] });
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error.message).toBe('This call needs 2 units but 1 remain this month.');
    expect(tooMany.headers.get('retry-after')).toMatch(/^\d+$/);
    const one = await call(a.url, 'POST', `${SCREEN}/batch`, { token: key.token, json: [NOBODY] });
    expect(one.status).toBe(200);
    expect(one.headers.get('x-ratelimit-remaining')).toBe('0');
  });
});

describe('two instances on one Redis', () => {
  it('a key revoked on one instance is refused by the other within 1 s', async () => {
    const key = await createKey(a, 'acct-revoke-cluster');
    // Warm b's key cache, so the revocation must reach it as an event, not a cache miss.
    expect((await call(b.url, 'POST', SCREEN, { token: key.token, json: NOBODY })).status).toBe(200);
    const revoked = await call(a.url, 'DELETE', `/me/api-keys/${key.keyId}`, { token: await a.session('acct-revoke-cluster') });
    expect(revoked.status).toBe(200);
    const started = Date.now();
    let r = await call(b.url, 'POST', SCREEN, { token: key.token, json: NOBODY });
    while (r.status === 200 && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      r = await call(b.url, 'POST', SCREEN, { token: key.token, json: NOBODY });
    }
    const took = Date.now() - started;
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('api_key_revoked');
    // The 1 s is judged only on a machine that is not overloaded (1-minute load average per CPU
    // under 1, as test/http-refresh.test.ts): on two shared cores at load 10 per CPU one screening
    // round trip alone can take hundreds of ms, which says nothing about the event's delivery.
    const load = loadavg()[0] / Math.max(1, cpus().length);
    if (load >= 1) console.info(`[revocation] refused after ${took} ms; the 1 s bound NOT judged: load average per CPU ${load.toFixed(2)} >= 1`);
    else expect(took).toBeLessThan(1_000);
  });

  it('80 concurrent calls split over both instances with a limit of 50: exactly 50 succeed', async () => {
    const key = await createKey(a, 'acct-race', { monthlyLimit: 50 });
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) => call(i % 2 === 0 ? a.url : b.url, 'POST', SCREEN, { token: key.token, json: NOBODY })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect((await b.services.state.quota.peek({ accountId: 'acct-race', keyId: key.keyId }, 'sanctions-screening', 50)).used).toBe(50);
    const remaining = results.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-ratelimit-remaining')));
    expect(new Set(remaining).size).toBe(50);
    expect(Math.min(...remaining)).toBe(0);
  });
});
