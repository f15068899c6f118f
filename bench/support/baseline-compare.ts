/**
 * Our engine against the two baselines on the same names (every name of engine.index.names) and
 * the same queries. The baselines are slow, so they run an evenly spread subset of the mix, and
 * the engine is timed again on exactly that subset for the ratio.
 */
import type { Engine } from '../../src/engine/index.js';
import { FuseSearch, JaroWinklerScan, type NameSearch } from './baselines.js';
import { requestsIn, screenLatency } from './engine-measures.js';
import { everyNth, type MixQuery } from './query-mix.js';
import { cycle, measure, type LatencyStats } from './timing.js';

export interface BaselineRun {
  queries: number;
  /** Building the baseline's structures over all names (normalising, Fuse's index). */
  setupMs: number;
  baseline: LatencyStats;
  /** The engine (balanced) on the same queries, full requests. */
  engine: LatencyStats;
  /** baseline / engine: how many times faster the engine is. */
  speedupP50: number;
  speedupMean: number;
}

/** Engine passes over the subset: it is fast, so more samples cost little and steady the ratio. */
const ENGINE_PASSES = 5;

async function runBaseline(
  engine: Engine, mix: readonly MixQuery[], count: number, make: (names: string[]) => NameSearch,
): Promise<BaselineRun> {
  const names = engine.index.names.map((n) => n.text);
  const started = performance.now();
  const search = make(names);
  const setupMs = performance.now() - started;
  const subset = everyNth(mix, count);
  const next = cycle(subset.map((q) => q.request.name));
  const baseline = await measure('baseline', () => {
    if (search.search(next()).length > 10) throw new Error('baseline returned more than 10 names');
  }, { iterations: subset.length, warmupIterations: 2 });
  const engineStats = await screenLatency(engine, requestsIn(subset, 'balanced'), ENGINE_PASSES);
  return {
    queries: subset.length,
    setupMs,
    baseline,
    engine: engineStats,
    speedupP50: baseline.p50 / engineStats.p50,
    speedupMean: baseline.mean / engineStats.mean,
  };
}

export async function jaroWinklerBaseline(engine: Engine, mix: readonly MixQuery[], count: number): Promise<BaselineRun> {
  return runBaseline(engine, mix, count, (names) => new JaroWinklerScan(names));
}

export async function fuseBaseline(engine: Engine, mix: readonly MixQuery[], count: number): Promise<BaselineRun> {
  return runBaseline(engine, mix, count, (names) => new FuseSearch(names));
}
