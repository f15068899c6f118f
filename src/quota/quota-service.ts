/**
 * @module Monthly quotas per key, per service, per UTC month, on any CounterStore.
 * The store does the atomic compare-and-add; this module only names the period and shapes the answer.
 */
import { auditExpiresAt, checkRecord } from '../audit/audit-service.js';
import { isStoreUnavailable } from '../store/errors.js';
import type { CounterIncrement, CounterRef, CounterStore } from '../store/types.js';
import { PendingRefunds } from './compensation.js';
import { nextMonthStart, periodOf, secondsUntil } from './month.js';
import type { Charge, KeyOwner, QuotaService, QuotaStatus } from './types.js';

export interface QuotaServiceOptions {
  readonly counters: CounterStore;
  readonly now?: () => Date;
}

export function createQuotaService(options: QuotaServiceOptions): QuotaService {
  const clock = options.now ?? (() => new Date());
  const { counters } = options;
  const refunds = new PendingRefunds(counters);

  return {
    async checkAndIncrement(key, serviceId, units, limit, now = clock()) {
      assertPositiveInteger('units', units);
      assertPositiveInteger('limit', limit);
      const resetAt = nextMonthStart(now);
      const ref = counterRef(key, serviceId, now);
      const { allowed, used } = await counters.incrementIfWithin(ref, units, limit, resetAt);
      return status(allowed, used, limit, now, resetAt);
    },

    async chargeWithAudit(key, serviceId, limit, audit, now = clock()) {
      assertPositiveInteger('units', audit.length);
      assertPositiveInteger('limit', limit);
      for (const record of audit) {
        checkRecord(record);
        // One expiry for the whole charge: the records are of one call, screened at one time.
        if (record.screenedAt !== audit[0].screenedAt) throw new RangeError('the records of one charge share screenedAt');
        if (record.accountId !== key.accountId) throw new RangeError('the records of a charge are of the key\'s account');
      }
      const resetAt = nextMonthStart(now);
      const ref = counterRef(key, serviceId, now);
      const units = audit.length;
      const charge: Charge = { ...ref, units, requestIds: audit.map((r) => r.requestId) };
      let result: CounterIncrement;
      try {
        result = await counters.chargeWithAudit({ ref, units, limit, counterExpiresAt: resetAt, audit, auditExpiresAt: auditExpiresAt(audit[0]) });
      } catch (error) {
        // No reply: the charge may still apply (or have applied). The call is refused (503), so it
        // must leave no unit and no record: void it as soon as the store answers again.
        if (isStoreUnavailable(error)) refunds.retryLater(charge);
        throw error;
      }
      const quota = status(result.allowed, result.used, limit, now, resetAt);
      return { quota, charge: result.allowed ? charge : null };
    },

    refundCharge: (charge) => refunds.refund(charge),

    pendingRefunds: () => refunds.size,

    close: () => refunds.stop(),

    async peek(key, serviceId, limit, now = clock()) {
      assertPositiveInteger('limit', limit);
      const used = await counters.readCounter(counterRef(key, serviceId, now));
      return status(true, used, limit, now, nextMonthStart(now));
    },
  };
}

function counterRef(key: KeyOwner, serviceId: string, now: Date): CounterRef {
  return { accountId: key.accountId, keyId: key.keyId, serviceId, period: periodOf(now) };
}

function status(allowed: boolean, used: number, limit: number, now: Date, resetAt: Date): QuotaStatus {
  return {
    allowed,
    used,
    // A key's limit may have been lowered below what it already used this month.
    remaining: Math.max(0, limit - used),
    limit,
    resetAt: resetAt.toISOString(),
    retryAfterSeconds: secondsUntil(now, resetAt),
  };
}

/** A programming error in the caller, not a user input: the HTTP layer counts entities itself. */
function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}
