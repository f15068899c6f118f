/**
 * @module The auth hot path of service calls: token -> shape check -> SHA-256 -> cache (<= 30 s)
 * -> store, then revoked / expired / scope / subscription checks in the order of API.md's codes.
 */
import type { Account, Store, StoredKey } from '../store/types.js';
import { isSubscribed, newAccount, type AccountDefaults } from './accounts.js';
import { hashToken, looksLikeToken, sameDigest } from './api-key-token.js';
import { KeyCache, type CachedKey } from './key-cache.js';
import { allowsService, keyStatus, toVerifiedKey } from './key-records.js';
import type { VerifyKeyResult } from './types.js';

export interface KeyVerifierOptions {
  readonly store: Store;
  readonly defaults: AccountDefaults;
  readonly now: () => Date;
  readonly cache: KeyCache;
}

export async function verifyKey(options: KeyVerifierOptions, token: string, serviceId: string): Promise<VerifyKeyResult> {
  if (!looksLikeToken(token)) return { ok: false, code: 'invalid_api_key' };
  const tokenSha256 = hashToken(token);
  const now = options.now();
  const found = await lookup(options, tokenSha256, now);
  if (found === null) return { ok: false, code: 'invalid_api_key' };
  const { key, account } = found;
  const status = keyStatus(key, now);
  if (status === 'revoked') return { ok: false, code: 'api_key_revoked' };
  if (status === 'expired') return { ok: false, code: 'api_key_expired' };
  if (!allowsService(key, serviceId)) return { ok: false, code: 'service_not_allowed' };
  if (!isSubscribed(account, serviceId)) return { ok: false, code: 'not_subscribed' };
  return { ok: true, key: toVerifiedKey(key), account };
}

async function lookup(options: KeyVerifierOptions, tokenSha256: string, now: Date): Promise<CachedKey | null> {
  const { cache, store } = options;
  const cached = cache.get(tokenSha256, now.getTime());
  if (cached !== undefined) return cached;
  const generation = cache.generation;
  const key = await store.getKeyByTokenHash(tokenSha256);
  // The store looked the key up by this digest; comparing again in constant time guards against
  // an index that points at the wrong record ever authenticating a different token.
  if (key === null || !sameDigest(key.tokenSha256, tokenSha256)) return null;
  const account = await accountOf(options, key, now);
  const entry = { key, account };
  cache.set(tokenSha256, entry, now.getTime(), generation);
  return entry;
}

async function accountOf(options: KeyVerifierOptions, key: StoredKey, now: Date): Promise<Account> {
  // A key exists only for an account that signed in, so this is the normal one-read path.
  const account = await options.store.getAccount(key.accountId);
  return account ?? options.store.ensureAccount(newAccount(key.accountId, options.defaults, now));
}
