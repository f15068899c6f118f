/** The engine's speed targets (issue #3) and the figures bench:check guards, shared by both scripts. */

/** Issue #3, "Speed on the full snapshot, engine only, one core". */
export const ENGINE_TARGETS = {
  screenP50Ms: 0.1,
  screenP99Ms: 0.5,
  batch100Ms: 15,
  indexBuildMs: 1000,
  wasmMb: 64,
  /** Issue #12: the costliest adversarial screening / the median screening of the normal mix. */
  adversarialRatio: 20,
} as const;

/** Keys in bench/results/engine.json `figures` with a target; bench:check compares these with the baseline. */
export const HEADLINE_KEYS: readonly string[] = [
  'screen.balanced.p50',
  'screen.balanced.p99',
  'batch100.mean',
  'indexBuild.mean',
  'memory.wasm',
  'adversarial.worstRatio',
];

/**
 * Figures with a hard limit: bench:check fails when one exceeds its limit, whatever the baseline.
 * Each is a ratio of two timings taken in the same run, so the machine's load mostly cancels out,
 * and its target is a requirement rather than a speed goal (issue #12: no screening may cost more
 * than 20x the median screening of the normal mix).
 */
export const HARD_LIMITS: Readonly<Record<string, number>> = {
  'adversarial.worstRatio': ENGINE_TARGETS.adversarialRatio,
};
