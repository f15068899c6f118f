/**
 * @module What createState (state/create-state.ts) takes and gives: the composed state layer.
 * Options are explicit; only src/config.ts reads the environment.
 */
import type { AuditService } from '../audit/types.js';
import type { DecisionService } from '../decisions/decision-service.js';
import type { SessionOptions } from '../identity/session-options.js';
import type { IdentityLogger, IdentityService } from '../identity/types.js';
import type { QuotaService } from '../quota/types.js';
import type { StoreTimer } from '../store/timed-store.js';
import type { Store, StoreLogger } from '../store/types.js';

/** What the store and identity log through (pino-compatible), so neither depends on a logger implementation. */
export type StateLogger = StoreLogger & IdentityLogger;

export interface StateOptions {
  /** When set, Redis holds everything; else the embedded lmdb store in dataDir. */
  readonly redisUrl?: string;
  /** Embedded store and the generated development session secret. */
  readonly dataDir: string;
  /** How often the embedded store flushes commits to disk; 0 = each commit. Default 1000. */
  readonly lmdbSyncIntervalMs?: number;
  /** Prefix of every Redis key and channel (and lmdb database names). Default "rps:". */
  readonly keyPrefix?: string;
  readonly session: SessionOptions;
  /** Default ["sanctions-screening"]. */
  readonly defaultSubscriptions?: readonly string[];
  /** Default 10. */
  readonly defaultKeyLimit?: number;
  /** Default 1,000,000 calls per service per month. */
  readonly defaultMonthlyLimitCap?: number;
  /** Live decisions on matches per account; default 10,000. */
  readonly decisionsLimit?: number;
  /** Days a decision lives; default 365. */
  readonly decisionsRetentionDays?: number;
  readonly logger?: StateLogger;
  /** Told the duration of every store operation (the store latency histogram). */
  readonly observeStore?: StoreTimer;
  /** Injectable clock for tests. */
  readonly now?: () => Date;
}

export interface State {
  readonly store: Store;
  readonly identity: IdentityService;
  readonly quota: QuotaService;
  readonly audit: AuditService;
  readonly decisions: DecisionService;
  close(): Promise<void>;
}
