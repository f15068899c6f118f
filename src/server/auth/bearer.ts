/**
 * @module Reading `Authorization: Bearer <token>` (RFC 6750). Anything else is "missing or
 * garbled" (401 unauthorized); whether the token is any good is the identity service's call.
 */
import type { PlainRequest } from '../http/http-types.js';

// b64token of RFC 6750: covers API keys (svc_live_ + base32) and JWTs (base64url with dots).
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** The token, or null when the header is absent or not a well-formed Bearer credential. */
export function readBearer(headers: PlainRequest['headers']): string | null {
  const header = headers['authorization'];
  if (header === undefined) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** API keys have a recognisable prefix, so one sent where a session JWT belongs gets a clear answer. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith('svc_');
}
