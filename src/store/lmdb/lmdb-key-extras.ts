/**
 * @module Idempotency-Key bindings and keys' last use in the embedded store, in two databases of
 * their own beside the layout of lmdb-databases.ts:
 *
 *   idempotency  [accountId, keySha256]  -> { keyId, bodySha256, expiresAtMs }
 *   lastUsed     [accountId, keyId]      -> ISO 8601 UTC
 *
 * A claim is one write transaction (check, then write), so two threads or processes cannot both
 * claim one Idempotency-Key. Expired bindings count as absent and are purged with the audit records.
 */
import type { Database, RootDatabase } from 'lmdb';
import type { IdempotencyRecord } from '../types.js';

interface StoredIdempotency extends IdempotencyRecord {
  readonly expiresAtMs: number;
}

export interface KeyExtrasDatabases {
  readonly env: RootDatabase;
  readonly idempotency: Database<StoredIdempotency, [string, string]>;
  readonly lastUsed: Database<string, [string, string]>;
}

export function openKeyExtras(env: RootDatabase, namePrefix: string): KeyExtrasDatabases {
  return {
    env,
    idempotency: env.openDB<StoredIdempotency, [string, string]>(`${namePrefix}idempotency`, {}),
    lastUsed: env.openDB<string, [string, string]>(`${namePrefix}lastUsed`, {}),
  };
}

export function claimIdempotency(
  dbs: KeyExtrasDatabases, accountId: string, keySha256: string, record: IdempotencyRecord, ttlMs: number,
): Promise<IdempotencyRecord | null> {
  return dbs.env.transaction(() => {
    const nowMs = Date.now();
    const existing = dbs.idempotency.get([accountId, keySha256]);
    if (existing !== undefined && existing.expiresAtMs > nowMs) return { keyId: existing.keyId, bodySha256: existing.bodySha256 };
    dbs.idempotency.put([accountId, keySha256], { keyId: record.keyId, bodySha256: record.bodySha256, expiresAtMs: nowMs + ttlMs });
    return null;
  });
}

export function releaseIdempotency(dbs: KeyExtrasDatabases, accountId: string, keySha256: string, keyId: string): Promise<void> {
  return dbs.env.transaction(() => {
    if (dbs.idempotency.get([accountId, keySha256])?.keyId === keyId) dbs.idempotency.remove([accountId, keySha256]);
  });
}

export async function touchKey(dbs: KeyExtrasDatabases, accountId: string, keyId: string, at: Date): Promise<void> {
  await dbs.lastUsed.put([accountId, keyId], at.toISOString());
}

export function lastUsedOf(dbs: KeyExtrasDatabases, accountId: string): Map<string, string> {
  const out = new Map<string, string>();
  // [accountId] sorts before every [accountId, keyId]; [accountId, MAX] ends the account's range.
  for (const { key, value } of dbs.lastUsed.getRange({ start: [accountId], end: [accountId, '\uffff'] })) out.set(key[1], value);
  return out;
}

/** Drops expired bindings; they are few (one per create that sent an Idempotency-Key, 24 h each). */
export function purgeIdempotency(dbs: KeyExtrasDatabases, now: Date): Promise<void> {
  return dbs.env.transaction(() => {
    const expired = [...dbs.idempotency.getRange({})].filter((entry) => entry.value.expiresAtMs <= now.getTime()).map((entry) => entry.key);
    for (const key of expired) dbs.idempotency.remove(key);
  });
}
