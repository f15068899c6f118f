/**
 * Loading the whole shared snapshot with loadListSet: time (cold first load, then repeated loads
 * with tinybench) and heap growth after a forced GC. Limits: under 1.5 s, under 150 MB extra heap.
 *
 * Run alone: `npx tsx bench/lists.bench.ts` (it re-runs itself under `node --expose-gc` when needed).
 * Writes bench/results/lists.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { loadListSet, type LoadedListSet } from '../src/lists/catalog.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const SNAPSHOT_DIR = resolve(HERE, '../../shared/data/snapshot');
const RESULTS = join(HERE, 'results/lists.json');
const LIMIT_MS = 1_500;
const LIMIT_HEAP_MB = 150;
const RUNS = 5;
const MB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  // Forced GC needs the flag; tsx cannot always pass it on, so re-run this file under node with it.
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}

function heapUsed(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

/** Peak heap during a load is sampled, so it is a lower bound of the true peak. */
async function measureHeap(): Promise<{ retainedMb: number; sampledPeakMb: number; entries: number }> {
  const base = heapUsed();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 2);
  const set: LoadedListSet = await loadListSet({ dir: SNAPSHOT_DIR });
  clearInterval(sampler);
  const retained = heapUsed() - base;
  return { retainedMb: retained / MB, sampledPeakMb: (Math.max(peak, base + retained) - base) / MB, entries: set.entries.length };
}

async function main(): Promise<void> {
  const loadAverageBefore = loadavg()[0];
  const coldStart = performance.now();
  const coldCpu = process.cpuUsage();
  const first = await loadListSet({ dir: SNAPSHOT_DIR });
  const coldMs = performance.now() - coldStart;
  const coldCpuMs = cpuMs(process.cpuUsage(coldCpu));

  const bench = new Bench({ iterations: RUNS, time: 0, warmup: false });
  bench.add('loadListSet(snapshot)', async () => {
    await loadListSet({ dir: SNAPSHOT_DIR });
  });
  const warmCpu = process.cpuUsage();
  await bench.run();
  const warmCpuMs = cpuMs(process.cpuUsage(warmCpu)) / RUNS;
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') throw new Error(`benchmark ${result.state}`);
  const { mean, max, min } = result.latency;

  const heap = await measureHeap();
  const worstMs = Math.max(coldMs, max);
  const summary = {
    name: 'lists',
    date: new Date().toISOString(),
    node: process.version,
    snapshot: SNAPSHOT_DIR,
    entries: first.entries.length,
    runs: RUNS,
    coldMs: round(coldMs),
    coldCpuMs: round(coldCpuMs),
    meanMs: round(mean),
    meanCpuMs: round(warmCpuMs),
    minMs: round(min),
    maxMs: round(max),
    heapRetainedMb: round(heap.retainedMb),
    heapSampledPeakMb: round(heap.sampledPeakMb),
    // Wall times on a shared machine depend on its load; CPU time (all threads, GC helpers included) less so.
    loadAverage: round(Math.max(loadAverageBefore, loadavg()[0])),
    cpus: cpus().length,
    limits: { ms: LIMIT_MS, heapMb: LIMIT_HEAP_MB },
    pass: worstMs < LIMIT_MS && heap.retainedMb < LIMIT_HEAP_MB,
  };
  console.table({
    'cold load (ms)': summary.coldMs,
    'cold load, CPU (ms)': summary.coldCpuMs,
    [`mean of ${RUNS} (ms)`]: summary.meanMs,
    [`mean of ${RUNS}, CPU (ms)`]: summary.meanCpuMs,
    'max (ms)': summary.maxMs,
    'heap retained after GC (MB)': summary.heapRetainedMb,
    'heap peak, sampled (MB)': summary.heapSampledPeakMb,
    entries: summary.entries,
    [`load average (${summary.cpus} CPUs)`]: summary.loadAverage,
    [`pass (< ${LIMIT_MS} ms, < ${LIMIT_HEAP_MB} MB)`]: summary.pass,
  });
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(summary, null, 2)}\n`);
  if (!summary.pass) process.exitCode = 1;
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

await main();
