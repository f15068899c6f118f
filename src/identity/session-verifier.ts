/**
 * @module Session JWT verification with jose. One key source, chosen in this order of settings:
 * SESSION_JWT_SECRET (HS256), SESSION_JWKS_URL (remote JWKS), SESSION_JWT_PUBLIC_KEY (PEM), else
 * the generated development secret in DATA_DIR. `exp` and `iat` are required: a token older than the
 * maximum age (by `iat`) is refused whatever its `exp`, and so is one issued in the future beyond the
 * clock tolerance (a token minted ahead of time would otherwise outlive the maximum age). iss/aud
 * only when configured.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { StoreUnavailableError } from '../store/errors.js';
import type { SessionOptions } from './session-options.js';
import { ACCOUNT_ID_PATTERN } from './accounts.js';
import { loadOrCreateDevSecret } from './dev-secret.js';

export type SessionCheck = { ok: true; accountId: string } | { ok: false; reason: string };

export interface SessionVerifier {
  /** Which setting supplied the key, for the start-up log (never the key itself). */
  readonly source: 'secret' | 'jwks' | 'public-key' | 'dev-secret';
  verify(jwt: string): Promise<SessionCheck>;
}

const ASYMMETRIC = ['RS256', 'ES256', 'EdDSA', 'Ed25519'];
/** Small allowance for clocks of the issuer and this server disagreeing. */
const CLOCK_TOLERANCE_S = 5;
/** SESSION_JWT_MAX_AGE's default: a stolen session token is worth a day at most. */
export const DEFAULT_SESSION_MAX_AGE_S = 24 * 3600;

export function createSessionVerifier(options: SessionOptions, dataDir: string): SessionVerifier {
  const { key, algorithms, source } = resolveKey(options, dataDir);
  const verifyOptions = {
    algorithms,
    requiredClaims: ['exp', 'iat'],
    clockTolerance: CLOCK_TOLERANCE_S,
    // jose checks `iat` against both ends: older than this, or later than now + tolerance.
    maxTokenAge: options.maxAgeSeconds ?? DEFAULT_SESSION_MAX_AGE_S,
    ...(options.issuer !== undefined && { issuer: options.issuer }),
    ...(options.audience !== undefined && { audience: options.audience }),
  };
  return {
    source,
    async verify(jwt) {
      try {
        const { payload } = await jwtVerify(jwt, key as JWTVerifyGetKey, verifyOptions);
        const sub = payload.sub;
        if (typeof sub !== 'string' || !ACCOUNT_ID_PATTERN.test(sub)) {
          return { ok: false, reason: 'session token "sub" must be an account ID of 1 to 64 characters [A-Za-z0-9_.:@-]' };
        }
        return { ok: true, accountId: sub };
      } catch (error) {
        return { ok: false, reason: describeFailure(error, source) };
      }
    },
  };
}

type KeySource = { key: Uint8Array | KeyObject | JWTVerifyGetKey; algorithms: string[]; source: SessionVerifier['source'] };

function resolveKey(options: SessionOptions, dataDir: string): KeySource {
  if (options.secret !== undefined) {
    return { key: new TextEncoder().encode(options.secret), algorithms: ['HS256'], source: 'secret' };
  }
  if (options.jwksUrl !== undefined) {
    return { key: createRemoteJWKSet(new URL(options.jwksUrl)), algorithms: ASYMMETRIC, source: 'jwks' };
  }
  if (options.publicKeyPem !== undefined) {
    const key = createPublicKey(options.publicKeyPem);
    return { key, algorithms: algorithmsFor(key), source: 'public-key' };
  }
  const dev = loadOrCreateDevSecret(dataDir);
  return { key: new TextEncoder().encode(dev.secret), algorithms: ['HS256'], source: 'dev-secret' };
}

/** Pinning the algorithm to the key type stops a token from choosing a weaker one. */
function algorithmsFor(key: KeyObject): string[] {
  const type = key.asymmetricKeyType;
  if (type === 'rsa') return ['RS256'];
  if (type === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return ['ES256'];
  if (type === 'ed25519') return ['EdDSA', 'Ed25519'];
  throw new Error(`SESSION_JWT_PUBLIC_KEY: unsupported key type ${type ?? 'unknown'}; use RSA, EC P-256 or Ed25519`);
}

/** Reasons safe to show the caller: they never echo the token or the key. */
function describeFailure(error: unknown, source: SessionVerifier['source']): string {
  if (error instanceof errors.JWTExpired) {
    return error.claim === 'iat' ? 'session token is older than the maximum session age' : 'session token has expired';
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.reason === 'missing') return `session token has no "${error.claim}" claim`;
    if (error.claim === 'iat') return 'session token "iat" is in the future';
    return `session token claim "${error.claim}" is invalid`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'session token algorithm is not accepted';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'session token signature is invalid';
  if (error instanceof errors.JWKSNoMatchingKey) return 'session token key ID is unknown';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'session token is malformed';
  if (source === 'jwks') {
    // Anything else here is the key server failing (timeout, refused, bad JWKS): answer 503, not 401.
    throw new StoreUnavailableError('session signing keys (SESSION_JWKS_URL) could not be fetched', { cause: error });
  }
  if (error instanceof errors.JOSEError || error instanceof TypeError) return 'session token is malformed';
  throw error;
}
