/**
 * The identity service on each store: accounts on first use, key create/list/revoke exactly as
 * API.md says, verifyKey's outcome codes, and revocation reaching a second instance within 1 s
 * (or within the 30 s cache bound when the event is lost).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_DEFAULTS, updateAccount } from '../src/identity/accounts.js';
import { createIdentityService } from '../src/identity/identity-service.js';
import { createSessionVerifier } from '../src/identity/session-verifier.js';
import { mintSessionToken } from '../src/identity/session-token.js';
import type { CreatedApiKey, IdentityService } from '../src/identity/types.js';
import type { Store } from '../src/store/types.js';
import { storeHarnesses, type StoreHarness } from './store-harness.js';

const SECRET = 'test-secret-test-secret-test-secret!';
const SERVICE = 'sanctions-screening';

describe.each(storeHarnesses())('identity service on %s', (_name, make) => {
  let harness: StoreHarness;
  let store: Store;
  let clockMs: number;
  let identity: IdentityService;
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-identity-'));
  const sessions = createSessionVerifier({ secret: SECRET }, dataDir);
  const now = (): Date => new Date(clockMs);
  const service = (s: Store): IdentityService => createIdentityService({ store: s, sessions, defaults: ACCOUNT_DEFAULTS, now });

  beforeEach(async () => {
    harness = make();
    store = await harness.open();
    clockMs = Date.parse('2031-05-01T00:00:00Z');
    identity = service(store);
  });
  afterEach(async () => {
    await identity.close();
    await harness.cleanup();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function create(accountId = 'acct-1', extra = {}): Promise<CreatedApiKey> {
    const result = await identity.createKey(accountId, { name: 'ci', allowedServiceIds: [SERVICE], ...extra });
    if (!result.ok) throw new Error(`create failed: ${JSON.stringify(result)}`);
    return result.key;
  }

  it('creates the account with the defaults on its first valid session token', async () => {
    const jwt = await mintSessionToken({ secret: SECRET, accountId: 'user@example.com', ttlSeconds: 60 });
    const result = await identity.verifySession(jwt);
    expect(result).toMatchObject({ ok: true, account: { accountId: 'user@example.com', subscriptions: [SERVICE], keyLimit: 10, monthlyLimitCap: 1_000_000 } });
    expect(await store.getAccount('user@example.com')).not.toBeNull();
    expect(await identity.verifySession(`${jwt}x`)).toEqual({ ok: false, code: 'unauthorized', reason: 'session token signature is invalid' });
  });

  it('creates a key whose token is shown once and stored only as its SHA-256', async () => {
    const key = await create();
    expect(key.token).toMatch(/^svc_live_[A-Z2-7]{52}$/);
    expect(key).toMatchObject({ prefix: key.token.slice(0, 16), status: 'active', monthlyLimit: 20_000, allowedServiceIds: [SERVICE] });
    expect(Date.parse(key.expiresAt) - clockMs).toBe(365 * 86_400_000);
    expect(key.createdAt).toBe(now().toISOString());
    const stored = await store.getKey('acct-1', key.keyId);
    expect(stored?.tokenSha256).toBe(createHash('sha256').update(key.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.token);
    const listed = await identity.listKeys('acct-1');
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('token');
    expect(listed[0]).not.toHaveProperty('revokedAt');
  });

  it('enforces the semantic rules: cap, future expiry, at most three years, unknown fields', async () => {
    const bad = await identity.createKey('acct-1', {
      name: 'x',
      allowedServiceIds: ['Bad_Slug'],
      monthlyLimit: 1_000_001,
      expiresAt: '2031-04-30T23:59:59Z',
      color: 'red',
    } as never);
    expect(bad.ok).toBe(false);
    if (bad.ok || bad.code !== 'invalid_request') throw new Error('expected invalid_request');
    expect(bad.details.map((d) => d.field).sort()).toEqual(['allowedServiceIds[0]', 'color', 'expiresAt', 'monthlyLimit']);
    const tooFar = await identity.createKey('acct-1', { name: 'x', allowedServiceIds: ['*'], expiresAt: '2034-05-01T00:00:01Z' });
    expect(tooFar).toMatchObject({ ok: false, details: [{ field: 'expiresAt', issue: 'must be at most 3 years from now' }] });
    expect((await create('acct-1', { expiresAt: '2034-05-01T00:00:00Z', monthlyLimit: 1_000_000 })).monthlyLimit).toBe(1_000_000);
  });

  it('refuses the 11th active key, and follows a per-account key limit and cap', async () => {
    for (let i = 0; i < 10; i++) await create();
    expect(await identity.createKey('acct-1', { name: 'eleven', allowedServiceIds: [SERVICE] })).toMatchObject({ ok: false, code: 'key_limit_reached' });
    await updateAccount(store, 'acct-2', { keyLimit: 1, monthlyLimitCap: 500 }, ACCOUNT_DEFAULTS, now());
    await create('acct-2', { monthlyLimit: 500 });
    expect(await identity.createKey('acct-2', { name: 'two', allowedServiceIds: [SERVICE] })).toMatchObject({ ok: false, code: 'key_limit_reached' });
  });

  it('revokes idempotently; another account or an unknown ID is simply not found', async () => {
    const key = await create('acct-1');
    expect(await identity.revokeKey('acct-2', key.keyId)).toEqual({ ok: false, code: 'not_found' });
    expect(await identity.revokeKey('acct-1', '00000000-0000-4000-8000-000000000000')).toEqual({ ok: false, code: 'not_found' });
    const first = await identity.revokeKey('acct-1', key.keyId);
    clockMs += 5000;
    const again = await identity.revokeKey('acct-1', key.keyId);
    expect(first).toMatchObject({ ok: true, key: { status: 'revoked', revokedAt: '2031-05-01T00:00:00.000Z' } });
    expect(again).toEqual(first);
    expect(await identity.listKeys('acct-1')).toMatchObject([{ keyId: key.keyId, status: 'revoked' }]);
  });

  it('verifies keys with the contract codes, in order', async () => {
    const scoped = await create('acct-1');
    const everything = await create('acct-1', { allowedServiceIds: ['*'] });
    expect(await identity.verifyKey(scoped.token, SERVICE)).toMatchObject({ ok: true, key: { keyId: scoped.keyId, monthlyLimit: 20_000 } });
    expect(await identity.verifyKey('svc_live_short', SERVICE)).toEqual({ ok: false, code: 'invalid_api_key' });
    expect(await identity.verifyKey(`svc_live_${'A'.repeat(52)}`, SERVICE)).toEqual({ ok: false, code: 'invalid_api_key' });
    expect(await identity.verifyKey(scoped.token, 'other-service')).toEqual({ ok: false, code: 'service_not_allowed' });
    expect(await identity.verifyKey(everything.token, 'other-service')).toEqual({ ok: false, code: 'not_subscribed' });
    await identity.revokeKey('acct-1', scoped.keyId);
    expect(await identity.verifyKey(scoped.token, SERVICE)).toEqual({ ok: false, code: 'api_key_revoked' });
  });

  it('rejects and lists a key past its expiry as expired', async () => {
    const key = await create('acct-1', { expiresAt: '2031-05-02T00:00:00Z' });
    expect((await identity.verifyKey(key.token, SERVICE)).ok).toBe(true);
    clockMs = Date.parse('2031-05-02T00:00:00Z');
    expect(await identity.verifyKey(key.token, SERVICE)).toEqual({ ok: false, code: 'api_key_expired' });
    expect((await identity.listKeys('acct-1'))[0].status).toBe('expired');
  });

  it('stops a revoked key on a second instance within 1 s (event)', async () => {
    const other = service(await harness.open());
    try {
      const key = await create();
      expect((await other.verifyKey(key.token, SERVICE)).ok).toBe(true); // now cached there
      await identity.revokeKey('acct-1', key.keyId);
      const started = Date.now();
      await expect.poll(async () => (await other.verifyKey(key.token, SERVICE)).ok, { timeout: 1000, interval: 20 }).toBe(false);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });

  it('stops a revoked key within the 30 s cache bound when the event is lost', async () => {
    const other = service(await harness.open());
    try {
      const key = await create();
      expect((await other.verifyKey(key.token, SERVICE)).ok).toBe(true);
      await store.revokeKey('acct-1', key.keyId, now()); // written, never published
      clockMs += 29_000;
      expect((await other.verifyKey(key.token, SERVICE)).ok).toBe(true);
      clockMs += 1_000;
      expect(await other.verifyKey(key.token, SERVICE)).toEqual({ ok: false, code: 'api_key_revoked' });
    } finally {
      await other.close();
    }
  });
});
