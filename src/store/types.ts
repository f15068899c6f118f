/**
 * @module The storage contract shared by the embedded (lmdb) and Redis stores.
 * identity/, quota/ and audit/ see only these interfaces, never a concrete store.
 * Expected outcomes (limit reached, not found) are values; an unreachable store throws
 * StoreUnavailableError (store/errors.ts).
 */

/** A key as stored. Never holds the token, only its SHA-256. */
export interface StoredKey {
  readonly keyId: string;
  readonly accountId: string;
  readonly name: string;
  /** First 16 characters of the token, shown by dashboards. */
  readonly prefix: string;
  /** SHA-256 of the full token, lowercase hex. */
  readonly tokenSha256: string;
  readonly allowedServiceIds: readonly string[];
  readonly monthlyLimit: number;
  /** ISO 8601 UTC. */
  readonly expiresAt: string;
  readonly createdAt: string;
  /** ISO 8601 UTC when revoked, else null. */
  readonly revokedAt: string | null;
}

export interface Account {
  readonly accountId: string;
  /** Service IDs the account's keys may call; ["*"] means every service. */
  readonly subscriptions: readonly string[];
  /** Most active (neither revoked nor expired) keys at once. */
  readonly keyLimit: number;
  /** Highest monthlyLimit a key of this account may be given. */
  readonly monthlyLimitCap: number;
  readonly createdAt: string;
}

export type InsertKeyResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: 'key_limit_reached'; readonly activeKeys: number };

/** Identifies one quota counter: one key (of one account), one service, one UTC month. */
export interface CounterRef {
  /** The key's account: Redis keeps an account's counters and audit records in one hash slot. */
  readonly accountId: string;
  readonly keyId: string;
  readonly serviceId: string;
  /** UTC month, "YYYY-MM". */
  readonly period: string;
}

export interface CounterIncrement {
  readonly allowed: boolean;
  /** Units used in the period after this call (unchanged when not allowed). */
  readonly used: number;
}

/**
 * One quota charge together with the audit records of what it pays for, applied in one atomic
 * step (one Redis script, one lmdb transaction): the counter grows and the records appear
 * together, or neither happens.
 */
export interface ChargeRequest {
  readonly ref: CounterRef;
  readonly units: number;
  readonly limit: number;
  /** When the counter may be dropped (the end of its month). */
  readonly counterExpiresAt: Date;
  /** Written only when the charge is allowed; may be empty. */
  readonly audit: readonly AuditRecord[];
  /** When the audit records expire (screenedAt + 30 days). */
  readonly auditExpiresAt: Date;
}

export interface AuditRecord {
  readonly requestId: string;
  /** The account whose key made the screening: only its keys may read the record. */
  readonly accountId: string;
  readonly screenedAt: string;
  /** SHA-256 of the request body (or canonical entity JSON), lowercase hex. */
  readonly bodySha256: string;
  /**
   * What the answer was computed from and what it was (API.md "List versions, reconstruction and
   * changes"): the coverage's listsVersion, the matching release, and SHA-256 of the answer bytes
   * sent (of the slot's canonical JSON in a batch). Absent on records written before they existed.
   */
  readonly listsVersion?: string;
  readonly engineVersion?: string;
  readonly answerSha256?: string;
}

/** The fields an audit record keeps, whatever else the object given carries: no personal data can slip in. */
export function auditFields(record: AuditRecord): AuditRecord {
  const { requestId, accountId, screenedAt, bodySha256, listsVersion, engineVersion, answerSha256 } = record;
  const kept: AuditRecord = { requestId, accountId, screenedAt, bodySha256 };
  // Only the versions present: a record written before they existed stays as it was.
  return answerSha256 === undefined ? kept : { ...kept, listsVersion, engineVersion, answerSha256 };
}

/**
 * Published when a key is revoked so every instance drops it from its cache at once.
 * `resync` means events may have been missed (reconnect): drop the whole cache.
 */
export type RevocationEvent =
  | { readonly kind: 'revoked'; readonly keyId: string; readonly tokenSha256: string }
  | { readonly kind: 'resync' };

export interface AccountStore {
  getAccount(accountId: string): Promise<Account | null>;
  /** Creates the account when absent; returns the stored one either way (first writer wins). */
  ensureAccount(initial: Account): Promise<Account>;
  /** Creates or overwrites. */
  putAccount(account: Account): Promise<void>;
}

export interface KeyStore {
  /**
   * Atomically counts the account's active keys (not revoked, expiresAt > now) and inserts
   * the key only when that count is below activeKeyLimit.
   */
  insertKey(key: StoredKey, activeKeyLimit: number, now: Date): Promise<InsertKeyResult>;
  /** Null when absent or another account's (indistinguishable). */
  getKey(accountId: string, keyId: string): Promise<StoredKey | null>;
  getKeyByTokenHash(tokenSha256: string): Promise<StoredKey | null>;
  /** Every key of the account, any status, newest first. */
  listKeys(accountId: string): Promise<StoredKey[]>;
  /**
   * Marks the key revoked (keeps the first revokedAt when repeated). Null when the key does
   * not exist or belongs to another account: the two cases are indistinguishable.
   */
  revokeKey(accountId: string, keyId: string, now: Date): Promise<StoredKey | null>;
}

export interface CounterStore {
  /**
   * In one atomic step: adds `units` when used + units <= limit, else changes nothing.
   * `expiresAt` is when the counter may be dropped (the end of its month).
   */
  incrementIfWithin(ref: CounterRef, units: number, limit: number, expiresAt: Date): Promise<CounterIncrement>;
  /**
   * incrementIfWithin and, only when allowed, every audit record of the charge, in one atomic step.
   * Nothing at all is written when the charge would exceed the limit.
   */
  chargeWithAudit(charge: ChargeRequest): Promise<CounterIncrement>;
  /**
   * Undoes a charge whose request failed afterwards, or whose outcome is unknown (no reply in time):
   * in one atomic step, when the charge's audit records exist, deletes them and gives back `units`
   * (never below zero). Idempotent: a second call, or one for a charge never applied, changes
   * nothing; on Redis the charge is also marked void so it cannot apply afterwards.
   */
  refundCharge(ref: CounterRef, units: number, requestIds: readonly string[]): Promise<void>;
  readCounter(ref: CounterRef): Promise<number>;
}

/** What an Idempotency-Key of POST /me/api-keys is bound to (24 h). */
export interface IdempotencyRecord {
  /** The key created (or being created) under it. */
  readonly keyId: string;
  /** SHA-256 of the canonical create body, lowercase hex. */
  readonly bodySha256: string;
}

export interface KeyExtrasStore {
  /**
   * Atomically binds (account, SHA-256 of the Idempotency-Key) to `record` for `ttlMs` unless a live
   * binding exists; answers null when bound now, else the existing binding (nothing written).
   */
  claimIdempotency(accountId: string, keySha256: string, record: IdempotencyRecord, ttlMs: number): Promise<IdempotencyRecord | null>;
  /** Drops the binding only while it still names `keyId` (a create that failed gives its claim back). */
  releaseIdempotency(accountId: string, keySha256: string, keyId: string): Promise<void>;
  /** Records a use of the key at `at`; callers bound how often (at most once a minute per key). */
  touchKey(accountId: string, keyId: string, at: Date): Promise<void>;
  /** keyId -> last recorded use (ISO 8601 UTC) of the account's keys ever used. */
  lastUsedOf(accountId: string): Promise<Map<string, string>>;
}

export interface AuditStore {
  putAudit(record: AuditRecord, expiresAt: Date): Promise<void>;
  /**
   * Null when absent, expired at `now`, or made by another account (indistinguishable: a record of
   * another account must not be confirmable). Records written without an account are nobody's.
   */
  getAudit(accountId: string, requestId: string, now: Date): Promise<AuditRecord | null>;
}

/** An analyst's decision on one matched entry for one subject (API.md, "Decisions on matches"). */
export type DecisionValue = 'false-positive' | 'true-match';

/**
 * A decision as stored: no name, date or nationality of the subject, only `subjectKey`, an
 * HMAC-SHA256 under the account's secret of the subject as normalised for matching.
 */
export interface StoredDecision {
  readonly decisionId: string;
  readonly accountId: string;
  /** HMAC-SHA256 hex of the normalised subject under the account's secret. */
  readonly subjectKey: string;
  readonly listSource: string;
  readonly entryId: string;
  /** The entry's content hash when decided (src/lists/versions.ts entryContentHash). */
  readonly entryVersion: string;
  readonly decision: DecisionValue;
  /** The caller's case ID, or null. */
  readonly reference: string | null;
  /** ISO 8601 UTC. */
  readonly decidedAt: string;
  /** The API key that recorded it. */
  readonly keyId: string;
  /** ISO 8601 UTC: decidedAt + DECISIONS_RETENTION_DAYS; absent from every answer after. */
  readonly expiresAt: string;
}

/** What a screening looks a decision up by. */
export interface DecisionRef {
  readonly subjectKey: string;
  readonly listSource: string;
  readonly entryId: string;
}

export type PutDecisionResult =
  | { readonly ok: true; /** The decision it replaced (same subject and entry), or null. */ readonly replaced: string | null }
  | { readonly ok: false; readonly code: 'decision_limit_reached'; readonly count: number };

export interface DecisionQuery {
  readonly listSource?: string;
  readonly entryId?: string;
  readonly limit: number;
  /** decisionId of the last item of the previous page. */
  readonly startingAfter?: string;
}

export interface DecisionLookup {
  /** False when the account holds no decision at all: screening may skip lookups for a while. */
  readonly any: boolean;
  /** One per ref, in order: the live decision or null. */
  readonly found: readonly (StoredDecision | null)[];
}

/**
 * The audit record of a write, applied in the same atomic step as the write it records (a
 * decision's create or delete): both are stored, or, when anything fails, neither.
 */
export interface AuditWrite {
  readonly record: AuditRecord;
  readonly expiresAt: Date;
}

export interface DecisionStore {
  /**
   * The account's HMAC secret (64 hex), created atomically on the first call (first writer wins,
   * so every instance and thread agrees). Never shown, never logged.
   */
  decisionSecret(accountId: string): Promise<string>;
  /**
   * In one atomic step: drops the account's expired decisions, then stores `decision`, replacing a
   * live one on the same (subjectKey, listSource, entryId); refused when that would make more than
   * `limit` live decisions; `audit` is written in the same step when it stores (never when refused).
   */
  putDecision(decision: StoredDecision, limit: number, now: Date, audit: AuditWrite): Promise<PutDecisionResult>;
  /** Every ref looked up in one round trip; expired decisions are null. */
  findDecisions(accountId: string, refs: readonly DecisionRef[], now: Date): Promise<DecisionLookup>;
  /** Null when absent, expired or another account's (indistinguishable). */
  getDecision(accountId: string, decisionId: string, now: Date): Promise<StoredDecision | null>;
  /** Live decisions, newest first; `hasMore` when another page follows. */
  listDecisions(accountId: string, query: DecisionQuery, now: Date): Promise<{ data: StoredDecision[]; hasMore: boolean }>;
  /** Deletes and returns it, writing `audit` in the same step; null as for getDecision (nothing written). */
  deleteDecision(accountId: string, decisionId: string, now: Date, audit: AuditWrite): Promise<StoredDecision | null>;
}

export interface RevocationBus {
  publishRevocation(event: RevocationEvent): Promise<void>;
  /** Returns the unsubscribe function. Events published by this same store object are delivered too. */
  onRevocation(listener: (event: RevocationEvent) => void): () => void;
}

/** pino-compatible subset, so no store module depends on a logger implementation. */
export interface StoreLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export type StoreKind = 'lmdb' | 'redis';

export interface Store extends AccountStore, KeyStore, KeyExtrasStore, CounterStore, AuditStore, DecisionStore, RevocationBus {
  readonly kind: StoreKind;
  /** Resolves when the store answers; throws StoreUnavailableError otherwise (readyz). */
  ping(): Promise<void>;
  /** Drops expired audit records, decisions and counters of past months (Redis expires them itself). */
  purgeExpired(now: Date): Promise<void>;
  close(): Promise<void>;
}
