import { describe, expect, it } from 'vitest';
import type { Account, StoredKey } from '../store/types.js';
import { KeyCache } from './key-cache.js';

const account = { accountId: 'a' } as Account;
const entry = (keyId: string) => ({ key: { keyId } as StoredKey, account });

describe('key cache', () => {
  it('trusts an entry for less than 30 s, and not when the clock runs backwards', () => {
    const cache = new KeyCache();
    cache.set('h', entry('k'), 1_000, cache.generation);
    expect(cache.get('h', 30_999)?.key.keyId).toBe('k');
    expect(cache.get('h', 31_000)).toBeUndefined();
    cache.set('h', entry('k'), 1_000, cache.generation);
    expect(cache.get('h', 999)).toBeUndefined();
  });

  it('does not cache a load that raced an eviction', () => {
    const cache = new KeyCache();
    const generation = cache.generation;
    cache.evict('other'); // a revocation arrives while the store read is in flight
    cache.set('h', entry('k'), 0, generation);
    expect(cache.get('h', 1)).toBeUndefined();
  });

  it('evicts by digest, clears on resync, and stays within its bound', () => {
    const cache = new KeyCache(30_000, 3);
    for (const h of ['a', 'b', 'c', 'd']) cache.set(h, entry(h), 0, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.evict('b');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
