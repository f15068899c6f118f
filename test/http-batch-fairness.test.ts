/**
 * Batches share their threads by time (issue 28.2): with WORKERS=2 the receiving worker and its peer
 * each screened a whole chunk of slots (1/16 of the batch) before letting their event loops run, so
 * during a batch of the costliest crafted slots (5-16 ms each) /healthz waited 91-122 ms. They now
 * yield per slot, by time (src/server/threads/batch-pacer.ts).
 *
 * Judged as a ratio within one run, not against a fixed number of milliseconds (the machine is
 * shared and its speed drifts): the slot cost is measured by the same batch (its time over its
 * slots, on two threads), and a /healthz wait (90th percentile) must stay within three slot costs;
 * screened a chunk at a time it waited for several (up to 7 slots). Real HTTP, the snapshot, WORKERS=2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { costlyArabicBatch } from '../bench/support/costly-batch.js';
import { loadConfig } from '../src/config.js';
import { mintSessionToken } from '../src/identity/session-token.js';
import { createLogger } from '../src/server/logging/logger.js';
import { startService, type RunningService } from '../src/server/service.js';
import { call } from './support/http-harness.js';
import { describeShared, SNAPSHOT_DIR } from './support/shared.js';

const BATCH = '/sanctions-screening/v1/screen/batch';
const SLOTS = 100;

let service: RunningService;
let url: string;
let token: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rps-fairness-'));
  const secret = 'f'.repeat(48);
  const config = loadConfig({
    PORT: '0', WORKERS: '2', LISTS_DIR: SNAPSHOT_DIR, DATA_DIR: dataDir, SESSION_JWT_SECRET: secret, LOG_LEVEL: 'warn',
    MAX_BODY_BYTES: String(8 * 2 ** 20),
  });
  service = await startService(config, createLogger({ level: 'warn', destination: new Writable({ write: (_c, _e, done) => done() }) }));
  await service.lists.first;
  url = `http://127.0.0.1:${service.port}`;
  const session = await mintSessionToken({ secret, accountId: 'acct-fairness', ttlSeconds: 600 });
  token = (await call(url, 'POST', '/me/api-keys', { token: session, json: { name: 'k', allowedServiceIds: ['*'], monthlyLimit: 100_000 } })).body.token;
}, 240_000);
afterAll(async () => {
  await service?.close(2_000);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function healthzMs(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/healthz`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

async function batch(entities: unknown[]): Promise<void> {
  const response = await fetch(`${url}${BATCH}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(entities),
  });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

const percentile = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

describeShared('a batch of the costliest slots on two workers (snapshot, real HTTP)', () => {
  it('/healthz waits at most a few slots, not a chunk of them', async () => {
    const entities = costlyArabicBatch(SLOTS);
    await batch(entities.slice(0, 10)); // warm-up: JIT and word caches of both threads
    const rounds: string[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < 2; round++) {
      const started = performance.now();
      let finished = 0;
      const answered = batch(entities).finally(() => (finished = performance.now()));
      const waits: number[] = [];
      while (finished === 0) waits.push(await healthzMs());
      await answered;
      // Two threads screen the slots: one slot's cost is the batch's time over half its slots.
      const slotMs = (finished - started) / (SLOTS / 2);
      const p90 = percentile(waits, 0.9);
      ratios.push(p90 / slotMs);
      rounds.push(`batch ${(finished - started).toFixed(0)} ms (${slotMs.toFixed(1)} ms a slot), ${waits.length} /healthz, ` +
        `p90 ${p90.toFixed(1)} ms, longest ${Math.max(...waits).toFixed(1)} ms`);
      expect(waits.length, rounds.join('; ')).toBeGreaterThanOrEqual(10);
    }
    console.info(`[fairness] ${rounds.join('; ')}`);
    // The better round decides: a neighbour's burst can stall one round, not both.
    expect(Math.min(...ratios), rounds.join('; ')).toBeLessThan(3);
  }, 240_000);
});
