/**
 * Batch slots screened on every worker (issue 16): with WORKERS=2 the worker that received a batch
 * hands chunks of its slots to the idle peer (src/server/threads/peer-screening.ts). Over real HTTP on the
 * snapshot, the answers are the same bytes as with WORKERS=1 (slot order, matches, coverage), apart
 * from each slot's own requestId and screenedAt, and the peer screened some of the slots
 * (rps_batch_peer_slots_total > 0; 0 before the peer channel existed). On one thread over a real
 * MessageChannel: a peer whose loaded list version differs declines, and the sender screens it all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildEngine } from '../src/engine/index.js';
import type { ScreenRequest, ScreeningEngine } from '../src/engine/types.js';
import { mintSessionToken } from '../src/identity/session-token.js';
import { createLogger } from '../src/server/logging/logger.js';
import { PeerScreening, screenInSlices } from '../src/server/threads/peer-screening.js';
import { startService, type RunningService } from '../src/server/service.js';
import { call, sampleLists } from './support/http-harness.js';
import { describeShared, SAMPLE_DIR, SNAPSHOT_DIR } from './support/shared.js';

const BATCH = '/sanctions-screening/v1/screen/batch';
const GIVEN = ['Vladimir', 'Maria', 'Mohammed', 'Kim', 'Ali', 'Ivan', 'Hassan', 'Olga', 'Juan', 'Abdul'];
const FAMILY = ['Putin', 'Garcia Lopez', 'Al Hashimi', 'Jong Un', 'Rahman', 'Petrov', 'Nasrallah', 'Ivanova', 'Perez', 'Karim'];
const COMPANIES = ['Banco Nacional de Cuba', 'Rosoboronexport', 'Aerocaribbean Airlines', 'Sberbank', 'Hizballah'];

/** 100 different subjects: people (some with a date of birth or country) and companies. */
function subjects(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; out.length < 95; i++) {
    const person: Record<string, unknown> = { name: `${GIVEN[i % 10]} ${FAMILY[Math.floor(i / 10) % 10]}`, kind: 'individual' };
    if (i % 3 === 0) person.dateOfBirth = `19${50 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`;
    if (i % 4 === 1) person.nationality = ['RU', 'IR', 'CU', 'KP'][i % 4];
    out.push(person);
  }
  for (const name of COMPANIES) out.push({ name, kind: 'entity' });
  return out;
}

/** The answer's bytes with each slot's own requestId and screenedAt blanked: all else must be equal. */
const withoutIds = (text: string): string =>
  text.replace(/"requestId":"[^"]*"/g, '"requestId":""').replace(/"screenedAt":"[^"]*"/g, '"screenedAt":""');

interface Served { service: RunningService; url: string; token: string; dataDir: string }

async function serve(workers: number, listsDir = SNAPSHOT_DIR, keyBody: Record<string, unknown> = {}): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-peers-'));
  const secret = 'p'.repeat(48);
  const config = loadConfig({
    PORT: '0', WORKERS: String(workers), LISTS_DIR: listsDir, DATA_DIR: dataDir, SESSION_JWT_SECRET: secret, LOG_LEVEL: 'warn',
  });
  const service = await startService(config, createLogger({ level: 'warn', destination: new Writable({ write: (_c, _e, done) => done() }) }));
  await service.lists.first;
  const url = `http://127.0.0.1:${service.port}`;
  const session = await mintSessionToken({ secret, accountId: 'acct-peers', ttlSeconds: 600 });
  const key = await call(url, 'POST', '/me/api-keys', { token: session, json: { name: 'k', allowedServiceIds: ['*'], ...keyBody } });
  return { service, url, token: key.body.token as string, dataDir };
}

async function stop(served: Served): Promise<void> {
  await served.service.close(2_000);
  rmSync(served.dataDir, { recursive: true, force: true });
}

async function batchText(served: Served, entities: unknown[]): Promise<string> {
  const res = await fetch(`${served.url}${BATCH}`, {
    method: 'POST', headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ entities }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

function peerSlots(metrics: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith('rps_batch_peer_slots_total'));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

describeShared('batch slots on every worker (snapshot, real HTTP)', () => {
  const entities = subjects();
  const oneWorker: string[] = [];
  beforeAll(async () => {
    const w1 = await serve(1);
    try {
      for (let round = 0; round < 3; round++) oneWorker.push(withoutIds(await batchText(w1, entities)));
      // Every slot screened (none refused by validation), and some match.
      const slots = JSON.parse(oneWorker[0]) as { error?: unknown; matches?: unknown[] }[];
      expect(slots.filter((s) => s.error !== undefined)).toEqual([]);
      expect(slots.filter((s) => (s.matches ?? []).length > 0).length).toBeGreaterThan(5);
    } finally {
      await stop(w1);
    }
  }, 180_000);

  it('WORKERS=2 answers byte-identically to WORKERS=1 and the peer screens slots', async () => {
    expect(new Set(entities.map((e) => JSON.stringify(e))).size).toBe(100);
    const w2 = await serve(2);
    try {
      for (let round = 0; round < 3; round++) {
        const text = withoutIds(await batchText(w2, entities));
        expect(text).toBe(oneWorker[round]);
      }
      const metrics = await (await fetch(`${w2.url}/metrics`)).text();
      expect(peerSlots(metrics)).toBeGreaterThan(0);
      // Slots a peer screened are counted once, by the worker that answered them.
      const screens = metrics.split('\n').filter((l) => l.startsWith('rps_screens_total{')).reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
      expect(screens).toBe(300);
    } finally {
      await stop(w2);
    }
  }, 180_000);
});

it('WORKERS=2: a batch the quota refuses (429) is screened by no worker and counted nowhere', async () => {
  const served = await serve(2, SAMPLE_DIR, { monthlyLimit: 5 });
  try {
    const res = await fetch(`${served.url}${BATCH}`, {
      method: 'POST', headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entities: subjects().slice(0, 50) }),
    });
    expect(res.status).toBe(429);
    await res.arrayBuffer();
    // Give a late peer the time to reach the withdrawn offer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const metrics = await (await fetch(`${served.url}/metrics`)).text();
    expect(peerSlots(metrics)).toBe(0);
    expect(metrics.split('\n').filter((l) => l.startsWith('rps_screens_total{'))).toEqual([]);
  } finally {
    await stop(served);
  }
}, 120_000);

describeShared('peer screening on one thread over a real MessageChannel', () => {
  let engine: ScreeningEngine;
  let requests: ScreenRequest[];
  beforeAll(async () => {
    engine = await buildEngine(await sampleLists());
    // Enough slots that the sender yields (every 4 ms of screening) and the peer's turn comes.
    requests = Array.from({ length: 3000 }, (_, i) => ({ name: `${GIVEN[i % 10]} ${FAMILY[Math.floor(i / 10) % 10]} ${i}` }));
  });
  const channels: MessageChannel[] = [];
  afterAll(() => channels.forEach((c) => (c.port1.close(), c.port2.close())));

  async function run(senderVersion: string, peerVersion: string): Promise<{ same: boolean; peerSlots: number }> {
    const channel = new MessageChannel();
    channels.push(channel);
    let slots = 0;
    const sender = new PeerScreening([channel.port1], { engine: () => engine, version: () => senderVersion }, (n) => (slots += n));
    new PeerScreening([channel.port2], { engine: () => engine, version: () => peerVersion });
    const shared = await sender.screen(engine, senderVersion, requests);
    const alone = await screenInSlices(engine, requests);
    return { same: JSON.stringify(shared) === JSON.stringify(alone), peerSlots: slots };
  }

  it('same list version: the peer takes chunks, results in order', async () => {
    const { same, peerSlots: slots } = await run('v1', 'v1');
    expect(same).toBe(true);
    expect(slots).toBeGreaterThan(0);
  });

  it('another list version: the peer declines, the sender screens every slot', async () => {
    const { same, peerSlots: slots } = await run('v1', 'v2');
    expect(same).toBe(true);
    expect(slots).toBe(0);
  });
});
