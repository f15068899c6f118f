/**
 * @module The suite's own Redis (started by test/global-setup.ts) and, for the files that need one,
 * a 3-master Redis Cluster started by the file itself (useRedisCluster).
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { startRedisCluster, type RedisCluster } from './redis-server.js';

/** redis://127.0.0.1:<port> of the suite's redis-server: the only Redis tests talk to. */
export const REDIS_TEST_URL: string = inject('redisUrl');

/**
 * Starts a 3-master cluster before the calling file's tests and stops it after them; the returned
 * function gives its URL (any node) once started.
 */
export function useRedisCluster(): () => string {
  let cluster: RedisCluster | undefined;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  }, 60_000);
  afterAll(async () => cluster?.stop());
  return () => {
    if (cluster === undefined) throw new Error('the test Redis cluster is not started yet (use it inside tests or hooks)');
    return cluster.url;
  };
}
