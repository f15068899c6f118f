/**
 * @module The identity contract the HTTP layer programs against: session JWTs for /me/api-keys,
 * API keys for service calls. Every expected outcome is a result value; only an unreachable store
 * throws (StoreUnavailableError from store/errors.ts, mapped to 503 `store_unavailable`).
 */
import type { Account } from '../store/types.js';

export type { Account } from '../store/types.js';

export type KeyStatus = 'active' | 'revoked' | 'expired';

/** A key as the identity API shows it (GET/DELETE /me/api-keys). Never carries the token. */
export interface ApiKeyRecord {
  readonly keyId: string;
  readonly name: string;
  readonly prefix: string;
  readonly allowedServiceIds: readonly string[];
  readonly monthlyLimit: number;
  readonly expiresAt: string;
  readonly createdAt: string;
  readonly status: KeyStatus;
  /** Present only when revoked. */
  readonly revokedAt?: string;
  /** In list answers: the last accepted service call (recorded at most once a minute), null if none. */
  readonly lastUsedAt?: string | null;
}

/** The create response: the record plus the token, shown this once. */
export interface CreatedApiKey extends ApiKeyRecord {
  readonly token: string;
}

/** POST /me/api-keys body after JSON-shape validation (TypeBox+Ajv in server/). */
export interface CreateKeyInput {
  readonly name: string;
  readonly allowedServiceIds: readonly string[];
  /** ISO 8601 UTC; default now + 365 days. */
  readonly expiresAt?: string;
  /** Default 20000, at most the account's monthlyLimitCap. */
  readonly monthlyLimit?: number;
}

export interface FieldIssue {
  readonly field: string;
  readonly issue: string;
}

export type CreateKeyResult =
  | { readonly ok: true; readonly key: CreatedApiKey }
  | { readonly ok: false; readonly code: 'key_limit_reached'; readonly message: string }
  | { readonly ok: false; readonly code: 'invalid_request'; readonly message: string; readonly details: FieldIssue[] };

export type IdempotentCreateResult =
  | CreateKeyResult
  /** A replay: the key created the first time, without its token (the store never had it). */
  | { readonly ok: true; readonly key: ApiKeyRecord; readonly replayed: true }
  | { readonly ok: false; readonly code: 'idempotency_key_reused' | 'idempotency_key_in_use'; readonly message: string };

export type RevokeKeyResult =
  | { readonly ok: true; readonly key: ApiKeyRecord }
  | { readonly ok: false; readonly code: 'not_found' };

export type SessionResult =
  | { readonly ok: true; readonly account: Account }
  /** `reason` is safe to show the caller: it never contains the token or a secret. */
  | { readonly ok: false; readonly code: 'unauthorized'; readonly reason: string };

/** What a verified API key grants, for quota and logging (no token, no hash). */
export interface VerifiedKey {
  readonly keyId: string;
  readonly accountId: string;
  readonly prefix: string;
  readonly monthlyLimit: number;
  readonly allowedServiceIds: readonly string[];
  readonly expiresAt: string;
}

export type VerifyKeyFailure =
  | 'invalid_api_key'
  | 'api_key_revoked'
  | 'api_key_expired'
  | 'service_not_allowed'
  | 'not_subscribed';

export type VerifyKeyResult =
  | { readonly ok: true; readonly key: VerifiedKey; readonly account: Account }
  | { readonly ok: false; readonly code: VerifyKeyFailure };

/** pino-compatible subset: identity only warns (a last use or a revocation event not recorded). */
export interface IdentityLogger {
  warn(details: object, message: string): void;
}

export interface IdentityService {
  /** `jwt` is the bearer token without the "Bearer " prefix. Creates the account on first use. */
  verifySession(jwt: string): Promise<SessionResult>;
  createKey(accountId: string, input: CreateKeyInput): Promise<CreateKeyResult>;
  /** The same Idempotency-Key and body within 24 h answer the key made the first time (replayed). */
  createKeyIdempotent(accountId: string, input: CreateKeyInput, idempotencyKey: string): Promise<IdempotentCreateResult>;
  /** Newest first, every status. */
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Idempotent; another account's key or an unknown ID answers not_found. */
  revokeKey(accountId: string, keyId: string): Promise<RevokeKeyResult>;
  /** `token` is the bearer API key without the "Bearer " prefix. */
  verifyKey(token: string, serviceId: string): Promise<VerifyKeyResult>;
  close(): Promise<void>;
}
