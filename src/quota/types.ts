/**
 * @module Monthly quotas: per key, per service, per UTC month. Over quota is a result, not an error.
 */

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

export interface QuotaService {
  /**
   * Atomically consumes `units` (>= 1) when they fit under `limit`; a call that would exceed the
   * limit consumes nothing and answers allowed: false.
   */
  checkAndIncrement(keyId: string, serviceId: string, units: number, limit: number, now?: Date): Promise<QuotaStatus>;
  /** Current usage without consuming anything (GET /lists headers). */
  peek(keyId: string, serviceId: string, limit: number, now?: Date): Promise<QuotaStatus>;
}
