/**
 * @module Config (src/config.ts, the only reader of the environment) -> StateOptions.
 */
import type { Config } from '../config.js';
import type { StateLogger, StateOptions } from './state-types.js';

export function stateOptionsFromConfig(config: Readonly<Config>, logger?: StateLogger): StateOptions {
  const defined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);
  return {
    redisUrl: defined(config.redisUrl),
    dataDir: config.dataDir,
    lmdbSyncIntervalMs: config.lmdbSyncIntervalMs,
    keyPrefix: config.redisKeyPrefix,
    session: {
      secret: defined(config.sessionJwtSecret),
      jwksUrl: defined(config.sessionJwksUrl),
      publicKeyPem: defined(config.sessionJwtPublicKey),
      issuer: defined(config.sessionJwtIssuer),
      audience: defined(config.sessionJwtAudience),
      maxAgeSeconds: config.sessionJwtMaxAgeSeconds,
    },
    defaultSubscriptions: config.defaultSubscriptions,
    defaultKeyLimit: config.defaultKeyLimit,
    defaultMonthlyLimitCap: config.defaultMonthlyLimitCap,
    decisionsLimit: config.decisionsLimit,
    decisionsRetentionDays: config.decisionsRetentionDays,
    ...(logger !== undefined && { logger }),
  };
}
