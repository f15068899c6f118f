/**
 * @module StoredKey -> what the identity API shows. Status is computed at read time: a key past
 * its expiresAt is `expired` without any write; a revoked key stays `revoked` after it expires.
 */
import type { StoredKey } from '../store/types.js';
import type { ApiKeyRecord, KeyStatus, VerifiedKey } from './types.js';

export function keyStatus(key: StoredKey, now: Date): KeyStatus {
  if (key.revokedAt !== null) return 'revoked';
  return Date.parse(key.expiresAt) <= now.getTime() ? 'expired' : 'active';
}

export function toApiKeyRecord(key: StoredKey, now: Date): ApiKeyRecord {
  return {
    keyId: key.keyId,
    name: key.name,
    prefix: key.prefix,
    allowedServiceIds: [...key.allowedServiceIds],
    monthlyLimit: key.monthlyLimit,
    expiresAt: key.expiresAt,
    createdAt: key.createdAt,
    status: keyStatus(key, now),
    ...(key.revokedAt !== null && { revokedAt: key.revokedAt }),
  };
}

export function toVerifiedKey(key: StoredKey): VerifiedKey {
  return {
    keyId: key.keyId,
    accountId: key.accountId,
    prefix: key.prefix,
    monthlyLimit: key.monthlyLimit,
    allowedServiceIds: [...key.allowedServiceIds],
    expiresAt: key.expiresAt,
  };
}

export function allowsService(key: StoredKey, serviceId: string): boolean {
  return key.allowedServiceIds.includes('*') || key.allowedServiceIds.includes(serviceId);
}
