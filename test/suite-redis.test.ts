/**
 * The suite runs on its own redis-server (test/global-setup.ts): proves that the Redis the tests
 * use is one the suite started (a free port, its own temp directory), that no test source names
 * the machine's default Redis, and that a missing binary stops the run with one line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { ensureRedisServer } from './support/redis-server.js';
import { REDIS_TEST_URL } from './support/redis-url.js';
import { PROJECT_DIR } from './support/shared.js';

function sources(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter(keep);
}

describe("the suite's own Redis", () => {
  it('is a redis-server the suite started: a free port, persistence off, its own temp directory', async () => {
    const url = new URL(REDIS_TEST_URL);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.port).not.toBe('6379');
    const client = createClient({ url: REDIS_TEST_URL });
    await client.connect();
    try {
      const config = await client.configGet(['dir', 'save', 'appendonly']);
      expect(config.dir.startsWith(join(tmpdir(), 'rps-redis-'))).toBe(true);
      expect(config.save).toBe('');
      expect(config.appendonly).toBe('no');
    } finally {
      client.destroy();
    }
  });

  it('is the only Redis any test names: no test source has a Redis URL to the machine\'s default one', () => {
    const files = [
      ...sources(join(PROJECT_DIR, 'test'), (p) => p.endsWith('.ts')),
      ...sources(join(PROJECT_DIR, 'src'), (p) => p.endsWith('.test.ts')),
    ].filter((p) => !p.endsWith('suite-redis.test.ts'));
    expect(files.length).toBeGreaterThan(20);
    // redis://[user@]127.0.0.1 or localhost with no port (6379) or :6379.
    const defaultRedis = /rediss?:\/\/([^@'"`\s/]*@)?(127\.0\.0\.1|localhost)(:6379)?(?![:\d])/;
    const offenders = files.filter((p) => defaultRedis.test(readFileSync(p, 'utf8')));
    expect(offenders.map((p) => relative(PROJECT_DIR, p))).toEqual([]);
  });

  it('stops with one line saying how when redis-server is missing and cannot be installed', () => {
    const path = process.env.PATH;
    process.env.PATH = join(tmpdir(), 'rps-no-binaries-here');
    try {
      expect(() => ensureRedisServer()).toThrow(/^redis-server is not installed and cannot be installed here .*run `npm test` again$/);
    } finally {
      process.env.PATH = path;
    }
  });
});
