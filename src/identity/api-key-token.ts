/**
 * @module API key tokens: `svc_live_` + 52 RFC 4648 base32 characters of 32 random bytes (256 bits).
 * Only the SHA-256 of a token is ever stored; the first 16 characters are its public prefix.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PREFIX = 'svc_live_';
/** The dashboard shows this many leading characters of the token (API.md "prefix"). */
export const DISPLAY_PREFIX_LENGTH = 16;
const TOKEN_PATTERN = /^svc_live_[A-Z2-7]{52}$/;
const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: 32 bytes -> 52 characters (the last carries 1 bit, 4 zero bits). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

export function generateToken(): string {
  return TOKEN_PREFIX + base32Encode(randomBytes(32));
}

/** Cheap shape check before hashing: anything else cannot be one of our tokens. */
export function looksLikeToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function hashToken(token: string): string {
  // crypto.hash: one native call instead of a Hash object per request (hot path of every service call).
  return hash('sha256', token, 'hex');
}

export function displayPrefix(token: string): string {
  return token.slice(0, DISPLAY_PREFIX_LENGTH);
}

/** Constant-time equality of two SHA-256 hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}
