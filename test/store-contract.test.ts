/**
 * One suite, every store: the same cases run on the embedded lmdb store, on one Redis and on a
 * 3-master Redis Cluster (started by this file), each with a second store object on the same data
 * (a second thread, a second instance) where it matters.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotaService } from '../src/quota/quota-service.js';
import type { Account, Store, StoredKey } from '../src/store/types.js';
import { storeHarnesses, owner, OWNER, type StoreHarness } from './store-harness.js';

const NOW = new Date('2031-03-10T12:00:00.000Z');
const YEAR_MS = 365 * 24 * 3600_000;

function account(accountId: string, overrides: Partial<Account> = {}): Account {
  return { accountId, subscriptions: ['sanctions-screening'], keyLimit: 10, monthlyLimitCap: 1_000_000, createdAt: NOW.toISOString(), ...overrides };
}

let serial = 0;
function storedKey(accountId: string, overrides: Partial<StoredKey> = {}): StoredKey {
  serial++;
  return {
    keyId: randomUUID(),
    accountId,
    name: `key ${serial}`,
    prefix: 'svc_live_ABCDEFG',
    tokenSha256: randomUUID().replace(/-/g, '').padEnd(64, String(serial % 10)),
    allowedServiceIds: ['sanctions-screening'],
    monthlyLimit: 20_000,
    expiresAt: new Date(NOW.getTime() + YEAR_MS).toISOString(),
    createdAt: new Date(NOW.getTime() + serial * 1000).toISOString(),
    revokedAt: null,
    ...overrides,
  };
}

describe.each(storeHarnesses())('store contract: %s', (_name, make) => {
  let harness: StoreHarness;
  let store: Store;

  beforeEach(async () => {
    harness = make();
    store = await harness.open();
  });
  afterEach(async () => harness.cleanup());

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('creates an account once: the first writer wins, putAccount overwrites', async () => {
    expect(await store.getAccount('acct-1')).toBeNull();
    const first = await store.ensureAccount(account('acct-1', { keyLimit: 3 }));
    const second = await store.ensureAccount(account('acct-1', { keyLimit: 7 }));
    expect(first.keyLimit).toBe(3);
    expect(second).toEqual(first);
    await store.putAccount({ ...first, subscriptions: ['*'] });
    expect((await store.getAccount('acct-1'))?.subscriptions).toEqual(['*']);
  });

  it('stores, finds and lists keys newest first', async () => {
    const older = storedKey('acct-a');
    const newer = storedKey('acct-a');
    const other = storedKey('acct-b');
    for (const key of [older, newer, other]) expect(await store.insertKey(key, 10, NOW)).toEqual({ ok: true });
    expect(await store.getKey('acct-a', older.keyId)).toEqual(older);
    expect(await store.getKeyByTokenHash(newer.tokenSha256)).toEqual(newer);
    expect(await store.getKeyByTokenHash('0'.repeat(64))).toBeNull();
    expect((await store.listKeys('acct-a')).map((k) => k.keyId)).toEqual([newer.keyId, older.keyId]);
    expect(await store.listKeys('acct-nobody')).toEqual([]);
  });

  it('revokes idempotently and answers null for unknown keys and other accounts', async () => {
    const key = storedKey('acct-a');
    await store.insertKey(key, 10, NOW);
    expect(await store.revokeKey('acct-b', key.keyId, NOW)).toBeNull();
    expect(await store.revokeKey('acct-a', randomUUID(), NOW)).toBeNull();
    expect((await store.getKey('acct-a', key.keyId))?.revokedAt).toBeNull();
    const revoked = await store.revokeKey('acct-a', key.keyId, NOW);
    expect(revoked).toEqual({ ...key, revokedAt: NOW.toISOString() });
    const again = await store.revokeKey('acct-a', key.keyId, new Date(NOW.getTime() + 60_000));
    expect(again?.revokedAt).toBe(NOW.toISOString());
  });

  it('refuses a key over the active-key limit; revoked and expired keys do not count', async () => {
    const a = storedKey('acct-a');
    const b = storedKey('acct-a', { expiresAt: new Date(NOW.getTime() + 5_000).toISOString() });
    expect(await store.insertKey(a, 2, NOW)).toEqual({ ok: true });
    expect(await store.insertKey(b, 2, NOW)).toEqual({ ok: true });
    expect(await store.insertKey(storedKey('acct-a'), 2, NOW)).toEqual({ ok: false, code: 'key_limit_reached', activeKeys: 2 });
    // Another account is not affected.
    expect(await store.insertKey(storedKey('acct-b'), 2, NOW)).toEqual({ ok: true });
    // b expires: a slot frees up without any write.
    expect(await store.insertKey(storedKey('acct-a'), 2, new Date(NOW.getTime() + 10_000))).toEqual({ ok: true });
    await store.revokeKey('acct-a', a.keyId, NOW);
    expect(await store.insertKey(storedKey('acct-a'), 2, new Date(NOW.getTime() + 10_000))).toEqual({ ok: true });
  });

  it('never grants more key slots than the limit to concurrent creators on two store objects', async () => {
    const second = await harness.open();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? store : second).insertKey(storedKey('acct-race'), 10, NOW)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await store.listKeys('acct-race')).toHaveLength(10);
  });

  it('counts 80 concurrent calls against a limit of 50 from two store objects: exactly 50 allowed', async () => {
    const second = await harness.open();
    const quotas = [createQuotaService({ counters: store }), createQuotaService({ counters: second })];
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) => quotas[i % 2].checkAndIncrement(owner('key-1'), 'sanctions-screening', 1, 50, NOW)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(50);
    expect(Math.max(...results.map((r) => r.used))).toBe(50);
    expect((await quotas[1].peek(owner('key-1'), 'sanctions-screening', 50, NOW)).used).toBe(50);
  });

  it('consumes nothing for a call that would exceed, and keeps services and keys apart', async () => {
    const quota = createQuotaService({ counters: store });
    expect((await quota.checkAndIncrement(owner('key-1'), 'svc-a', 45, 50, NOW)).remaining).toBe(5);
    const denied = await quota.checkAndIncrement(owner('key-1'), 'svc-a', 10, 50, NOW);
    expect(denied).toMatchObject({ allowed: false, used: 45, remaining: 5, limit: 50, resetAt: '2031-04-01T00:00:00.000Z' });
    expect(denied.retryAfterSeconds).toBe((Date.parse('2031-04-01T00:00:00Z') - NOW.getTime()) / 1000);
    expect(await quota.checkAndIncrement(owner('key-1'), 'svc-a', 5, 50, NOW)).toMatchObject({ allowed: true, used: 50, remaining: 0 });
    expect((await quota.peek(owner('key-1'), 'svc-b', 50, NOW)).used).toBe(0);
    expect((await quota.peek(owner('key-2'), 'svc-a', 50, NOW)).used).toBe(0);
  });

  it('starts a fresh count in a new UTC month (injected clock)', async () => {
    const quota = createQuotaService({ counters: store });
    const lastSecond = new Date('2031-12-31T23:59:59.000Z');
    expect((await quota.checkAndIncrement(owner('key-1'), 'svc-a', 3, 3, lastSecond)).allowed).toBe(true);
    expect((await quota.checkAndIncrement(owner('key-1'), 'svc-a', 1, 3, lastSecond)).allowed).toBe(false);
    const newYear = new Date('2032-01-01T00:00:00.000Z');
    expect(await quota.checkAndIncrement(owner('key-1'), 'svc-a', 1, 3, newYear)).toMatchObject({
      allowed: true,
      used: 1,
      resetAt: '2032-02-01T00:00:00.000Z',
    });
  });

  it('charges and audits in one step: allowed writes both, refused writes neither, a refund undoes both', async () => {
    const quota = createQuotaService({ counters: store });
    // With the versions an answer was computed from and its hash, kept in the same atomic step.
    const record = () => ({
      requestId: randomUUID(), accountId: OWNER, screenedAt: NOW.toISOString(), bodySha256: 'c'.repeat(64),
      listsVersion: '0123456789abcdef', engineVersion: 'fedcba9876543210', answerSha256: 'e'.repeat(64),
    });
    const two = [record(), record()];
    const allowed = await quota.chargeWithAudit(owner('key-1'), 'svc-a', 3, two, NOW);
    expect(allowed.quota).toMatchObject({ allowed: true, used: 2, remaining: 1 });
    expect(allowed.charge).toMatchObject({ accountId: OWNER, keyId: 'key-1', serviceId: 'svc-a', period: '2031-03', units: 2 });
    for (const r of two) expect(await store.getAudit(OWNER, r.requestId, NOW)).toEqual(r);

    const over = [record(), record()];
    const refused = await quota.chargeWithAudit(owner('key-1'), 'svc-a', 3, over, NOW);
    expect(refused.charge).toBeNull();
    expect(refused.quota).toMatchObject({ allowed: false, used: 2, remaining: 1 });
    for (const r of over) expect(await store.getAudit(OWNER, r.requestId, NOW)).toBeNull();

    await quota.refundCharge(allowed.charge!);
    expect((await quota.peek(owner('key-1'), 'svc-a', 3, NOW)).used).toBe(0);
    for (const r of two) expect(await store.getAudit(OWNER, r.requestId, NOW)).toBeNull();
    // A refund never takes the counter below zero (a second refund of the same charge).
    await quota.refundCharge(allowed.charge!);
    expect((await quota.peek(owner('key-1'), 'svc-a', 3, NOW)).used).toBe(0);
  });

  it('refunds by requestId, idempotently: only a charge whose records exist gives units back', async () => {
    const quota = createQuotaService({ counters: store });
    const record = () => ({ requestId: randomUUID(), accountId: OWNER, screenedAt: NOW.toISOString(), bodySha256: 'c'.repeat(64) });
    const kept = await quota.chargeWithAudit(owner('key-r'), 'svc-a', 10, [record(), record()], NOW);
    const undone = await quota.chargeWithAudit(owner('key-r'), 'svc-a', 10, [record()], NOW);
    expect((await quota.peek(owner('key-r'), 'svc-a', 10, NOW)).used).toBe(3);
    await quota.refundCharge(undone.charge!);
    await quota.refundCharge(undone.charge!);
    // A charge that never applied (its reply lost before it reached the store) gives nothing back.
    const neverApplied = { ...undone.charge!, requestIds: [randomUUID()] };
    await quota.refundCharge(neverApplied);
    expect((await quota.peek(owner('key-r'), 'svc-a', 10, NOW)).used).toBe(2);
    for (const id of kept.charge!.requestIds) expect(await store.getAudit(OWNER, id, NOW)).not.toBeNull();
  });

  it('charges 80 concurrent single-unit screenings with audit from two store objects: exactly 50 allowed and audited', async () => {
    const second = await harness.open();
    const quotas = [createQuotaService({ counters: store }), createQuotaService({ counters: second })];
    const records = Array.from({ length: 80 }, () => ({ requestId: randomUUID(), accountId: OWNER, screenedAt: NOW.toISOString(), bodySha256: 'd'.repeat(64) }));
    const results = await Promise.all(records.map((r, i) => quotas[i % 2].chargeWithAudit(owner('key-9'), 'svc-a', 50, [r], NOW)));
    expect(results.filter((r) => r.charge !== null)).toHaveLength(50);
    const audited = await Promise.all(records.map((r) => store.getAudit(OWNER, r.requestId, NOW)));
    expect(audited.filter((a) => a !== null)).toHaveLength(50);
    records.forEach((r, i) => expect(audited[i] !== null).toBe(results[i].charge !== null));
  });

  it('keeps an audit record until it expires, then answers null', async () => {
    const record = { requestId: randomUUID(), accountId: OWNER, screenedAt: new Date().toISOString(), bodySha256: 'a'.repeat(64) };
    await store.putAudit(record, new Date(Date.now() + 400));
    expect(await store.getAudit(OWNER, record.requestId, new Date())).toEqual(record);
    expect(await store.getAudit(OWNER, randomUUID(), new Date())).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    await store.purgeExpired(new Date());
    expect(await store.getAudit(OWNER, record.requestId, new Date())).toBeNull();
  });

  it('delivers a revocation published by one store object to another', async () => {
    const second = await harness.open();
    const heard = new Promise((resolve) => second.onRevocation(resolve));
    await store.publishRevocation({ kind: 'revoked', keyId: 'k1', tokenSha256: 'b'.repeat(64) });
    const event = await Promise.race([heard, new Promise((resolve) => setTimeout(() => resolve('timeout'), 1000))]);
    expect(event).toEqual({ kind: 'revoked', keyId: 'k1', tokenSha256: 'b'.repeat(64) });
  });
});
