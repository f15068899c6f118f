/**
 * Issue #16's request-path and batch figures, as ratios measured in one run. Three servers of the
 * built tree (dist/server/main.js, as `npm start` runs it) on the snapshot, all running, measured
 * in turn round after round (order reversed every other round, so the machine's load falls on all):
 * - the default (lmdb, WORKERS=1), Redis WORKERS=2 (a redis-server this bench starts on a free port
 *   and stops), and lmdb WORKERS=2;
 * - each turn: GET /healthz and POST /screen over the query mix, 16 connections each; the ratio
 *   screens/s / healthz req/s on the same server (target >= 0.30);
 * - batches of 100 different subjects, one client, on the lmdb servers W1 and W2 alternated: the
 *   median wall time W2 / W1 (target <= 0.6), and the CPU time of the busiest thread per batch
 *   (from /proc/<pid>/task) W2 / W1, which does not depend on what else runs on the machine;
 * - the server process's CPU time per healthz / per screen (from /proc/<pid>/stat): the ratio's
 *   analogue that the machine's load does not move (Redis's own CPU time not counted).
 *
 * `--baseline <dir>`: the same servers of another build (a checkout built with `npm run build`) in
 * the same rotation, for before/after ratios from one run. `--quick`: 2 rounds of 3 s. `--batch-only`:
 * only the lmdb servers' batches, 100 a server each round (a loaded machine needs many for a stable ratio).
 * Run alone: `npx tsx bench/request-path.bench.ts`. Writes bench/results/request-path.json.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { startRedisServer, type RedisProcess } from '../test/support/redis-server.js';
import { buildServer, startBenchServer, type BenchServer } from './support/bench-server.js';
import { figure, printFigures, type Figures } from './support/figures.js';
import { autocannon, rotating, turnOrder } from './support/load.js';
import { PROJECT_DIR, SNAPSHOT_DIR, writeResults } from './support/paths.js';
import { screeningBodies } from './support/screening-bodies.js';
import { REQUEST_PATH_TARGETS } from './support/store-targets.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const baselineDir = args.includes('--baseline') ? args[args.indexOf('--baseline') + 1] : null;
const batchOnly = args.includes('--batch-only');
const ROUNDS = quick ? 2 : 3;
const LOAD_S = quick ? 3 : 4;
const BATCHES = batchOnly ? 100 : quick ? 15 : 25;
const SCREEN = '/sanctions-screening/v1/screen';
const CONNECTIONS = 16;

type ConfigName = 'lmdbW1' | 'redisW2' | 'lmdbW2';
const CONFIGS: Record<ConfigName, { store: 'lmdb' | 'redis'; workers: number; label: string }> = {
  lmdbW1: { store: 'lmdb', workers: 1, label: 'default: lmdb, WORKERS=1' },
  redisW2: { store: 'redis', workers: 2, label: 'Redis, WORKERS=2' },
  lmdbW2: { store: 'lmdb', workers: 2, label: 'lmdb, WORKERS=2' },
};
const builds: Record<string, string> = { now: PROJECT_DIR, ...(baselineDir !== null && { before: baselineDir }) };

/** `screenCpuUs` / `healthzCpuUs`: the server process's CPU time (all threads, from /proc) per answered request. */
interface Turn { screens: number; p50: number; p99: number; healthz: number; screenCpuUs: number; healthzCpuUs: number }
interface BatchTurn { wallMs: number; busiestCpuMs: number }

const bodies = screeningBodies();
const listsDir = existsSync(SNAPSHOT_DIR) ? SNAPSHOT_DIR : join(PROJECT_DIR, 'data/sample');
const batchBodies = Array.from({ length: Math.floor(bodies.timed.length / 100) }, (_, b) => `[${bodies.timed.slice(b * 100, b * 100 + 100).join(',')}]`);
buildServer();
let redis: RedisProcess | null = null;
const servers = new Map<string, BenchServer>();
const key = (build: string, config: ConfigName): string => `${build} ${config}`;
try {
  if (!batchOnly) redis = await startRedisServer();
  for (const [build, dir] of Object.entries(builds)) {
    for (const [name, c] of Object.entries(CONFIGS)) {
      if (batchOnly && c.store === 'redis') continue;
      servers.set(key(build, name as ConfigName), await startBenchServer({ store: c.store, workers: c.workers, listsDir, redisUrl: redis?.url, serverDir: dir }));
    }
  }
  // JIT warm-up on other subjects than the timed ones, batches too (not measured).
  for (const server of servers.values()) {
    if (!batchOnly) await autocannon({ url: server.url, duration: quick ? 2 : 4, connections: CONNECTIONS, requests: rotating(SCREEN, server.headers, bodies.warmup) });
    for (let b = 0; b < 3; b++) await batch(server, `[${bodies.warmup.slice(b * 100, b * 100 + 100).join(',')}]`);
  }
  const turns = new Map<string, Turn[]>();
  const batchTurns = new Map<string, BatchTurn[]>();
  const keys = [...servers.keys()];
  for (let round = 0; round < ROUNDS; round++) {
    const order = turnOrder(keys, round);
    if (!batchOnly) for (const k of order) turns.set(k, [...(turns.get(k) ?? []), await turn(servers.get(k)!)]);
    // Batches alternated one by one between every lmdb server: W1 and W2 see the same machine. The
    // order turns every batch, counted over all rounds (turning it every round favoured one order
    // two rounds to one).
    const lmdbKeys = keys.filter((k) => !k.endsWith('redisW2'));
    for (let b = 0; b < BATCHES; b++) {
      for (const k of turnOrder(lmdbKeys, round * BATCHES + b)) {
        batchTurns.set(k, [...(batchTurns.get(k) ?? []), await timedBatch(servers.get(k)!, batchBodies[b % batchBodies.length])]);
      }
    }
  }
  if (batchOnly) reportBatches(batchTurns);
  else report(turns, batchTurns);
} finally {
  for (const server of servers.values()) await server.stop();
  await redis?.stop();
}

async function turn({ url, headers, pid }: BenchServer): Promise<Turn> {
  const cpu0 = processCpuMs(pid);
  const health = await autocannon({ url, duration: LOAD_S, connections: CONNECTIONS, requests: [{ method: 'GET', path: '/healthz' }] });
  const cpu1 = processCpuMs(pid);
  const load = await autocannon({ url, duration: LOAD_S, connections: CONNECTIONS, requests: rotating(SCREEN, headers, bodies.timed) });
  const cpu2 = processCpuMs(pid);
  if (load.non2xx + health.non2xx > 0) throw new Error(`${load.non2xx + health.non2xx} answers were not 2xx`);
  return {
    screens: load.requests.average, p50: load.latency.p50, p99: load.latency.p99, healthz: health.requests.average,
    screenCpuUs: (1000 * (cpu2 - cpu1)) / load.requests.total, healthzCpuUs: (1000 * (cpu1 - cpu0)) / health.requests.total,
  };
}

/**
 * CPU time (ms) of the whole server process so far: utime + stime of /proc/<pid>/stat, 100 ticks/s.
 * Per request it does not depend on what else runs on the machine, as requests per second do.
 */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function batch({ url, headers }: BenchServer, body: string): Promise<void> {
  const res = await fetch(`${url}${SCREEN}/batch`, { method: 'POST', headers, body });
  if (res.status !== 200) throw new Error(`batch answered ${res.status}`);
  await res.arrayBuffer();
}

/** CPU time (ms) of every thread of a process, by thread ID. */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10); // utime + stime, 100 ticks/s
    } catch {
      // the thread ended
    }
  }
  return out;
}

async function timedBatch(server: BenchServer, body: string): Promise<BatchTurn> {
  const before = threadCpu(server.pid);
  const started = performance.now();
  await batch(server, body);
  const wallMs = performance.now() - started;
  const after = threadCpu(server.pid);
  let busiestCpuMs = 0;
  for (const [tid, ms] of after) busiestCpuMs = Math.max(busiestCpuMs, ms - (before.get(tid) ?? 0));
  return { wallMs, busiestCpuMs };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function batchFigures(batchTurns: Map<string, BatchTurn[]>, figures: Figures): void {
  for (const build of Object.keys(builds)) {
    const suffix = build === 'now' ? '' : ` (${build})`;
    const prefix = build === 'now' ? '' : `${build}.`;
    const w1 = batchTurns.get(key(build, 'lmdbW1'))!;
    const w2 = batchTurns.get(key(build, 'lmdbW2'))!;
    figures[`${prefix}batch.w2OverW1.wall`] = figure(`batch of 100, W2 / W1 wall time (p50)${suffix}`,
      median(w2.map((t) => t.wallMs)) / median(w1.map((t) => t.wallMs)), 'ratio', REQUEST_PATH_TARGETS.batchW2OverW1);
    figures[`${prefix}batch.w2OverW1.busiestCpu`] = figure(`batch of 100, W2 / W1 busiest-thread CPU${suffix}`,
      mean(w2.map((t) => t.busiestCpuMs)) / mean(w1.map((t) => t.busiestCpuMs)), 'ratio');
  }
}

function batchRowsOf(batchTurns: Map<string, BatchTurn[]>): Record<string, unknown>[] {
  return [...batchTurns.keys()].map((k) => {
    const t = batchTurns.get(k)!;
    return { server: k, 'batch wall p50 ms': Number(median(t.map((x) => x.wallMs)).toFixed(2)), 'busiest thread CPU ms (mean)': Number(mean(t.map((x) => x.busiestCpuMs)).toFixed(2)) };
  });
}

/** `--batch-only`: the batch table and ratios alone. */
function reportBatches(batchTurns: Map<string, BatchTurn[]>): void {
  console.log(`\nBatches of 100 (${ROUNDS} rounds of ${BATCHES} a server; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  const batchRows = batchRowsOf(batchTurns);
  console.table(batchRows);
  const figures: Figures = {};
  batchFigures(batchTurns, figures);
  printFigures('Batch ratios (lower is better)', figures);
  const file = writeResults('request-path-batch', {
    date: new Date().toISOString(), rounds: ROUNDS, batches: BATCHES, builds,
    lists: listsDir === SNAPSHOT_DIR ? 'snapshot' : 'sample', machine: { cpus: cpus().length, loadavg: loadavg() }, figures, batch: batchRows,
  });
  console.log(`results: ${file}`);
}

function report(turns: Map<string, Turn[]>, batchTurns: Map<string, BatchTurn[]>): void {
  const m = (k: string, field: keyof Turn): number => median(turns.get(k)!.map((t) => t[field]));
  const rows = [...turns.keys()].map((k) => {
    const [build, config] = k.split(' ') as [string, ConfigName];
    return {
      build, configuration: CONFIGS[config].label, 'screens/s': Math.round(m(k, 'screens')), 'p50 ms': m(k, 'p50'), 'p99 ms': m(k, 'p99'),
      'healthz req/s': Math.round(m(k, 'healthz')), 'screens / healthz': Number((m(k, 'screens') / m(k, 'healthz')).toFixed(3)),
      'CPU µs/screen': Math.round(m(k, 'screenCpuUs')), 'CPU µs/healthz': Number(m(k, 'healthzCpuUs').toFixed(1)),
      'by CPU: healthz / screen': Number((m(k, 'healthzCpuUs') / m(k, 'screenCpuUs')).toFixed(3)),
    };
  });
  console.log(`\nRequest path (${ROUNDS} rounds, medians; ${CONNECTIONS} connections, ${LOAD_S} s each; lists ${listsDir === SNAPSHOT_DIR ? 'snapshot' : 'sample'}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  console.table(rows);
  const batchRows = batchRowsOf(batchTurns);
  console.table(batchRows);

  const figures: Figures = {};
  for (const build of Object.keys(builds)) {
    const suffix = build === 'now' ? '' : ` (${build})`;
    const prefix = build === 'now' ? '' : `${build}.`;
    // Lower is better, as bench:check compares: healthz req/s per screen (target <= 1 / 0.30).
    figures[`${prefix}lmdbW1.healthzOverScreens`] = figure(`default (lmdb W1): healthz req/s / screens/s${suffix}`,
      m(key(build, 'lmdbW1'), 'healthz') / m(key(build, 'lmdbW1'), 'screens'), 'ratio', REQUEST_PATH_TARGETS.healthzOverScreens);
    figures[`${prefix}redisW2.healthzOverScreens`] = figure(`Redis W2: healthz req/s / screens/s${suffix}`,
      m(key(build, 'redisW2'), 'healthz') / m(key(build, 'redisW2'), 'screens'), 'ratio', REQUEST_PATH_TARGETS.healthzOverScreens);
    figures[`${prefix}redisOverLmdb.screensPerS`] = figure(`Redis W2 / lmdb W2 screens/s${suffix}`,
      m(key(build, 'redisW2'), 'screens') / m(key(build, 'lmdbW2'), 'screens'), 'ratio');
    figures[`${prefix}lmdbW1.screenCpuOverHealthzCpu`] = figure(`default (lmdb W1): server CPU per screen / per healthz${suffix}`,
      m(key(build, 'lmdbW1'), 'screenCpuUs') / m(key(build, 'lmdbW1'), 'healthzCpuUs'), 'ratio');
    figures[`${prefix}redisW2.screenCpuOverHealthzCpu`] = figure(`Redis W2: server CPU per screen / per healthz${suffix}`,
      m(key(build, 'redisW2'), 'screenCpuUs') / m(key(build, 'redisW2'), 'healthzCpuUs'), 'ratio');
  }
  batchFigures(batchTurns, figures);
  printFigures('Request path and batch ratios (lower is better)', figures);
  for (const build of Object.keys(builds)) {
    const k = (c: ConfigName): string => key(build, c);
    console.log(`${build}: screens/s / healthz req/s: default ${(m(k('lmdbW1'), 'screens') / m(k('lmdbW1'), 'healthz')).toFixed(3)}, Redis W2 ${(m(k('redisW2'), 'screens') / m(k('redisW2'), 'healthz')).toFixed(3)} (target >= 0.30)`);
    // The same ratio by the server's CPU time per request (Redis's own CPU not counted): what the
    // ratio would be on a machine where the server alone uses the CPUs.
    console.log(`${build}: server CPU per healthz / per screen: default ${(m(k('lmdbW1'), 'healthzCpuUs') / m(k('lmdbW1'), 'screenCpuUs')).toFixed(3)} (${Math.round(m(k('lmdbW1'), 'screenCpuUs'))} µs a screen), Redis W2 ${(m(k('redisW2'), 'healthzCpuUs') / m(k('redisW2'), 'screenCpuUs')).toFixed(3)} (${Math.round(m(k('redisW2'), 'screenCpuUs'))} µs)`);
  }
  const file = writeResults('request-path', {
    date: new Date().toISOString(), rounds: ROUNDS, loadS: LOAD_S, batches: BATCHES, builds,
    lists: listsDir === SNAPSHOT_DIR ? 'snapshot' : 'sample', machine: { cpus: cpus().length, loadavg: loadavg() },
    figures, table: rows, batch: batchRows,
  });
  console.log(`results: ${file}`);
}
