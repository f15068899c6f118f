/**
 * The embedded store against Redis, end to end: the built server with the default settings (lmdb,
 * WORKERS=1) beside the same build on Redis at the same WORKERS, both running, screened in turn
 * (A/B, then B/A, round after round, so a change in the machine's load falls on both), each turn
 * 16 connections over the query mix and then one sequential client. Prints and writes, as ratios:
 * Redis screens/s over lmdb's (target <= 1: lmdb at least as fast), lmdb's p99 over its p50
 * (target <= 4), and lmdb's one-client p50 over Redis's. Absolute numbers move with the machine;
 * the ratios, measured in one run, are what to compare across runs.
 *
 * Run alone: `npx tsx bench/stores.bench.ts [--quick] [--workers N] [--sample] [--per-commit]` (--sample:
 * the bundled sample lists instead of the snapshot, for a machine too busy to load it twice;
 * --per-commit: a third server in the rotation, lmdb flushing every commit, LMDB_SYNC_INTERVAL_MS=0,
 * the behaviour before the sync interval, reported against the default). Writes bench/results/stores.json;
 * skipped (no results) when Redis does not answer at 127.0.0.1:6379.
 */
import { cpus, loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, redisAnswers, startBenchServer, type BenchServer } from './support/bench-server.js';
import { figure, printFigures, type Figures } from './support/figures.js';
import { autocannon, rotating } from './support/load.js';
import { PROJECT_DIR, SNAPSHOT_DIR, writeResults } from './support/paths.js';
import { screeningBodies } from './support/screening-bodies.js';
import { STORE_TARGETS } from './support/store-targets.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const workers = Number(args[args.indexOf('--workers') + 1] ?? '') || 1;
const ROUNDS = quick ? 2 : 3;
const LOAD_S = quick ? 3 : 5;
const SEQUENTIAL_S = quick ? 2 : 3;
const SCREEN = '/sanctions-screening/v1/screen';
type StoreName = 'lmdb' | 'redis' | 'lmdbPerCommit';
const STORES: readonly StoreName[] = args.includes('--per-commit') ? ['lmdb', 'redis', 'lmdbPerCommit'] : ['lmdb', 'redis'];

interface Turn { rps: number; p50: number; p99: number; sequentialP50: number }

if (!(await redisAnswers())) {
  console.log('stores bench: skipped, Redis does not answer at 127.0.0.1:6379');
  process.exit(0);
}
const bodies = screeningBodies();
const sample = args.includes('--sample');
const listsDir = existsSync(SNAPSHOT_DIR) && !sample ? SNAPSHOT_DIR : join(PROJECT_DIR, 'data/sample');
buildServer();
const servers = {} as Record<StoreName, BenchServer>;
try {
  for (const name of STORES) {
    const perCommit = name === 'lmdbPerCommit';
    servers[name] = await startBenchServer({
      store: name === 'redis' ? 'redis' : 'lmdb', workers, listsDir, ...(perCommit && { env: { LMDB_SYNC_INTERVAL_MS: '0' } }),
    });
  }
  // Warm the JIT on other subjects than the timed ones (not measured).
  for (const store of STORES) {
    const { url, headers } = servers[store];
    await autocannon({ url, duration: quick ? 2 : 5, connections: 16, requests: rotating(SCREEN, headers, bodies.warmup) });
  }
  const turns: Record<StoreName, Turn[]> = { lmdb: [], redis: [], lmdbPerCommit: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? STORES : [...STORES].reverse();
    for (const store of order) turns[store].push(await turn(servers[store]));
  }
  report(turns);
} finally {
  for (const server of Object.values(servers)) await server.stop();
}

async function turn({ url, headers }: BenchServer): Promise<Turn> {
  const load = await autocannon({ url, duration: LOAD_S, connections: 16, requests: rotating(SCREEN, headers, bodies.timed) });
  const one = await autocannon({ url, duration: SEQUENTIAL_S, connections: 1, requests: rotating(SCREEN, headers, bodies.timed) });
  if (load.non2xx + one.non2xx > 0) throw new Error(`${load.non2xx + one.non2xx} answers were not 2xx`);
  return { rps: load.requests.average, p50: load.latency.p50, p99: load.latency.p99, sequentialP50: one.latency.p50 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function report(turns: Record<StoreName, Turn[]>): void {
  const m = (store: StoreName, field: keyof Turn): number => median(turns[store].map((t) => t[field]));
  const figures: Figures = {
    'redisOverLmdb.screensPerS': figure(`Redis / lmdb screens/s, 16 connections, WORKERS=${workers}`, m('redis', 'rps') / m('lmdb', 'rps'), 'ratio', STORE_TARGETS.redisOverLmdbScreens),
    'lmdb.p99OverP50': figure('lmdb p99 / p50, 16 connections', m('lmdb', 'p99') / m('lmdb', 'p50'), 'ratio', STORE_TARGETS.lmdbP99OverP50),
    'lmdbOverRedis.sequentialP50': figure('lmdb / Redis p50, one sequential client', m('lmdb', 'sequentialP50') / m('redis', 'sequentialP50'), 'ratio'),
  };
  if (STORES.includes('lmdbPerCommit')) {
    figures['lmdbOverPerCommit.screensPerS'] = figure('lmdb / lmdb flushing every commit, screens/s', m('lmdb', 'rps') / m('lmdbPerCommit', 'rps'), 'ratio');
    figures['redisOverPerCommit.screensPerS'] = figure('Redis / lmdb flushing every commit, screens/s', m('redis', 'rps') / m('lmdbPerCommit', 'rps'), 'ratio');
  }
  printFigures(`Embedded store vs Redis (${ROUNDS} rounds, medians; lists ${listsDir === SNAPSHOT_DIR ? 'snapshot' : 'sample'}; ${bodies.realistic ? 'query mix' : 'fixed names'})`, figures);
  console.table(STORES.flatMap((store) => turns[store].map((t, round) => ({ store, round, 'screens/s': Math.round(t.rps), 'p50 ms': t.p50, 'p99 ms': t.p99, '1-client p50 ms': t.sequentialP50 }))));
  const file = writeResults('stores', {
    date: new Date().toISOString(), workers, rounds: ROUNDS, lists: listsDir === SNAPSHOT_DIR ? 'snapshot' : 'sample', loadS: LOAD_S, machine: { cpus: cpus().length, loadavg: loadavg() },
    figures, turns,
  });
  console.log(`results: ${file}`);
  if (Object.values(figures).some((f) => f.pass === false)) process.exitCode = 1;
}
