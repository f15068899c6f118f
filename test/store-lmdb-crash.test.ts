/**
 * What the embedded store promises with its default sync interval (commits flushed to disk once a
 * second, not one by one): a killed process (SIGKILL mid-load) loses no answered call's charge or
 * audit record and leaves no partial step; and charges that share one commit stay atomic against
 * the limit.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mintSessionToken } from '../src/identity/session-token.js';
import { openLmdbDatabases } from '../src/store/lmdb/lmdb-databases.js';
import { openLmdbStore } from '../src/store/lmdb/lmdb-store.js';
import type { ChargeRequest } from '../src/store/types.js';
import { call, randomSecret } from './support/http-harness.js';
import { freePort, startMain, waitReady, type Child } from './support/main-process.js';
import { SAMPLE_DIR } from './support/shared.js';

const SCREEN = '/sanctions-screening/v1/screen';
const dataDir = mkdtempSync(join(tmpdir(), 'rps-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(secret: string): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  // The defaults a user gets from `npm start`: lmdb, WORKERS=1, LMDB_SYNC_INTERVAL_MS=1000 (the sample lists,
  // named explicitly: an explicit LISTS_DIR must hold list files).
  const child = startMain({ PORT: String(port), LISTS_DIR: SAMPLE_DIR, DATA_DIR: dataDir, SESSION_JWT_SECRET: secret, LOG_LEVEL: 'warn' });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, 60_000);
  return { child, url };
}

/** Screens on `connections` loops until `stop` says so, pushing the request IDs of the 200 answers. */
async function screenUntil(url: string, token: string, connections: number, stop: () => boolean, answered: string[]): Promise<void> {
  const loop = async (): Promise<void> => {
    while (!stop()) {
      try {
        const r = await fetch(`${url}${SCREEN}`, {
          method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Crash Test ${answered.length}` }),
        });
        if (r.status === 200) answered.push(r.headers.get('x-request-id')!);
        await r.arrayBuffer();
      } catch {
        return; // the process is gone: the calls in flight got no answer
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
}

describe('embedded store durability', () => {
  it('SIGKILL mid-load: every answered call is charged and audited after a restart, and no step is partial', async () => {
    const secret = randomSecret();
    const first = await startServer(secret);
    const session = await mintSessionToken({ secret, accountId: 'acct-crash', ttlSeconds: 600 });
    let token: string;
    try {
      const key = await call(first.url, 'POST', '/me/api-keys', { token: session, json: { name: 'k', allowedServiceIds: ['*'] } });
      token = key.body.token;
      let killed = false;
      const answered: string[] = [];
      const load = screenUntil(first.url, token, 8, () => killed, answered);
      // Kill with calls in flight, once enough were answered (most of them not yet flushed to disk);
      // up to 2 minutes for them on a loaded machine (the test's own timeout is 4).
      const started = Date.now();
      while (answered.length < 150 && Date.now() - started < 120_000) await new Promise((resolve) => setTimeout(resolve, 20));
      first.child.process.kill('SIGKILL');
      killed = true;
      await first.child.exited;
      await load;
      expect(answered.length).toBeGreaterThanOrEqual(150);

      const second = await startServer(secret);
      try {
        for (const requestId of answered) {
          const audit = await call(second.url, 'GET', `/sanctions-screening/v1/audit/${requestId}`, { token });
          expect(audit.status).toBe(200);
        }
        const keys = await call(second.url, 'GET', '/me/api-keys', { token: session });
        const used: number = keys.body.data[0].usage[0].used;
        // Calls cut off by the kill may have committed without an answer (over-charged, never under).
        expect(used).toBeGreaterThanOrEqual(answered.length);
      } finally {
        second.child.process.kill('SIGTERM');
        await second.child.exited;
      }
      // No partial step: the counter and the audit records moved together, one record per unit.
      const dbs = openLmdbDatabases(dataDir, 'rps:', 0);
      try {
        const units = Array.from(dbs.counters.getRange()).reduce((sum, { value }) => sum + value, 0);
        expect(dbs.audit.getCount()).toBe(units);
      } finally {
        await dbs.env.close();
      }
    } finally {
      first.child.process.kill('SIGKILL');
    }
    // Two starts of the real server (lists loaded at the lowest CPU priority): slow on a busy machine.
  }, 240_000);

  it('charges batched into one commit stay atomic: 80 at once against a limit of 50 allow exactly 50', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rps-batch-'));
    const store = openLmdbStore({ dataDir: dir, namePrefix: 'test:' });
    try {
      const charge = (): ChargeRequest => ({
        ref: { accountId: 'acct-b', keyId: 'key-b', serviceId: 'svc', period: '2031-03' }, units: 1, limit: 50, counterExpiresAt: new Date('2031-04-01T00:00:00Z'),
        audit: [{ requestId: randomUUID(), accountId: 'acct-b', screenedAt: '2031-03-10T12:00:00.000Z', bodySha256: 'b'.repeat(64) }],
        auditExpiresAt: new Date('2031-04-09T12:00:00Z'),
      });
      const charges = Array.from({ length: 80 }, charge);
      // Issued in one event-loop turn: lmdb-js runs them in one write transaction.
      const results = await Promise.all(charges.map((c) => store.chargeWithAudit(c)));
      expect(results.filter((r) => r.allowed)).toHaveLength(50);
      expect(results.map((r) => r.used).sort((a, b) => a - b).slice(-1)[0]).toBe(50);
      expect(await store.readCounter(charges[0].ref)).toBe(50);
      const now = new Date('2031-03-10T12:00:00Z');
      for (const [i, c] of charges.entries()) {
        expect(await store.getAudit('acct-b', c.audit[0].requestId, now)).toEqual(results[i].allowed ? c.audit[0] : null);
      }
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
