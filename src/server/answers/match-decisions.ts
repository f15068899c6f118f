/**
 * @module The account's decisions put on a screening's matches (API.md, "Decisions on matches"):
 * every matched entry of every slot looked up in one store round trip (none when the account has no
 * decisions, or nothing matched), each decision marked lapsed when its entry's content changed since,
 * and the action judged again (engine/decided-action.ts).
 */
import { applyDecisions, judgedMatches } from '../../engine/decided-action.js';
import type { ScreenRequest, ScreenResult, ScreeningEngine } from '../../engine/types.js';
import { entryContentHash } from '../../lists/versions.js';
import type { ListEntry } from '../../lists/model.js';
import type { DecisionService } from '../../decisions/decision-service.js';
import type { StoredDecision } from '../../store/types.js';

/** An entry object lives as long as its list set: its hash is computed once. */
const versions = new WeakMap<ListEntry, string>();

export function entryVersion(entry: ListEntry): string {
  let version = versions.get(entry);
  if (version === undefined) {
    version = entryContentHash(entry);
    versions.set(entry, version);
  }
  return version;
}

export interface ScreenedSlot {
  readonly request: ScreenRequest;
  readonly result: ScreenResult;
}

/**
 * `decidedBy` (a reconstruction: the original screenedAt) leaves out decisions recorded after that
 * time, so a decision taken after a screening does not change its reconstruction.
 */
export async function applyAccountDecisions(
  decisions: DecisionService, accountId: string, engine: ScreeningEngine, slots: readonly ScreenedSlot[], decidedBy?: string,
): Promise<void> {
  const matched = slots.map((slot) => judgedMatches(slot.result));
  const items = slots.map((slot, i) => ({ subject: subjectOf(slot.request), entries: matched[i] }));
  const found = await decisions.lookup(accountId, items);
  if (found === null) return;
  slots.forEach((slot, i) => {
    if (found[i].every((d) => d === null)) return;
    const byMatch = new Map(matched[i].map((m, j) => [m, found[i][j]] as const));
    applyDecisions(slot.request, slot.result, (match) => {
      const decision = byMatch.get(match);
      return decision == null || (decidedBy !== undefined && decision.decidedAt > decidedBy) ? undefined : view(decision, engine.entry(match.listSource, match.entryId));
    });
  });
}

function view(d: StoredDecision, entry: ListEntry | null): NonNullable<ReturnType<Parameters<typeof applyDecisions>[2]>> {
  return {
    decisionId: d.decisionId,
    decision: d.decision,
    decidedAt: d.decidedAt,
    reference: d.reference,
    lapsed: entry === null || entryVersion(entry) !== d.entryVersion,
  };
}

function subjectOf(request: ScreenRequest): { name: string; kind?: ScreenRequest['kind']; dateOfBirth?: string; nationality?: string } {
  const { name, kind, dateOfBirth, nationality } = request;
  return { name, ...(kind !== undefined && { kind }), ...(dateOfBirth !== undefined && { dateOfBirth }), ...(nationality !== undefined && { nationality }) };
}
