/**
 * @module Screening against some entries only: those added or changed since a `changedSince`
 * (API.md "List versions, reconstruction and changes"). Engine.restrictedTo gives a few entries (a
 * day's changes) an index of their own, weighted by the full index's token rarity so each scores as
 * it would in a full screening, at a fraction of its cost. Past RESTRICTED_MAX entries, building that
 * index on a serving thread would cost more than it saves: the full engine screens and only the given
 * entries' matches are kept (onlyEntries), so a changedSince screening never costs more than a full one.
 */
import { judgedMatches } from './decided-action.js';
import { entryKey } from './entry-lookup.js';
import { actionOf } from './evidence.js';
import { MODES } from './modes.js';
import { fuzzinessOf, type ScreenRequest, type ScreenResult, type ScreeningEngine, type ScreenSummary } from './types.js';

/**
 * Largest set of entries given an index of their own. buildIndex costs the serving thread about
 * 0.1 ms an entry (0.1-0.5 s at 2,000 entries under load), so 500 keeps one build under about 0.1 s;
 * a day's changes are tens. answers/list-changes.ts bounds how often one is built.
 */
export const RESTRICTED_MAX = 500;

/** The entries screened against (entryKey): a set, or a test standing for one (whole lists without listing them). */
export type EntrySet = Pick<ReadonlySet<string>, 'has' | 'size'>;

/** The full engine's answers with only the matches of `keys` kept, the action judged again over them. */
export function onlyEntries(full: ScreeningEngine, keys: EntrySet, defaultLimit: number): ScreeningEngine {
  const screen = (request: ScreenRequest): ScreenResult => keepOnly(request, full.screen(request), keys, defaultLimit);
  return {
    screen,
    screenBatch: (requests) => requests.map(screen),
    entry: (source, entryId) => full.entry(source, entryId),
    get size() {
      return keys.size;
    },
    thresholds: full.thresholds,
  };
}

function keepOnly(request: ScreenRequest, result: ScreenResult, keys: EntrySet, defaultLimit: number): ScreenResult {
  const kept = judgedMatches(result).filter((m) => keys.has(entryKey(m.listSource, m.entryId)));
  const review = result.summary.anyMatchAbove;
  const block = Math.max(review, MODES[fuzzinessOf(request)].thresholds.block);
  const limit = request.limit ?? defaultLimit;
  const summary: ScreenSummary = { anyMatchAbove: review, recommendedAction: actionOf(kept, review, block) };
  // The aliases the work bound left not compared were not compared for these entries either: never a silent cut.
  if (result.summary.aliasesNotCompared !== undefined) summary.aliasesNotCompared = result.summary.aliasesNotCompared;
  return { matches: kept.slice(0, limit), summary, beyondLimit: kept.length > limit ? kept.slice(limit) : undefined };
}
