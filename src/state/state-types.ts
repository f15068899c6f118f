/**
 * @module What createState (store/create-state.ts) takes and gives: the composed state layer.
 * Options are explicit; only src/config.ts reads the environment.
 */
import type { AuditService } from '../audit/types.js';
import type { IdentityService } from '../identity/types.js';
import type { QuotaService } from '../quota/types.js';
import type { StoreTimer } from './timed-store.js';
import type { Store } from './types.js';

/** pino-compatible subset, so no module here depends on a logger implementation. */
export interface StateLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface SessionOptions {
  /** HS256 shared secret (SESSION_JWT_SECRET). */
  readonly secret?: string;
  /** JWKS endpoint (SESSION_JWKS_URL): RS256/ES256/EdDSA. */
  readonly jwksUrl?: string;
  /** SPKI PEM public key (SESSION_JWT_PUBLIC_KEY): RS256/ES256/EdDSA by key type. */
  readonly publicKeyPem?: string;
  readonly issuer?: string;
  readonly audience?: string;
  /** Oldest token accepted by its `iat` (SESSION_JWT_MAX_AGE); `iat` is then required. Default 24 h. */
  readonly maxAgeSeconds?: number;
}

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
  close(): Promise<void>;
}
