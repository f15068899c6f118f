/**
 * @module The identity service: session JWTs for the identity API, API key create/list/revoke,
 * and key verification for service calls. Accounts appear on their first valid session JWT.
 * Revocation is written to the store, evicted here at once and published to every instance.
 */
import { randomUUID } from 'node:crypto';
import type { Store, StoredKey } from '../store/types.js';
import { newAccount, type AccountDefaults } from './accounts.js';
import { displayPrefix, generateToken, hashToken } from './api-key-token.js';
import { createIdempotently } from './idempotent-create.js';
import { KeyActivity } from './key-activity.js';
import { KeyCache } from './key-cache.js';
import { toApiKeyRecord } from './key-records.js';
import { checkKeyInput } from './key-validation.js';
import { verifyKey } from './key-verifier.js';
import type { SessionVerifier } from './session-verifier.js';
import type { CreateKeyInput, CreateKeyResult, IdentityLogger, IdentityService } from './types.js';

export interface IdentityServiceOptions {
  readonly store: Store;
  readonly sessions: SessionVerifier;
  readonly defaults: AccountDefaults;
  readonly now?: () => Date;
  /** How long a verified key is trusted without asking the store; default (and at most sensible) 30 s. */
  readonly cacheTtlMs?: number;
  readonly logger?: IdentityLogger;
}

export function createIdentityService(options: IdentityServiceOptions): IdentityService {
  const { store, defaults, logger } = options;
  const now = options.now ?? (() => new Date());
  const cache = new KeyCache(options.cacheTtlMs);
  const activity = new KeyActivity(store, logger);
  const unsubscribe = store.onRevocation((event) => {
    if (event.kind === 'revoked') cache.evict(event.tokenSha256);
    else cache.clear();
  });

  return {
    async verifySession(jwt) {
      const checked = await options.sessions.verify(jwt);
      if (!checked.ok) return { ok: false, code: 'unauthorized', reason: checked.reason };
      const account = await store.ensureAccount(newAccount(checked.accountId, defaults, now()));
      return { ok: true, account };
    },

    createKey: (accountId, input) => createKey(store, defaults, accountId, input, now(), randomUUID()),

    createKeyIdempotent(accountId, input, idempotencyKey) {
      const at = now();
      const create = (keyId: string): Promise<CreateKeyResult> => createKey(store, defaults, accountId, input, at, keyId);
      return createIdempotently(store, accountId, input, idempotencyKey, create, at);
    },

    async listKeys(accountId) {
      const at = now();
      const [keys, lastUsed] = await Promise.all([store.listKeys(accountId), store.lastUsedOf(accountId)]);
      return keys.map((key) => ({ ...toApiKeyRecord(key, at), lastUsedAt: lastUsed.get(key.keyId) ?? null }));
    },

    async revokeKey(accountId, keyId) {
      const at = now();
      const revoked = await store.revokeKey(accountId, keyId, at);
      if (revoked === null) return { ok: false, code: 'not_found' };
      cache.evict(revoked.tokenSha256);
      // Published on every call, so repeating a DELETE also repeats a lost event.
      await store
        .publishRevocation({ kind: 'revoked', keyId: revoked.keyId, tokenSha256: revoked.tokenSha256 })
        .catch((error: unknown) => logger?.warn({ keyId, error: String(error) }, 'revocation event not published; caches expire within 30 s'));
      return { ok: true, key: toApiKeyRecord(revoked, at) };
    },

    async verifyKey(token, serviceId) {
      const result = await verifyKey({ store, defaults, now, cache }, token, serviceId);
      if (result.ok) activity.used(result.key.accountId, result.key.keyId, now());
      return result;
    },

    async close() {
      unsubscribe();
      cache.clear();
    },
  };
}

async function createKey(
  store: Store,
  defaults: AccountDefaults,
  accountId: string,
  input: CreateKeyInput,
  now: Date,
  keyId: string,
): Promise<CreateKeyResult> {
  const account = await store.ensureAccount(newAccount(accountId, defaults, now));
  const checked = checkKeyInput(input, account, now);
  if (!checked.ok) return { ok: false, code: 'invalid_request', message: 'The API key request is invalid.', details: checked.details };
  const token = generateToken();
  const key: StoredKey = {
    keyId,
    accountId,
    name: checked.value.name,
    prefix: displayPrefix(token),
    tokenSha256: hashToken(token),
    allowedServiceIds: [...checked.value.allowedServiceIds],
    monthlyLimit: checked.value.monthlyLimit,
    expiresAt: checked.value.expiresAt.toISOString(),
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  const inserted = await store.insertKey(key, account.keyLimit, now);
  if (!inserted.ok) {
    return { ok: false, code: 'key_limit_reached', message: `The account already has ${account.keyLimit} active API keys; revoke one first.` };
  }
  return { ok: true, key: { ...toApiKeyRecord(key, now), token } };
}
