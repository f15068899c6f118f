/**
 * Two-worker fairness (issue 28.2): eight connections send single screenings (the engine bench's
 * query mix) while one more connection sends, back to back, batches of the costliest crafted slots
 * (bench/support/costly-batch.ts, 100 slots each). Their throughput is compared with the same eight
 * connections alone, windows alternated (alone, attacked, alone, attacked...) in one run so that a
 * drifting machine moves both alike. Target: the attacked throughput at least half of the alone one.
 *
 * Loopback only, bounded: ROUNDS x 2 windows of WINDOW_S seconds, one attacker connection.
 * Run alone: `npx tsx bench/batch-fairness.bench.ts [--quick] [--server-dir DIR] [--lists DIR]`
 * (--server-dir: another checkout's build, for a before/after; --lists: default the snapshot). Writes bench/results/batch-fairness.json.
 */
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { costlyArabicBatch } from './support/costly-batch.js';
import { buildServer, redisAnswers, startBenchServer } from './support/bench-server.js';
import { autocannon, rotating } from './support/load.js';
import { PROJECT_DIR, SNAPSHOT_DIR, writeResults } from './support/paths.js';
import { screeningBodies } from './support/screening-bodies.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const serverDir = args.includes('--server-dir') ? args[args.indexOf('--server-dir') + 1] : undefined;
const WINDOW_S = quick ? 4 : 8;
const ROUNDS = quick ? 2 : 3;
const CONNECTIONS = 8;
const SCREEN = '/sanctions-screening/v1/screen';

const bodies = screeningBodies();
const useRedis = await redisAnswers();
const lists = args.includes('--lists') ? args[args.indexOf('--lists') + 1] : existsSync(SNAPSHOT_DIR) ? SNAPSHOT_DIR : join(PROJECT_DIR, 'data/sample');
if (serverDir === undefined) buildServer();
const server = await startBenchServer({ store: useRedis ? 'redis' : 'lmdb', workers: 2, listsDir: lists, serverDir });
const { url, headers } = server;
const attack = JSON.stringify(costlyArabicBatch());

/** Sends the costly batch back to back on one connection until `stop()`; counts the slots answered. */
function attacker(): { stop: () => Promise<{ batches: number; slots: number }> } {
  let running = true;
  let batches = 0;
  const loop = (async () => {
    while (running) {
      const response = await fetch(`${url}${SCREEN}/batch`, { method: 'POST', headers, body: attack });
      if (response.status !== 200) throw new Error(`attacker batch answered ${response.status}`);
      await response.arrayBuffer();
      batches++;
    }
  })();
  return { stop: async () => { running = false; await loop; return { batches, slots: batches * 100 }; } };
}

async function window(): Promise<{ rps: number; p99: number; errors: number }> {
  const r = await autocannon({ url, duration: WINDOW_S, connections: CONNECTIONS, requests: rotating(SCREEN, headers, bodies.timed) });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

try {
  // Warm-up of both threads (JIT, word caches) on other subjects, and one costly batch.
  await autocannon({ url, duration: quick ? 2 : 5, connections: CONNECTIONS, requests: rotating(SCREEN, headers, bodies.warmup) });
  const warm = attacker();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await warm.stop();
  const rows: Record<string, unknown>[] = [];
  const alone: number[] = [];
  const attacked: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const a = await window();
    alone.push(a.rps);
    rows.push({ round, window: 'alone', 'req/s': Math.round(a.rps), 'p99 ms': a.p99, errors: a.errors, 'attacker slots/s': 0 });
    const hostile = attacker();
    const b = await window();
    const { slots } = await hostile.stop();
    attacked.push(b.rps);
    rows.push({ round, window: 'with costly batches', 'req/s': Math.round(b.rps), 'p99 ms': b.p99, errors: b.errors, 'attacker slots/s': Math.round(slots / WINDOW_S) });
  }
  const sum = (xs: number[]): number => xs.reduce((s, x) => s + x, 0);
  const ratio = sum(attacked) / sum(alone);
  console.log(`\nTwo-worker fairness: ${CONNECTIONS} connections of single screenings, alone vs with one connection of costly batches; ${ROUNDS} x ${WINDOW_S} s windows each, alternated; lists ${lists}; store ${useRedis ? 'redis' : 'lmdb'}; ${serverDir ?? 'this build'}`);
  console.table(rows);
  console.log(`attacked / alone throughput: ${ratio.toFixed(2)} (target >= 0.50: ${ratio >= 0.5 ? 'PASS' : 'MISS'}); load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`);
  const file = writeResults('batch-fairness', {
    date: new Date().toISOString(), windowS: WINDOW_S, rounds: ROUNDS, connections: CONNECTIONS, serverDir: serverDir ?? null,
    machine: { cpus: cpus().length, loadavg: loadavg() }, ratio, results: rows,
  });
  console.log(`results: ${file}`);
} finally {
  await server.stop();
}
