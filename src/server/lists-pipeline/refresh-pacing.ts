/**
 * @module How a serving thread unpacks a list set (a refresh, or an archived set for a
 * reconstruction): at most 4 ms of work, then 8 ms for requests. A full snapshot unpacks in about
 * 100 ms of work; paced, it takes about 0.3 s and uses at most a third of the thread meanwhile, so
 * requests arriving meanwhile are not queued behind it.
 */
export const PACING = { budgetMs: 4, restMs: 8 };
