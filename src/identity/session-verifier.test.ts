import { mkdtempSync, chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../store/errors.js';
import { DEV_SECRET_FILE, loadOrCreateDevSecret } from './dev-secret.js';
import { createSessionVerifier } from './session-verifier.js';
import { mintSessionToken, parseTtl } from './session-token.js';

const SECRET = 'a-long-enough-shared-secret-0123456789';
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rps-session-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Issued now unless the claims say otherwise (`iat: undefined` leaves it out). */
const hs256 = (claims: Record<string, unknown>, secret = SECRET) =>
  new SignJWT({ iat: Math.floor(Date.now() / 1000), ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('session JWTs with SESSION_JWT_SECRET (HS256)', () => {
  const verifier = createSessionVerifier({ secret: SECRET }, tempDir());

  it('accepts a signed token with sub and exp', async () => {
    expect(await verifier.verify(await hs256({ sub: 'acct_1.x:y@z-w', exp: inOneHour() }))).toEqual({ ok: true, accountId: 'acct_1.x:y@z-w' });
    expect(verifier.source).toBe('secret');
  });

  it('rejects a token without exp, expired, or signed with another secret', async () => {
    expect(await verifier.verify(await hs256({ sub: 'a' }))).toEqual({ ok: false, reason: 'session token has no "exp" claim' });
    expect(await verifier.verify(await hs256({ sub: 'a', exp: 1_000_000 }))).toEqual({ ok: false, reason: 'session token has expired' });
    expect(await verifier.verify(await hs256({ sub: 'a', exp: inOneHour() }, `${SECRET}!`))).toEqual({ ok: false, reason: 'session token signature is invalid' });
  });

  it('requires iat, refuses a token older than the maximum age whatever its exp, and one issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    const inAYear = now + 365 * 86_400;
    expect(await verifier.verify(await hs256({ sub: 'a', exp: inAYear, iat: undefined })))
      .toEqual({ ok: false, reason: 'session token has no "iat" claim' });
    // Default maximum age 24 h (5 s clock tolerance).
    expect((await verifier.verify(await hs256({ sub: 'a', exp: inAYear, iat: now - 24 * 3600 + 60 }))).ok).toBe(true);
    expect(await verifier.verify(await hs256({ sub: 'a', exp: inAYear, iat: now - 24 * 3600 - 60 })))
      .toEqual({ ok: false, reason: 'session token is older than the maximum session age' });
    expect((await verifier.verify(await hs256({ sub: 'a', exp: inAYear, iat: now + 2 }))).ok).toBe(true);
    expect(await verifier.verify(await hs256({ sub: 'a', exp: inAYear, iat: now + 60 })))
      .toEqual({ ok: false, reason: 'session token "iat" is in the future' });
    const short = createSessionVerifier({ secret: SECRET, maxAgeSeconds: 600 }, tempDir());
    expect((await short.verify(await hs256({ sub: 'a', exp: inAYear, iat: now - 500 }))).ok).toBe(true);
    expect((await short.verify(await hs256({ sub: 'a', exp: inAYear, iat: now - 700 }))).ok).toBe(false);
  });

  it('rejects a bad sub: missing, too long, or with characters outside [A-Za-z0-9_.:@-]', async () => {
    for (const sub of [undefined, '', 'a'.repeat(65), 'has space', 'slash/no', 'ünï']) {
      const result = await verifier.verify(await hs256({ sub, exp: inOneHour() }));
      expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('"sub"') });
    }
    expect((await verifier.verify(await hs256({ sub: 'a'.repeat(64), exp: inOneHour() }))).ok).toBe(true);
  });

  it('rejects garbage and the "none" algorithm', async () => {
    expect(await verifier.verify('not.a.jwt')).toEqual({ ok: false, reason: 'session token is malformed' });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(`{"sub":"a","exp":${inOneHour()}}`).toString('base64url')}.`;
    expect((await verifier.verify(none)).ok).toBe(false);
  });

  it('checks iss and aud when configured', async () => {
    const strict = createSessionVerifier({ secret: SECRET, issuer: 'https://id.example', audience: 'rps' }, tempDir());
    const good = await hs256({ sub: 'a', exp: inOneHour(), iss: 'https://id.example', aud: 'rps' });
    expect(await strict.verify(good)).toEqual({ ok: true, accountId: 'a' });
    expect(await strict.verify(await hs256({ sub: 'a', exp: inOneHour(), iss: 'https://evil.example', aud: 'rps' }))).toEqual({ ok: false, reason: 'session token claim "iss" is invalid' });
    expect(await strict.verify(await hs256({ sub: 'a', exp: inOneHour(), iss: 'https://id.example', aud: 'other' }))).toEqual({ ok: false, reason: 'session token claim "aud" is invalid' });
    expect(await strict.verify(await hs256({ sub: 'a', exp: inOneHour() }))).toMatchObject({ ok: false });
  });
});

describe('session JWTs with SESSION_JWT_PUBLIC_KEY (PEM)', () => {
  for (const alg of ['RS256', 'ES256', 'EdDSA'] as const) {
    it(`accepts ${alg} for a matching key and refuses HS256 signed with the PEM text`, async () => {
      const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
      const pem = await exportSPKI(publicKey);
      const verifier = createSessionVerifier({ publicKeyPem: pem }, tempDir());
      const token = await new SignJWT({ sub: 'acct', exp: inOneHour() }).setIssuedAt().setProtectedHeader({ alg }).sign(privateKey);
      expect(await verifier.verify(token)).toEqual({ ok: true, accountId: 'acct' });
      // The classic key-confusion attack: an HMAC "signed" with the public key's text.
      expect(await verifier.verify(await hs256({ sub: 'acct', exp: inOneHour() }, pem))).toEqual({ ok: false, reason: 'session token algorithm is not accepted' });
    });
  }
});

describe('session JWTs with SESSION_JWKS_URL', () => {
  let server: Server;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('verifies against keys fetched from a loopback JWKS endpoint; an unreachable one is a 503', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const verifier = createSessionVerifier({ jwksUrl: `http://127.0.0.1:${port}/jwks.json` }, tempDir());
    const sign = (kid: string) => new SignJWT({ sub: 'acct', exp: inOneHour() }).setIssuedAt().setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
    expect(await verifier.verify(await sign('k1'))).toEqual({ ok: true, accountId: 'acct' });
    expect(await verifier.verify(await sign('k2'))).toMatchObject({ ok: false });

    const down = createSessionVerifier({ jwksUrl: 'http://127.0.0.1:9/jwks.json' }, tempDir());
    await expect(down.verify(await sign('k1'))).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

describe('development secret in DATA_DIR', () => {
  it('is created once with mode 0600, reused, and signs what the CLI mints', async () => {
    const dir = tempDir();
    const first = loadOrCreateDevSecret(dir);
    expect(first.created).toBe(true);
    expect(statSync(join(dir, DEV_SECRET_FILE)).mode & 0o777).toBe(0o600);
    const second = loadOrCreateDevSecret(dir);
    expect(second).toEqual({ ...first, created: false });

    const verifier = createSessionVerifier({}, dir);
    expect(verifier.source).toBe('dev-secret');
    const token = await mintSessionToken({ secret: second.secret, accountId: 'dev', ttlSeconds: 60 });
    expect(await verifier.verify(token)).toEqual({ ok: true, accountId: 'dev' });
    expect(readFileSync(join(dir, DEV_SECRET_FILE), 'utf8').trim()).toBe(first.secret);
  });

  it('refuses a secret file other users can read, and an empty one', () => {
    const dir = tempDir();
    const path = join(dir, DEV_SECRET_FILE);
    writeFileSync(path, 'x'.repeat(43));
    chmodSync(path, 0o644);
    expect(() => loadOrCreateDevSecret(dir)).toThrow(`${path} is readable by other users; run chmod 600 ${path}`);
    writeFileSync(path, '\n', { mode: 0o600 });
    chmodSync(path, 0o600);
    expect(() => loadOrCreateDevSecret(dir)).toThrow('holds no usable secret');
  });
});

describe('session token minting', () => {
  it('reads TTLs', () => {
    expect([parseTtl('1h'), parseTtl('30m'), parseTtl('90'), parseTtl('7d'), parseTtl('90s')]).toEqual([3600, 1800, 90, 604_800, 90]);
    expect([parseTtl('0'), parseTtl('1w'), parseTtl('-1h'), parseTtl('400d')]).toEqual([null, null, null, null]);
  });

  it('adds iss and aud when asked and refuses a bad account ID', async () => {
    const verifier = createSessionVerifier({ secret: SECRET, issuer: 'me', audience: 'you' }, tempDir());
    const token = await mintSessionToken({ secret: SECRET, accountId: 'acct', ttlSeconds: 60, issuer: 'me', audience: 'you' });
    expect(await verifier.verify(token)).toEqual({ ok: true, accountId: 'acct' });
    await expect(mintSessionToken({ secret: SECRET, accountId: 'no spaces', ttlSeconds: 60 })).rejects.toThrow('account ID must be');
  });
});
