/**
 * What only the embedded store has to prove: data survives a restart, a worker thread shares the
 * counters atomically and hears revocations, and expired rows are purged by the injected clock.
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotaService } from '../src/quota/quota-service.js';
import { openLmdbStore } from '../src/store/lmdb/lmdb-store.js';
import { StoreUnavailableError } from '../src/store/errors.js';
import type { RevocationEvent, Store, StoredKey } from '../src/store/types.js';
import { lmdbHarness, owner, OWNER, type StoreHarness } from './store-harness.js';

const NOW = new Date('2031-03-10T12:00:00.000Z');

function startWorker(dataDir: string, calls: number, limit: number): Promise<Worker> {
  const file = new URL('./store-lmdb-worker.ts', import.meta.url).href;
  // Workers do not inherit vitest's TypeScript loader: register tsx inside the worker first.
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); });`;
  const worker = new Worker(boot, { eval: true, workerData: { dataDir, calls, limit, now: NOW.toISOString() } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message) => (message === 'ready' ? resolve(worker) : reject(new Error(String(message)))));
  });
}

function nextMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve) => worker.once('message', resolve));
}

describe('embedded lmdb store', () => {
  let harness: StoreHarness;
  let store: Store;

  beforeEach(async () => {
    harness = lmdbHarness();
    store = await harness.open();
  });
  afterEach(async () => harness.cleanup());

  it('keeps keys, accounts and counters across a restart of the same DATA_DIR', async () => {
    const key: StoredKey = {
      keyId: randomUUID(), accountId: 'acct-r', name: 'restart', prefix: 'svc_live_ABCDEFG', tokenSha256: 'd'.repeat(64),
      allowedServiceIds: ['*'], monthlyLimit: 10, expiresAt: '2032-01-01T00:00:00.000Z', createdAt: NOW.toISOString(), revokedAt: null,
    };
    await store.ensureAccount({ accountId: 'acct-r', subscriptions: ['*'], keyLimit: 4, monthlyLimitCap: 99, createdAt: NOW.toISOString() });
    await store.insertKey(key, 4, NOW);
    await createQuotaService({ counters: store }).checkAndIncrement(key, 'svc', 7, 10, NOW);
    await store.close();
    await expect(store.getKey(key.accountId, key.keyId)).rejects.toBeInstanceOf(StoreUnavailableError);

    const reopened = openLmdbStore({ dataDir: harness.location, namePrefix: 'test:' });
    try {
      expect(await reopened.getKeyByTokenHash(key.tokenSha256)).toEqual(key);
      expect((await reopened.getAccount('acct-r'))?.keyLimit).toBe(4);
      expect((await createQuotaService({ counters: reopened }).peek(key, 'svc', 10, NOW)).used).toBe(7);
    } finally {
      await reopened.close();
    }
  });

  it('shares one atomic counter with a worker thread: 40 + 40 calls, limit 50, exactly 50 allowed', async () => {
    const worker = await startWorker(harness.location, 40, 50);
    const workerAllowed = nextMessage(worker);
    worker.postMessage('count');
    const quota = createQuotaService({ counters: store });
    const mine = await Promise.all(Array.from({ length: 40 }, () => quota.checkAndIncrement(owner('key-w'), 'svc', 1, 50, NOW)));
    const total = mine.filter((r) => r.allowed).length + ((await workerAllowed) as number);
    expect(total).toBe(50);
    expect((await quota.peek(owner('key-w'), 'svc', 50, NOW)).used).toBe(50);
    await worker.terminate();
  });

  it('hears a revocation published in a worker thread', async () => {
    const worker = await startWorker(harness.location, 0, 1);
    const heard = new Promise<RevocationEvent>((resolve) => store.onRevocation(resolve));
    worker.postMessage('revoke');
    const event = await Promise.race([heard, new Promise((resolve) => setTimeout(() => resolve('timeout'), 2000))]);
    expect(event).toEqual({ kind: 'revoked', keyId: 'from-worker', tokenSha256: 'c'.repeat(64) });
    await worker.terminate();
  });

  it('purges expired audit records and past months\' counters by the injected clock', async () => {
    const quota = createQuotaService({ counters: store });
    await quota.checkAndIncrement(owner('key-p'), 'svc', 2, 10, NOW);
    const record = { requestId: randomUUID(), accountId: OWNER, screenedAt: NOW.toISOString(), bodySha256: 'e'.repeat(64) };
    await store.putAudit(record, new Date(NOW.getTime() + 30 * 86_400_000));

    await store.purgeExpired(new Date(NOW.getTime() + 20 * 86_400_000)); // 30 March: both still live
    expect(await store.getAudit(OWNER, record.requestId, NOW)).toEqual(record);
    expect(await store.readCounter({ accountId: OWNER, keyId: 'key-p', serviceId: 'svc', period: '2031-03' })).toBe(2);

    await store.purgeExpired(new Date(NOW.getTime() + 31 * 86_400_000));
    // Read with the old clock: only a real purge can make these disappear.
    expect(await store.getAudit(OWNER, record.requestId, NOW)).toBeNull();
    expect(await store.readCounter({ accountId: OWNER, keyId: 'key-p', serviceId: 'svc', period: '2031-03' })).toBe(0);
  });

  it('treats an audit record past its expiry as gone even before a purge', async () => {
    const record = { requestId: randomUUID(), accountId: OWNER, screenedAt: NOW.toISOString(), bodySha256: 'f'.repeat(64) };
    await store.putAudit(record, new Date(NOW.getTime() + 1000));
    expect(await store.getAudit(OWNER, record.requestId, new Date(NOW.getTime() + 999))).toEqual(record);
    expect(await store.getAudit(OWNER, record.requestId, new Date(NOW.getTime() + 1000))).toBeNull();
  });
});
