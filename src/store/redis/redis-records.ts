/**
 * @module How records look in Redis: key names under the configured prefix, and StoredKey as a
 * hash (so revocation can change one field atomically in Lua without re-encoding JSON).
 *
 * Layout 2 (Redis Cluster ready): everything of one account carries the hash tag `{a:<accountId>}`,
 * so every script's keys (a key and its account's sets; a quota counter and the audit records it pays
 * for) share one hash slot, while different accounts spread over all slots. The token index is the
 * one key outside any account (looked up by token alone); it names the account and the key.
 */
import type { CounterRef, StoredKey } from '../types.js';

/** Where the token index points. */
export interface TokenIndexEntry {
  readonly accountId: string;
  readonly keyId: string;
}

export class RedisKeys {
  constructor(readonly prefix: string) {}

  /** A key of the account's hash slot. */
  #ofAccount(accountId: string, rest: string): string {
    return `${this.prefix}{a:${accountId}}:${rest}`;
  }

  account(accountId: string): string {
    return this.#ofAccount(accountId, 'account');
  }
  key(accountId: string, keyId: string): string {
    return this.#ofAccount(accountId, `key:${keyId}`);
  }
  /** Token SHA-256 -> TokenIndexEntry as JSON. */
  keyHash(tokenSha256: string): string {
    return `${this.prefix}keyhash:${tokenSha256}`;
  }
  accountKeys(accountId: string): string {
    return this.#ofAccount(accountId, 'keys');
  }
  accountActive(accountId: string): string {
    return this.#ofAccount(accountId, 'active');
  }
  counter(ref: CounterRef): string {
    return this.#ofAccount(ref.accountId, `quota:${ref.period}:${ref.keyId}:${ref.serviceId}`);
  }
  audit(accountId: string, requestId: string): string {
    return this.#ofAccount(accountId, `audit:${requestId}`);
  }
  /** Marks a charge (by its first requestId) void: it gives nothing back twice and never applies late. */
  voided(accountId: string, requestId: string): string {
    return this.#ofAccount(accountId, `void:${requestId}`);
  }
  revocationChannel(): string {
    return `${this.prefix}revocations`;
  }
}

/** Null for anything but a layout-2 entry (a layout-1 value was the bare keyId). */
export function parseTokenIndex(value: string | null): TokenIndexEntry | null {
  if (value === null || !value.startsWith('{')) return null;
  const entry = JSON.parse(value) as Partial<TokenIndexEntry>;
  return typeof entry.accountId === 'string' && typeof entry.keyId === 'string' ? { accountId: entry.accountId, keyId: entry.keyId } : null;
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
