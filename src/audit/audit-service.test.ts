import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLmdbStore } from '../store/lmdb/lmdb-store.js';
import { createAuditService } from './audit-service.js';

describe('audit service', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rps-audit-'));
  const store = openLmdbStore({ dataDir: dir });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps exactly requestId, the account, screenedAt and bodySha256 for 30 days from screenedAt', async () => {
    let now = new Date('2031-01-01T00:00:00Z');
    const audit = createAuditService({ store, now: () => now });
    const requestId = randomUUID();
    const bodySha256 = createHash('sha256').update('{"name":"x"}').digest('hex');
    await audit.record({ requestId, accountId: 'acct-1', screenedAt: now.toISOString(), bodySha256, name: 'must not be kept' } as never);
    expect(await audit.get('acct-1', requestId)).toEqual({ requestId, accountId: 'acct-1', screenedAt: now.toISOString(), bodySha256 });
    // Another account's lookup finds nothing, exactly as for an unknown ID.
    expect(await audit.get('acct-2', requestId)).toBeNull();
    now = new Date('2031-01-30T23:59:59Z');
    expect(await audit.get('acct-1', requestId)).not.toBeNull();
    now = new Date('2031-01-31T00:00:00Z');
    expect(await audit.get('acct-1', requestId)).toBeNull();
  });

  it('refuses records that are not a hash and a timestamp', async () => {
    const audit = createAuditService({ store });
    const screenedAt = new Date().toISOString();
    await expect(audit.record({ requestId: 'r', accountId: 'a', screenedAt, bodySha256: 'ABC' })).rejects.toThrow('bodySha256 must be 64 lowercase hex');
    await expect(audit.record({ requestId: 'r', accountId: 'a', screenedAt: 'yesterday', bodySha256: 'a'.repeat(64) })).rejects.toThrow('screenedAt');
    await expect(audit.record({ requestId: '', accountId: 'a', screenedAt, bodySha256: 'a'.repeat(64) })).rejects.toThrow('requestId');
  });
});
