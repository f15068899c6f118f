/**
 * @module Opens each store implementation for the shared suites: lmdb in a fresh temp directory,
 * the suite's own Redis (REDIS_TEST_URL, test/global-setup.ts) under a random key prefix removed afterwards.
 * Each harness can open a second, independent store object on the same data, to act as a second
 * thread (lmdb) or a second instance with its own connections (Redis). `storeHarnesses()` adds a
 * 3-master Redis Cluster that the calling file starts and stops.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { openLmdbStore } from '../src/store/lmdb/lmdb-store.js';
import { openRedisStore } from '../src/store/redis/redis-store.js';
import type { Store } from '../src/store/types.js';

import { REDIS_TEST_URL, useRedisCluster } from './support/redis-url.js';

export { REDIS_TEST_URL };

export interface StoreHarness {
  readonly name: 'lmdb' | 'redis' | 'redis-cluster';
  /** Where the data lives: the lmdb temp directory or the Redis key prefix. */
  readonly location: string;
  open(): Promise<Store>;
  /** Closes every store this harness opened and deletes its data. */
  cleanup(): Promise<void>;
}

export function lmdbHarness(): StoreHarness {
  const dir = mkdtempSync(join(tmpdir(), 'rps-store-'));
  const opened: Store[] = [];
  return {
    name: 'lmdb',
    location: dir,
    async open() {
      const store = openLmdbStore({ dataDir: dir, namePrefix: 'test:' });
      opened.push(store);
      return store;
    },
    async cleanup() {
      await Promise.all(opened.map((store) => store.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function redisHarness(): StoreHarness {
  return redisUrlHarness('redis', () => REDIS_TEST_URL, deleteRedisPrefix);
}

/** On the file's own cluster, dropped with the cluster after the file: no cleanup of keys. */
export function redisClusterHarness(url: () => string): StoreHarness {
  return redisUrlHarness('redis-cluster', url, async () => undefined);
}

function redisUrlHarness(name: StoreHarness['name'], url: () => string, deletePrefix: (prefix: string) => Promise<void>): StoreHarness {
  const prefix = `rps-test-${randomUUID()}:`;
  const opened: Store[] = [];
  return {
    name,
    location: prefix,
    async open() {
      const store = await openRedisStore({ url: url(), keyPrefix: prefix });
      opened.push(store);
      return store;
    },
    async cleanup() {
      await Promise.all(opened.map((store) => store.close()));
      await deletePrefix(prefix);
    },
  };
}

export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const client = createClient({ url: REDIS_TEST_URL });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}

/** The account of the quota and audit cases' keys. */
export const OWNER = 'acct-q';
export const owner = (keyId: string): { accountId: string; keyId: string } => ({ accountId: OWNER, keyId });

type HarnessEntry = readonly [name: string, make: () => StoreHarness];

export const HARNESSES: ReadonlyArray<HarnessEntry> = [
  ['lmdb', lmdbHarness],
  ['redis', redisHarness],
];

/** HARNESSES plus a Redis Cluster; call at the top of a test file (it registers the cluster's hooks). */
export function storeHarnesses(): ReadonlyArray<HarnessEntry> {
  const clusterUrl = useRedisCluster();
  return [...HARNESSES, ['redis-cluster', () => redisClusterHarness(clusterUrl)]];
}
