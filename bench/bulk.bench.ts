/**
 * Bulk screening in-process (issue #30): `rps screen --in-process` on the real snapshot, each run in
 * its own process (bench/support/bulk-child.ts), with the packed-index cache (a temporary directory)
 * warmed by one run first, as a user's second run on the same lists finds it: every measured run
 * reads the lists and index from it instead of building them (each prints whether it did).
 * - 50,000 rows (the names of negatives_global.csv) with one thread and with two, alternated
 *   (1, 2, 1, 2, 1, 2): rows/s of each and their ratio (target >= 1.7x on a 2-core machine), peak RSS.
 *   Each run also prints every thread's own figures (src/cli/screen/thread-stats.ts): rows screened,
 *   CPU time, event-loop idle time and time spent waiting for a core. Those hold whatever the load:
 *   the rows and CPU split evenly and little idle time say the threads share the work and none waits
 *   for another; a ratio under 1.7x with those is the machine's other load, not the run's.
 * - 1,000,000 rows (first and last names of that file recombined, so few rows repeat) with every
 *   core, peak RSS printed: memory must not grow with the file (bounded in-flight window).
 * The input files are generated in a temporary directory and removed after.
 * Each run prints its CPU time (every thread) and the load average: on a shared machine the wall
 * time depends on the others, the CPU time much less, so the two together say whether two threads
 * did the same work in parallel. Runs the compiled CLI (dist/, as `rps` does): `npm run build:ts` first.
 * Run alone: `npx tsx bench/bulk.bench.ts`; BULK_BENCH_BIG_ROWS=200000 for a shorter big run (0: none),
 * BULK_BENCH_ROUNDS=5 for more rounds.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { ThreadStats } from '../src/cli/screen/thread-stats.js';
import { readCsv } from './support/csv.js';
import { figure, printFigures, type Figures } from './support/figures.js';
import { machineInfo } from './support/machine.js';
import { EVAL_DIR, PROJECT_DIR, requireShared, SNAPSHOT_DIR, writeResults } from './support/paths.js';

const SMALL_ROWS = 50_000;
const BIG_ROWS = Number(process.env.BULK_BENCH_BIG_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BULK_BENCH_ROUNDS ?? 3);
const TARGET_SPEEDUP = 1.7;

interface RunResult {
  elapsedMs: number;
  /** User + system CPU time of the whole process, every thread included. */
  cpuMs: number;
  rows: number;
  peakRssMb: number;
  /** 1-minute load average when the run ended (the machine is shared: the wall time depends on it). */
  load: number;
  /** What the packed-index cache did: 'used', 'built and saved' or 'not used'. */
  cache: string;
  /** Each screening thread's own figures, the main thread first. */
  threads: ThreadStats[];
}

const cell = (v: string): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Writes `rows` rows to `path`, streaming: the big file is never held in memory. */
async function writeInput(path: string, rows: number, row: (i: number) => [string, string]): Promise<void> {
  const out = createWriteStream(path);
  out.write('id,Name,Date of Birth\n');
  for (let i = 0; i < rows; i++) {
    const [name, dob] = row(i);
    if (!out.write(`r-${i + 1},${cell(name)},${dob}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function run(input: string, output: string, threads: number, cacheDir: string): RunResult {
  const args = [input, output, SNAPSHOT_DIR, String(threads), cacheDir];
  const child = spawnSync(process.execPath, ['--import', 'tsx', join(PROJECT_DIR, 'bench/support/bulk-child.ts'), ...args], {
    cwd: PROJECT_DIR, encoding: 'utf8', maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`bulk run with ${threads} thread(s) failed: ${child.stderr}`);
  const result = { ...(JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '') as Omit<RunResult, 'load'>), load: loadavg()[0] };
  console.log(`  ${result.rows} rows, ${threads} thread(s): ${(result.elapsedMs / 1000).toFixed(1)} s, ${Math.round(result.rows / (result.elapsedMs / 1000))} rows/s, `
    + `CPU ${(result.cpuMs / 1000).toFixed(1)} s, peak RSS ${Math.round(result.peakRssMb)} MB, load ${result.load.toFixed(1)}, index cache ${result.cache}`);
  for (const t of result.threads) console.log(`    ${threadLine(t)}`);
  const own = result.threads.map((t) => t.cpuMs);
  if (own.length > 0 && own.every((c) => c !== null)) {
    // The rest of the process's CPU time: V8's background threads (optimising compiler, GC) and libuv's pool.
    console.log(`    other threads (V8 compiler and GC, I/O pool): CPU ${sec(result.cpuMs - (own as number[]).reduce((a, c) => a + c, 0))}`);
  }
  return result;
}

const sec = (ms: number | null): string => (ms === null ? '?' : `${(ms / 1000).toFixed(1)} s`);

/** One thread of a run: its share of the rows, its own CPU time, how long it idled and waited for a core. */
function threadLine(t: ThreadStats): string {
  return `${t.thread.padEnd(8)} ${String(t.rows).padStart(7)} rows, CPU ${sec(t.cpuMs)} (startup ${sec(t.startupCpuMs)}), `
    + `screening ${sec(t.screenMs)}, idle ${sec(t.idleMs)} of ${sec(t.wallMs)} (${Math.round((100 * t.idleMs) / t.wallMs)} %), waited for a core ${sec(t.runQueueMs)}`;
}

/**
 * Over the two-thread runs, among the screening threads (the main thread only reads and writes): the
 * largest share of the rows and of the CPU time one of them had (0.5 = even) and the largest share of
 * its time one of them sat idle, waiting for a batch.
 */
function splitOf(runs: readonly RunResult[]): { rowsShare: number; cpuShare: number | null; idleShare: number } {
  const ofRun = (r: RunResult) => {
    const screening = r.threads.filter((t) => t.thread !== 'main');
    const rows = screening.reduce((a, t) => a + t.rows, 0);
    const cpus = screening.map((t) => t.cpuMs);
    const cpu = cpus.every((c) => c !== null) ? (cpus as number[]).reduce((a, c) => a + c, 0) : null;
    return {
      rowsShare: Math.max(...screening.map((t) => t.rows / Math.max(1, rows))),
      cpuShare: cpu === null ? null : Math.max(...(cpus as number[]).map((c) => c / cpu)),
      idleShare: Math.max(...screening.map((t) => t.idleMs / t.wallMs)),
    };
  };
  const each = runs.filter((r) => r.threads.some((t) => t.thread !== 'main')).map(ofRun);
  const cpuShares = each.map((e) => e.cpuShare);
  return {
    rowsShare: Math.max(...each.map((e) => e.rowsShare)),
    cpuShare: cpuShares.every((c) => c !== null) ? Math.max(...(cpuShares as number[])) : null,
    idleShare: Math.max(...each.map((e) => e.idleShare)),
  };
}

const cpuSeconds = (runs: readonly RunResult[]): number => runs.reduce((a, r) => a + r.cpuMs, 0) / 1000 / runs.length;
const rate = (runs: readonly RunResult[]): number => runs.reduce((a, r) => a + r.rows, 0) / (runs.reduce((a, r) => a + r.elapsedMs, 0) / 1000);

async function main(): Promise<void> {
  requireShared('bulk bench');
  const people = readCsv(join(EVAL_DIR, 'yente_screening_fixtures/negatives_global.csv'));
  const dir = await mkdtemp(join(tmpdir(), 'rps-bulk-bench-'));
  try {
    const small = join(dir, 'small.csv');
    await writeInput(small, SMALL_ROWS, (i) => [people[i % people.length].full_name, people[i % people.length].date_of_birth ?? '']);
    const cacheDir = join(dir, 'index-cache');
    const tiny = join(dir, 'tiny.csv');
    await writeInput(tiny, 1, () => ['Warm Up', '']);
    console.log('  warming the index cache:');
    run(tiny, join(dir, 'tiny.out.csv'), 1, cacheDir);
    const one: RunResult[] = [];
    const two: RunResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      one.push(run(small, join(dir, 'one.csv'), 1, cacheDir));
      two.push(run(small, join(dir, 'two.csv'), 2, cacheDir));
    }
    const speedup = rate(two) / rate(one);
    const split = splitOf(two);
    const loads = [...one, ...two].map((r) => r.load);
    console.log(`speedup ${speedup.toFixed(2)}x: ${speedup >= TARGET_SPEEDUP ? 'PASS' : 'MISS'} (target >= ${TARGET_SPEEDUP}x; `
      + `load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} during the runs; `
      + `${rate(one).toFixed(0)} vs ${rate(two).toFixed(0)} rows/s; peak RSS ${Math.round(Math.max(...one.map((r) => r.peakRssMb)))} vs ${Math.round(Math.max(...two.map((r) => r.peakRssMb)))} MB); `
      + `CPU time 2 threads / 1 thread ${(cpuSeconds(two) / cpuSeconds(one)).toFixed(2)}x (1.00 = the same work, only spread over the cores); `
      + `2 threads: at most ${(100 * split.rowsShare).toFixed(0)} % of the rows${split.cpuShare === null ? '' : ` and ${(100 * split.cpuShare).toFixed(0)} % of the screening CPU time`} on one screening thread, `
      + `each idle at most ${(100 * split.idleShare).toFixed(0)} % of its time`);
    const big = join(dir, 'big.csv');
    const n = people.length;
    if (BIG_ROWS > 0) await writeInput(big, BIG_ROWS, (i) => [
      `${people[i % n].first_name} ${people[(i * 7919 + Math.floor(i / n)) % n].last_name}`, people[(i * 31) % n].date_of_birth ?? '',
    ]);
    const threads = availableParallelism();
    const bigRun = BIG_ROWS > 0 ? run(big, join(dir, 'big.out.csv'), threads, cacheDir) : null;
    const figures: Figures = {
      'small.oneThread': figure(`${SMALL_ROWS} rows, 1 thread`, rate(one), 'rows/s'),
      'small.twoThreads': figure(`${SMALL_ROWS} rows, 2 threads`, rate(two), 'rows/s'),
      'small.speedup': figure(`2 threads / 1 thread (target >= ${TARGET_SPEEDUP})`, speedup, 'x'),
      'small.oneThreadCpu': figure('1 thread CPU time per run (every thread)', cpuSeconds(one), 's'),
      'small.twoThreadsCpu': figure('2 threads CPU time per run (every thread)', cpuSeconds(two), 's'),
      'small.oneThreadPeakRss': figure('1 thread peak RSS', Math.max(...one.map((r) => r.peakRssMb)), 'MB'),
      'small.twoThreadsPeakRss': figure('2 threads peak RSS', Math.max(...two.map((r) => r.peakRssMb)), 'MB'),
      'small.twoThreadsRowsShare': figure('2 threads: most rows one screening thread screened (0.5 = even)', split.rowsShare, 'fraction'),
      ...(split.cpuShare === null ? {} : { 'small.twoThreadsCpuShare': figure('2 threads: most CPU time of one screening thread (0.5 = even)', split.cpuShare, 'fraction') }),
      'small.twoThreadsIdleShare': figure('2 threads: most time a screening thread sat idle (waiting for a batch)', split.idleShare, 'fraction'),
      'small.loadMin': figure('load average (1 min) at the end of the 50,000-row runs, lowest', Math.min(...loads), 'load'),
      'small.loadMax': figure('load average (1 min) at the end of the 50,000-row runs, highest', Math.max(...loads), 'load'),
      ...(bigRun === null ? {} : {
        'big.rate': figure(`${BIG_ROWS} rows, ${threads} threads`, bigRun.rows / (bigRun.elapsedMs / 1000), 'rows/s'),
        'big.cpu': figure(`${BIG_ROWS} rows CPU time (every thread)`, bigRun.cpuMs / 1000, 's'),
        'big.elapsed': figure(`${BIG_ROWS} rows elapsed`, bigRun.elapsedMs / 1000, 's'),
        'big.peakRss': figure(`${BIG_ROWS} rows peak RSS`, bigRun.peakRssMb, 'MB'),
      }),
    };
    const cached = [...one, ...two, ...(bigRun === null ? [] : [bigRun])].every((r) => r.cache === 'used');
    printFigures(`bulk screening in-process (lists and index ${cached ? 'read from the index cache' : 'built in some runs: see each run'})`, figures);
    console.log(`speedup ${speedup.toFixed(2)}x: ${speedup >= TARGET_SPEEDUP ? 'PASS' : 'MISS'} (target >= ${TARGET_SPEEDUP}x; load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} during the 50,000-row runs)`);
    writeResults('bulk', { date: new Date().toISOString(), machine: machineInfo(), figures });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
