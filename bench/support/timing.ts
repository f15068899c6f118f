/**
 * Repeated-work timing with tinybench: a fixed number of iterations (no time budget, so a slow
 * baseline cannot run for minutes), latency quantiles in milliseconds, and the process CPU time of
 * the measured phase, which a loaded shared machine inflates less than wall time.
 */
import { Bench, type Fn } from 'tinybench';

export interface LatencyStats {
  samples: number;
  p50: number;
  p99: number;
  mean: number;
  min: number;
  max: number;
  /** Process CPU time (all threads, GC helpers included) per iteration of the measured phase. */
  cpuMean: number;
}

export interface MeasureOptions {
  iterations: number;
  warmupIterations?: number;
  /** Runs outside the timed region before every iteration (e.g. a forced GC). */
  beforeEach?: () => void;
}

export async function measure(name: string, fn: Fn, options: MeasureOptions): Promise<LatencyStats> {
  const warmupIterations = options.warmupIterations ?? 0;
  const bench = new Bench({
    iterations: options.iterations,
    time: 0,
    warmup: warmupIterations > 0,
    warmupIterations,
    warmupTime: 0,
    throws: true,
  });
  let cpuStart: NodeJS.CpuUsage | undefined;
  let cpuUsed: NodeJS.CpuUsage | undefined;
  bench.add(name, fn, {
    beforeAll: (mode) => {
      if (mode === 'run') cpuStart = process.cpuUsage();
    },
    afterAll: (mode) => {
      if (mode === 'run') cpuUsed = process.cpuUsage(cpuStart);
    },
    beforeEach: options.beforeEach,
  });
  await bench.run();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') {
    const reason = result.state === 'errored' ? `: ${result.error.message}` : '';
    throw new Error(`benchmark "${name}" ended ${result.state}${reason}`);
  }
  const { latency } = result;
  const cpuMs = cpuUsed ? (cpuUsed.user + cpuUsed.system) / 1000 : Number.NaN;
  return {
    samples: latency.samplesCount,
    p50: latency.p50,
    p99: latency.p99,
    mean: latency.mean,
    min: latency.min,
    max: latency.max,
    cpuMean: cpuMs / latency.samplesCount,
  };
}

/** Cycles through a list, so each iteration of a task takes the next item. */
export function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('cycle: nothing to cycle through');
  let at = 0;
  return () => {
    const item = items[at];
    at = (at + 1) % items.length;
    return item;
  };
}
