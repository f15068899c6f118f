/** Issue #16's embedded-store targets, as lower-is-better ratios; bench:check guards these keys. */
export const STORE_TARGETS = {
  /** Redis screens/s over lmdb's at the same WORKERS: at most 1, the embedded store at least as fast. */
  redisOverLmdbScreens: 1,
  /** lmdb's p99 over its p50 at 16 connections. */
  lmdbP99OverP50: 4,
} as const;

/** Keys in bench/results/stores.json `figures` that bench:check compares with the baseline. */
export const STORE_KEYS: readonly string[] = ['redisOverLmdb.screensPerS', 'lmdb.p99OverP50'];

/** Issue #16's request-path and batch targets (bench/request-path.bench.ts), lower-is-better ratios. */
export const REQUEST_PATH_TARGETS = {
  /** /healthz req/s over screens/s on the same server: at most 1 / 0.30 (screens/s >= 0.30 x healthz). */
  healthzOverScreens: Math.round((1 / 0.3) * 1000) / 1000,
  /** A batch of 100 different subjects with WORKERS=2 over the same with WORKERS=1, wall time. */
  batchW2OverW1: 0.6,
} as const;

/** Keys in bench/results/request-path.json `figures` that bench:check compares with the baseline. */
export const REQUEST_PATH_KEYS: readonly string[] = [
  'lmdbW1.healthzOverScreens', 'redisW2.healthzOverScreens', 'batch.w2OverW1.wall', 'batch.w2OverW1.busiestCpu',
];
