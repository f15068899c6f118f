/**
 * Idempotency-Key bindings and keys' last use, on every store (lmdb, Redis and a Redis Cluster), with a second store
 * object on the same data (a second thread or instance) where atomicity matters.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../src/store/types.js';
import { storeHarnesses, type StoreHarness } from './store-harness.js';

const DAY_MS = 24 * 3600_000;

describe.each(storeHarnesses())('store key extras: %s', (_name, make) => {
  let harness: StoreHarness;
  let store: Store;

  beforeEach(async () => {
    harness = make();
    store = await harness.open();
  });
  afterEach(async () => harness.cleanup());

  it('binds an Idempotency-Key once per account; the first claim wins, others see it', async () => {
    const first = { keyId: 'key-1', bodySha256: 'a'.repeat(64) };
    expect(await store.claimIdempotency('acct-1', 'f'.repeat(64), first, DAY_MS)).toBeNull();
    expect(await store.claimIdempotency('acct-1', 'f'.repeat(64), { keyId: 'key-2', bodySha256: 'b'.repeat(64) }, DAY_MS)).toEqual(first);
    // Another account's binding of the same key is separate.
    expect(await store.claimIdempotency('acct-2', 'f'.repeat(64), { keyId: 'key-3', bodySha256: 'a'.repeat(64) }, DAY_MS)).toBeNull();
  });

  it('lets exactly one of 20 concurrent claims from two store objects bind the key', async () => {
    const stores = [store, await harness.open()];
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      stores[i % 2].claimIdempotency('acct-1', 'e'.repeat(64), { keyId: `key-${i}`, bodySha256: 'c'.repeat(64) }, DAY_MS)));
    const winners = claims.map((claim, i) => (claim === null ? i : -1)).filter((i) => i >= 0);
    expect(winners).toHaveLength(1);
    for (const claim of claims) if (claim !== null) expect(claim.keyId).toBe(`key-${winners[0]}`);
  });

  it('releases a binding only while it names the key, and forgets it after its time', async () => {
    const record = { keyId: 'key-1', bodySha256: 'a'.repeat(64) };
    await store.claimIdempotency('acct-1', 'd'.repeat(64), record, DAY_MS);
    await store.releaseIdempotency('acct-1', 'd'.repeat(64), 'key-other');
    expect(await store.claimIdempotency('acct-1', 'd'.repeat(64), { ...record, keyId: 'key-2' }, DAY_MS)).toEqual(record);
    await store.releaseIdempotency('acct-1', 'd'.repeat(64), 'key-1');
    expect(await store.claimIdempotency('acct-1', 'd'.repeat(64), { ...record, keyId: 'key-2' }, 300)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await store.claimIdempotency('acct-1', 'd'.repeat(64), { ...record, keyId: 'key-3' }, DAY_MS)).toBeNull();
  });

  it('keeps the last use of each key of an account, the latest write winning', async () => {
    expect(await store.lastUsedOf('acct-1')).toEqual(new Map());
    await store.touchKey('acct-1', 'key-1', new Date('2031-03-10T12:00:00.000Z'));
    await store.touchKey('acct-1', 'key-2', new Date('2031-03-10T12:01:00.000Z'));
    await store.touchKey('acct-1', 'key-1', new Date('2031-03-10T12:05:00.000Z'));
    await store.touchKey('acct-10', 'key-9', new Date('2031-03-10T12:05:00.000Z'));
    const other = await harness.open();
    expect(await other.lastUsedOf('acct-1')).toEqual(new Map([['key-1', '2031-03-10T12:05:00.000Z'], ['key-2', '2031-03-10T12:01:00.000Z']]));
  });
});
