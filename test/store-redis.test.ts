/**
 * What only the Redis store has to prove: it fails fast and typed when Redis is unreachable (at
 * start and mid-flight, through a loopback proxy we cut), recovers, survives a flushed script
 * cache, and lets Redis itself expire counters and audit records; on a Redis Cluster, it finds
 * the cluster by itself and spreads accounts over the masters.
 */
import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { createClient, createCluster } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuditService } from '../src/audit/audit-service.js';
import { createQuotaService } from '../src/quota/quota-service.js';
import { StoreUnavailableError } from '../src/store/errors.js';
import { openRedisStore } from '../src/store/redis/redis-store.js';
import type { RevocationEvent, Store } from '../src/store/types.js';
import { deleteRedisPrefix, owner, OWNER, REDIS_TEST_URL } from './store-harness.js';
import { useRedisCluster } from './support/redis-url.js';

/** A TCP proxy to the test Redis that the test can cut and restore. */
async function startProxy(port = 0): Promise<{ server: Server; port: number; cut(): Promise<void>; stall(): void }> {
  const target = new URL(REDIS_TEST_URL);
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    clients.add(client);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as { port: number }).port;
  return {
    server,
    port: actual,
    /** Connections stay open but nothing the client sends reaches Redis any more (a stalled server). */
    stall() {
      for (const c of clients) c.unpipe();
    },
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}

describe('Redis store', () => {
  const prefix = `rps-test-${randomUUID()}:`;
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    await deleteRedisPrefix(prefix);
  });

  it('refuses to open, quickly and typed, when Redis is unreachable', async () => {
    const proxy = await startProxy();
    await proxy.cut(); // a port where nothing listens
    const started = Date.now();
    const opening = openRedisStore({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix: prefix, connectTimeoutMs: 300 });
    await expect(opening).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(opening).rejects.toThrow(`cannot reach Redis at 127.0.0.1:${proxy.port}`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails fast with StoreUnavailableError during an outage, then recovers and announces a resync', async () => {
    const proxy = await startProxy();
    const store = await openRedisStore({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix: prefix, connectTimeoutMs: 300 });
    opened.push(store);
    const quota = createQuotaService({ counters: store });
    expect((await quota.checkAndIncrement(owner('k'), 'svc', 1, 5)).allowed).toBe(true);
    const resync = new Promise<RevocationEvent>((resolve) => store.onRevocation(resolve));

    await proxy.cut();
    const started = Date.now();
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(quota.checkAndIncrement(owner('k'), 'svc', 1, 5)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.getKeyByTokenHash('0'.repeat(64))).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - started).toBeLessThan(1000);

    const back = await startProxy(proxy.port);
    try {
      await expect.poll(() => store.ping().then(() => 'up', () => 'down'), { timeout: 5000, interval: 100 }).toBe('up');
      expect((await quota.peek(owner('k'), 'svc', 5)).used).toBe(1);
      expect(await resync).toEqual({ kind: 'resync' });
    } finally {
      await store.close();
      await back.cut();
    }
  });

  it('fails a call with StoreUnavailableError when Redis accepts but stops answering (reply deadline)', async () => {
    const proxy = await startProxy();
    const store = await openRedisStore({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix: prefix, replyTimeoutMs: 300 });
    opened.push(store);
    const quota = createQuotaService({ counters: store });
    expect((await quota.checkAndIncrement(owner('k'), 'svc', 1, 5)).allowed).toBe(true);
    proxy.stall();
    const started = Date.now();
    await expect(quota.checkAndIncrement(owner('k'), 'svc', 1, 5)).rejects.toBeInstanceOf(StoreUnavailableError);
    // Between the timeout and the timeout plus one sweep (500 ms), never a hang.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(2000);
    await proxy.cut();
  });

  it('runs its scripts again after the server forgot them (EVALSHA falls back to EVAL)', async () => {
    const store = await openRedisStore({ url: REDIS_TEST_URL, keyPrefix: prefix });
    opened.push(store);
    const quota = createQuotaService({ counters: store });
    await quota.checkAndIncrement(owner('k'), 'svc', 1, 5);
    const admin = createClient({ url: REDIS_TEST_URL });
    await admin.connect();
    await admin.scriptFlush();
    await admin.close();
    expect(await quota.checkAndIncrement(owner('k'), 'svc', 1, 5)).toMatchObject({ allowed: true, used: 2 });
  });

  it('never applies a charge that reaches Redis after it was voided (a late command from a dropped connection)', async () => {
    const store = await openRedisStore({ url: REDIS_TEST_URL, keyPrefix: prefix });
    opened.push(store);
    const ref = { ...owner('k-late'), serviceId: 'svc', period: '2031-03' };
    const requestId = randomUUID();
    await store.refundCharge(ref, 1, [requestId]);
    const late = await store.chargeWithAudit({
      ref, units: 1, limit: 5, counterExpiresAt: new Date(Date.now() + 60_000),
      audit: [{ requestId, accountId: OWNER, screenedAt: new Date().toISOString(), bodySha256: 'a'.repeat(64) }],
      auditExpiresAt: new Date(Date.now() + 60_000),
    });
    expect(late.allowed).toBe(false);
    expect(await store.readCounter(ref)).toBe(0);
    expect(await store.getAudit(OWNER, requestId, new Date())).toBeNull();
  });

  it('lets Redis expire counters at the month end and audit records after 30 days', async () => {
    const store = await openRedisStore({ url: REDIS_TEST_URL, keyPrefix: prefix });
    opened.push(store);
    const now = new Date();
    await createQuotaService({ counters: store }).checkAndIncrement(owner('k'), 'svc', 1, 5, now);
    const requestId = randomUUID();
    await createAuditService({ store }).record({ requestId, accountId: OWNER, screenedAt: now.toISOString(), bodySha256: 'a'.repeat(64) });

    const admin = createClient({ url: REDIS_TEST_URL });
    await admin.connect();
    try {
      const period = now.toISOString().slice(0, 7);
      const monthEnd = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
      expect(await admin.pExpireTime(`${prefix}{a:${OWNER}}:quota:${period}:k:svc`)).toBe(monthEnd);
      expect(await admin.pExpireTime(`${prefix}{a:${OWNER}}:audit:${requestId}`)).toBe(now.getTime() + 30 * 86_400_000);
    } finally {
      await admin.close();
    }
  });
});

describe('Redis store on a 3-master Redis Cluster', () => {
  const clusterUrl = useRedisCluster();
  const prefix = `rps-test-${randomUUID()}:`;

  it('detects the cluster from a node\'s URL and spreads accounts over every master, each account in one slot', async () => {
    const store = await openRedisStore({ url: clusterUrl(), keyPrefix: prefix });
    try {
      await store.ping();
      const quota = createQuotaService({ counters: store });
      const accounts = Array.from({ length: 24 }, (_, i) => `acct-spread-${i}`);
      for (const accountId of accounts) {
        const keyId = randomUUID();
        const record = { requestId: randomUUID(), accountId, screenedAt: new Date().toISOString(), bodySha256: 'b'.repeat(64) };
        expect((await quota.chargeWithAudit({ accountId, keyId }, 'svc', 5, [record])).charge).not.toBeNull();
        expect(await store.getAudit(accountId, record.requestId, new Date())).toEqual(record);
      }
      const admin = createCluster({ rootNodes: [{ url: clusterUrl() }] });
      await admin.connect();
      try {
        const perMaster = await Promise.all(admin.masters.map(async (m) => (await admin.nodeClient(m)).dbSize()));
        expect(perMaster).toHaveLength(3);
        // Not pinned to one shard: every master holds some accounts.
        for (const size of perMaster) expect(size).toBeGreaterThan(0);
      } finally {
        admin.destroy();
      }
    } finally {
      await store.close();
    }
  });
});
