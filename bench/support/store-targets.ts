/** Issue #16's embedded-store targets, as lower-is-better ratios; bench:check guards these keys. */
export const STORE_TARGETS = {
  /** Redis screens/s over lmdb's at the same WORKERS: at most 1, the embedded store at least as fast. */
  redisOverLmdbScreens: 1,
  /** lmdb's p99 over its p50 at 16 connections. */
  lmdbP99OverP50: 4,
} as const;

/** Keys in bench/results/stores.json `figures` that bench:check compares with the baseline. */
export const STORE_KEYS: readonly string[] = ['redisOverLmdb.screensPerS', 'lmdb.p99OverP50'];
