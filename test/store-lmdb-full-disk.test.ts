/**
 * A full disk under DATA_DIR (a real 2 MiB tmpfs, filled by a file): every store write answers 503
 * store_unavailable, nothing is charged or audited, /readyz says so, the process lives on (vitest
 * fails a file on any unhandled rejection), and once space is back the service recovers by itself.
 * Needs root to mount; without it the file is skipped with the reason printed.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../src/store/errors.js';
import { openLmdbStore } from '../src/store/lmdb/lmdb-store.js';
import type { ChargeRequest, Store, StoredKey } from '../src/store/types.js';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';

const NOW = new Date('2031-03-10T12:00:00.000Z');

/** Mounts a 2 MiB tmpfs; null with the reason when this machine cannot. */
function mountSmallDisk(): { dir: string; reason: null } | { dir: null; reason: string } {
  const dir = mkdtempSync(join(tmpdir(), 'rps-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, reason: null };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { dir: null, reason: String((error as { stderr?: Buffer }).stderr ?? error).trim() };
  }
}

const disk = mountSmallDisk();
if (disk.reason !== null) console.warn(`store-lmdb-full-disk: skipped, cannot mount a tmpfs: ${disk.reason}`);
const filler = (): string => join(disk.dir!, 'filler');

/** Takes every free byte of the tmpfs (the write stops at ENOSPC, the file keeps what fitted). */
function fillDisk(): void {
  try {
    writeFileSync(filler(), Buffer.alloc(4 << 20));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
}

const freeDisk = (): void => rmSync(filler(), { force: true });

afterAll(() => {
  if (disk.dir === null) return;
  // Lazy: a store left open by a failed test must not keep the mount.
  execFileSync('umount', ['-l', disk.dir]);
  rmSync(disk.dir, { recursive: true, force: true });
});

function charge(keyId: string): ChargeRequest {
  return {
    ref: { accountId: 'acct-full', keyId, serviceId: 'svc', period: '2031-03' }, units: 1, limit: 100, counterExpiresAt: new Date('2031-04-01T00:00:00Z'),
    audit: [{ requestId: randomUUID(), accountId: 'acct-full', screenedAt: NOW.toISOString(), bodySha256: 'a'.repeat(64) }],
    auditExpiresAt: new Date('2031-04-09T12:00:00Z'),
  };
}

function storedKey(accountId: string): StoredKey {
  return {
    keyId: randomUUID(), accountId, name: 'k', prefix: 'svc_live_ABCDEFG', tokenSha256: randomUUID().replace(/-/g, '').padEnd(64, '0'),
    allowedServiceIds: ['*'], monthlyLimit: 100, expiresAt: '2032-01-01T00:00:00.000Z', createdAt: NOW.toISOString(), revokedAt: null,
  };
}

describe.skipIf(disk.dir === null)('embedded store on a full disk', () => {
  afterEach(freeDisk);

  it('refuses every write with StoreUnavailableError, writes nothing, and works again once space is back', async () => {
    const store: Store = openLmdbStore({ dataDir: join(disk.dir!, 'store'), namePrefix: 'test:' });
    try {
      const kept = storedKey('acct-full');
      expect(await store.insertKey(kept, 10, NOW)).toEqual({ ok: true });
      fillDisk();

      const refused = charge('key-full');
      // Concurrent charges share one failed commit: each must still be refused on its own.
      const results = await Promise.allSettled([refused, charge('key-full'), charge('key-full')].map((c) => store.chargeWithAudit(c)));
      for (const r of results) expect(r.status === 'rejected' && r.reason).toBeInstanceOf(StoreUnavailableError);
      await expect(store.insertKey(storedKey('acct-full'), 10, NOW)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.revokeKey('acct-full', kept.keyId, NOW)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      // Reads still answer, and show that nothing of the refused steps was written.
      expect(await store.readCounter(refused.ref)).toBe(0);
      expect(await store.getAudit('acct-full', refused.audit[0].requestId, NOW)).toBeNull();
      expect((await store.getKey('acct-full', kept.keyId))?.revokedAt).toBeNull();

      freeDisk();
      await expect(store.ping()).resolves.toBeUndefined();
      const later = charge('key-full');
      expect(await store.chargeWithAudit(later)).toEqual({ allowed: true, used: 1 });
      expect(await store.getAudit('acct-full', later.audit[0].requestId, NOW)).toEqual(later.audit[0]);
    } finally {
      await store.close();
    }
  });

  describe('over HTTP', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ store: 'lmdb', env: { DATA_DIR: join(disk.dir!, 'http') } });
    });
    afterAll(async () => server?.close());

    it('answers 503 store_unavailable to screens and key writes, /readyz 503, and recovers by itself', async () => {
      const key = await createKey(server, 'acct-disk');
      const session = await server.session('acct-disk');
      const screen = (): ReturnType<typeof call> =>
        call(server.url, 'POST', '/sanctions-screening/v1/screen', { token: key.token, json: { name: 'Vladimir Putin' } });
      expect((await screen()).status).toBe(200);
      fillDisk();

      const refused = await screen();
      expect(refused.status).toBe(503);
      expect(refused.body.error.code).toBe('store_unavailable');
      expect(refused.headers.get('retry-after')).toBe('5');
      const ready = await call(server.url, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.error.code).toBe('store_unavailable');
      const created = await call(server.identityUrl, 'POST', '/me/api-keys', { token: session, json: { name: 'x', allowedServiceIds: ['sanctions-screening'] } });
      expect(created.status).toBe(503);
      const revoked = await call(server.identityUrl, 'DELETE', `/me/api-keys/${key.keyId}`, { token: session });
      expect(revoked.status).toBe(503);
      const audit = await call(server.url, 'GET', `/sanctions-screening/v1/audit/${refused.body.error.requestId}`, { token: key.token });
      expect(audit.status).toBe(404);

      freeDisk();
      expect((await call(server.url, 'GET', '/readyz')).status).toBe(200);
      const answered = await screen();
      expect(answered.status).toBe(200);
      // Two screens answered 200, the refused one charged nothing.
      const listed = await call(server.identityUrl, 'GET', '/me/api-keys', { token: session });
      expect(listed.body.data[0].usage[0].used).toBe(2);
    });
  });
});
