/**
 * @module How records look in Redis: key names under the configured prefix, and StoredKey as a
 * hash (so revocation can change one field atomically in Lua without re-encoding JSON).
 */
import type { CounterRef, StoredKey } from '../types.js';

export class RedisKeys {
  constructor(readonly prefix: string) {}

  account(accountId: string): string {
    return `${this.prefix}account:${accountId}`;
  }
  key(keyId: string): string {
    return `${this.prefix}key:${keyId}`;
  }
  keyHash(tokenSha256: string): string {
    return `${this.prefix}keyhash:${tokenSha256}`;
  }
  accountKeys(accountId: string): string {
    return `${this.prefix}acctkeys:${accountId}`;
  }
  accountActive(accountId: string): string {
    return `${this.prefix}acctactive:${accountId}`;
  }
  counter(ref: CounterRef): string {
    return `${this.prefix}quota:${ref.period}:${ref.keyId}:${ref.serviceId}`;
  }
  audit(requestId: string): string {
    return `${this.prefix}audit:${requestId}`;
  }
  revocationChannel(): string {
    return `${this.prefix}revocations`;
  }
}

/** Flat field/value pairs for HSET; revokedAt "" means not revoked (Lua tests for it). */
export function keyToHashFields(key: StoredKey): string[] {
  return [
    'keyId', key.keyId,
    'accountId', key.accountId,
    'name', key.name,
    'prefix', key.prefix,
    'tokenSha256', key.tokenSha256,
    'allowedServiceIds', JSON.stringify(key.allowedServiceIds),
    'monthlyLimit', String(key.monthlyLimit),
    'expiresAt', key.expiresAt,
    'createdAt', key.createdAt,
    'revokedAt', key.revokedAt ?? '',
  ];
}

export function keyFromHash(hash: Record<string, string>): StoredKey | null {
  if (hash.keyId === undefined || hash.accountId === undefined) return null;
  return {
    keyId: hash.keyId,
    accountId: hash.accountId,
    name: hash.name,
    prefix: hash.prefix,
    tokenSha256: hash.tokenSha256,
    allowedServiceIds: JSON.parse(hash.allowedServiceIds) as string[],
    monthlyLimit: Number(hash.monthlyLimit),
    expiresAt: hash.expiresAt,
    createdAt: hash.createdAt,
    revokedAt: hash.revokedAt === '' || hash.revokedAt === undefined ? null : hash.revokedAt,
  };
}

/** HGETALL as returned by EVAL in RESP2: [field, value, field, value, ...]. */
export function pairsToRecord(pairs: unknown): Record<string, string> {
  const record: Record<string, string> = {};
  if (!Array.isArray(pairs)) return record;
  for (let i = 0; i + 1 < pairs.length; i += 2) record[String(pairs[i])] = String(pairs[i + 1]);
  return record;
}
