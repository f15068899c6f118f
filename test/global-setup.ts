/**
 * @module vitest globalSetup: the suite starts its own redis-server on a free loopback port before
 * any test file and hands its URL to the tests (`inject('redisUrl')`, test/support/redis-url.ts),
 * so `npm test` needs nothing running beforehand and never touches another Redis. A missing binary
 * is installed when possible (root with apt) or stops the run at once with one line saying how.
 */
import type { TestProject } from 'vitest/node';
import { startRedisServer } from './support/redis-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** redis://127.0.0.1:<port> of the suite's own redis-server. */
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
