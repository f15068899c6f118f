/**
 * @module The recommended action once an account's decisions are known (API.md, "Decisions on
 * matches"). A decided match stays listed with its evidence and carries its decision; while the entry
 * is unchanged a false-positive no longer drives the action and a true-match makes it at least
 * manual-review whatever the threshold; a lapsed decision (the entry changed) counts as none.
 */
import { actionOf } from './evidence.js';
import { MODES } from './modes.js';
import { fuzzinessOf, type Match, type MatchDecision, type RecommendedAction, type ScreenRequest, type ScreenResult } from './types.js';

/** Every match the summary judged: those listed and those the limit left out. */
export function judgedMatches(result: ScreenResult): readonly Match[] {
  return result.beyondLimit === undefined ? result.matches : [...result.matches, ...result.beyondLimit];
}

/**
 * Puts each match's decision on it (listed matches only show it) and judges the action again over
 * every match. `decisionOf` answers undefined for an undecided match.
 */
export function applyDecisions(request: ScreenRequest, result: ScreenResult, decisionOf: (match: Match) => MatchDecision | undefined): void {
  const all = judgedMatches(result);
  const driving: Match[] = [];
  let confirmed = false;
  for (const match of all) {
    const decision = decisionOf(match);
    if (decision !== undefined) match.decision = decision;
    const live = decision !== undefined && !decision.lapsed;
    if (live && decision.decision === 'false-positive') continue;
    if (live && decision.decision === 'true-match') confirmed = true;
    driving.push(match);
  }
  const review = result.summary.anyMatchAbove;
  const block = Math.max(review, MODES[fuzzinessOf(request)].thresholds.block);
  const action: RecommendedAction = actionOf(driving, review, block);
  result.summary.recommendedAction = confirmed && action === 'clear' ? 'manual-review' : action;
}
