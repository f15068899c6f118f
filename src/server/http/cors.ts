/**
 * @module CORS for the origins of CORS_ORIGINS (none by default: browsers then refuse cross-origin
 * calls). A listed Origin is echoed, never `*`, and only its own answers name it; a preflight from
 * a listed origin is answered 204 before routing. API keys travel in Authorization, not cookies, so
 * no Allow-Credentials is ever sent.
 */
import { addVary } from './compression.js';
import type { PlainRequest, PlainResult } from './http-types.js';

const ALLOW_METHODS = 'GET, HEAD, POST, DELETE';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, Accept-Encoding, Idempotency-Key';
const EXPOSE_HEADERS = 'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed';
/** Browsers cap this themselves (Chrome: 2 h); 10 min keeps a changed setting effective soon. */
const PREFLIGHT_MAX_AGE_S = '600';

export interface Cors {
  /** A 204 for a preflight from a listed origin; null for any other request (routed as usual). */
  preflight(request: PlainRequest): PlainResult | null;
  /** Adds the CORS headers to an answer to a listed origin, and Vary: Origin to every answer. */
  decorate(request: PlainRequest, result: PlainResult): void;
}

export function createCors(origins: readonly string[]): Cors | null {
  if (origins.length === 0) return null;
  const allowed = new Set(origins);
  const listed = (request: PlainRequest): string | null => {
    const origin = request.headers['origin'];
    return origin !== undefined && allowed.has(origin) ? origin : null;
  };
  return {
    preflight(request) {
      if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined) return null;
      const origin = listed(request);
      if (origin === null) return null;
      return {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': ALLOW_METHODS,
          'Access-Control-Allow-Headers': ALLOW_HEADERS,
          'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_S,
          Vary: 'Origin',
        },
        body: '',
      };
    },
    decorate(request, result) {
      // Vary on every answer: a cache must not hand one origin's answer to another.
      addVary(result, 'Origin');
      const origin = listed(request);
      if (origin === null) return;
      result.headers['Access-Control-Allow-Origin'] = origin;
      result.headers['Access-Control-Expose-Headers'] = EXPOSE_HEADERS;
    },
  };
}
