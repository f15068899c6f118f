/**
 * @module The screening engine: name hits from the WASM core, evidence per field, confidence,
 * ranking and the summary. Pure and deterministic for a given index.
 */
import type { ListEntry, ListSource } from '../lists/model.js';
import { LIST_SOURCES } from '../lists/model.js';
import { buildIndex, type BuiltIndex } from './index-builder.js';
import { MatchingCore } from './core.js';
import { onlyEntries, RESTRICTED_MAX } from './changed-only.js';
import { ALIAS_WORK, aliasLimits, aliasPlanWork, FULL_LIMITS, searchWork } from './budget.js';
import { actionOf, evidenceCeiling, fieldEvidence } from './evidence.js';
import { entryKey } from './entry-lookup.js';
import { entriesByIdentifier, identifierEvidence } from './identifiers.js';
import { MODES, NAME_SHARE } from './modes.js';
import { matchName, READ_WORK, type WeightOf } from './name-matcher.js';
import { normaliseName } from './normalise.js';
import { alternativeNames, MAX_ALTERNATIVES } from './alias-list.js';
import { COMMON_NAMES, titleForm } from './vocabulary.js';
import type {
  Evidence, Fuzziness, Match, ModeThresholds, RecommendedAction, ScreenRequest, ScreenResult, ScreeningEngine, ScreenSummary,
} from './types.js';
import { fuzzinessOf } from './types.js';

export const DEFAULT_LIMIT = 10;
/** 0.9 x 0.7 = 0.63: under every mode's review threshold (loose 0.65) without corroboration. */
export const WEAK_ALIAS_FACTOR = 0.7;
/** A weak alias matched this well is written whole by the query (see Engine.weakAliasScore). */
export const WEAK_FULL_MIN = 0.95;
/** 0.85 x 0.9 = 0.765: over balanced review (0.73), under strict review (0.85) and block (0.88). */
export const WEAK_FULL_CAP = 0.85;
const NO_ENTRIES: ReadonlySet<number> = new Set();
const ALL_LISTS_MASK = (1 << LIST_SOURCES.length) - 1;
/** More than settle()'s rounding of up to seven weights and their sum can add (8 x 0.00005). */
const ROUNDING_SLACK = 0.001;

interface BestName {
  /** -1: the entry came in by an identifier alone, no name of it close enough to be scored. */
  name: number;
  score: number;
  fromAlias: boolean;
  /** The name matched is one of the names the query name lists (alias-list.ts): its number, from 1. */
  part?: number;
}

interface NameSearch {
  /** Best name per entry index. */
  best: Map<number, BestName>;
  /** Aliases, counted from the end, that the alias work bound left not compared in full. */
  aliasesNotCompared: number;
}

const round4 = (x: number): number => Math.round(x * 10000) / 10000;

function nameDetail(type: string, weak: boolean): string {
  if (type === 'primary') return 'primary name';
  return weak ? `${type} name (low quality)` : `${type} name`;
}

/** One name bestNames searches: the query name (qi 0), a name it lists (part, from 1; qi -1) or alias qi (from 1). */
interface SearchStep {
  name: string;
  qi: number;
  part?: number;
}

/** Which of the names a query name lists matched (never the name itself: evidence does not echo it). */
function listedPart(part: number | undefined): string {
  return part === undefined ? '' : `; matched by name ${part} of those the query name lists`;
}

function listMaskOf(lists: readonly ListSource[] | undefined): number {
  if (!lists || lists.length === 0) return ALL_LISTS_MASK;
  return lists.reduce((m, l) => m | (1 << LIST_SOURCES.indexOf(l)), 0);
}

function compareEntryIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isInteger(na) && Number.isInteger(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compareMatches(a: Match, b: Match): number {
  return (
    b.confidence - a.confidence ||
    LIST_SOURCES.indexOf(a.listSource) - LIST_SOURCES.indexOf(b.listSource) ||
    compareEntryIds(a.entryId, b.entryId)
  );
}

/**
 * Makes the weights add up exactly to the confidence, which is clamped to [0, 1]: any excess over
 * 1 is taken off the name's weight, so every weight stays explainable.
 */
function settle(evidence: Evidence[]): number {
  const total = evidence.reduce((s, e) => s + e.weight, 0);
  if (total > 1) evidence[0].weight -= total - 1;
  // Below zero (only with a very low `threshold`): the negative weights give back what exceeds the
  // name's weight, strongest first, so the weights still add up to the confidence, 0.
  let deficit = -total;
  // (Sorting a copy only when there is a deficit: a reported match almost never has one.)
  if (deficit > 0) {
    for (const e of [...evidence].sort((a, b) => a.weight - b.weight)) {
      if (deficit <= 0 || e.weight >= 0) break;
      const give = Math.min(deficit, -e.weight);
      e.weight += give;
      deficit -= give;
    }
  }
  for (const e of evidence) e.weight = round4(e.weight);
  const sum = evidence.reduce((s, e) => s + e.weight, 0);
  return round4(Math.min(1, Math.max(0, sum)));
}

/**
 * A run of two or three one-letter Latin words ("A H", "I. O."), each a letter and at most a dot,
 * apart from the words around (not Han or Hangul syllables written apart: 军 鞠 is two names).
 */
const INITIALS_RUN = /(^|[\s,])([A-Za-z]\.?(?:\s+[A-Za-z]\.?){1,2})(?=[\s,]|$)/;

/**
 * The name with its first run of initials written apart joined into one word ("A H SHAMNAD" ->
 * "AH SHAMNAD", "I. O. Musoni" -> "IO Musoni"): a payment message drops the dots a list writes
 * ("A.H. Shamnad", which it reads as one word). Null when the name has no such run. The name as
 * written is searched too: the letters may as well be a person's initials ("J S A Smith").
 */
export function joinedInitials(name: string): string | null {
  const m = INITIALS_RUN.exec(name);
  if (!m) return null;
  const at = m.index + m[1].length;
  return name.slice(0, at) + m[2].replace(/[\s.]/g, '') + name.slice(at + m[2].length);
}

/** A name of titles and one name word: the word and its titles' forms, sorted (titledWhole). */
interface TitledName {
  word: string;
  titles: string;
}

/** What the engine remembers of a weak alias asked about (Engine.weakAliasScore). */
interface WeakAlias {
  /** Its strong words (not particles, titles, legal forms), 0 when all are common names. */
  strong: number;
  /** Its titles' forms and its one name word, or null; undefined until titledWhole asks. */
  titled?: TitledName | null;
}

/** Weak aliases of titles and a name word on more list names than this stay weak (Engine.titledWhole). */
const TITLED_NAME_MAX_NAMES = 20;

/** The name as titles and one name word (any order), or null: no title, or more name words than one. */
function titledName(name: string): TitledName | null {
  const titles: string[] = [];
  let word: string | undefined;
  for (const t of normaliseName(name)) {
    const form = titleForm(t.text);
    if (form !== undefined) titles.push(form);
    else if (t.weak) continue;
    else if (word !== undefined) return null;
    else word = t.text;
  }
  return word === undefined || titles.length === 0 ? null : { word, titles: titles.sort().join(' ') };
}

/** Words of a name that are not particles, titles, legal forms or stop words. */
function strongWords(name: string): number {
  return normaliseName(name).filter((t) => !t.weak).length;
}

export class Engine implements ScreeningEngine {
  readonly thresholds: Readonly<Record<Fuzziness, ModeThresholds>>;
  /** Core work all the aliases of one request may do (budget.ts); benches set it to compare. */
  aliasWork: number = ALIAS_WORK;
  /** Screenings whose aliases met aliasWork since the engine was built (a count: never a name). */
  budgetCuts = 0;
  /** Work charged to aliases since the engine was built (tests and diagnostics: the bound holds). */
  aliasWorkTotal = 0;
  /** Names a query name lists (alias-list.ts) searched besides it, at most; benches set 0 to compare. */
  listedNamesMax: number = MAX_ALTERNATIVES;
  /** Names searched that a query name lists (alias-list.ts), since the engine was built (tests: the bound holds). */
  listedNamesSearched = 0;

  constructor(
    private readonly core: MatchingCore,
    readonly index: BuiltIndex,
    private readonly entries: readonly ListEntry[],
    private readonly freshness: ReadonlyMap<ListSource, string | null>,
    private readonly weightOf: WeightOf,
    /** The index queries are read and planned by: this one, or the full one of an engine over some entries (restrictedTo). */
    private readonly planIndex: BuiltIndex = index,
  ) {
    this.thresholds = Object.freeze({
      strict: MODES.strict.thresholds,
      balanced: MODES.balanced.thresholds,
      loose: MODES.loose.thresholds,
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * An engine over the entries `keys` name (entryKey; others ignored), for changedSince screening
   * (changed-only.ts): its own small index, token rarity from this one's, so the same scores.
   */
  async restrictedTo(keys: ReadonlySet<string>): Promise<ScreeningEngine> {
    if (keys.size > RESTRICTED_MAX) return onlyEntries(this, keys, DEFAULT_LIMIT);
    const entries: ListEntry[] = [];
    for (const key of keys) {
      const at = this.index.lookup.byId.get(key);
      if (at !== undefined) entries.push(this.entries[at]);
    }
    const index = buildIndex(entries, this.index, this.index);
    return new Engine(await MatchingCore.load(index.arrays), index, entries, this.freshness, this.weightOf, this.index);
  }

  entry(source: ListSource, entryId: string): ListEntry | null {
    const at = this.index.lookup.byId.get(entryKey(source, entryId));
    return at === undefined ? null : this.entries[at];
  }

  /** Bytes of WASM linear memory this engine's core occupies. */
  get memoryBytes(): number {
    return this.core.memoryBytes();
  }

  /**
   * Best name score per entry over the request's name and aliases. Names scoring under what the
   * reporting floor can ever let through (score x NAME_SHARE + the most the request's other fields
   * can add < floor) are dropped here: they can neither be reported nor beat a name that is.
   */
  private bestNames(request: ScreenRequest, fuzziness: Fuzziness, floor: number, identified: ReadonlySet<number>): NameSearch {
    const mode = MODES[fuzziness];
    const mask = listMaskOf(request.lists);
    const best = new Map<number, BestName>();
    const names = this.index.names;
    const aliases = request.aliases ?? [];
    // The floor test, applied by matchName to the raw score (the information factor only lowers it)
    // and here to the final one. The slack covers settle()'s rounding to four decimals.
    const reach = evidenceCeiling(request) + ROUNDING_SLACK;
    const keep = (score: number): boolean => !(score * NAME_SHARE + reach < floor);
    const scoreFloor = { keep, minRawScore: (floor - reach) / NAME_SHARE };
    // The name in full; the aliases share a fixed budget (budget.ts), so their number cannot multiply the work.
    const shared = aliasLimits(aliases.length);
    // Work charged to the aliases so far (budget.ts ALIAS_WORK): they are searched while it lasts.
    let spent = 0;
    // Aliases from this one on were not compared in full (aliases.length: all were).
    let firstCut = aliases.length;
    // A name that lists several names of the party ("A B, A C B", "X Y or Z W"): each is screened
    // too, with the name's full limits, at most MAX_ALTERNATIVES (alias-list.ts), the same in every mode.
    const listed = this.listedNamesMax > 0 ? alternativeNames(request.name).slice(0, this.listedNamesMax) : [];
    this.listedNamesSearched += listed.length;
    // Order: the name whole (it wins a tie), the names it lists (part 1..), the aliases (qi 1..).
    const searches: SearchStep[] = [
      { name: request.name, qi: 0 },
      ...listed.map((name, i) => ({ name, qi: -1, part: i + 1 })),
      ...aliases.map((name, i) => ({ name, qi: i + 1 })),
    ];
    for (const { name, qi, part } of searches) {
      // An alias written as the name or an earlier alias finds the same names: searched once.
      if (qi > 0 && (name === request.name || aliases.indexOf(name) < qi - 1)) continue;
      let limits = FULL_LIMITS;
      if (qi > 0) {
        const plan = aliasPlanWork(name, shared);
        if (spent + plan >= this.aliasWork) {
          firstCut = qi - 1;
          break;
        }
        spent += plan;
        limits = { ...shared, work: this.aliasWork - spent };
      }
      const entityQuery = request.kind === undefined ? undefined : request.kind === 'entity';
      let hits = matchName(this.core, this.index, name, mode, this.weightOf, mask, scoreFloor, limits, this.planIndex, entityQuery);
      // Initials written apart ("A H SHAMNAD") are also read joined, as a list writes "A.H." (the name only).
      const joined = qi === 0 ? joinedInitials(name) : null;
      if (joined !== null) hits = hits.concat(matchName(this.core, this.index, joined, mode, this.weightOf, mask, scoreFloor, limits, this.planIndex, entityQuery));
      // The core stopped this alias's walks at the bound: it was not compared in full, and no alias
      // after it is searched (its hits still count below).
      let stopped = false;
      if (qi > 0) {
        spent += this.core.workDone() + searchWork({ queued: this.core.queued, read: READ_WORK });
        if (spent >= this.aliasWork) {
          firstCut = qi - 1;
          stopped = true;
        }
      }
      // The query name's strong words, counted at the first weak alias hit (weakAliasScore).
      let queryStrong: number | undefined;
      let queryTitled: TitledName | null | undefined;
      for (let h = 0; h < hits.length; h++) {
        const hit = hits[h];
        const named = names[hit.name];
        // OFAC's low-quality ("weak") a.k.a.s are not meant to identify anyone alone: a match on
        // such a name counts 0.7 of its score, so it stays under every review threshold unless
        // other evidence corroborates it, and an entry's strong names win over its weak ones.
        const score = named.weak
          ? this.weakAliasScore(hit.name, named.entry, hit.score, () => (queryStrong ??= strongWords(name)), () => (queryTitled === undefined ? (queryTitled = titledName(name)) : queryTitled))
          : hit.score;
        // An entry an identifier names keeps its name score, however low: it will be reported anyway.
        if (!keep(score) && !identified.has(named.entry)) continue;
        const prev = best.get(named.entry);
        if (!prev || score > prev.score) best.set(named.entry, { name: hit.name, score, fromAlias: qi > 0, part });
      }
      if (stopped) break;
    }
    // Aliases were left unsearched, or the last one's walks were cut.
    if (firstCut < aliases.length) this.budgetCuts++;
    this.aliasWorkTotal += spent;
    return { best, aliasesNotCompared: aliases.length - firstCut };
  }

  /** Per weak alias asked about, by name index: what weakAliasScore and titledWhole read of it. */
  private readonly weakAliases = new Map<number, WeakAlias>();

  /**
   * The score a match on an OFAC low-quality (weak) a.k.a. counts: WEAK_ALIAS_FACTOR of it, under every
   * review threshold, unless the alias is a person's and the query writes the whole alias (a raw score of WEAK_FULL_MIN or more) and
   * the alias has two strong words or more, as many as the query, not all of them common names (COMMON_NAMES)
   * ("Omar the Chechen" for the weak "Chechen Omar"; not "Miguel Martinez"): then at most
   * WEAK_FULL_CAP, which reaches the review thresholds of balanced and loose but never block nor strict.
   */
  private weakAliasScore(name: number, entry: number, score: number, queryStrong: () => number, queryTitled: () => TitledName | null): number {
    if (score < WEAK_FULL_MIN || this.entries[entry].kind !== 'individual') return score * WEAK_ALIAS_FACTOR;
    let alias = this.weakAliases.get(name);
    if (alias === undefined) {
      // An alias of common names only ("MARTINEZ, Miguel") names thousands of people: it stays weak.
      const words = normaliseName(this.index.names[name].text).filter((t) => !t.weak);
      alias = { strong: words.every((t) => COMMON_NAMES.has(t.text)) ? 0 : words.length };
      this.weakAliases.set(name, alias);
    }
    const strong = alias.strong;
    // The query's words are the alias's, no more: a name with a word added is another name.
    if (strong >= 2 && queryStrong() === strong) return Math.min(score, WEAK_FULL_CAP);
    return this.titledWhole(name, alias, queryTitled) ? Math.min(score, WEAK_FULL_CAP) : score * WEAK_ALIAS_FACTOR;
  }

  /**
   * A weak a.k.a. of titles and one name ("MULLAH X", "X, Shaykh", "Abu X", "HAJI MULLAH X"), written whole
   * by the query: its titles, in any of their spellings (TITLE_FORMS), and its name, no other word. The
   * title and the name together are a name the list gives (the UN lists many people so), where the name
   * alone is a given name many bear. Not a name word of the common names (COMMON_NAMES: "Abu Omar", "Dr.
   * Ibrahim" name thousands), nor one many list names carry (TITLED_NAME_MAX_NAMES).
   */
  private titledWhole(name: number, weak: WeakAlias, queryTitled: () => TitledName | null): boolean {
    let alias = weak.titled;
    if (alias === undefined) {
      alias = titledName(this.index.names[name].text);
      if (alias !== null && (COMMON_NAMES.has(alias.word) || (this.weightOf.namesWith?.(alias.word) ?? 0) > TITLED_NAME_MAX_NAMES)) alias = null;
      weak.titled = alias;
    }
    if (alias === null) return false;
    const query = queryTitled();
    return query !== null && query.word === alias.word && query.titles === alias.titles;
  }

  private toMatch(request: ScreenRequest, entryIndex: number, best: BestName): Match {
    const entry = this.entries[entryIndex];
    const named = best.name < 0 ? null : this.index.names[best.name];
    const evidence: Evidence[] = [named
      ? { field: best.fromAlias ? 'aliases' : 'name', weight: best.score * NAME_SHARE, detail: nameDetail(named.type, named.weak) + listedPart(best.part) }
      : { field: 'name', weight: 0, detail: 'no listed name close to it; found by an identifier' }];
    if (request.aliases && request.aliases.length > 0) {
      evidence.push({ field: best.fromAlias ? 'name' : 'aliases', weight: 0, detail: 'compared; the better of name and aliases counts' });
    }
    evidence.push(...fieldEvidence(request, entry));
    const byIdentifier = request.identifiers ? identifierEvidence(request.identifiers, entry) : null;
    if (byIdentifier) evidence.push(byIdentifier);
    const confidence = settle(evidence);
    return {
      listSource: entry.listSource,
      entryId: entry.entryId,
      matchedName: named ? named.text : entry.name,
      confidence,
      evidence,
      listFreshness: this.freshness.get(entry.listSource) ?? null,
      primaryName: entry.name,
      nameType: named ? named.type : 'primary',
      entityType: entry.kind,
      programs: entry.programs,
      sourceUrl: entry.sourceUrl,
    };
  }

  screen(request: ScreenRequest): ScreenResult {
    const fuzziness = fuzzinessOf(request);
    const thresholds = MODES[fuzziness].thresholds;
    const review = request.threshold ?? thresholds.review;
    const floor = Math.min(thresholds.reportingFloor, review);
    const matches: Match[] = [];
    const identified = request.identifiers ? this.identified(request) : NO_ENTRIES;
    const { best: candidates, aliasesNotCompared } = this.bestNames(request, fuzziness, floor, identified);
    for (const e of identified) if (!candidates.has(e)) candidates.set(e, { name: -1, score: 0, fromAlias: false });
    for (const [entryIndex, best] of candidates) {
      const match = this.toMatch(request, entryIndex, best);
      // An entry found by an identifier alone is reported only if that identifier holds (type, country).
      if (match.confidence >= floor && (best.name >= 0 || match.evidence.some((e) => e.field === 'identifiers' && e.weight > 0))) {
        matches.push(match);
      }
    }
    matches.sort(compareMatches);
    // The summary judges every match, not only those the limit lets through.
    const action = this.action(matches, review, Math.max(review, thresholds.block));
    const summary: ScreenSummary = { anyMatchAbove: review, recommendedAction: action };
    if (aliasesNotCompared > 0) summary.aliasesNotCompared = aliasesNotCompared;
    const limit = request.limit ?? DEFAULT_LIMIT;
    // One object shape whether the limit cut or not (beyondLimit undefined), for the callers' inline caches.
    return { matches: matches.slice(0, limit), summary, beyondLimit: matches.length > limit ? matches.slice(limit) : undefined };
  }

  /**
   * Entries a request identifier names (on the requested lists): they are candidates whatever their
   * names (a renamed vessel by its IMO number); the identifier's weight is judged per entry in
   * toMatch (type, country), and one that does not hold leaves the entry under the floor.
   */
  private identified(request: ScreenRequest): Set<number> {
    const mask = listMaskOf(request.lists);
    const found = entriesByIdentifier(this.index.lookup.identifiers, request.identifiers ?? []);
    for (const e of found) if (!(mask & (1 << LIST_SOURCES.indexOf(this.entries[e].listSource)))) found.delete(e);
    return found;
  }

  private action(matches: readonly Match[], review: number, block: number): RecommendedAction {
    return actionOf(matches, review, block);
  }

  screenBatch(requests: readonly ScreenRequest[]): ScreenResult[] {
    return requests.map((r) => this.screen(r));
  }
}
