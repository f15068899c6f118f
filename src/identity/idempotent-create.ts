/**
 * @module Idempotency-Key on key creation: the same key with the same body within 24 h answers the
 * key created the first time instead of creating another. The token exists only in the first answer
 * (the store keeps its SHA-256), so a replay answers the record without it and says it is a replay.
 *
 * The binding (account + SHA-256 of the Idempotency-Key -> keyId, body hash) is claimed atomically
 * before the key is inserted, so two identical creates racing each other make one key; a create that
 * does not produce a key gives its claim back, so retrying after a failure creates the key then.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Store } from '../store/types.js';
import { toApiKeyRecord } from './key-records.js';
import type { CreateKeyInput, CreateKeyResult, IdempotentCreateResult } from './types.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/** The create itself, inserting the key under the given keyId. */
export type CreateWithId = (keyId: string) => Promise<CreateKeyResult>;

export async function createIdempotently(
  store: Store,
  accountId: string,
  input: CreateKeyInput,
  idempotencyKey: string,
  create: CreateWithId,
  now: Date,
): Promise<IdempotentCreateResult> {
  const keySha256 = sha256(idempotencyKey);
  const claim = { keyId: randomUUID(), bodySha256: sha256(canonicalBody(input)) };
  const bound = await store.claimIdempotency(accountId, keySha256, claim, IDEMPOTENCY_TTL_MS);
  if (bound !== null) return replay(store, accountId, bound.keyId, bound.bodySha256 === claim.bodySha256, now);
  let result: CreateKeyResult;
  try {
    result = await create(claim.keyId);
  } catch (error) {
    await store.releaseIdempotency(accountId, keySha256, claim.keyId).catch(() => undefined);
    throw error;
  }
  if (!result.ok) await store.releaseIdempotency(accountId, keySha256, claim.keyId);
  return result;
}

async function replay(store: Store, accountId: string, keyId: string, sameBody: boolean, now: Date): Promise<IdempotentCreateResult> {
  if (!sameBody) {
    return { ok: false, code: 'idempotency_key_reused', message: 'This Idempotency-Key was used with a different request body in the last 24 hours.' };
  }
  // listKeys rather than getKey: the account's own keys only, whatever the store's key layout.
  const key = (await store.listKeys(accountId)).find((stored) => stored.keyId === keyId);
  if (key === undefined) {
    return { ok: false, code: 'idempotency_key_in_use', message: 'A request with this Idempotency-Key is still being processed; retry in a moment.' };
  }
  return { ok: true, key: toApiKeyRecord(key, now), replayed: true };
}

/** The validated fields in a fixed order: the same body in JSON or MessagePack hashes the same. */
function canonicalBody(input: CreateKeyInput): string {
  return JSON.stringify([input.name, [...input.allowedServiceIds], input.expiresAt ?? null, input.monthlyLimit ?? null]);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
