/**
 * @module Quota counters and audit records in the embedded store, with their expiry indexes.
 * Expired rows are purged by range scans over the expiry indexes, which touch only what expired.
 */
import { auditFields, type AuditRecord, type ChargeRequest, type CounterIncrement, type CounterRef } from '../types.js';
import type { CounterKey, LmdbDatabases } from './lmdb-databases.js';

function counterKey(ref: CounterRef): CounterKey {
  return [ref.period, ref.keyId, ref.serviceId];
}

export function incrementIfWithin(
  dbs: LmdbDatabases,
  ref: CounterRef,
  units: number,
  limit: number,
  expiresAt: Date,
): Promise<CounterIncrement> {
  return chargeWithAudit(dbs, { ref, units, limit, counterExpiresAt: expiresAt, audit: [], auditExpiresAt: expiresAt });
}

/** The quota step and the audit records of what it pays for, in one write transaction. */
export function chargeWithAudit(dbs: LmdbDatabases, charge: ChargeRequest): Promise<CounterIncrement> {
  const key = counterKey(charge.ref);
  return dbs.env.transaction((): CounterIncrement => {
    const used = dbs.counters.get(key);
    const current = used ?? 0;
    // Would exceed: consume nothing and audit nothing, so a denied batch does not eat the remaining quota.
    if (current + charge.units > charge.limit) return { allowed: false, used: current };
    dbs.counters.put(key, current + charge.units);
    if (used === undefined) dbs.counterExpiry.put([charge.counterExpiresAt.getTime(), ...key], true);
    for (const record of charge.audit) writeAudit(dbs, record, charge.auditExpiresAt);
    return { allowed: true, used: current + charge.units };
  });
}

/**
 * Gives back a failed request's units (never below zero) and drops its audit records; only when
 * the records are there (written with the units), so a second refund gives nothing back.
 */
export function refundCharge(dbs: LmdbDatabases, ref: CounterRef, units: number, requestIds: readonly string[]): Promise<void> {
  const key = counterKey(ref);
  return dbs.env.transaction(() => {
    let found = 0;
    for (const requestId of requestIds) {
      const stored = dbs.audit.get(requestId);
      if (stored !== undefined) {
        found++;
        dbs.audit.remove(requestId);
        dbs.auditExpiry.remove([stored.expiresAtMs, requestId]);
      }
    }
    const used = dbs.counters.get(key);
    // Purged already (a past month): nothing left to give back.
    if (found > 0 && used !== undefined) dbs.counters.put(key, Math.max(0, used - units));
  });
}

export function readCounter(dbs: LmdbDatabases, ref: CounterRef): number {
  return dbs.counters.get(counterKey(ref)) ?? 0;
}

export function putAudit(dbs: LmdbDatabases, record: AuditRecord, expiresAt: Date): Promise<void> {
  return dbs.env.transaction(() => writeAudit(dbs, record, expiresAt));
}

/**
 * Inside a write transaction: the record and its expiry index entry, replacing an older one.
 * Throws on an expiry that is no time, which aborts the whole transaction (a decision written
 * before it in the same transaction included).
 */
export function writeAudit(dbs: LmdbDatabases, record: AuditRecord, expiresAt: Date): void {
  const expiresAtMs = expiresAt.getTime();
  if (!Number.isFinite(expiresAtMs)) throw new RangeError('audit expiry must be a time');
  const previous = dbs.audit.get(record.requestId);
  if (previous !== undefined) dbs.auditExpiry.remove([previous.expiresAtMs, record.requestId]);
  // The audited fields only, whatever else the object carries.
  const kept = auditFields(record);
  dbs.audit.put(kept.requestId, { ...kept, expiresAtMs });
  dbs.auditExpiry.put([expiresAtMs, record.requestId], true);
}

/**
 * Null when absent, expired, or not the account's (records written before accounts were kept have
 * none: nobody's); an expired record found here is removed at once.
 */
export function getAudit(dbs: LmdbDatabases, accountId: string, requestId: string, now: Date): AuditRecord | null {
  const stored = dbs.audit.get(requestId);
  if (stored === undefined || stored.accountId !== accountId) return null;
  if (stored.expiresAtMs <= now.getTime()) {
    // Best effort: the timer purge removes it anyway if this write fails.
    removeAudit(dbs, requestId, stored.expiresAtMs).catch(() => undefined);
    return null;
  }
  return auditFields(stored);
}

function removeAudit(dbs: LmdbDatabases, requestId: string, expiresAtMs: number): Promise<void> {
  return dbs.env.transaction(() => {
    dbs.audit.remove(requestId);
    dbs.auditExpiry.remove([expiresAtMs, requestId]);
  });
}

/** Removes audit records and counters whose expiry is at or before `now`; returns how many. */
export function purgeExpired(dbs: LmdbDatabases, now: Date): Promise<number> {
  const end = now.getTime() + 1;
  return dbs.env.transaction(() => {
    // Collect first: removing under a live cursor is not something to rely on.
    const audits = Array.from(dbs.auditExpiry.getKeys({ end: [end] }));
    for (const key of audits) {
      dbs.audit.remove(key[1]);
      dbs.auditExpiry.remove(key);
    }
    const counters = Array.from(dbs.counterExpiry.getKeys({ end: [end] }));
    for (const key of counters) {
      const [, period, keyId, serviceId] = key;
      dbs.counters.remove([period, keyId, serviceId]);
      dbs.counterExpiry.remove(key);
    }
    return audits.length + counters.length;
  });
}
