/**
 * @module The work one screening may do, whatever its input (issue #12; API.md "Running": no name,
 * alias or batch may cost more than a small fixed multiple of a typical screening).
 *
 * A name is read within its NameLimits (normalise.ts: characters, words, letters) and planned with
 * at most `tokens` query tokens. The request's name gets the full limits; its aliases share a fixed
 * budget in equal parts, never less than a floor that still holds any real name whole, so twenty
 * aliases of 300 crafted characters cost a few names' work, not twenty-one.
 */
import { NAME_LIMITS, type NameLimits } from './normalise.js';

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
}

/** One name's full limits: the request's name, and every alias while there are few. */
export const FULL_LIMITS: Readonly<QueryLimits> = Object.freeze({ ...NAME_LIMITS, tokens: 24, breakLetters: 128, candidates: 96 });

/** What all the aliases of one request may use together, split in equal shares (one alias: the full limits). */
export const ALIAS_BUDGET: Readonly<QueryLimits> = Object.freeze({ chars: 1200, words: 160, letters: 1200, tokens: 64, breakLetters: 240, candidates: 320 });

/**
 * The least share of one alias: above 99 % of real names (list names: 11 words and 77 letters at
 * the 99th percentile), so mostly crafted aliases are cut; a longer one keeps its 6 rarest tokens.
 */
export const ALIAS_FLOOR: Readonly<QueryLimits> = Object.freeze({ chars: 160, words: 12, letters: 96, tokens: 6, breakLetters: 24, candidates: 16 });

/** The limits of each alias of a request with `aliases` aliases. */
export function aliasLimits(aliases: number): Readonly<QueryLimits> {
  const share = (key: keyof QueryLimits): number =>
    Math.min(FULL_LIMITS[key], Math.max(ALIAS_FLOOR[key], Math.floor(ALIAS_BUDGET[key] / Math.max(1, aliases))));
  return {
    chars: share('chars'), words: share('words'), letters: share('letters'), tokens: share('tokens'),
    breakLetters: share('breakLetters'), candidates: share('candidates'),
  };
}
