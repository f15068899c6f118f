/**
 * Engine speed on the full snapshot, one core (issue #3): single-screen latency per mode over a
 * realistic query mix (balanced is the headline), a batch of 100, index build time, WASM memory and
 * JS heap, the costliest request of an adversarial corpus against the median (issue #12), and the
 * same queries through a brute-force Jaro-Winkler scan and fuse.js for a ratio.
 * Targets are printed PASS/MISS, not enforced: `npm run bench:check` guards against regressions.
 *
 * Run alone: `npx tsx bench/engine.bench.ts` (re-runs itself under node --expose-gc when needed).
 * Writes bench/results/engine.json; about a minute on a quiet 2-core machine.
 */
import { fileURLToPath } from 'node:url';
import { FUZZINESS_MODES } from '../src/engine/types.js';
import { fuseBaseline, jaroWinklerBaseline, type BaselineRun } from './support/baseline-compare.js';
import { labelledAdversarialRequests, worstBatch } from './support/adversarial.js';
import {
  adversarialLatency, batchLatency, medianScreenCpuMs, buildLatency, coldLatency, memoryFigures, requestsIn, screenLatency, toMb,
} from './support/engine-measures.js';
import { ENGINE_TARGETS as TARGETS, HEADLINE_KEYS } from './support/engine-targets.js';
import { ensureExposedGc } from './support/expose-gc.js';
import { figure, formatTable, printFigures, type Figures } from './support/figures.js';
import { forcedGc, machineInfo } from './support/machine.js';
import { requireShared, writeResults } from './support/paths.js';
import { buildQueryMix, describeMix, MIX_SEED, MIX_SHARES } from './support/query-mix.js';
import { loadSnapshot } from './support/snapshot.js';
import type { LatencyStats } from './support/timing.js';

/** Timed queries, each screened once per mode: no word of a timed query is cached by an earlier pass. */
const MIX_SIZE = 1200;
const SINGLE_PASSES = 1;
/**
 * A serving thread has screened thousands of requests before the one that counts: the JIT is warm.
 * The warm-up screens a mix drawn with another seed (never the timed queries) this many times per
 * mode. Measured: V8 still compiles in the background (CPU well above wall time) for about the
 * first 6,000 screens; after that CPU and wall time agree.
 */
const WARMUP_MIX_SIZE = 600;
const WARMUP_PASSES = 10;
const BATCH_SIZE = 100;
const BATCH_RUNS = 30;
const BUILD_RUNS = 5;
/** The baselines take tens to hundreds of milliseconds a query: fewer queries keep the run short. */
const JW_QUERIES = 60;
const FUSE_QUERIES = 20;

type LatencyTargets = Partial<Record<'p50' | 'p99' | 'mean', number>>;

function latencyFigures(figures: Figures, key: string, label: string, s: LatencyStats, targets: LatencyTargets = {}): void {
  figures[`${key}.p50`] = figure(`${label} p50`, s.p50, 'ms', targets.p50);
  figures[`${key}.p99`] = figure(`${label} p99`, s.p99, 'ms', targets.p99);
  figures[`${key}.mean`] = figure(`${label} mean`, s.mean, 'ms', targets.mean);
  figures[`${key}.cpuMean`] = figure(`${label} CPU time per run`, s.cpuMean, 'ms');
}

function baselineFigures(figures: Figures, key: string, label: string, run: BaselineRun): void {
  figures[`baseline.${key}.p50`] = figure(`${label} p50`, run.baseline.p50, 'ms');
  figures[`baseline.${key}.mean`] = figure(`${label} mean`, run.baseline.mean, 'ms');
  figures[`baseline.${key}.setup`] = figure(`${label} setup over all names`, run.setupMs, 'ms');
  figures[`baseline.${key}.engineP50`] = figure(`engine p50 on the ${label} queries`, run.engine.p50, 'ms');
  figures[`baseline.${key}.engineMean`] = figure(`engine mean on the ${label} queries`, run.engine.mean, 'ms');
  figures[`speedup.${key}.p50`] = figure(`engine speed / ${label}, p50`, run.speedupP50, 'x');
  figures[`speedup.${key}.mean`] = figure(`engine speed / ${label}, mean`, run.speedupMean, 'x');
}

function printModes(modes: Record<string, LatencyStats>): void {
  const ms = (v: number): string => v.toFixed(4);
  const verdict = (s: LatencyStats): string => (s.p50 <= TARGETS.screenP50Ms && s.p99 <= TARGETS.screenP99Ms ? 'PASS' : 'MISS');
  const rows = Object.entries(modes).map(([mode, s]) => [
    mode, String(s.samples), ms(s.p50), ms(s.p99), ms(s.mean), ms(s.cpuMean), verdict(s),
  ]);
  console.log(`\nSingle screen per mode (ms; targets p50 <= ${TARGETS.screenP50Ms}, p99 <= ${TARGETS.screenP99Ms})`);
  console.log(formatTable(['mode', 'screens', 'p50', 'p99', 'mean', 'CPU mean', 'verdict'], rows));
}

function printBaselines(runs: Record<string, BaselineRun>): void {
  const rows = Object.entries(runs).map(([name, r]) => [
    name, String(r.queries), r.baseline.p50.toFixed(2), r.baseline.mean.toFixed(2), r.engine.p50.toFixed(4),
    r.engine.mean.toFixed(4), `${r.speedupP50.toFixed(0)}x`, `${r.speedupMean.toFixed(0)}x`,
  ]);
  console.log('\nBaselines on the same names and queries (ms; engine in balanced mode)');
  console.log(formatTable(['baseline', 'queries', 'p50', 'mean', 'engine p50', 'engine mean', 'speedup p50', 'speedup mean'], rows));
  for (const [name, r] of Object.entries(runs)) {
    console.log(`engine is ${r.speedupP50.toFixed(0)}x faster than ${name} at p50, ${r.speedupMean.toFixed(0)}x on the mean`);
  }
}

async function main(): Promise<void> {
  const machine = machineInfo();
  console.log(`engine bench: ${machine.cpuModel} x${machine.cpus}, node ${machine.node}, load average ${machine.loadAverage}`);
  const { set, engine, loadMs, buildMs } = await loadSnapshot();
  const mix = buildQueryMix(engine.index.names, set.entries, MIX_SIZE);
  const mixSummary = describeMix(mix);
  console.log(`snapshot: ${set.entries.length} entries, ${engine.index.names.length} names; query mix: ${JSON.stringify(mixSummary)}`);

  // Parsing the list files leaves a heap of garbage that a serving thread never has (lists are
  // parsed in a background process there): collect it before timing, or the first timed loop
  // pays for a full mark-compact of the load and its p99 measures the loader, not the engine.
  const gc = forcedGc();
  // Steady state, as in a server that has been running: compiled code warm, timed queries unseen.
  // The first balanced pass is timed on its own: what the first screens after a start cost.
  const warmup = buildQueryMix(engine.index.names, set.entries, WARMUP_MIX_SIZE, MIX_SEED + 1);
  const cold = coldLatency(engine, requestsIn(warmup, 'balanced'));
  for (const mode of FUZZINESS_MODES) {
    for (let pass = 0; pass < WARMUP_PASSES; pass++) for (const q of warmup) engine.screen({ ...q.request, fuzziness: mode });
  }
  if (gc) for (let i = 0; i < 2; i++) gc();

  const figures: Figures = {};
  const modes: Record<string, LatencyStats> = {};
  for (const mode of FUZZINESS_MODES) {
    modes[mode] = await screenLatency(engine, requestsIn(mix, mode), SINGLE_PASSES, 0);
    const headline = mode === 'balanced' ? { p50: TARGETS.screenP50Ms, p99: TARGETS.screenP99Ms } : {};
    latencyFigures(figures, `screen.${mode}`, `screen (${mode})`, modes[mode], headline);
  }
  figures['screen.balancedCold.p50'] = figure(`first ${cold.samples} screens after the build (balanced) p50`, cold.p50, 'ms');
  figures['screen.balancedCold.p99'] = figure(`first ${cold.samples} screens after the build (balanced) p99`, cold.p99, 'ms');
  figures['screen.balancedCold.mean'] = figure(`first ${cold.samples} screens after the build (balanced) mean`, cold.mean, 'ms');
  const batch = await batchLatency(engine, requestsIn(mix, 'balanced'), BATCH_SIZE, BATCH_RUNS);
  latencyFigures(figures, 'batch100', `screenBatch of ${BATCH_SIZE} (balanced)`, batch, { mean: TARGETS.batch100Ms });

  const adversarial = adversarialLatency(engine, labelledAdversarialRequests(), worstBatch());
  const median = modes.balanced.p50;
  // The ratio bench:check holds to its limit is taken on CPU time, costliest and median alike: on a
  // shared machine the wall time of a 20 ms screening is stretched by preemption far more often
  // than that of a 0.06 ms one (wall-time ratios of 120x were measured at a load average of 10).
  const medianCpu = medianScreenCpuMs(engine, requestsIn(mix, 'balanced'));
  figures['adversarial.worst'] = figure(`costliest adversarial screening (${adversarial.worstLabel})`, adversarial.worstMs, 'ms');
  figures['adversarial.worstCpu'] = figure(`costliest adversarial screening by CPU time (${adversarial.worstCpuLabel})`, adversarial.worstCpuMs, 'ms');
  figures['screen.balanced.medianCpu'] = figure('screen (balanced) median CPU time', medianCpu, 'ms');
  figures['adversarial.worstRatio'] = figure('costliest adversarial screening / median screening (balanced), CPU time',
    adversarial.worstCpuMs / medianCpu, 'x', TARGETS.adversarialRatio);
  figures['adversarial.worstWallRatio'] = figure('costliest adversarial screening / median screening (balanced), wall time',
    adversarial.worstMs / median, 'x');
  figures['adversarial.worstNameRatio'] = figure('costliest adversarial name without aliases / median screening',
    adversarial.worstNameMs / median, 'x');
  figures['adversarial.batch100'] = figure(`screenBatch of the ${BATCH_SIZE} worst adversarial requests`, adversarial.batchMs, 'ms');

  console.log(`timing baselines: Jaro-Winkler scan (${JW_QUERIES} queries), fuse.js (${FUSE_QUERIES} queries)...`);
  const baselines = {
    'brute-force JW': await jaroWinklerBaseline(engine, mix, JW_QUERIES),
    'fuse.js': await fuseBaseline(engine, mix, FUSE_QUERIES),
  };
  baselineFigures(figures, 'jaroWinkler', 'brute-force JW', baselines['brute-force JW']);
  baselineFigures(figures, 'fuse', 'fuse.js', baselines['fuse.js']);

  const memory = await memoryFigures(engine, set);
  figures['memory.wasm'] = figure('WASM linear memory', toMb(memory.wasmBytes), 'MB', TARGETS.wasmMb);
  figures['memory.indexArrays'] = figure('index typed arrays (copied into WASM)', toMb(memory.indexArrayBytes), 'MB');
  figures['memory.jsHeap'] = figure('JS heap retained by a built engine', toMb(memory.heapBytes), 'MB');
  figures['memory.external'] = figure('off-heap memory retained by a built engine (arrays + WASM)', toMb(memory.externalBytes), 'MB');

  console.log(`timing ${BUILD_RUNS} index builds...`);
  const build = await buildLatency(set, BUILD_RUNS);
  figures['indexBuild.mean'] = figure(`index build (buildEngine), mean of ${BUILD_RUNS}`, build.mean, 'ms', TARGETS.indexBuildMs);
  figures['indexBuild.min'] = figure('index build, min', build.min, 'ms');
  figures['indexBuild.cold'] = figure('index build, first in the process', buildMs, 'ms');
  figures['indexBuild.cpuMean'] = figure('index build, CPU time per run', build.cpuMean, 'ms');

  printModes(modes);
  printBaselines(baselines);
  printFigures('Targets (issue #3; balanced is the headline mode)', figures, HEADLINE_KEYS);
  const shownAbove = (k: string): boolean => HEADLINE_KEYS.includes(k) || /^(screen|baseline|speedup)\./.test(k);
  printFigures('Other figures', figures, Object.keys(figures).filter((k) => !shownAbove(k)));

  const missed = Object.entries(figures).filter(([, f]) => f.pass === false).map(([k]) => k);
  const loadAverageAfter = machineInfo().loadAverage;
  const verdict = missed.length === 0 ? 'all met' : `missed ${missed.join(', ')}`;
  console.log(`\ntargets: ${verdict}; load average ${machine.loadAverage} before, ${loadAverageAfter} after (${machine.cpus} CPUs)`);
  const file = writeResults('engine', {
    name: 'engine',
    ...machine,
    loadAverageAfter,
    snapshot: { entries: set.entries.length, names: engine.index.names.length, loadMs: Math.round(loadMs) },
    mix: { ...mixSummary, shares: MIX_SHARES, passes: SINGLE_PASSES, seedFixed: true },
    runs: { batch: BATCH_RUNS, build: BUILD_RUNS, jaroWinklerQueries: JW_QUERIES, fuseQueries: FUSE_QUERIES },
    wasmMemoryFrom: memory.wasmFrom,
    targets: TARGETS,
    targetsMet: missed.length === 0,
    missed,
    figures,
  });
  console.log(`wrote ${file}`);
}

requireShared('engine bench');
ensureExposedGc(fileURLToPath(import.meta.url));
await main();
