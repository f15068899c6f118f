/**
 * @module The work one screening may do, whatever its input (issue #12; API.md "Running": no name,
 * alias or batch may cost more than a small fixed multiple of a typical screening).
 *
 * A name is read within its NameLimits (normalise.ts: characters, words, letters) and planned with
 * at most `tokens` query tokens. The request's name gets the full limits; its aliases share a fixed
 * budget in equal parts, never less than a floor that still holds any real name whole, so twenty
 * aliases of 300 crafted characters cost a few names' work, not twenty-one.
 */
import { NO_WORK_LIMIT } from './core.js';
import type { NameLimits } from './normalise.js';

export interface QueryLimits extends NameLimits {
  /** Query tokens planned (the core tracks query positions in a 32-bit mask: at most 31). */
  tokens: number;
  /**
   * Letters of unknown words the word break may try to split (name-matcher.ts): each try classifies
   * every split of the word (a real name's unknown words total a few dozen letters).
   */
  breakLetters: number;
  /** Names aligned per query name: the best by rarity gathered (ties: shorter names first). */
  candidates: number;
  /** Work the core may do (posting entries walked, candidate units read): see ALIAS_WORK. */
  work: number;
}

/**
 * One name's full limits: the request's name, and every alias while there are few. Every list name
 * is read whole (the longest has 383 characters, 56 words and 314 letters; of those a request can
 * carry, 300 characters at most, the longest has 34 words and 240 letters), while a crafted name of
 * 300 characters that transliterate to hundreds of words is read no further (NAME_LIMITS, the
 * index's, are twice these: 128 words, 1024 letters).
 */
export const FULL_LIMITS: Readonly<QueryLimits> = Object.freeze({
  chars: 512, words: 64, letters: 384, tokens: 24, breakLetters: 128, candidates: 96, work: NO_WORK_LIMIT,
});

/** What all the aliases of one request may use together, split in equal shares (one alias: the full limits). */
export const ALIAS_BUDGET: Readonly<QueryLimits> = Object.freeze({ chars: 1200, words: 160, letters: 1200, tokens: 64, breakLetters: 240, candidates: 320, work: NO_WORK_LIMIT });

/**
 * The least share of one alias: above 99 % of real names (list names: 11 words and 77 letters at
 * the 99th percentile), so mostly crafted aliases are cut; a longer one keeps its 6 rarest tokens.
 */
export const ALIAS_FLOOR: Readonly<QueryLimits> = Object.freeze({ chars: 160, words: 12, letters: 96, tokens: 6, breakLetters: 24, candidates: 16, work: NO_WORK_LIMIT });

/**
 * The work all the aliases of one request may do together, in posting entries (what the core counts:
 * MatchingCore.workDone); the name is never limited. Each alias is charged ALIAS_CALL_WORK, plus
 * ALIAS_CHAR_WORK per character read, plus the core's count, plus its searches beyond the core's
 * walks (searchWork, issue #28). Measured on the snapshot (CPU time per alias against these, least
 * squares): a call costs about 4,000 entries, a character about 80 (charged 100, so that aliases of
 * 160 crafted characters stop where they did before the searches were charged). Twenty real aliases
 * (list names: 3,700 entries at the 90th percentile) take about 180,000 in Latin script and up to
 * 270,000 in Arabic script (cross-publisher spellings: each word read two or three ways), so most
 * such requests are compared whole; twenty crafted ones of 160 characters stop after about twelve,
 * twenty of twelve common Arabic or Persian names after about ten. Aliases are searched in their
 * order while the budget lasts: the one that meets it keeps the candidates found, those after it are
 * not searched, and Engine.budgetCuts counts the request.
 */
export const ALIAS_WORK = 260_000;
export const ALIAS_CALL_WORK = 4_000;
export const ALIAS_CHAR_WORK = 100;

/**
 * What an alias's search costs beyond the core's walks, in the same units (issue #28): each op word
 * queued for the core (an exact or phonetic candidate: one to four), each neighbourhood search, each
 * second reading of a word (an Arabic-script word's Persian, vowelled or final-vowel reading: read,
 * classified and searched again) and each list word compared by its written vowels or by the
 * romanisation tables (name-matcher addRomanised, charged as a written-vowel comparison). Measured on the
 * snapshot as ALIAS_CALL_WORK was (CPU time per alias of twelve common words of each script, least
 * squares with the core's count fixed at 1): crafted Arabic and Persian aliases did four times the
 * CPU of a Latin one per unit charged while these went uncounted.
 */
export const OP_WORD_WORK = 20;
export const SEARCH_WORK = 100;
export const READING_WORK = 1000;
/** Each word read in an abjad (Arabic, Persian, Hebrew): its name-table lookups, readings and skeleton searches. */
export const ABJAD_WORD_WORK = 750;
export const VOWEL_CHECK_WORK = 40;

/** What matchName did outside the core's count (MatchingCore.queued, name-matcher READ_WORK). */
export interface SearchCounts {
  queued: { words: number; searches: number };
  read: { readings: number; vowelChecks: number; abjadWords: number };
}

/** The work units of `counts` (see OP_WORD_WORK). */
export function searchWork({ queued, read }: SearchCounts): number {
  return OP_WORD_WORK * queued.words + SEARCH_WORK * queued.searches + READING_WORK * read.readings + VOWEL_CHECK_WORK * read.vowelChecks +
    ABJAD_WORD_WORK * read.abjadWords;
}

/** What reading and planning an alias costs before the core's walks (see ALIAS_WORK). */
export function aliasPlanWork(alias: string, limits: Readonly<QueryLimits>): number {
  return ALIAS_CALL_WORK + ALIAS_CHAR_WORK * Math.min(alias.length, limits.chars);
}

/** The limits of each alias of a request with `aliases` aliases. */
export function aliasLimits(aliases: number): Readonly<QueryLimits> {
  const share = (key: keyof QueryLimits): number =>
    Math.min(FULL_LIMITS[key], Math.max(ALIAS_FLOOR[key], Math.floor(ALIAS_BUDGET[key] / Math.max(1, aliases))));
  return {
    chars: share('chars'), words: share('words'), letters: share('letters'), tokens: share('tokens'),
    breakLetters: share('breakLetters'), candidates: share('candidates'), work: NO_WORK_LIMIT,
  };
}
