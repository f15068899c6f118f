/**
 * @module Minting development session tokens (CLI `session`, tests). Only HS256 with a secret this
 * service knows: with SESSION_JWKS_URL or SESSION_JWT_PUBLIC_KEY the identity provider mints them.
 */
import { SignJWT } from 'jose';
import { ACCOUNT_ID_PATTERN } from './accounts.js';

export interface MintOptions {
  readonly secret: string;
  readonly accountId: string;
  readonly ttlSeconds: number;
  readonly issuer?: string;
  readonly audience?: string;
  readonly now?: Date;
}

export async function mintSessionToken(options: MintOptions): Promise<string> {
  if (!ACCOUNT_ID_PATTERN.test(options.accountId)) {
    throw new RangeError('account ID must be 1 to 64 characters of A-Z a-z 0-9 _ . : @ -');
  }
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  let jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.accountId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + options.ttlSeconds);
  if (options.issuer !== undefined) jwt = jwt.setIssuer(options.issuer);
  if (options.audience !== undefined) jwt = jwt.setAudience(options.audience);
  return jwt.sign(new TextEncoder().encode(options.secret));
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** "90s", "30m", "1h", "7d" or plain seconds -> seconds; null when unreadable or not 1 s..366 d. */
export function parseTtl(text: string): number | null {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (match === null) return null;
  const seconds = Number(match[1]) * TTL_UNITS[match[2] || 's'];
  return seconds >= 1 && seconds <= 366 * 86_400 ? seconds : null;
}
