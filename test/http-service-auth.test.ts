/**
 * Authentication of service calls over loopback HTTP with real Redis: every 401/403/404 of API.md,
 * and 503 store_unavailable (never a silent allow) when Redis goes away mid-flight.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, REDIS_URL, redisDump, startTestServer, type TestServer } from './support/http-harness.js';

const SCREEN = '/sanctions-screening/v1/screen';
const BODY = { name: 'Nobody In Particular' };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('service call authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['a Basic credential', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['"Bearer" alone', { authorization: 'Bearer' }],
    ['a token with a space', { authorization: 'Bearer svc_live_AAAA BBBB' }],
  ])('401 unauthorized with %s', async (_label, headers) => {
    const r = await call(server.url, 'POST', SCREEN, { json: BODY, headers });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('unauthorized');
    expect(r.body.error.requestId).toBe(r.headers.get('x-request-id'));
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('401 invalid_api_key for an unknown token of the right shape, and for garbage', async () => {
    for (const token of [`svc_live_${'A'.repeat(52)}`, 'not-a-key-at-all', 'eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      const r = await call(server.url, 'POST', SCREEN, { json: BODY, token });
      expect(r.status, token).toBe(401);
      expect(r.body.error.code).toBe('invalid_api_key');
      expect(r.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });

  it('401 api_key_revoked once the key is revoked', async () => {
    const key = await createKey(server, 'acct-revoked');
    const del = await call(server.url, 'DELETE', `/me/api-keys/${key.keyId}`, { token: await server.session('acct-revoked') });
    expect(del.status).toBe(200);
    const r = await call(server.url, 'POST', SCREEN, { json: BODY, token: key.token });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('api_key_revoked');
  });

  it('401 api_key_expired after expiresAt', async () => {
    const key = await createKey(server, 'acct-expired', { expiresAt: new Date(Date.now() + 1200).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 1400));
    const r = await call(server.url, 'POST', SCREEN, { json: BODY, token: key.token });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('api_key_expired');
  });

  it('403 service_not_allowed for a key scoped to other services', async () => {
    const key = await createKey(server, 'acct-scoped', { allowedServiceIds: ['billing', 'geo-lookup'] });
    const r = await call(server.url, 'GET', '/sanctions-screening/v1/lists', { token: key.token });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('service_not_allowed');
  });

  it('403 not_subscribed when the account lacks the subscription, even with a "*" key', async () => {
    const key = await createKey(server, 'acct-unsubscribed', { allowedServiceIds: ['*'] });
    const account = await server.services.state.store.getAccount('acct-unsubscribed');
    await server.services.state.store.putAccount({ ...account!, subscriptions: ['billing'] });
    // The key cache holds the account for up to 30 s: a fresh server reads it from Redis now.
    const other = await startTestServer({ redisKeyPrefix: server.config.redisKeyPrefix, lists: null });
    try {
      const r = await call(other.url, 'POST', SCREEN, { json: BODY, token: key.token });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('not_subscribed');
    } finally {
      await other.close();
    }
  });

  it('404 unknown_service for another platform service, whatever the key; 404 not_found elsewhere', async () => {
    const key = await createKey(server, 'acct-routes', { allowedServiceIds: ['*'] });
    for (const path of ['/billing/v1/invoices', '/geo-lookup/v2/x', '/billing/v1']) {
      const r = await call(server.url, 'POST', path, { json: BODY, token: key.token });
      expect(r.status, path).toBe(404);
      expect(r.body.error.code).toBe('unknown_service');
    }
    for (const path of ['/', '/sanctions-screening/v1/nope', '/sanctions-screening/v2/screen', '/sanctions-screening/v1/screen/', '/me', '/BILLING/v1/x']) {
      const r = await call(server.url, 'GET', path, { token: key.token });
      expect(r.status, path).toBe(404);
      expect(r.body.error.code).toBe('not_found');
    }
  });

  it('405 method_not_allowed with an Allow header', async () => {
    const cases = [
      ['GET', SCREEN, 'POST'],
      ['PUT', '/sanctions-screening/v1/screen/batch', 'POST'],
      ['POST', '/sanctions-screening/v1/lists', 'GET, HEAD'],
      ['DELETE', '/me/api-keys', 'GET, HEAD, POST'],
      ['GET', '/me/api-keys/6f1c2a4e-0000-4000-8000-000000000000', 'DELETE'],
      ['POST', '/healthz', 'GET, HEAD'],
    ] as const;
    for (const [method, path, allow] of cases) {
      const r = await call(server.url, method, path, {});
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow')).toBe(allow);
      expect(r.body.error.code).toBe('method_not_allowed');
    }
  });
});

describe('store outage', () => {
  let proxy: Proxy;
  let cut: TestServer;
  let token: string;

  beforeAll(async () => {
    proxy = await startProxy(Number(new URL(REDIS_URL).port));
    cut = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
    token = (await createKey(cut, 'acct-outage')).token;
  });
  afterAll(async () => {
    await within(10_000, cut?.close(), 'closing the server').catch(() => undefined);
    proxy?.close();
  });

  it('answers 503 store_unavailable at once while Redis is unreachable: never a silent allow', async () => {
    expect((await call(cut.url, 'POST', SCREEN, { json: BODY, token })).status).toBe(200);
    proxy.cut();
    const started = Date.now();
    const calls = [['POST', SCREEN, BODY], ['POST', `${SCREEN}/batch`, [BODY]], ['GET', '/sanctions-screening/v1/lists', undefined]] as const;
    for (const [method, path, json] of calls) {
      const r = await within(5_000, call(cut.url, method, path, { json, token }), `${method} ${path}`);
      expect(r.status, path).toBe(503);
      expect(r.body.error.code).toBe('store_unavailable');
      expect(r.headers.get('retry-after')).toBe('5');
    }
    const keys = await within(5_000, call(cut.url, 'GET', '/me/api-keys', { token: await cut.session('acct-outage') }), 'GET /me/api-keys');
    expect(keys.status).toBe(503);
    const ready = await within(5_000, call(cut.url, 'GET', '/readyz'), 'GET /readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.error.details).toEqual([{ field: 'store', issue: 'the redis store does not answer' }]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('serves again once Redis is back', async () => {
    proxy.restore();
    await waitFor(async () => (await call(cut.url, 'GET', '/readyz')).status === 200, 10_000);
    expect((await within(5_000, call(cut.url, 'POST', SCREEN, { json: BODY, token }), 'POST /screen')).status).toBe(200);
  });
});

describe('refused or undelivered calls leave no charge and no audit record', () => {
  let proxy: Proxy;
  let server: TestServer;
  let key: { token: string; keyId: string; accountId: string };

  beforeAll(async () => {
    proxy = await startProxy(Number(new URL(REDIS_URL).port));
    server = await startTestServer({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
    key = await createKey(server, 'acct-stall');
  });
  afterAll(async () => {
    await within(10_000, server?.close(), 'closing the server').catch(() => undefined);
    proxy?.close();
  });

  const used = async (): Promise<number> => (await server.services.state.quota.peek(key, 'sanctions-screening', 20_000)).used;
  const auditKeys = async (): Promise<string[]> =>
    (await redisDump(server.config.redisKeyPrefix)).filter((entry, i) => i % 3 === 0 && entry.includes(':audit:'));

  it('a stalled Redis: the calls answered 503 are neither charged nor audited once Redis answers again', async () => {
    // One answered call first: the key is then verified from the cache, so the stall meets the charge.
    expect((await call(server.url, 'POST', SCREEN, { json: BODY, token: key.token })).status).toBe(200);
    proxy.stall();
    const answers = await Promise.all(Array.from({ length: 6 }, () =>
      within(8_000, call(server.url, 'POST', SCREEN, { json: BODY, token: key.token }), 'POST /screen')));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(503));
    // The charges were written to the socket before the deadline: Redis runs them when it resumes.
    proxy.resume();
    await waitFor(async () => server.services.state.quota.pendingRefunds() === 0, 15_000);
    expect(await used()).toBe(1);
    expect(await auditKeys()).toHaveLength(1);
  });

  it('two pipelined POSTs on one connection (uWS closes it unanswered): neither is charged nor audited', async () => {
    const before = await used();
    const auditedBefore = (await auditKeys()).length;
    const body = JSON.stringify(BODY);
    const one = `POST ${SCREEN} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key.token}\r\n`
      + `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => void (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(one + one);
    await within(5_000, closed, 'the pipelined connection');
    // Let handlers still running finish their refunds.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answered = (received.match(/HTTP\/1\.1 200/g) ?? []).length;
    expect(await used()).toBe(before + answered);
    expect((await auditKeys()).length).toBe(auditedBefore + answered);
  });
});

/** Fails with a clear message instead of hanging: an outage must be answered, not waited out. */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} got no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Proxy {
  port: number;
  /** Drops every connection and refuses new ones. */
  cut(): void;
  restore(): void;
  /** Connections stay open but nothing more reaches Redis (a stalled server) until resume(). */
  stall(): void;
  resume(): void;
  close(): void;
}

/**
 * A TCP proxy to a local port that can be cut, to take Redis away from a running server: while cut,
 * the port is closed (connections are refused, as when Redis is down) and open ones are dropped.
 */
async function startProxy(target: number): Promise<Proxy> {
  const sockets = new Set<Socket>();
  const links = new Map<Socket, Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s)).on('error', () => undefined);
    }
    links.set(client, upstream);
    client.on('close', () => links.delete(client));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    cut() {
      server.close();
      for (const s of sockets) s.destroy();
    },
    restore() {
      server.listen(port, '127.0.0.1');
    },
    stall() {
      for (const client of links.keys()) {
        client.unpipe();
        client.pause();
      }
    },
    resume() {
      for (const [client, upstream] of links) client.pipe(upstream);
    },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // A probe that hangs counts as "not yet".
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000));
    if (await Promise.race([check(), timeout])) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in time');
}
