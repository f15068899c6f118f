/**
 * @module Composes the state layer: Redis when redisUrl is set, else the embedded lmdb store in
 * dataDir; then the identity, quota and audit services on top of it. The composition roots
 * (server/, cli/) call this; identity/, quota/ and audit/ never see which store they run on.
 */
import { createAuditService } from '../audit/audit-service.js';
import { createDecisionService } from '../decisions/decision-service.js';
import { ACCOUNT_DEFAULTS, type AccountDefaults } from '../identity/accounts.js';
import { createIdentityService } from '../identity/identity-service.js';
import { createSessionVerifier } from '../identity/session-verifier.js';
import { createQuotaService } from '../quota/quota-service.js';
import { openLmdbStore } from '../store/lmdb/lmdb-store.js';
import { openRedisStore } from '../store/redis/redis-store.js';
import { timedStore } from '../store/timed-store.js';
import type { Store } from '../store/types.js';
import type { State, StateOptions } from './state-types.js';

/** How often the embedded store drops expired audit records and past months' counters. */
export const PURGE_INTERVAL_MS = 3600_000;

export async function openStore(options: StateOptions): Promise<Store> {
  const keyPrefix = options.keyPrefix ?? 'rps:';
  if (options.redisUrl !== undefined) {
    return openRedisStore({ url: options.redisUrl, keyPrefix, ...(options.logger && { logger: options.logger }) });
  }
  return openLmdbStore({
    dataDir: options.dataDir, namePrefix: keyPrefix,
    ...(options.lmdbSyncIntervalMs !== undefined && { syncIntervalMs: options.lmdbSyncIntervalMs }),
  });
}

export function accountDefaultsOf(options: StateOptions): AccountDefaults {
  return {
    subscriptions: options.defaultSubscriptions ?? ACCOUNT_DEFAULTS.subscriptions,
    keyLimit: options.defaultKeyLimit ?? ACCOUNT_DEFAULTS.keyLimit,
    monthlyLimitCap: options.defaultMonthlyLimitCap ?? ACCOUNT_DEFAULTS.monthlyLimitCap,
  };
}

export async function createState(options: StateOptions): Promise<State> {
  const now = options.now ?? (() => new Date());
  // Resolve the session key before opening the store: a bad key setting fails without side effects.
  const sessions = createSessionVerifier(options.session, options.dataDir);
  const opened = await openStore(options);
  const store = options.observeStore === undefined ? opened : timedStore(opened, options.observeStore);
  const identity = createIdentityService({
    store,
    sessions,
    defaults: accountDefaultsOf(options),
    now,
    ...(options.logger && { logger: options.logger }),
  });
  const purge = schedulePurge(store, now, options);
  const quota = createQuotaService({ counters: store, now });
  return {
    store,
    identity,
    quota,
    audit: createAuditService({ store, now }),
    decisions: createDecisionService({
      store, now, limit: options.decisionsLimit ?? 10_000, retentionDays: options.decisionsRetentionDays ?? 365,
    }),
    async close() {
      clearInterval(purge);
      quota.close();
      await identity.close();
      await store.close();
    },
  };
}

function schedulePurge(store: Store, now: () => Date, options: StateOptions): NodeJS.Timeout {
  const run = (): void => {
    store.purgeExpired(now()).catch((error: unknown) => options.logger?.warn({ error: String(error) }, 'store purge failed'));
  };
  run();
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  timer.unref();
  return timer;
}
