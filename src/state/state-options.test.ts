import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { stateOptionsFromConfig } from './state-options.js';

describe('state settings from the environment', () => {
  it('defaults to the embedded store, the generated secret and the documented account defaults', () => {
    const options = stateOptionsFromConfig(loadConfig({}));
    expect(options).toEqual({
      redisUrl: undefined,
      dataDir: '.data',
      decisionsLimit: 10000,
      decisionsRetentionDays: 365,
      lmdbSyncIntervalMs: 1000,
      keyPrefix: 'rps:',
      session: { secret: undefined, jwksUrl: undefined, publicKeyPem: undefined, issuer: undefined, audience: undefined, maxAgeSeconds: 86_400 },
      defaultSubscriptions: ['sanctions-screening'],
      defaultKeyLimit: 10,
      defaultMonthlyLimitCap: 1_000_000,
    });
  });

  it('maps every setting', () => {
    const options = stateOptionsFromConfig(
      loadConfig({
        REDIS_URL: 'rediss://:pw@redis.internal:6380/2',
        REDIS_KEY_PREFIX: 'prod:',
        DATA_DIR: '/var/lib/rps',
        SESSION_JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nAAAA\\n-----END PUBLIC KEY-----',
        SESSION_JWT_ISSUER: 'https://id.example',
        SESSION_JWT_AUDIENCE: 'rps',
        DEFAULT_SUBSCRIPTIONS: 'sanctions-screening, geo-risk',
        DEFAULT_KEY_LIMIT: '25',
        DEFAULT_MONTHLY_LIMIT_CAP: '5000000',
      }),
    );
    expect(options).toMatchObject({
      redisUrl: 'rediss://:pw@redis.internal:6380/2',
      keyPrefix: 'prod:',
      dataDir: '/var/lib/rps',
      session: { publicKeyPem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', issuer: 'https://id.example', audience: 'rps' },
      defaultSubscriptions: ['sanctions-screening', 'geo-risk'],
      defaultKeyLimit: 25,
      defaultMonthlyLimitCap: 5_000_000,
    });
  });

  it('stops the start with a one-line reason that never shows a secret', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ REDIS_URL: 'http://redis:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
      [{ REDIS_URL: 'redis://:hunter2@:bad' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
      [{ REDIS_KEY_PREFIX: 'rps{x}:' }, 'REDIS_KEY_PREFIX must not contain { or } (they would change Redis Cluster hash slots)'],
      [{ SESSION_JWT_SECRET: 'short-hunter2' }, 'SESSION_JWT_SECRET must be at least 32 characters'],
      [{ SESSION_JWT_SECRET: 'x'.repeat(32), SESSION_JWKS_URL: 'https://id/jwks' }, 'set only one of SESSION_JWT_SECRET, SESSION_JWKS_URL'],
      [{ SESSION_JWKS_URL: 'ftp://id/jwks' }, 'SESSION_JWKS_URL must be an http(s) URL'],
      [{ DEFAULT_SUBSCRIPTIONS: 'Sanctions' }, 'DEFAULT_SUBSCRIPTIONS must be comma-separated service IDs'],
      [{ DEFAULT_KEY_LIMIT: 'ten' }, 'DEFAULT_KEY_LIMIT must be a whole number of at least 1'],
    ];
    for (const [env, message] of cases) {
      let error: unknown;
      try {
        loadConfig(env);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});
