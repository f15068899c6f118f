/**
 * @module Accounts and keys in the embedded store. Each check-then-write runs in one LMDB write
 * transaction, so two threads or processes cannot both take the last free key slot.
 */
import type { Account, InsertKeyResult, StoredKey } from '../types.js';
import type { LmdbDatabases } from './lmdb-databases.js';

export async function ensureAccount(dbs: LmdbDatabases, initial: Account): Promise<Account> {
  // Every identity API call lands here: answer existing accounts without a write transaction.
  const known = dbs.accounts.get(initial.accountId);
  if (known !== undefined) return known;
  return dbs.env.transaction(() => {
    const existing = dbs.accounts.get(initial.accountId);
    if (existing !== undefined) return existing;
    dbs.accounts.put(initial.accountId, initial);
    return initial;
  });
}

export async function putAccount(dbs: LmdbDatabases, account: Account): Promise<void> {
  await dbs.accounts.put(account.accountId, account);
}

export function insertKey(dbs: LmdbDatabases, key: StoredKey, limit: number, now: Date): Promise<InsertKeyResult> {
  return dbs.env.transaction((): InsertKeyResult => {
    const activeKeys = listKeysSync(dbs, key.accountId).filter((k) => isActive(k, now)).length;
    if (activeKeys >= limit) return { ok: false, code: 'key_limit_reached', activeKeys };
    dbs.keys.put(key.keyId, key);
    dbs.keyHashes.put(key.tokenSha256, key.keyId);
    dbs.accountKeys.put([key.accountId, Date.parse(key.createdAt), key.keyId], true);
    return { ok: true };
  });
}

export function getKeyByTokenHash(dbs: LmdbDatabases, tokenSha256: string): StoredKey | null {
  const keyId = dbs.keyHashes.get(tokenSha256);
  return keyId === undefined ? null : (dbs.keys.get(keyId) ?? null);
}

/** Newest first: the index sorts by [accountId, createdAtMs, keyId], read in reverse. */
export function listKeysSync(dbs: LmdbDatabases, accountId: string): StoredKey[] {
  const out: StoredKey[] = [];
  const range = dbs.accountKeys.getKeys({ start: [accountId, Number.MAX_SAFE_INTEGER], end: [accountId], reverse: true });
  for (const key of range) {
    const stored = dbs.keys.get(key[2]);
    if (stored !== undefined) out.push(stored);
  }
  return out;
}

export function revokeKey(dbs: LmdbDatabases, accountId: string, keyId: string, now: Date): Promise<StoredKey | null> {
  return dbs.env.transaction(() => {
    const key = dbs.keys.get(keyId);
    // Another account's key answers exactly like an unknown one.
    if (key === undefined || key.accountId !== accountId) return null;
    if (key.revokedAt !== null) return key;
    const revoked: StoredKey = { ...key, revokedAt: now.toISOString() };
    dbs.keys.put(keyId, revoked);
    return revoked;
  });
}

function isActive(key: StoredKey, now: Date): boolean {
  return key.revokedAt === null && Date.parse(key.expiresAt) > now.getTime();
}
