/**
 * @module How session JWTs are verified (the SESSION_JWT_* settings, passed down from src/config.ts).
 */

export interface SessionOptions {
  /** HS256 shared secret (SESSION_JWT_SECRET). */
  readonly secret?: string;
  /** JWKS endpoint (SESSION_JWKS_URL): RS256/ES256/EdDSA. */
  readonly jwksUrl?: string;
  /** SPKI PEM public key (SESSION_JWT_PUBLIC_KEY): RS256/ES256/EdDSA by key type. */
  readonly publicKeyPem?: string;
  readonly issuer?: string;
  readonly audience?: string;
  /** Oldest token accepted by its `iat` (SESSION_JWT_MAX_AGE); `iat` is then required. Default 24 h. */
  readonly maxAgeSeconds?: number;
}
