/**
 * @module Accounts: created on first use from the defaults, changed only by the operator CLI.
 */
import type { Account, AccountStore } from '../store/types.js';

export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9_.:@-]{1,64}$/;
export const SERVICE_ID_PATTERN = /^[a-z][a-z0-9-]{1,62}$/;
export const DEFAULT_MONTHLY_LIMIT = 20_000;

export interface AccountDefaults {
  readonly subscriptions: readonly string[];
  readonly keyLimit: number;
  readonly monthlyLimitCap: number;
}

/**
 * The monthly-limit cap defaults to 1,000,000 calls per service per month: fifty times the default
 * key limit, high enough for real workloads, low enough that a typo cannot grant unlimited use.
 */
export const ACCOUNT_DEFAULTS: AccountDefaults = Object.freeze({
  subscriptions: Object.freeze(['sanctions-screening']),
  keyLimit: 10,
  monthlyLimitCap: 1_000_000,
});

export function newAccount(accountId: string, defaults: AccountDefaults, now: Date): Account {
  return {
    accountId,
    subscriptions: [...defaults.subscriptions],
    keyLimit: defaults.keyLimit,
    monthlyLimitCap: defaults.monthlyLimitCap,
    createdAt: now.toISOString(),
  };
}

export interface AccountChanges {
  readonly subscriptions?: readonly string[];
  readonly keyLimit?: number;
  readonly monthlyLimitCap?: number;
}

/** Problems with the changes, one line each; empty when they are valid. */
export function checkAccountChanges(changes: AccountChanges): string[] {
  const problems: string[] = [];
  const subs = changes.subscriptions;
  if (subs !== undefined) {
    if (subs.length === 0) problems.push('subscriptions must name at least one service ID or "*"');
    const bad = subs.filter((id) => id !== '*' && !SERVICE_ID_PATTERN.test(id));
    if (bad.length > 0) problems.push(`subscriptions: not a service ID: ${bad.map((id) => JSON.stringify(id)).join(', ')}`);
  }
  if (changes.keyLimit !== undefined && !(Number.isSafeInteger(changes.keyLimit) && changes.keyLimit >= 0)) {
    problems.push('key limit must be a whole number of at least 0');
  }
  const cap = changes.monthlyLimitCap;
  if (cap !== undefined && !(Number.isSafeInteger(cap) && cap >= 1)) problems.push('monthly cap must be a whole number of at least 1');
  return problems;
}

/** Applies operator changes, creating the account from the defaults when it does not exist yet. */
export async function updateAccount(
  store: AccountStore,
  accountId: string,
  changes: AccountChanges,
  defaults: AccountDefaults,
  now: Date,
): Promise<Account> {
  const current = await store.ensureAccount(newAccount(accountId, defaults, now));
  const updated: Account = {
    ...current,
    ...(changes.subscriptions !== undefined && { subscriptions: [...new Set(changes.subscriptions)] }),
    ...(changes.keyLimit !== undefined && { keyLimit: changes.keyLimit }),
    ...(changes.monthlyLimitCap !== undefined && { monthlyLimitCap: changes.monthlyLimitCap }),
  };
  await store.putAccount(updated);
  return updated;
}

export function isSubscribed(account: Account, serviceId: string): boolean {
  return account.subscriptions.includes('*') || account.subscriptions.includes(serviceId);
}
