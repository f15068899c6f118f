/**
 * @module The semantic rules of POST /me/api-keys that a JSON schema cannot express (or that must
 * hold even when a caller skips the schema): printable name, service ID slugs, the account's
 * monthly cap, and an expiry in the future but at most three years away.
 */
import type { Account } from '../store/types.js';
import { DEFAULT_MONTHLY_LIMIT, SERVICE_ID_PATTERN } from './accounts.js';
import type { CreateKeyInput, FieldIssue } from './types.js';
import { hasBidiControl, isInvisibleOnly } from '../types/invisible.js';

export const DEFAULT_KEY_LIFETIME_MS = 365 * 24 * 3600_000;
export const MAX_SERVICE_IDS = 100;
const ALLOWED_FIELDS = new Set(['name', 'allowedServiceIds', 'expiresAt', 'monthlyLimit']);
/** ISO 8601 in UTC: Z or +00:00, seconds and fractions optional. */
const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|\+00:?00)$/;

export interface ValidKeyInput {
  readonly name: string;
  readonly allowedServiceIds: readonly string[];
  readonly expiresAt: Date;
  readonly monthlyLimit: number;
}

export type KeyInputCheck = { ok: true; value: ValidKeyInput } | { ok: false; details: FieldIssue[] };

export function checkKeyInput(input: CreateKeyInput, account: Account, now: Date): KeyInputCheck {
  const details: FieldIssue[] = [];
  for (const field of Object.keys(input)) {
    if (!ALLOWED_FIELDS.has(field)) details.push({ field, issue: 'unknown field' });
  }
  const name = checkName(input.name, details);
  const allowedServiceIds = checkServiceIds(input.allowedServiceIds, details);
  const expiresAt = checkExpiresAt(input.expiresAt, now, details);
  const monthlyLimit = checkMonthlyLimit(input.monthlyLimit, account, details);
  if (details.length > 0) return { ok: false, details };
  return { ok: true, value: { name, allowedServiceIds, expiresAt: expiresAt!, monthlyLimit } };
}

function checkName(name: unknown, details: FieldIssue[]): string {
  if (typeof name !== 'string') {
    details.push({ field: 'name', issue: 'required, a string of 1 to 100 printable characters' });
    return '';
  }
  const length = [...name].length;
  if (length < 1 || length > 100 || name.trim() === '') {
    details.push({ field: 'name', issue: 'must be 1 to 100 characters and not only spaces' });
  } else if (/[\p{Cc}\p{Cs}\p{Co}\p{Cn}]/u.test(name)) {
    details.push({ field: 'name', issue: 'must contain only printable characters' });
  } else if (isInvisibleOnly(name)) {
    details.push({ field: 'name', issue: 'must contain a visible character (not only zero-width, format or combining marks)' });
  } else if (hasBidiControl(name)) {
    // A right-to-left override shows the label reversed: "‮yek gnilli‬b" reads "billing key".
    details.push({ field: 'name', issue: 'must not contain bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C)' });
  }
  return name;
}

function checkServiceIds(ids: unknown, details: FieldIssue[]): string[] {
  const field = 'allowedServiceIds';
  if (!Array.isArray(ids) || ids.length === 0) {
    details.push({ field, issue: 'required, a non-empty array of service IDs or ["*"]' });
    return [];
  }
  if (ids.length > MAX_SERVICE_IDS) details.push({ field, issue: `at most ${MAX_SERVICE_IDS} service IDs` });
  if (ids.includes('*') && ids.length > 1) details.push({ field, issue: '"*" must be the only entry' });
  ids.forEach((id: unknown, index) => {
    if (id === '*') return;
    if (typeof id !== 'string' || !SERVICE_ID_PATTERN.test(id)) {
      details.push({ field: `${field}[${index}]`, issue: 'must match ^[a-z][a-z0-9-]{1,62}$' });
    }
  });
  if (new Set(ids).size !== ids.length) details.push({ field, issue: 'must not repeat a service ID' });
  return ids as string[];
}

function checkExpiresAt(value: unknown, now: Date, details: FieldIssue[]): Date | undefined {
  if (value === undefined) return new Date(now.getTime() + DEFAULT_KEY_LIFETIME_MS);
  const at = typeof value === 'string' ? parseIsoUtc(value) : null;
  if (at === null) {
    details.push({ field: 'expiresAt', issue: 'must be an ISO 8601 UTC timestamp such as 2026-01-31T00:00:00Z' });
    return undefined;
  }
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 3);
  if (at.getTime() <= now.getTime()) details.push({ field: 'expiresAt', issue: 'must be in the future' });
  else if (at.getTime() > latest.getTime()) details.push({ field: 'expiresAt', issue: 'must be at most 3 years from now' });
  return at;
}

/** Date.parse rolls 2026-02-30 over into March; a real calendar date must survive the round trip. */
export function parseIsoUtc(value: string): Date | null {
  const match = ISO_UTC.exec(value);
  if (match === null) return null;
  const [y, mo, d, h, mi, s] = match.slice(1, 7).map((part) => Number(part ?? '0'));
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const real = at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return real ? new Date(Date.parse(value.replace(/\+00:?00$/, 'Z'))) : null;
}

function checkMonthlyLimit(value: unknown, account: Account, details: FieldIssue[]): number {
  if (value === undefined) return Math.min(DEFAULT_MONTHLY_LIMIT, account.monthlyLimitCap);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    details.push({ field: 'monthlyLimit', issue: 'must be a whole number of at least 1' });
  } else if (value > account.monthlyLimitCap) {
    details.push({ field: 'monthlyLimit', issue: `must be at most ${account.monthlyLimitCap}, this account's cap` });
  }
  return value as number;
}
