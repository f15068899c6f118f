/**
 * @module Words of organisations' names in other languages and inflections: a descriptor written in
 * another language meets its English equivalent and back (descriptor-pairs.ts, mined from the US
 * lists' own parallel names by scripts/gen-descriptor-pairs.ts), and an English word inflected
 * otherwise than the list writes it meets the lists' usual form by its Porter stem (the `stemmer`
 * package). Both queue extra pairs on the WASM core for name-matcher.ts, organisations only.
 */
import type { MatchingCore, QueryUnit } from './core.js';
import type { BuiltIndex } from './index-builder.js';
import type { NameToken } from './normalise.js';
import { BoundedCache, PerIndexCache } from './bounded-cache.js';
import { DESCRIPTOR_PAIRS } from './descriptor-pairs.js';
import { osaDistance } from './fuzzy-words.js';
import { stemmer } from 'stemmer';

/** What these rules read of a query plan (name-matcher.ts QueryPlan): its units and the tokens they stand on. */
export interface PlannedWords {
  readonly tokens: readonly NameToken[];
  readonly units: readonly QueryUnit[];
}

/** The list counts addStems goes by (name-matcher.ts WeightOf.namesWith: list names with a word), when the index's own are not the full lists'. */
export interface WordCounts {
  readonly namesWith?: (text: string) => number;
}

/**
 * Descriptors of organisations written in another language and their English equivalents, both ways
 * (descriptor-pairs.ts, mined from the US lists' own parallel names by scripts/gen-descriptor-pairs.ts:
 * predpriyatie = enterprise, zavod = plant, byuro = bureau, sanaye = industries). In an organisation's
 * name (balanced and loose), a query word that is one of them, or one edit from one (DESCRIPTOR_REACH),
 * also meets the list words of its equivalents at DESCRIPTOR_SIM: "Sudostroitelny Zavod X" meets
 * X SHIPYARD PLANT, "X Plant" meets X ZAVOD.
 */
const DESCRIPTOR_TRANSLATIONS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [foreign, english] of DESCRIPTOR_PAIRS) {
    map.set(foreign, [...(map.get(foreign) ?? []), english]);
    map.set(english, [...(map.get(english) ?? []), foreign]);
  }
  return map;
})();
/** Every word of DESCRIPTOR_PAIRS, either language: words that describe an organisation, no proper nouns. */
export const DESCRIPTOR_WORDS: ReadonlySet<string> = new Set(DESCRIPTOR_TRANSLATIONS.keys());
/** The foreign words of DESCRIPTOR_PAIRS: in an organisation's name, counted as words the lists do not know (unknownWords). */
export const FOREIGN_DESCRIPTORS: ReadonlySet<string> = new Set(DESCRIPTOR_PAIRS.map(([foreign]) => foreign));
/** Similarity of a descriptor to its equivalent in another language, as a romanised spelling (SLAVIC_SIM). Cross-publisher dev, balanced cyrillic-entity: 0.85 0.790, 0.92 0.810, 1 0.817. */
export const DESCRIPTOR_SIM = 0.92;
/** A query word of this many letters or more also reads as a table word one edit from it (torgovy = torgovo). */
const DESCRIPTOR_REACH = 6;

/** The table words a query word reads as: itself, or those one edit from it (DESCRIPTOR_REACH). */
function descriptorWords(text: string): readonly string[] {
  if (DESCRIPTOR_TRANSLATIONS.has(text)) return [text];
  if (text.length < DESCRIPTOR_REACH) return NO_WORDS;
  let out = DESCRIPTOR_NEAR.get(text);
  if (out === undefined) {
    const near: string[] = [];
    for (const w of DESCRIPTOR_TRANSLATIONS.keys()) if (Math.abs(w.length - text.length) <= 1 && osaDistance(w, text) <= 1) near.push(w);
    out = DESCRIPTOR_NEAR.set(text, near.length === 0 ? NO_WORDS : near);
  }
  return out;
}
const NO_WORDS: readonly string[] = [];
/** descriptorWords' table words one edit from a query word, remembered (bounded: cleared when full). */
const DESCRIPTOR_NEAR = new BoundedCache<readonly string[]>(20_000);

export function addDescriptorTranslations(core: MatchingCore, index: BuiltIndex, plan: PlannedWords): void {
  plan.units.forEach((unit, u) => {
    const t = plan.tokens[unit.pos];
    if (unit.span !== 1 || t.syllabic || t.abjad) return;
    for (const w of descriptorWords(unit.text)) {
      for (const eq of DESCRIPTOR_TRANSLATIONS.get(w) ?? []) {
        const id = index.tokens.get(eq);
        if (id !== undefined) core.queueAdd(u, id, DESCRIPTOR_SIM);
      }
    }
  });
}

/**
 * An organisation's English word inflected otherwise than the list writes it ("Factories" for
 * FACTORY, "Banking" for BANK): the list words with the same Porter stem (the `stemmer` package,
 * Martin Porter's 1980 algorithm) beyond one edit of it (nearer ones the edit search meets) that are
 * the lists' usual form of it (STEM_USUAL), at STEM_SIM. Words of 4+ Latin letters, strong query words only;
 * organisations only (a person's "Williams" is not WILLIAM).
 */
export function addStems(core: MatchingCore, index: BuiltIndex, plan: PlannedWords, weightOf: WordCounts): void {
  plan.units.forEach((unit, u) => {
    const t = plan.tokens[unit.pos];
    if (unit.span !== 1 || t.weak || t.syllabic || t.abjad || unit.text.length < STEM_MIN || !LATIN_WORD.test(unit.text)) return;
    for (const id of stemMates(index, unit.text, weightOf)) core.queueAdd(u, id, STEM_SIM);
  });
}

/** Per index, per query word: the dictionary ids addStems queues for it (a word's answer is the same each time). */
const STEM_MATES = new PerIndexCache<readonly number[]>(4096);
const NO_MATES: readonly number[] = [];
function stemMates(index: BuiltIndex, word: string, weightOf: WordCounts): readonly number[] {
  const cache = STEM_MATES.of(index);
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  const mates = stemsOf(index).get(stemmer(word));
  if (mates === undefined) return cache.set(word, NO_MATES);
  // By the full lists' counts (weightOf), also where `index` holds a few entries only.
  const namesWith = weightOf.namesWith ?? ((w: string): number => { const id = index.tokens.get(w); return id === undefined ? 0 : index.df[id]; });
  const df = namesWith(word);
  const ids = mates.filter(([text]) => text !== word && df * STEM_USUAL < namesWith(text) && osaDistance(text, word) > 1).map(([, id]) => id);
  return cache.set(word, ids.length === 0 ? NO_MATES : ids);
}

/**
 * A list word met by its stem must be the lists' usual form of the word, on this many times as many
 * list names as the query's form (factory 97 to factories 9, bank 541 to banking 8): where the query's
 * form is as common ("Anduvar Shipping", shipping 261 to ship 84), it is a word of its own.
 */
const STEM_USUAL = 4;
/** Similarity of a list word met by its stem (addStems): an inflection of the same word, as a transliteration is. */
export const STEM_SIM = 0.9;
/** Shortest word stemmed (addStems): shorter ones are mostly names, their endings no inflections. */
const STEM_MIN = 5;
const LATIN_WORD = /^[a-z]+$/;
/** Per index: Porter stem -> the list words (4+ Latin letters, with their dictionary ids) with it. */
const STEMS = new WeakMap<BuiltIndex, Map<string, Array<[string, number]>>>();
function stemsOf(index: BuiltIndex): Map<string, Array<[string, number]>> {
  let map = STEMS.get(index);
  if (map !== undefined) return map;
  map = new Map();
  for (const [text, id] of index.tokens) {
    if (text.length < STEM_MIN - 1 || !LATIN_WORD.test(text)) continue;
    const stem = stemmer(text);
    const ids = map.get(stem);
    if (ids === undefined) map.set(stem, [[text, id]]);
    else ids.push([text, id]);
  }
  STEMS.set(index, map);
  return map;
}
