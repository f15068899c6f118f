/**
 * @module Monthly quotas: per key, per service, per UTC month. Over quota is a result, not an error.
 */
import type { AuditRecord } from '../audit/types.js';

export interface QuotaStatus {
  /** True when the units were consumed (always true for peek). */
  readonly allowed: boolean;
  /** Units used this month after the call. */
  readonly used: number;
  readonly remaining: number;
  readonly limit: number;
  /** ISO 8601 UTC start of the next UTC month: X-RateLimit-Reset. */
  readonly resetAt: string;
  /** Whole seconds until resetAt (at least 1): Retry-After when not allowed. */
  readonly retryAfterSeconds: number;
}

/** The key a quota belongs to, and its account (a VerifiedKey or StoredKey fits). */
export interface KeyOwner {
  readonly keyId: string;
  readonly accountId: string;
}

/** What an allowed charge consumed, so a request that fails afterwards can give it back. */
export interface Charge {
  readonly accountId: string;
  readonly keyId: string;
  readonly serviceId: string;
  /** The UTC month charged: a refund after midnight of the month end still hits the right counter. */
  readonly period: string;
  readonly units: number;
  /** The audit records written with the charge. */
  readonly requestIds: readonly string[];
}

export interface ChargeResult {
  readonly quota: QuotaStatus;
  /** Null when the charge was refused (quota.allowed false): nothing was consumed or audited. */
  readonly charge: Charge | null;
}

export interface QuotaService {
  /**
   * Atomically consumes `units` (>= 1) when they fit under `limit`; a call that would exceed the
   * limit consumes nothing and answers allowed: false.
   */
  checkAndIncrement(key: KeyOwner, serviceId: string, units: number, limit: number, now?: Date): Promise<QuotaStatus>;
  /**
   * The quota step of a screening: consumes one unit per audit record when they fit under `limit`
   * and writes the records, in one atomic step (one Redis round trip). Refused: nothing written.
   * Every record must be of the key's account.
   */
  chargeWithAudit(key: KeyOwner, serviceId: string, limit: number, audit: readonly AuditRecord[], now?: Date): Promise<ChargeResult>;
  /**
   * Undoes an allowed charge whose request then failed or was never delivered: the units come back,
   * the records go. When the store cannot answer, the refund is retried until it does (and throws).
   */
  refundCharge(charge: Charge): Promise<void>;
  /** Refunds waiting for the store to answer again (charges whose reply never came, among them). */
  pendingRefunds(): number;
  /** Stops the retries (the state is closing). */
  close(): void;
  /** Current usage without consuming anything (GET /lists headers). */
  peek(key: KeyOwner, serviceId: string, limit: number, now?: Date): Promise<QuotaStatus>;
}
