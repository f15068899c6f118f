/**
 * Pairwise evaluations: nomenklatura name_bench, watchman's cascade company/vessel pairs and the
 * cross-script person pairs. Each pair is scored with the engine's name scorer; a pair is
 * predicted a match when its name confidence (score x NAME_SHARE) reaches the mode's review threshold.
 */
import { join } from 'node:path';
import { createPairScorer } from '../../src/engine/index.js';
import type { BuiltIndex } from '../../src/engine/index-builder.js';
import { MODES, NAME_SHARE } from '../../src/engine/modes.js';
import type { Fuzziness } from '../../src/engine/types.js';
import { readCsv, readRows } from '../support/csv.js';
import { EVAL_DIR } from '../support/paths.js';
import { count, emptyConfusion, round, scores, type Confusion, type Scores } from './metrics.js';

const MODE_NAMES: Fuzziness[] = ['strict', 'balanced', 'loose'];

export interface PairCase {
  name1: string;
  name2: string;
  match: boolean;
  group: string;
}

export interface PairReport {
  pairs: number;
  byMode: Record<Fuzziness, Confusion & Scores>;
  /** Pairs balanced gets wrong, for reading (first 40). */
  balancedErrors: Array<{ name1: string; name2: string; expected: boolean; confidence: number }>;
}

async function evaluatePairs(cases: PairCase[], reference: BuiltIndex): Promise<PairReport> {
  const scorer = createPairScorer(reference);
  const byMode = {} as PairReport['byMode'];
  const balancedErrors: PairReport['balancedErrors'] = [];
  for (const mode of MODE_NAMES) {
    const c = emptyConfusion();
    for (const pc of cases) {
      const confidence = (await scorer.score(pc.name1, pc.name2, mode)) * NAME_SHARE;
      const predicted = confidence >= MODES[mode].thresholds.review;
      count(c, predicted, pc.match);
      if (mode === 'balanced' && predicted !== pc.match && balancedErrors.length < 400) {
        balancedErrors.push({ name1: pc.name1, name2: pc.name2, expected: pc.match, confidence: round(confidence, 3) });
      }
    }
    byMode[mode] = { ...c, ...scores(c) };
  }
  return { pairs: cases.length, byMode, balancedErrors };
}

export async function nameBench(reference: BuiltIndex): Promise<PairReport & { baseline: Confusion & Scores }> {
  const dir = join(EVAL_DIR, 'nomenklatura_name_bench');
  const cases = readCsv(join(dir, 'cases.csv')).map((r) => ({
    name1: r.name1, name2: r.name2, match: r.is_match === 'true', group: r.case_group,
  }));
  const base = emptyConfusion();
  for (const r of readCsv(join(dir, 'logicv2-frozen.csv'))) count(base, r.predicted_match === 'true', r.is_match === 'true');
  return { ...(await evaluatePairs(cases, reference)), baseline: { ...base, ...scores(base) } };
}

export async function cascadePairs(reference: BuiltIndex): Promise<PairReport & { watchman: Confusion & Scores }> {
  const rows = readCsv(join(EVAL_DIR, 'watchman_cascade_name_pairs/cascade-name-pairs.csv'));
  const cases = rows.map((r) => ({ name1: r.name1, name2: r.name2, match: r.is_match === 'true', group: r.category }));
  const w = emptyConfusion();
  for (const r of rows) count(w, Number(r.score) >= 0.7, r.is_match === 'true');
  return { ...(await evaluatePairs(cases, reference)), watchman: { ...w, ...scores(w) } };
}

export interface CrossScriptReport {
  pairs: number;
  recallByMode: Record<Fuzziness, number>;
  /** Pairs whose name confidence reached watchman's own minimum expected score. */
  reachedWatchmanMinimum: number;
  details: Array<{ query: string; expected: string; confidence: number; watchmanMin: number }>;
}

export async function crossScript(reference: BuiltIndex): Promise<CrossScriptReport> {
  const rows = readRows(join(EVAL_DIR, 'watchman_cross_script_pairs/cross_script_pairs.csv')).filter((r) => r.length >= 3);
  const scorer = createPairScorer(reference);
  const recallByMode = {} as Record<Fuzziness, number>;
  const details: CrossScriptReport['details'] = [];
  for (const mode of MODE_NAMES) {
    let hits = 0;
    for (const [query, expected, min] of rows) {
      const confidence = (await scorer.score(query, expected, mode)) * NAME_SHARE;
      if (confidence >= MODES[mode].thresholds.review) hits++;
      if (mode === 'balanced') details.push({ query, expected, confidence: round(confidence, 3), watchmanMin: Number(min) });
    }
    recallByMode[mode] = round(hits / rows.length);
  }
  return {
    pairs: rows.length,
    recallByMode,
    reachedWatchmanMinimum: details.filter((d) => d.confidence >= d.watchmanMin).length,
    details,
  };
}
