/**
 * @module The engine's contract with the server: a validated screening request in, ranked matches out.
 * The engine is pure and deterministic; requestId and screenedAt are the server's business.
 */
import type { EntryKind, ListEntry, ListSource } from '../lists/model.js';
import type { RequestIdentifier } from './request-identifier.js';

export type Fuzziness = 'strict' | 'balanced' | 'loose';
export const FUZZINESS_MODES: readonly Fuzziness[] = ['strict', 'balanced', 'loose'];
/** The mode of a request that names none (API.md); the contract's schema, the engine and the metrics read it here. */
export const DEFAULT_FUZZINESS: Fuzziness = 'balanced';

export function fuzzinessOf(request: { readonly fuzziness?: Fuzziness }): Fuzziness {
  return request.fuzziness ?? DEFAULT_FUZZINESS;
}

/** A request after validation: country codes upper-case, dates real, name trimmed. */
export interface ScreenRequest {
  name: string;
  kind?: EntryKind;
  aliases?: string[];
  /** YYYY-MM-DD */
  dateOfBirth?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  nationality?: string;
  address?: { country?: string; city?: string };
  /** Free text ("Giza, Egypt"); our extension, compared by words (place-evidence.ts). */
  placeOfBirth?: string;
  /** Passport, IMO, BIC... numbers, compared exactly after normalisation (identifiers.ts). */
  identifiers?: RequestIdentifier[];
  fuzziness?: Fuzziness;
  lists?: ListSource[];
  limit?: number;
  threshold?: number;
}

export type EvidenceField =
  | 'name'
  | 'aliases'
  | 'dateOfBirth'
  | 'nationality'
  | 'address.country'
  | 'address.city'
  | 'kind'
  | 'placeOfBirth'
  | 'identifiers';

export interface Evidence {
  field: EvidenceField;
  /** Signed contribution to the confidence; the weights of a match add up to its confidence. */
  weight: number;
  /** Short human explanation, e.g. "same year of birth (1970)". Never echoes the screened name. */
  detail?: string;
}

export type RecommendedAction = 'clear' | 'manual-review' | 'block';

export interface Match {
  listSource: ListSource;
  entryId: string;
  /** The list's own spelling of the name that matched. */
  matchedName: string;
  confidence: number;
  evidence: Evidence[];
  /** The list's publishedAt (ISO 8601) or null when unknown. */
  listFreshness: string | null;
  primaryName: string;
  /** "primary" or the alias type ("aka", "fka", "nka") of matchedName. */
  nameType: 'primary' | 'aka' | 'fka' | 'nka';
  entityType: EntryKind;
  programs: string[];
  sourceUrl: string;
  /** The account's decision on this subject and entry (API.md, "Decisions on matches"), when there is one. */
  decision?: MatchDecision;
}

/** A recorded decision as a match shows it. */
export interface MatchDecision {
  decisionId: string;
  decision: 'false-positive' | 'true-match';
  decidedAt: string;
  reference: string | null;
  /** The entry changed since the decision: the match counts as undecided. */
  lapsed: boolean;
}

export interface ScreenSummary {
  anyMatchAbove: number;
  recommendedAction: RecommendedAction;
  /**
   * Present only when the work bound of a request's aliases (budget.ts ALIAS_WORK) stopped before
   * the last alias: how many aliases, counted from the end, were not compared in full. The answer
   * then covers the name and the aliases before them only, and says so.
   */
  aliasesNotCompared?: number;
}

export interface ScreenResult {
  matches: Match[];
  summary: ScreenSummary;
  /**
   * Matches the limit left out, which the summary judged too (present only when the limit cut):
   * decisions (decided-action.ts) judge the action again over every match. Never serialised.
   */
  beyondLimit?: Match[];
}

export interface ModeThresholds {
  /** Matches below this are not reported at all. */
  reportingFloor: number;
  /** summary.anyMatchAbove default: at or above means manual review. */
  review: number;
  /** At or above, with corroborating evidence, means block. */
  block: number;
}

export interface ScreeningEngine {
  screen(request: ScreenRequest): ScreenResult;
  screenBatch(requests: readonly ScreenRequest[]): ScreenResult[];
  /** The entry as listed, or null when that list has no such entry. */
  entry(source: ListSource, entryId: string): ListEntry | null;
  /** Number of list entries indexed. */
  readonly size: number;
  /**
   * An engine over some of these entries only (keys: entry-lookup.ts entryKey), for `changedSince`
   * screening (engine/changed-only.ts); absent where it cannot be built (an engine made by hand).
   */
  restrictedTo?(keys: ReadonlySet<string>): Promise<ScreeningEngine>;
  readonly thresholds: Readonly<Record<Fuzziness, ModeThresholds>>;
}
