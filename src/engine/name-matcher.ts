/**
 * @module Name matching over one index: plans a query name into weighted units, runs the WASM core
 * and returns the best name score per entry.
 */
import { FULL_LIMITS, type QueryLimits } from './budget.js';
import { ANAGRAM_MIN, NAME_NATURAL_ORDER, NAME_ONE_WORD, NAME_PERSON, RAW_UNIT, anagramKey, compounds, tokenWeight, type BuiltIndex } from './index-builder.js';
import { MAXQ, MAX_QPOS, MatchingCore, type CandidateRow, type QueryUnit } from './core.js';
import { fnvSkip } from './fnv.js';
import { osaDistance } from './fuzzy-words.js';
import { readableArabic, readsAs, skeletonsOf } from './arabic-romanisation.js';
import { jReading, latinReadings, markedReading } from './romanisation.js';
import { patronymicReadings, sameCyrillic } from './slavic-romanisation.js';
import { nominativeReadings, yoReadings } from './slavic-inflection.js';
import { hungarianReadings } from './hungarian-spelling.js';
import type { ModeConfig } from './modes.js';
import { FIRST_INITIAL_A, contradictsInitialA, initialBit, lastPosition, nativeSyllableDiffers, romanisedSyllables, splitsAGroup } from './name-structure.js';
import {
  CLASSIFY_REACH, CLASSIFY_SHORTENS, SYLLABIC, classifyWord, equivalentsOf, mayEndInDin, normaliseName, rawWords, skeleton, skeletonOf, slavicSpelling, strictKey, tokensOfWords,
  type NameToken, type RawWord,
} from './normalise.js';
import { soleDistinctive, thinEvidence } from './thin-evidence.js';
import { SOUND_EDIT_MAX_LENGTH, consonantAdded, soundSkeleton } from './sound-skeleton.js';
import { COMMON_NAMES, EAST_SLAVIC_GIVEN_FORMS, ELF_LEGAL_FORM_PHRASES, END_DOTTED_LEGAL_FORMS, LEGAL_FORMS, LEGAL_FORM_PHRASES, NAME_VARIANTS, ORDINALS, PHRASE_WORDS, VOCABULARY } from './vocabulary.js';
import { BoundedCache, PerIndexCache } from './bounded-cache.js';
import { commonSurname, namedWords, sexOf, type Sex } from './person-name-tables.js';
import { sameVowels, vowelPattern } from './arabic-vowels.js';
import { ELF_FORM_NAME_WORDS, ELF_LEGAL_FORMS } from './legal-forms-elf.js';
import { DESCRIPTOR_WORDS, FOREIGN_DESCRIPTORS, addDescriptorTranslations, addStems } from './organisation-words.js';
import { exactCountryName } from '../lists/countries.js';

/** Common names, and units lighter than this, search one edit at most. */
const COMMON_UNIT_WEIGHT = 2.5;
/** Particles that chain a lineage ("Omar bin Abdullah" = Omar, son of Abdullah). */
const LINEAGE_PARTICLES = new Set(['bin', 'ben', 'ibn', 'bint', 'binti', 'ould']);

/** The Arabic article as normalised ("el" reads "al"): a listed person's article a spelling may leave out (nameWithAdditions). */
const ARTICLES: ReadonlySet<string> = new Set(['al']);
/**
 * nameWithAdditions: the least share of the matched mass the matched value must be (the contained rule's
 * 0.95), and for a listed name of ADDED_NAMES_MANY strong words or more. Measured (npm run eval,
 * cross-publisher, name-only and near-miss negatives): 0.9 for three words or more gains three Arabic-
 * script spellings and flags no negative; for two words it flags name-only and script negatives
 * ("Abd al-Rahman" for ABDUL) and finds no spelling more; 0.85 finds nothing more.
 */
const ADDED_NAMES_CLOSE = 0.95;
const ADDED_NAMES_CLOSE_MANY = 0.9;
const ADDED_NAMES_MANY = 3;
/**
 * The most nameWithAdditions can raise a raw score by is a factor of 1 / ADDED_NAMES_BOUND: the core's
 * score floor for a person's name of ADDED_NAMES_QUERY_WORDS strong words or more is lowered by it, so
 * no row the rule would keep is skipped unaligned. At 0.75 a rare father's name the lists do not know
 * ("X Basheer Y" for AL-Y, X) stays under review; at 0.7 single screens cost about the same CPU
 * (bench/ab.ts, new/old 1.00-1.10 under load; 1.3 when every person's name had the lower floor).
 */
const ADDED_NAMES_BOUND = 0.7;
/**
 * The fewest strong words of a query nameWithAdditions reads: a listed name of two strong words or
 * more (the contained mass takes two) and a word added. Shorter queries keep the core's floor.
 */
const ADDED_NAMES_QUERY_WORDS = 3;
/** Longest part of a three-token join ("Plat Ono Vich" = "Platonovich"). */
const TRIPLE_PART_MAX = 5;
/** Shortest token given one-edit neighbours by ModeParams.shortEditSim. */
const SHORT_EDIT_MIN = 3;
export interface NameHit {
  /** Index into BuiltIndex.names. */
  name: number;
  score: number;
}

/**
 * How rare a token is, by the index's (or a reference index's) document frequencies; `namesWith`,
 * where given, how many names of that index have a word (unknownWords).
 */
export type WeightOf = ((token: NameToken) => number) & { namesWith?: (text: string) => number };

export function weightFrom(index: BuiltIndex): WeightOf {
  const N = index.arrays.nameCount;
  const namesWith = (text: string): number => {
    const id = index.tokens.get(text);
    return id === undefined ? 0 : index.df[id];
  };
  const weightOf: WeightOf = (t) => tokenWeight(namesWith(t.text), N, t.text, t.weak);
  weightOf.namesWith = namesWith;
  return weightOf;
}

/**
 * A match resting on very little rarity mass cannot reach full confidence: one common surname or
 * a lone short token is weak evidence however exactly it matches.
 * Factor = min(1, sqrt(matched mass / INFORMATION_MASS)). A whole name matched token for token is
 * exempt: a common name written exactly as listed must still be reviewed ("Ali Ibrahim" =
 * "IBRAHIM, Ali"); its date of birth will tell.
 */
export const INFORMATION_MASS = 9;

export function informationFactor(mass: number): number {
  return Math.min(1, Math.sqrt(mass / INFORMATION_MASS));
}

/**
 * The information factor of row r. A query whose every token matched a listed person's surname and
 * first given name exactly, the list's later given names left out (a middle name or patronymic the
 * user did not know: "PETROV Sergey" for "PETROV, Sergey Valeriyevich"), counts the rarity of the
 * whole listed name, as the exact name itself is exempt; the score already carries the penalty of
 * the part left out. Only where the list says which part is the surname; not for a query of Han or
 * Hangul syllables (they may stand for other characters), nor for a match that splits a given name
 * written in parts ("KIM Min" for "KIM, Min Chol" is another given name, not a middle name left out).
 */
function rowInformation(core: MatchingCore, index: BuiltIndex, r: number, syllabicOrSplit: boolean, overstated = 0, unpaired = false): number {
  // A descriptor written in another language ("Rede" for NETWORK) says as much as the word it charges.
  const mass = core.rowMass(r) - overstated + (unpaired ? 0 : core.rowPaired(r));
  const factor = informationFactor(mass);
  if (factor >= 1 || syllabicOrSplit || overstated > 0) return factor;
  const name = core.rowName(r);
  const surname = index.surnames.get(name);
  const first = index.firstGiven.get(name);
  if (surname === undefined || first === undefined || first > 31) return factor;
  // The whole surname and the first given name matched: what is left over comes after them.
  const matched = core.rowCandidateMask(r);
  if (((matched & surname) >>> 0) !== surname || ((matched >>> first) & 1) === 0) return factor;
  // Everything the query says matched exactly (row() allocates: read only for these few rows).
  const row = core.row(r);
  if (row.queryUnmatched >= 0.5 || row.candidateUnmatched < 0.5 || row.matched < mass - 1e-4) return factor;
  return informationFactor(mass + row.candidateUnmatched);
}

/**
 * Rarity mass row r's matched mass counts that the query does not say (rowInformation takes it off,
 * and the exemption of a whole name matched goes with it):
 * - a word the query repeats, both copies matched ("Abdullah Abdullah" for "ABDULLAH, Abdullah Ahmed"):
 *   one name said twice is the evidence of one word;
 * - a given-name equivalent ("Bill" for WILLIAM, matched at EQUIVALENT_SIM) in a match that leaves a
 *   listed word out ("Bill Johnson" for WILLIAM MICHAEL JOHNSON) weighs as the listed name it stands
 *   for, not by its own rarity on the lists: the lists write William, so "Bill" is rare there however
 *   common it is among people. Half the excess of its weight is taken off (a pair's mass is the mean
 *   of its two weights). The whole listed name met through a nickname ("Bill Anderson" for WILLIAM
 *   ANDERSON, test/engine-recall-classes.test.ts) is not touched.
 */
function overstatedMass(core: MatchingCore, index: BuiltIndex, r: number, plan: QueryPlan, weightOf: WeightOf): number {
  const tokens = plan.tokens;
  let row: CandidateRow | undefined;
  let listed: string[] | undefined;
  let less = 0;
  for (let p = 0; p < tokens.length && p < 31; p++) {
    const t = tokens[p];
    if (t.weak || t.syllabic) continue;
    const earlier = tokens.findIndex((o) => o.text === t.text);
    const repeated = earlier < p;
    const equivalents = repeated ? [] : equivalentsOf(t.text);
    if (!repeated && equivalents.length === 0) continue;
    row ??= core.row(r);
    if (((row.queryMask >>> p) & 1) === 0) continue;
    if (repeated) {
      // Both copies matched (two listed words): one is all the query says. A copy left unmatched
      // (aliases run together, "X, X Shipping Company") overstates nothing.
      if (((row.queryMask >>> earlier) & 1) === 1) less += plan.positionWeights[p];
      continue;
    }
    // The whole listed name met through a nickname ("Bill Anderson" for WILLIAM ANDERSON) is the
    // name as its bearer is called: it stays as it was. Only with a listed word left out as well.
    if (row.candidateUnmatched < 0.5) continue;
    listed ??= listedTokens(index, row.name);
    const matched = listed.filter((_, k) => k < 32 && ((row!.candidateMask >>> k) & 1) === 1);
    if (matched.includes(t.text) || (t.raw !== undefined && matched.includes(t.raw))) continue;
    const stands = matched.find((w) => equivalents.includes(w));
    if (stands === undefined) continue;
    less += Math.max(0, (plan.positionWeights[p] - weightOf({ text: stands, weak: false, abjad: false })) / 2);
  }
  return less;
}

export interface QueryPlan {
  tokens: NameToken[];
  units: QueryUnit[];
  positionWeights: number[];
  /** Query positions (bits 0-30) of strong words no list name has, as written or as read (NameToken.raw). */
  unknown: number;
  /** Query positions (bits 0-30) of legal-form words (ANY_FORM_TOKENS, or a run of FORM_NAME_WORDS: formWordRuns). */
  legalForms: number;
  /** Every query position (bits 0-30). */
  positionMask: number;
  /** Query positions (bits 0-30) of a legal form written in words of another language (formWordRuns). */
  formRuns: number;
}

/**
 * Splits a query word the lists do not know into two they do: "HOLDINGSLIMITED", "STOCKCOMPANY",
 * "MAXIMOVAlexander". (The other direction, "Abdulrahman" in the list for "Abdul Rahman" in the
 * query, is handled by compound units.) Only long words, only parts of three letters or more, so a
 * typo is not mistaken for two words. A word costs a classification per split: only the first
 * `letters` letters of unknown words are tried (QueryLimits.breakLetters).
 */
function wordBreak(words: readonly RawWord[], known: ReadonlyMap<string, number>, letters: number, index?: BuiltIndex): RawWord[] {
  // Parts of four letters or more; shorter only as a vocabulary word. A two-letter part only as a
  // legal form at the end after a vocabulary word ("INDUSTRYCO"): after a name it is more often the
  // name's own ending ("-as" of a Lithuanian or Greek surname is no "AS"), and at the start more
  // often a typo than a join ("COSHAR" is not "CO SHAR"). Three-letter words join vocabulary words ("OILAND").
  // Trial fragments are classified without entering the word-class cache (see classifyWord).
  // With the index at hand, parts of five letters or more that are list words of their own are tried
  // first, joins of two ("VANDER" of "VAN DER") only when no such split exists: "IndustrialGroup" is
  // "Industrial Group", not "Industri" + the "algroup" of some "AL GROUP". Ordinal words count as the
  // numbers they fold to ("FIRSTDIVISION").
  let own = false;
  // Fragments classified for this name: the second pass (own = false) reads the first's.
  const fragments = new Map<string, string>();
  const listed = (w: string): boolean => {
    let text = fragments.get(w);
    if (text === undefined) fragments.set(w, (text = ORDINALS.get(w) ?? classifyWord(w, false).text));
    return own && index && text.length >= 5 ? isListedWord(index, text) : known.has(text);
  };
  const isKnown = (w: string, other: string, right: boolean): boolean => {
    if (w.length >= 4) return listed(w) || VOCABULARY.has(w);
    if (w.length === 2) return right && LEGAL_FORMS.has(w) && VOCABULARY.has(other);
    if (VOCABULARY.has(w)) return true;
    return w.length === 3 && VOCABULARY.has(other) && listed(w);
  };
  // A part longer than this is no known word whatever its classification (see splitReach).
  const reach = Math.max(splitReach(known), index ? splitReach(index.tokens) : 0, LONGEST_PLAIN_WORD);
  const out: RawWord[] = [];
  let budget = letters;
  // A word met again (a crafted name repeats one) splits as it did: its split is looked up, not
  // searched again; it still takes its letters from the budget, as each word does.
  const splits = new Map<string, string[] | null>();
  // The split of a word depends on the word and the index only: remembered per index (WORD_BREAKS).
  const memo = index !== undefined && index.tokens === known ? WORD_BREAKS.of(index) : undefined;
  for (const word of words) {
    const w = word.text;
    const cw = word.syllabic || w.length < 6 || w.length > budget ? undefined : classifyWord(w);
    // Words of legal-form phrases stay whole, or the phrase could not fold ("RASPUNDERE").
    // A word the lists have only as a join of two ("PUBLICJOINT") may still be split: the join stays
    // a compound unit of the parts, and the parts may fold (into a legal form) as the list's did.
    if (!cw || (index ? isListedWord(index, cw.text) : known.has(cw.text)) || cw.cls !== 'name' || PHRASE_WORD_SET.has(cw.text)) {
      out.push(word);
      continue;
    }
    budget -= w.length;
    const seen = splits.get(w) ?? memo?.get(w);
    if (seen !== undefined) {
      splits.set(w, seen);
      out.push(...(seen ? seen.map((text) => ({ ...word, text })) : [word]));
      continue;
    }
    // A word one edit from a list word is that word misspelt, not two words ("Barbin" is Harbin,
    // not "Bar bin"; "Ulatov" is Bulatov, not "Ula" + the legal form "tov").
    if (index && oneEditFromListed(index, w)) {
      splits.set(w, null);
      memo?.set(w, null);
      out.push(word);
      continue;
    }
    let best: string[] | null = null;
    let bestMin = 0;
    for (own = index !== undefined; best === null; own = false) {
      for (let i = 2; i <= w.length - 2; i++) {
        // isKnown could only say no to a part longer than `reach`: it is not classified.
        if (i > reach || w.length - i > reach) continue;
        const left = w.slice(0, i);
        const right = w.slice(i);
        const shorter = Math.min(left.length, right.length);
        if (shorter > bestMin && isKnown(left, right, false) && isKnown(right, left, true)) {
          best = [left, right];
          bestMin = shorter;
        }
      }
      if (!own) break;
    }
    splits.set(w, best);
    memo?.set(w, best);
    out.push(...(best ? best.map((text) => ({ ...word, text })) : [word]));
  }
  return out;
}

/**
 * wordBreak's split of a word (null: none) per index: a function of the word and the index's words
 * only, so a word met again in another name (a common surname, a legal form run together) is not
 * classified split by split again. Bounded as SLAVIC_CACHE is (cleared when full).
 */
const WORD_BREAKS = new PerIndexCache<string[] | null>(50_000);

const PHRASE_WORD_SET: ReadonlySet<string> = new Set(PHRASE_WORDS);

/** Some list word (not a join) is within one edit (transpositions included) of `w`: a probe of the deletion table per key. */
function oneEditFromListed(index: BuiltIndex, w: string): boolean {
  // Every token it could meet is within one letter of its length: none past the longest token
  // (splitReach is at least the longest token's length plus two).
  if (w.length > splitReach(index.tokens)) return false;
  const { delTable, delBits, tokOff } = index.arrays;
  const mask = (1 << delBits) - 1;
  for (let skip = -1; skip < w.length; skip++) {
    if (skip > 0 && w.charCodeAt(skip) === w.charCodeAt(skip - 1)) continue;
    const h = fnvSkip(w, skip);
    for (let at = h & mask; delTable[2 * at + 1] !== 0; at = (at + 1) & mask) {
      if (delTable[2 * at] !== h) continue;
      const id = delTable[2 * at + 1] - 1;
      const len = tokOff[id + 1] - tokOff[id];
      if (Math.abs(len - w.length) > 1) continue;
      const text = listedText(index, id);
      // A list word of its own: a join of two list words is what a word break restores.
      if (osaDistance(text, w) <= 1 && (text.length < 5 || isListedWord(index, text))) return true;
    }
  }
  return false;
}

/**
 * A glued article ("Elzahrani", "Alqardawi") on a word the lists know without it is the particle
 * written apart ("El Zahrani"): split, as normalisation splits it on the Arabic names it knows.
 * Not in a name written in Cyrillic: its "al" is the transliteration of Ал, the start of a Slavic
 * word (Аляксін is Aliaksin, not "al Yaksin"); Russian writes the Arabic article apart (аль-).
 */
function gluedArticles(words: readonly RawWord[], index: BuiltIndex, name: string): RawWord[] {
  if (!words.some((w) => GLUED.test(w.text)) || CYRILLIC_LETTER.test(name)) return words as RawWord[];
  return words.flatMap((w) => {
    if (w.syllabic || !GLUED.test(w.text) || isListedWord(index, classifyWord(w.text).text) || swappedStart(w.text, index)) return [w];
    const rest = w.text.slice(2);
    return index.tokens.has(classifyWord(rest).text) ? [{ ...w, text: 'al' }, { ...w, text: rest }] : [w];
  });
}

const GLUED = /^(?:al|el)[a-z]{4}/;
const CYRILLIC_LETTER = /[\u0400-\u04ff]/;

/**
 * A word whose first two letters, swapped back, make a list word ("aLtina" for Latina, "Elbanon"
 * for Lebanon): a typo of that word, not an article glued to the rest ("tina").
 */
function swappedStart(text: string, index: BuiltIndex): boolean {
  return isListedWord(index, classifyWord(text[1] + text[0] + text.slice(2)).text);
}

/** Shortest query word tried as a join across the comma ("Kyukim"). */
const COMMA_JOIN_MIN = 4;

/**
 * A person's name listed "LAST, First Middle" is as often written in the natural order with the last
 * two words joined ("First MiddleLast": "Hsueh Yuanwei" for "WEI, Hsueh Yuan", "Kyukim" for "KIM,
 * Kyu"). The list has those two tokens at its two ends, never side by side, so no compound meets
 * the join. A query word no list name has as a word of its own is split into a last given name and a
 * surname when some list name does begin with that surname and end with that given name (parts of
 * any length: short surnames are the common case, and the list name itself must say so). The joined
 * spelling stays a compound unit of the two parts, so nothing it met before is lost.
 */
function commaJoins(words: readonly RawWord[], index: BuiltIndex, letters: number): RawWord[] {
  let budget = letters;
  let out: RawWord[] | null = null;
  // A word met again splits as it did (commaSplit reads the word alone): a crafted name repeats one.
  const splits = new Map<string, [string, string] | null | false>();
  for (let k = 0; k < words.length; k++) {
    const word = words[k];
    let split: [string, string] | null = null;
    if (budget >= word.text.length) {
      let tried = word.syllabic ? undefined : splits.get(word.text);
      if (tried === undefined) {
        tried = commaSplit(word, index);
        if (!word.syllabic) splits.set(word.text, tried);
      }
      // Every word searched takes its letters from the budget, split or not (as in wordBreak): a
      // real name's unknown words total a few dozen letters, a crafted name's hundreds.
      if (tried !== false) {
        budget -= word.text.length;
        split = tried;
      }
    }
    if (split) {
      out ??= words.slice(0, k);
      out.push({ ...word, text: split[0] }, { ...word, text: split[1] });
    } else {
      out?.push(word);
    }
  }
  return out ?? (words as RawWord[]);
}

/**
 * The [given name, surname] a joined word splits into (see commaJoins); null when none does; false
 * when the word is not searched at all (too short, not a name, or a list word of its own).
 */
function commaSplit(word: RawWord, index: BuiltIndex): [string, string] | null | false {
  const w = word.text;
  if (word.syllabic || w.length < COMMA_JOIN_MIN) return false;
  // A function of the word's text and the index only: remembered per index (COMMA_SPLITS).
  const memo = COMMA_SPLITS.of(index);
  const seen = memo.get(w);
  return seen !== undefined ? seen : memo.set(w, commaSplitOf(w, index));
}

/** commaSplit's answers per index, by the word's text (bounded: cleared when full). */
const COMMA_SPLITS = new PerIndexCache<[string, string] | null | false>(50_000);

function commaSplitOf(w: string, index: BuiltIndex): [string, string] | null | false {
  if (!/^[a-z]+$/.test(w)) return false;
  const cw = classifyWord(w);
  if (cw.cls !== 'name' || isListedWord(index, cw.text)) return false;
  let best: [string, string] | null = null;
  // A part longer than `reach` is no list token (see splitReach): those splits are not classified.
  const reach = splitReach(index.tokens);
  for (let i = Math.min(w.length - 2, reach); i >= 2 && w.length - i <= reach; i--) {
    // The surname first: the given name is classified only when the surname is a list token.
    const surname = index.tokens.get(classifyWord(w.slice(i), false).text);
    if (surname === undefined) continue;
    const given = index.tokens.get(classifyWord(w.slice(0, i), false).text);
    if (given === undefined || !endsAround(index, given, surname)) continue;
    // The first split found from the right wins: the longest given name, the shortest surname.
    best = [w.slice(0, i), w.slice(i)];
    break;
  }
  return best;
}

const LONGEST_KEY = new WeakMap<object, number>();

function longestWord(words: Iterable<string>): number {
  let longest = 0;
  for (const w of words) if (w.length > longest) longest = w.length;
  return longest;
}

/** Longest word the word break knows as written (a vocabulary word, an ordinal). */
const LONGEST_PLAIN_WORD = Math.max(longestWord(VOCABULARY), longestWord(ORDINALS.keys()));

/**
 * Longest fragment whose classification may be a key of `known`: classifyWord rewrites a word
 * longer than CLASSIFY_REACH only by slavicSpelling, which takes at most CLASSIFY_SHORTENS letters
 * off, so a longer fragment is classified as no key of `known` (the index's longest token has 41
 * letters: of the splits of a 64-letter word, only those with both parts under 44 are classified).
 */
function splitReach(known: ReadonlyMap<string, number>): number {
  let longest = LONGEST_KEY.get(known);
  if (longest === undefined) {
    longest = longestWord(known.keys());
    LONGEST_KEY.set(known, longest);
  }
  return Math.max(CLASSIFY_REACH, longest + CLASSIFY_SHORTENS);
}

/** Most names read per split point: the rarer token's postings, walked until one fits. */
const COMMA_JOIN_SCAN = 4096;

/** Some list name's first token is `surname` and its last single token `given`. */
function endsAround(index: BuiltIndex, given: number, surname: number): boolean {
  const { postOff, postList, unitOff, unitTok, unitPS } = index.arrays;
  const rare = postOff[given + 1] - postOff[given] <= postOff[surname + 1] - postOff[surname] ? given : surname;
  const end = Math.min(postOff[rare + 1], postOff[rare] + COMMA_JOIN_SCAN);
  for (let k = postOff[rare]; k < end; k++) {
    const n = postList[k];
    const from = unitOff[n];
    const to = unitOff[n + 1];
    if (unitTok[from] !== surname || unitPS[from] !== (1 << 8)) continue;
    // Single-token units come first, in position order: the last of them is the name's last token.
    let last = from;
    while (last + 1 < to && unitPS[last + 1] === ((last + 1 - from) | (1 << 8))) last++;
    if (last > from && unitTok[last] === given) return true;
  }
  return false;
}

/** A token some list name has as a word of its own (not only as a join of two): 5+ letters. */
function isListedWord(index: BuiltIndex, text: string): boolean {
  const id = index.tokens.get(text);
  if (id === undefined) return false;
  // The answer depends on the token and the index only: remembered per index (0 not asked, 1 yes, 2 no).
  let listed = LISTED_WORDS.get(index);
  if (listed === undefined) LISTED_WORDS.set(index, (listed = new Uint8Array(index.tokens.size)));
  if (id >= listed.length) return index.anagrams.get(anagramKey(text))?.includes(id) ?? false;
  if (listed[id] === 0) listed[id] = (index.anagrams.get(anagramKey(text))?.includes(id) ?? false) ? 1 : 2;
  return listed[id] === 1;
}

/** isListedWord's answers per index, by token ID (one byte a token; a new index starts empty). */
const LISTED_WORDS = new WeakMap<BuiltIndex, Uint8Array>();

/** `text` with every run of one letter a-z written once ("joonng" -> "jong"); the same string when it has none. */
function singleLetters(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== text.charCodeAt(i - 1) || c < 97 || c > 122) continue;
    out += text.slice(from, i);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * Whether classifyWord(r) may be a listed word: r itself, its Slavic folding or its name variant is
 * (a cheap test before the classification, which searches the vocabularies through a typo).
 */
function mayBeKnown(r: string, known: ReadonlyMap<string, number>): boolean {
  if (known.has(r) || known.has(slavicSpelling(r))) return true;
  const v = NAME_VARIANTS.get(r);
  return v !== undefined && known.has(v);
}

/**
 * A strong word the lists do not know, read by the other languages' romanisations of Cyrillic
 * (romanisation.ts: its own script's reading, then the Swedish, German, Polish and Czech ones): the
 * first reading the lists know becomes its text, the word as written its raw spelling (searched
 * too). With none known, a word that shows one system's own letters (tj, sch, cz...) takes that
 * system's reading, or its script's: closer to the English spelling for the edit search.
 * A word the lists know keeps its spelling ("Wilson" is no "Vilson").
 */
function romanisedToken(t: NameToken, known: ReadonlyMap<string, number>, index?: BuiltIndex): NameToken {
  if (t.weak || t.syllabic || t.abjad) return t;
  if (index === undefined || index.tokens !== known) return romanisedTokenOf(t, known, index);
  // Its reading depends on the token's text, raw spelling and script reading and on the index only:
  // remembered per index (ROMANISED_TOKENS), as the text read (null: the token as it is).
  const memo = ROMANISED_TOKENS.of(index);
  const key = `${t.text}|${t.raw ?? '\u0000'}|${t.reading ?? '\u0000'}`;
  let text = memo.get(key);
  if (text === undefined) {
    const read = romanisedTokenOf(t, known, index);
    text = memo.set(key, read === t ? null : read.text);
  }
  // Every reading other than the token itself is the token with the text read, the word as written
  // its raw spelling and no script reading left (romanisedReading, patronymicToken).
  return text === null ? t : { ...t, text, raw: t.raw ?? t.text, reading: undefined };
}

/** romanisedToken's readings per index (bounded: cleared when full). */
const ROMANISED_TOKENS = new PerIndexCache<string | null>(50_000);

function romanisedTokenOf(t: NameToken, known: ReadonlyMap<string, number>, index?: BuiltIndex): NameToken {
  // A Ukrainian or Belarusian form of a Russian given name (Uladzimir, Zmitser): read as the Russian one.
  const given = EAST_SLAVIC_GIVEN_FORMS.get(t.text);
  if (given !== undefined && known.has(given)) return { ...t, text: given, raw: t.raw ?? t.text, reading: undefined };
  const read = romanisedReading(t, known, index);
  // A word still unknown as its systems read it, or read as a list word of one or two names only,
  // may be a patronymic in another form (patronymicToken).
  const id = known.get(read.text);
  const rare = id !== undefined && index !== undefined && index.df[id] <= RARE_PATRONYMIC_DF;
  return id !== undefined && !rare ? read : patronymicToken(read, t, known, index) ?? read;
}

/** A list word as written in this few names may still be read as the commoner Russian patronymic (patronymicToken). */
const RARE_PATRONYMIC_DF = 2;

function romanisedReading(t: NameToken, known: ReadonlyMap<string, number>, index?: BuiltIndex): NameToken {
  const id = known.get(t.text);
  // A word the lists know keeps its spelling, unless they write a reading of it in more names
  // ("Andrejevitj" is listed once, "Andreevich" often): the rarer spelling is the other language's.
  if (id !== undefined && !index) return t;
  const df = id === undefined ? 0 : index!.df[id];
  // Known words are read only by a system whose own letters they show: Juan stays Juan, not Yuan.
  const marked = id === undefined ? undefined : markedReading(t.text);
  if (id !== undefined && marked === undefined) return t;
  const readings = marked !== undefined ? [marked] : t.reading !== undefined ? [t.reading, jReading(t.reading)] : latinReadings(t.text);
  for (const r of readings) {
    // Classified only when its spelling or its folded one is a listed word (most readings are not).
    if (!mayBeKnown(r, known)) continue;
    const c = classifyWord(r, false);
    if (c.cls !== 'name' || c.text === t.text) continue;
    const rid = known.get(c.text);
    if (rid !== undefined && (id === undefined || index!.df[rid] > df)) return { ...t, text: c.text, raw: t.raw ?? t.text, reading: undefined };
  }
  if (id !== undefined) return t;
  const fallback = t.reading !== undefined ? jReading(t.reading) : markedReading(t.text);
  if (fallback === undefined) return t;
  const c = classifyWord(fallback, false);
  return c.cls === 'name' && c.text !== t.text ? { ...t, text: c.text, raw: t.raw ?? t.text, reading: undefined } : t;
}

/** A word that may be a proper noun: none of the closed vocabularies' (legal forms and their words, titles, stop words) nor a descriptor (descriptor-pairs.ts). */
const properNounWord = (w: string): boolean => !VOCABULARY.has(w) && !FORM_NAME_WORDS.has(w) && !DESCRIPTOR_WORDS.has(w);
/**
 * Shortest word read as its nominative (nominativeToken); its stem keeps four letters at least
 * (slavic-inflection.ts INFLECTION_STEM_MIN). Measured (cross-publisher dev, balanced): 4 and 5 both
 * cyrillic-entity 0.8135 -> 0.8254 and latin-entity 0.7088 -> 0.7143; 6 only 0.8214 and 0.7129 (it
 * leaves out "Szaha", "Polet"); real negatives 8/868 at each.
 */
const NOMINATIVE_MIN = 5;

/**
 * In an organisation's name, a strong Latin word the lists do not know (as written, nor as its
 * romanisations read it) that is another case of a word they know (slavic-inflection.ts: "Vagnera",
 * "Sulejmana", "Isfahanie") or a word written with е for ё ("Polet" for POLYOT): read as that word,
 * the commonest the lists write when it may be several; the word as written stays its raw spelling
 * (searched too). A reading is known as the lists write it or as romanisation.ts reads it
 * ("Szaha": szah, shah). Also a word written as Hungarian spells a foreign name (hungarian-spelling.ts:
 * "Iszlám" Islam, "türkisztáni" Turkistan), read from its spelling as written where another
 * romanisation read it first (Polish "sz" = sh).
 */
function nominativeToken(t: NameToken, known: ReadonlyMap<string, number>, index?: BuiltIndex): NameToken {
  if (t.weak || t.syllabic || t.abjad || t.text.length < NOMINATIVE_MIN || !/^[a-z]+$/.test(t.text)) return t;
  if (known.has(t.text) || (t.raw !== undefined && known.has(t.raw)) || !properNounWord(t.text)) return t;
  // Its reading depends on the word and the index only: remembered per index (null: none).
  let text: string | null | undefined;
  const memo = index !== undefined && index.tokens === known ? NOMINATIVE_TOKENS.of(index) : undefined;
  const key = t.raw === undefined ? t.text : `${t.text}|${t.raw}`;
  text = memo?.get(key);
  if (text === undefined) {
    text = nominativeOf(t.text, known, index, t.raw) ?? null;
    memo?.set(key, text);
  }
  return text === null ? t : { ...t, text, raw: t.raw ?? t.text, reading: undefined };
}

/** nominativeToken's readings per index (bounded: cleared when full). */
const NOMINATIVE_TOKENS = new PerIndexCache<string | null>(50_000);

/** The reading of nominativeToken: the commonest list word among the word's nominatives and ё spellings, as written or read. */
function nominativeOf(word: string, known: ReadonlyMap<string, number>, index?: BuiltIndex, raw?: string): string | undefined {
  let best: string | undefined;
  let bestDf = 0;
  const stems = nominativeReadings(word);
  for (const r of [...stems, ...yoReadings(word), ...stems.flatMap(yoReadings), ...hungarianReadings(raw ?? word)]) {
    for (const w of [r, ...latinReadings(r)]) {
      // Classified only when its spelling or its folded one is a listed word (most readings are not).
      if (!mayBeKnown(w, known)) continue;
      const c = classifyWord(w, false);
      const id = c.cls === 'name' && c.text !== word && properNounWord(c.text) ? known.get(c.text) : undefined;
      if (id === undefined) continue;
      const df = index ? index.df[id] : 1;
      if (df > bestDf) {
        best = c.text;
        bestDf = df;
      }
    }
  }
  return best;
}

/** Each canonical given name (vocabulary.ts NAME_VARIANTS) with its spellings, the canonical first. */
const SPELLINGS_OF: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [v, canonical] of NAME_VARIANTS) {
    const list = map.get(canonical) ?? [canonical];
    if (v !== canonical) list.push(v);
    map.set(canonical, list);
  }
  return map;
})();

/**
 * A patronymic in another language's spelling or in its Ukrainian or Belarusian form
 * ("Mikalajevitj", "Aliaksandravich", "Hennadiyovych", "Oleksandrivna": slavic-romanisation.ts
 * patronymicReadings), read as the Russian one the lists write most: the word as written, or as
 * its script or another system reads it (`read`: romanisedToken's reading of `t`), when no reading is a
 * word the lists know; the commonest Russian form the lists write wins. The word as written stays a raw spelling.
 */
function patronymicToken(read: NameToken, t: NameToken, known: ReadonlyMap<string, number>, index?: BuiltIndex): NameToken | undefined {
  const written = t.raw ?? t.text;
  const words = new Set([written, t.text, ...(t.reading !== undefined ? [t.reading, jReading(t.reading)] : []), ...latinReadings(written)]);
  if (read.text !== t.text) words.add(read.text);
  const id = known.get(read.text);
  let best: string | undefined;
  let bestDf = id === undefined ? 0 : index!.df[id];
  for (const w of words) {
    for (const r of patronymicReadings(w, (v) => NAME_VARIANTS.get(v) ?? EAST_SLAVIC_GIVEN_FORMS.get(v), (c) => SPELLINGS_OF.get(c) ?? [c])) {
      // Classified only when its spelling or its folded one is a listed word (most readings are not).
      if (!mayBeKnown(r, known)) continue;
      const c = classifyWord(r, false);
      const rid = c.cls === 'name' && c.text !== t.text ? known.get(c.text) : undefined;
      if (rid === undefined) continue;
      const rdf = index ? index.df[rid] : 1;
      if (rdf > bestDf) {
        best = c.text;
        bestDf = rdf;
      }
    }
  }
  return best === undefined ? undefined : { ...t, text: best, raw: written, reading: undefined };
}

/**
 * The tokens a plan keeps: the first FULL_LIMITS.tokens of a name; under a smaller share (an alias
 * of a crowded request), the rarest `limit`, in their order.
 */
function keptTokens(tokens: NameToken[], limit: number, weightOf: WeightOf): NameToken[] {
  if (limit >= FULL_LIMITS.tokens || tokens.length <= limit) return tokens.slice(0, Math.min(FULL_LIMITS.tokens, MAX_QPOS));
  const weights = tokens.map(weightOf);
  const rarest = tokens.map((_, i) => i).sort((a, b) => weights[b] - weights[a] || a - b).slice(0, limit);
  return rarest.sort((a, b) => a - b).map((i) => tokens[i]);
}

/**
 * A given name and a surname in capitals run together ("ShefitXHAFERI", "Hsueh LungWEI", "WEIHsueh",
 * "Ahmad'ALI"): the change of case inside the word is the space a form or a pipeline dropped. Split
 * where a capitalised word of four letters or more meets two capitals (an apostrophe between them
 * allowed), or where a word's capitals meet a capitalised word of four letters or more that ends it.
 * A short prefix ("McGuire", "DeLuca", "O'Brien") and a typo's lower-case letters inside a word in
 * capitals ("COnmANY", "CsgRAMIC": two typos make two at most) are no such change. The fuzzy modes
 * only: the two parts still meet a joined list word as a compound unit, and strict stays exact.
 */
export function caseJoins(name: string): string {
  return CASE_JOIN.test(name) ? name.replace(CASE_JOIN_LOWER, '$1$2 ').replace(CASE_JOIN_UPPER, '$1$2 ') : name;
}

const CASE_JOIN = /\p{Ll}{3}['\u2019]?\p{Lu}{2}|\p{Lu}{2}\p{Lu}\p{Ll}{3}/u;
const CASE_JOIN_LOWER = /(^|[^\p{L}'\u2019])(\p{Lu}\p{Ll}{3,})(?=['\u2019]?\p{Lu}{2})/gu;
const CASE_JOIN_UPPER = /(^|[^\p{L}'\u2019])(\p{Lu}{2,})(?=\p{Lu}\p{Ll}{3,}(?![\p{L}'\u2019]))/gu;

/**
 * The Arabic article with a typo, hyphenated to its word ("iL-LIBI", "Ai-SHA'IR", "Av-HARAMAIN",
 * "L-QUTMAH"): a prefix of one or two letters one edit from al / el, before a word the lists write
 * with the article (their join "allibi" is a list token), is the article. Another short hyphenated
 * prefix ("Il-Sung", "Ui-Jong") meets no such join and stays as written.
 */
function articleTypos(name: string, index: BuiltIndex): string {
  if (!ARTICLE_TYPO.test(name)) return name;
  return name.replace(ARTICLE_TYPO_ALL, (whole: string, before: string, prefix: string, word: string) => {
    const p = prefix.toLowerCase();
    if (p === 'al' || p === 'el' || (osaDistance(p, 'al') > 1 && osaDistance(p, 'el') > 1)) return whole;
    const rest = normaliseName(word).map((t) => t.text).join('');
    return rest && (index.tokens.has(`al${rest}`) || index.tokens.has(`el${rest}`)) ? `${before}al-${word}` : whole;
  });
}

const ARTICLE_TYPO = /(?:^|[\s,(])[A-Za-z]{1,2}-[A-Za-z']{3}/;
const ARTICLE_TYPO_ALL = /(^|[\s,(])([A-Za-z]{1,2})-([A-Za-z']{3,})/g;

/**
 * Two Han or Hangul syllables, one of them a character written as a word of its own (a surname,
 * a one-character given name: 军 鞠, 红 颜): two names, never one romanised word ("Junju",
 * "Hongyan"). The syllables of one word still join ("近平" = "Jinping").
 */
function apartSyllables(a: NameToken, b: NameToken): boolean {
  return a.syllabic === true && b.syllabic === true && (a.standalone === true || b.standalone === true);
}

/** `glue`: the index whose words a glued article is split off (see gluedArticles). */
export function planQuery(
  name: string, mode: ModeConfig, weightOf: WeightOf, known?: ReadonlyMap<string, number>,
  limits: Readonly<QueryLimits> = FULL_LIMITS, glue?: BuiltIndex,
): QueryPlan {
  const fuzzy = fuzzyName(name, mode, glue);
  return planWords(glue ? gluedArticles(rawWords(fuzzy, limits), glue, fuzzy) : rawWords(fuzzy, limits), mode, weightOf, known, limits, glue);
}

/**
 * The name as the fuzzy plan reads it: capitals run together split at the change of case
 * (caseJoins), and with the index at hand, a typo of the Arabic article hyphenated to a word fixed
 * (articleTypos). The same string when neither applies (the common case).
 */
function fuzzyName(name: string, mode: ModeConfig, glue?: BuiltIndex): string {
  if (!mode.compounds) return name;
  const joined = caseJoins(name);
  return glue ? articleTypos(joined, glue) : joined;
}

/** planQuery from the name's words as read (gluedArticles(rawWords(...)) with `glue`): matchName reads them once for both searches. */
function planWords(
  glued: readonly RawWord[], mode: ModeConfig, weightOf: WeightOf, known: ReadonlyMap<string, number> | undefined,
  limits: Readonly<QueryLimits>, glue: BuiltIndex | undefined, read?: NameToken[], organisation = false,
): QueryPlan {
  const words = glue && mode.compounds ? commaJoins(glued, glue, limits.breakLetters) : glued;
  const split = known && mode.compounds ? wordBreak(words, known, limits.breakLetters, glue) : words;
  // `read`: the tokens of `glued` as the strict search read them (tokensOfWords without `query`).
  // With no word split and no word written with an x, the query tokens are those very tokens.
  const all = read && sameWords(split, glued) && !glued.some((w) => w.written !== undefined || mayEndInDin(w)) ? read : tokensOfWords(split, false, false, true);
  const tokens = keptTokens(all, limits.tokens, weightOf);
  // A word the lists do not know, written by another language's romanisation: read the English way.
  if (known) for (let i = 0; i < tokens.length; i++) tokens[i] = romanisedToken(tokens[i], known, glue);
  // In an organisation's name, a word the lists do not know written in another case: read as its nominative.
  // (Still words the lists do not know, for unknownWords: unmatched, they cost what any such word costs.)
  const asRead = known && organisation && mode.phonetic ? tokens.slice() : tokens;
  if (asRead !== tokens) for (let i = 0; i < tokens.length; i++) tokens[i] = nominativeToken(tokens[i], known!, glue);
  // A doubled letter the list may write once (Jong-uun, Joonng): the single-letter spelling is
  // searched too, as the raw alternative of a token that has none. Query side only: folding doubles
  // in the index as well was measured worse (eval: must-catch and name_bench both fell).
  // The single-letter spelling must be a name itself, not a title ("Hajji" is no "Haji"), nor one
  // letter: the Burmese "Oo" read "o" would be an initial, met by every listed word in o.
  for (const t of tokens) {
    if (t.raw || t.weak || t.syllabic) continue;
    const single = singleLetters(t.text);
    if (single !== t.text && single.length >= 2 && known?.has(single) && classifyWord(single).cls === 'name') t.raw = single;
  }
  const weights = tokens.map(weightOf);
  // A one-letter Han or Hangul syllable (이 = "i") is no initial: it searches nothing alone (it
  // still joins its neighbours, and its weight still counts when the list name lacks it). Nor is a
  // word in Arabic script read as one consonant (عطاء "t", إباء "b"): a whole name, its vowels unwritten.
  const units: QueryUnit[] = [];
  tokens.forEach((t, i) => {
    if (!((t.syllabic || t.abjad) && t.text.length === 1)) units.push({ text: t.text, pos: i, span: 1, weight: weights[i] });
  });
  // What an unmatched query token costs: a Han/Hangul syllable is a whole given-name part (or a whole
  // surname), so a syllable the list name lacks weighs triple ("琳 健 戴" is not "Jian Dai", "阳 帆 黄" not
  // "FAN, Yang"). Measured: at double those stayed flagged in balanced; at four times the exact
  // two-word matches (桂花 李 = "LI, Guihua") fell below the review threshold.
  const positionWeights = tokens.map((t, i) => (t.syllabic ? 3 * weights[i] : weights[i]));
  const unknown = known ? unknownWords(asRead, known, weightOf) : 0;
  // Raw spellings of folded tokens search too (see NameToken.raw).
  tokens.forEach((t, i) => {
    if (t.raw && !(t.syllabic && t.raw.length === 1) && units.length < MAXQ) units.push({ text: t.raw, pos: i, span: 1, weight: weights[i] });
  });
  if (mode.compounds) {
    for (const c of compounds(tokens)) {
      if (units.length >= MAXQ) break;
      if (apartSyllables(tokens[c.pos], tokens[c.pos + 1])) continue;
      units.push({ text: c.text, pos: c.pos, span: 2, weight: weights[c.pos] + weights[c.pos + 1] });
    }
    // Three short strong tokens joined: a name split in three ("Plat Ono Vich" = "Platonovich").
    for (let i = 0; i + 2 < tokens.length && units.length < MAXQ; i++) {
      const parts = tokens.slice(i, i + 3);
      if (parts.some((t) => t.weak || t.syllabic || t.text.length > TRIPLE_PART_MAX)) continue;
      units.push({ text: parts.map((t) => t.text).join(''), pos: i, span: 3, weight: weights[i] + weights[i + 1] + weights[i + 2] });
    }
  }
  if (mode.compounds) addArabicJoins(tokens, units, weights);
  // Rarest first: the core prunes new candidates once the units left cannot reach the floor.
  sortByWeightDescending(units);
  const formRuns = known ? formWordRuns(tokens, known, weightOf) : 0;
  const legalForms = tokens.reduce((m, t, i) => (i <= 30 && t.weak && ANY_FORM_TOKENS.has(t.text) ? m | (1 << i) : m), 0);
  const positionMask = tokens.length >= 31 ? 0x7fffffff : (1 << tokens.length) - 1;
  return { tokens, units, positionWeights, unknown, legalForms, positionMask, formRuns };
}

/**
 * The letters of the abjad words whose tokens keep none: the particles (normalise.ts abjadWord) and
 * عبد, folded to its Latin spelling "abdul".
 */
const FOLDED_LETTERS: ReadonlyMap<string, string> = new Map([['al', '\u0627\u0644'], ['abu', '\u0627\u0628\u0648'], ['bin', '\u0628\u0646'], ['abdul', '\u0639\u0628\u062f']]);

/** An Arabic-script token's letters: its own (RawWord.arabicLetters) or its particle's. */
const lettersOf = (t: NameToken): string | undefined => (!t.abjad ? undefined : t.arabicLetters ?? FOLDED_LETTERS.get(t.text));

/** Particles that begin a word the lists write as one: the article (Alshawa, Essabar) and the kunya (Abutaleb). */
const JOINED_PARTICLES: ReadonlySet<string> = new Set(['al', 'abu']);

/**
 * Arabic-script words read as one word too, compared by romanisation (arabic-romanisation.ts) with
 * the list words they spell (QueryUnit.arabicLetters), where Latin lists write as one what the script
 * may write as two:
 * - a compound in the article, the article's lam a sun letter's as ALA-LC rule 20 allows (نصیر الدین
 *   Nasiruddin, عبد الرحمن Abdulrahman, سيف الاسلام Saifulislam, ابو الفضل Abolfazl), the three words as one;
 * - a word after another: after a letter that does not join the next (alif, dal, re, ze, vav) the
 *   space does not show, and is put in or left out at will (عبد ربه Abdrabbo, ابو بكر Abubakar, رضا
 *   قلی Rezagholi; a copy from a PDF puts one inside a word: ر ستمی Rostami); after any other letter
 *   Persian writes a compound's parts apart with a zero-width non-joiner, which copies turn into a
 *   space (مزلقان چای Mazlqanchay, حسن زاده Hassanzadeh). Measured (cross-publisher dev half, balanced,
 *   with the other session-32 Arabic-script changes): after the non-joining letters only, arabic-person
 *   0.858; after any letter 0.864, real negatives and every near-miss class of Arabic script unchanged;
 * - a word's own article (الصبار Essabar, الشوا Alshawa), read apart from it elsewhere (abjadWord), and
 *   the kunya's ابو, which ends in vav (ابو طالب Abutaleb).
 * Each reading is a unit of its words' span; the words stay units of their own, read apart.
 */
function addArabicJoins(tokens: readonly NameToken[], units: QueryUnit[], weights: readonly number[]): void {
  for (let i = 0; i + 1 < tokens.length && units.length < MAXQ; i++) {
    const first = lettersOf(tokens[i]);
    const second = lettersOf(tokens[i + 1]);
    if (first === undefined || second === undefined) continue;
    const article = tokens[i + 1].weak && tokens[i + 1].text === 'al';
    if (article && (!tokens[i].weak || tokens[i].text === 'abu') && i + 2 < tokens.length && tokens[i + 2].arabicLetters !== undefined) {
      const third = tokens.slice(i, i + 3);
      units.push({ text: third.map((t) => t.text).join(''), pos: i, span: 3, weight: weights[i] + weights[i + 1] + weights[i + 2], arabicLetters: first + second + tokens[i + 2].arabicLetters });
      continue;
    }
    if (article || tokens[i + 1].weak) continue;
    if (tokens[i].weak && !JOINED_PARTICLES.has(tokens[i].text)) continue;
    // The pair is a compound unit already (planWords): it reads the letters too.
    const pair = units.find((unit) => unit.pos === i && unit.span === 2 && unit.arabicLetters === undefined);
    if (pair !== undefined) pair.arabicLetters = first + second;
    else units.push({ text: tokens[i].text + tokens[i + 1].text, pos: i, span: 2, weight: weights[i] + weights[i + 1], arabicLetters: first + second });
  }
}

/**
 * Words of the names of ISO 20275's legal forms in other languages than English (legal-forms-elf.ts
 * ELF_FORM_NAME_WORDS: sociedad, acciones, yhtio, obshchestvo), the words another language's legal
 * form is written with where no phrase of the table reads it ("Sociedade por ações aberta",
 * "Societatea pe acțiuni", "Общество с ограниченной ответственностью" declined): in an organisation's
 * name, counted as words the lists do not know (unknownWords), though some list names have them.
 * Measured (cross-publisher dev half, balanced): latin-entity 0.6422 -> 0.6517, cyrillic-entity
 * 0.7262 -> 0.75, real negatives flagged 8 -> 8, name_bench FP 19 -> 19. With the English forms'
 * words and 3-letter words kept: name_bench FP 24 ("Deutsche Bank Trust Company" = DEUTSCHE BANK,
 * "CON TRAFFIC" = "PRO TRAFFIC"), hence the generator leaves them out.
 */
const FORM_NAME_WORDS: ReadonlySet<string> = new Set(ELF_FORM_NAME_WORDS);

/** Shortest word of FORM_NAME_WORDS whose inflected forms (formNameWord) are read as it. */
const FORM_STEM_MIN = 6;

/**
 * A word of another language's legal-form name (FORM_NAME_WORDS), or one of them with an ending of
 * one or two letters added: the definite article or a case ending that ISO 20275 names the form
 * without ("Societatea" of the Romanian Societate, "Spółce" / "Spółki" of Spółka, "Društva" of
 * Društvo). Only for words of FORM_STEM_MIN letters or more: a shorter one plus two letters is
 * another word ("Fondue" of Fond). Measured (cross-publisher dev half, balanced, with
 * assembly/score.ts fuzzyWeight): latin-entity 0.7102 -> 0.7129, cyrillic-entity 0.8135 -> 0.8175,
 * real negatives 8 -> 8.
 */
function formNameWord(text: string): boolean {
  if (FORM_NAME_WORDS.has(text)) return true;
  for (let k = 1; k <= 2; k++) {
    if (text.length - k < FORM_STEM_MIN) break;
    if (FORM_NAME_WORDS.has(text.slice(0, text.length - k))) return true;
  }
  return false;
}

/**
 * The short words (3 letters or fewer) that ISO 20275's legal-form names are written with between their
 * long ones (ELF_LEGAL_FORM_PHRASES of a word of 4+ letters: "por" of "Sociedade em comandita por
 * ações", "na" of "Společnost komanditní na akcie", "s" of "Společnost s ručením omezeným").
 */
const FORM_NAME_SHORT_WORDS: ReadonlySet<string> = new Set(
  ELF_LEGAL_FORM_PHRASES.filter(([, ws]) => ws.some((w) => w.length >= 4)).flatMap(([, ws]) => ws.filter((w) => w.length <= 3)),
);

/**
 * Query positions (bits 0-30) of a legal form written in words of another language that no phrase of
 * the table reads ("Sociedade por ações X", "Societatea pe acțiuni X", "X, Spoločnosť s ručením"): a
 * run of two words or more at the name's start or end, each a word of ISO 20275's non-English
 * legal-form names (FORM_NAME_WORDS) or a short word those names are written with
 * (FORM_NAME_SHORT_WORDS), at least one a long one, and a strong word of the name outside it. In an
 * organisation's name the run weighs as one legal form (FORM_RUN_WEIGHT), not as that many words the
 * lists do not know (UNKNOWN_WORD_CHARGE each).
 */
function formWordRuns(tokens: readonly NameToken[], known: ReadonlyMap<string, number>, weightOf: WeightOf): number {
  const n = Math.min(tokens.length, 31);
  const namesWith = weightOf.namesWith;
  const listed = (w: string): boolean => (namesWith ? namesWith(w) > UNKNOWN_WORD_NAMES : known.has(w));
  const formWord = (t: NameToken): boolean => !t.weak && (formNameWord(t.text) || (t.raw !== undefined && formNameWord(t.raw)));
  // A form's word the lists do not know: one they write (France, Banco, Nacional) may be a word of names.
  const unlisted = (t: NameToken): boolean => formWord(t) && !listed(t.text) && (t.raw === undefined || !listed(t.raw));
  const inRun = (t: NameToken): boolean => formWord(t) || FORM_NAME_SHORT_WORDS.has(t.text) || (t.weak && ANY_FORM_TOKENS.has(t.text));
  let mask = 0;
  // Two words of the form's name or more, one of them a long word the lists do not know (a legal
  // form's abbreviation beside them may join the run; "France SARL" is a country and a form).
  const take = (from: number, to: number): void => {
    let fresh = 0;
    let words = 0;
    for (let i = from; i < to; i++) {
      if (unlisted(tokens[i])) fresh++;
      if (formWord(tokens[i]) || FORM_NAME_SHORT_WORDS.has(tokens[i].text)) words++;
    }
    if (words < 2 || fresh === 0) return;
    for (let i = from; i < to; i++) mask |= 1 << i;
  };
  let head = 0;
  while (head < n && inRun(tokens[head])) head++;
  take(0, head);
  let tail = n;
  while (tail > head && inRun(tokens[tail - 1])) tail--;
  if (n === tokens.length) take(tail, n);
  // A strong word of the name outside the runs, else the name is the legal form's words only.
  for (let i = 0; i < tokens.length; i++) if (!tokens[i].weak && (i > 30 || ((mask >>> i) & 1) === 0)) return mask;
  return 0;
}

/**
 * How closely a one-word list name must be matched for a query that adds only its legal form to
 * escape the one-word factor (ModeConfig.oneWordInsideFactor): one edit or a transliteration
 * ("Astais Rt." for ASTEIS, 0.90; "Majak, s. r. o." for OOO MAYAK, 1), not two ("Agregat PJSC" for
 * AGROGATE COMPANY, 0.87, a real negative of the eval).
 */
export const FORM_ONLY_SIM = 0.9;

/** What a run of legal-form words (formWordRuns) weighs in all, as a rare legal form does (s.r.o. about 1.2). */
export const FORM_RUN_WEIGHT = 1;

/**
 * Query positions (bits 0-30) of strong Latin-script words the lists do not know: no list name has
 * them as written or as read (NameToken.raw), or one name only (UNKNOWN_WORD_NAMES), whose one use
 * says nothing of how common the word is ("por" of one Spanish name); and the words of other
 * languages' legal forms (formNameWord). Their rarity weight is the highest there is, though most
 * are ordinary words of a language the lists do not write (UNKNOWN_WORD_CHARGE).
 */
function unknownWords(tokens: readonly NameToken[], known: ReadonlyMap<string, number>, weightOf: WeightOf): number {
  // By the index the weights come from (the full lists', also where `known` is a few entries' own).
  const namesWith = weightOf.namesWith;
  const listed = (w: string): boolean => (namesWith ? namesWith(w) > UNKNOWN_WORD_NAMES : known.has(w));
  let mask = 0;
  for (let i = 0; i < tokens.length && i <= 30; i++) {
    const t = tokens[i];
    const formWord = !t.weak && (formNameWord(t.text) || (t.raw !== undefined && formNameWord(t.raw)) || FOREIGN_DESCRIPTORS.has(t.text));
    if (!formWord && (t.weak || t.syllabic || t.abjad || NUMERAL.test(t.text) || listed(t.text) || (t.raw !== undefined && listed(t.raw)))) continue;
    mask |= 1 << i;
  }
  return mask;
}

/**
 * Reweighs a plan's legal-form runs (formWordRuns): each position of a run FORM_RUN_WEIGHT / its
 * length, every unit over them the sum of its positions; the run's words are legal-form words, no
 * longer words the lists do not know.
 */
function formRunWeights(plan: QueryPlan): void {
  const runs = plan.formRuns;
  let count = 0;
  for (let i = 0; i <= 30; i++) if (((runs >>> i) & 1) === 1) count++;
  // Two runs (start and end) share the weight as one form each would: per run length.
  for (let i = 0; i < plan.positionWeights.length && i <= 30; i++) {
    if (((runs >>> i) & 1) === 0) continue;
    let from = i;
    while (from > 0 && ((runs >>> (from - 1)) & 1) === 1) from--;
    let to = i + 1;
    while (to <= 30 && ((runs >>> to) & 1) === 1) to++;
    plan.positionWeights[i] = Math.min(plan.positionWeights[i], FORM_RUN_WEIGHT / (to - from));
  }
  if (count === 0) return;
  for (const unit of plan.units) {
    let over = false;
    for (let k = 0; k < unit.span; k++) if (((runs >>> (unit.pos + k)) & 1) === 1) over = true;
    if (!over) continue;
    let w = 0;
    for (let k = 0; k < unit.span; k++) w += plan.positionWeights[unit.pos + k];
    unit.weight = Math.min(unit.weight, w);
  }
  plan.unknown &= ~runs;
  plan.legalForms |= runs;
}

/** Numbers, in digits or Roman numerals ("VIII" is no word of another language: Fund VIII is not Fund IX). */
const NUMERAL = /^(?:\d+(?:st|nd|rd|th)?|m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))$/;

/** A word on this many list names or fewer counts as one the lists do not know (unknownWords). */
const UNKNOWN_WORD_NAMES = 1;

/**
 * What a word the lists do not know costs, at most, in an organisation's name, left unmatched beside
 * a descriptor the list name leaves unmatched (UNKNOWN_STAND_IN): the rarity of a legal form's word,
 * not the top rarity the lists give a word they have never seen, and no disagreement
 * (assembly/state.ts unknownMask). Such a word is most often another language's word for the
 * descriptor ("Burgu Qarchak" for QARCHAK PRISON, "Tsiklauri Gvino LLC" for TSIKLAURI WINE LLC): the
 * issue's "an entry that matches every other word must not drop out because the query has one word
 * the index does not know". It counts at this weight too towards the share of the query's rarity a
 * candidate must gather (ModeConfig.accFraction), so the entry is a candidate at all. Beside a list
 * name matched whole it is a word the query adds, charged in full. Organisations only (entityQuery):
 * a person's given name the lists do not know, beside a listed given name left unmatched, is another person.
 * Measured on the cross-publisher dev half (balanced; latin-entity / cyrillic-entity recall, real
 * negatives flagged), with every unmatched list word a stand-in: none 0.531 / 0.694 / 2.07 %; at 1
 * 0.616 / 0.698 / 2.07 % (20 entity negatives scored 0.65 or more, 13 before); at 2 0.601 / 0.698 /
 * 2.07 % (16); at 4 0.571 / 0.698 / 2.07 %. Unknown = on one name or none: 0.601; none only: 0.584;
 * two or fewer: 0.605. Charged at 2 beside a list name matched whole too: one real negative more (a
 * listed name followed by its own translation).
 */
export const UNKNOWN_WORD_CHARGE = 2;

/**
 * The words of a list name left unmatched that a word the lists do not know may stand in for
 * (UNKNOWN_WORD_CHARGE): the heaviest of them a strong word (this weight or more: a legal form
 * left over says nothing of what the unknown word is) that several list names share (this weight
 * or less: about five names or more), a descriptor such as network, prison, plant, brigade. Beside a
 * rarer word left unmatched the unknown word names something else ("Brennock Steel Tubes" is not
 * BRENNOCK STEEL WIRES; "Kaverin Freight Services" not ODUYA FREIGHT SERVICES).
 * Measured (balanced, with the charge at 2): any leftover: latin-entity 0.614, real negatives 2.07 %,
 * name_bench F1 0.9049 (FP 17 -> 24), cascade F1 0.6887 (0.7266 before); strong leftovers of weight
 * 2-9: 0.593, 2.07 %, 0.9115 (FP 18), 0.7402 (three translations found: "Tsiklauri Gvino LLC" =
 * TSIKLAURI WINE LLC); 0-9: 0.616 but one real negative more; 2-8: 0.586; 2-10: 0.595, name_bench FP 21.
 * Session 32 (with assembly/score.ts fuzzyWeight and formNameWord): 2-9.6 (a word on three list names
 * or more; two names weigh 9.92) gave latin-entity 0.7129 -> 0.7224 ("Milizzja X" for X MILITIA) but
 * name_bench FP 21 ("Bowne Global Solutions (Spain)" = ... (Netherlands), fixed by charging a country in
 * full) and a cascade false pair (a listed people's surname stood in for); and a listed organisation's
 * own distinctive word on three or four of its names (aliases) is stood in for too ("Zorblatt Militia"
 * for KANIYAT MILITIA): the window cannot tell a descriptor from such a word. Dropped; 2-9.3: 0.7197,
 * 2-10: 0.7238, name_bench FP 21 ("Tactical Kittens" = TACTICAL MISSILES).
 */
export const UNKNOWN_STAND_IN: readonly [number, number] = [2, 9];

/**
 * Above UNKNOWN_STAND_IN's top, up to this weight, a word the lists do not know stands in for a list
 * word that is a DESCRIPTOR of organisations (index-builder.ts descriptorWords, a per-word flag
 * computed from the US lists when the index is built and read by the core, assembly/state.ts
 * tokDesc): "X Csoport" / "Qorvalet X" for X MILITIA, X COMBINE, GHARARGAH X, the descriptor on a few
 * list names only (weight 9-9.6), where the weight alone cannot tell it from a party's own name on
 * its aliases (KANIYAT of KANIYAT MILITIA), a place several parties are named after (BUSHEHR) or a
 * listed people's surname.
 * Measured (balanced; cross-publisher dev half latin-entity, real negatives flagged, name_bench F1,
 * cascade F1; main before: 0.7265, 8/868, 0.9118 (FP 19), 0.7465): 9.6 0.7306, 8/868, 0.9118
 * (FP 19), 0.7465 (found: "FSE X Zavod" for ... X COMBINE, "X Construction Co." for GHARARGAH X, an
 * "Ipari Csoport" whose list name ends in its acronym); 10 and 11 the same as 9.6; the window alone
 * (every word a descriptor) 0.7333 but name_bench FP 21, cascade 0.7439; the flag required for
 * every stand-in (2-9.6, not only above 9): 0.6857, cyrillic-entity 0.8294 -> 0.8095. "Wagner
 * Csoport" (WAGNER capped as a common surname) is not covered: the words left over are CHVK / PMC,
 * not descriptors by this test.
 */
export const UNKNOWN_DESCRIPTOR_STAND_IN = 9.6;

/**
 * A list name matched whole (no strong word of it left over) beside words the lists do not know: those
 * cost UNKNOWN_WORD_CHARGE too where a matched list word weighs this much or more, a distinctive word
 * (assembly/state.ts unknownDistinctive): "X-yhtiö" for X LLC, "Rede X" for X NETWORK, the legal form
 * or descriptor written in a language the lists do not write. Only for a match as close as 0.95 of
 * its mass (the core's test), and for the one-word factor below a match as written ("Marko Mayning"
 * is not MAKO HOLDING). Measured (cross-publisher dev half, balanced, with the one-word factor left
 * out where the query's other words are all unknown): latin-entity 0.6095 -> 0.6422, cyrillic-entity
 * 0.7183 -> 0.7262, real negatives flagged 8 -> 8 (from 0 instead of 7, "Aerospace Research
 * Institute/Institut de recherche aérospatiale" = AEROSPACE RESEARCH INSTITUTE: one more);
 * name_bench F1 0.9115 -> 0.9104 (FP 18 -> 19), cascade F1 0.7402 -> 0.7491. Not swept.
 */
export const UNKNOWN_DISTINCTIVE = 7;
/** UNKNOWN_STAND_IN and UNKNOWN_DISTINCTIVE as the core takes them. */
const UNKNOWN_PAIR: readonly [number, number, number, number] = [UNKNOWN_STAND_IN[0], UNKNOWN_STAND_IN[1], UNKNOWN_DISTINCTIVE, UNKNOWN_DESCRIPTOR_STAND_IN];

/**
 * An organisation's short name found whole, word for word, inside a long list name ("Concern
 * Elektropribor" for JOINT STOCK COMPANY CONCERN CENTRAL INSTITUTE FOR SCIENTIFIC RESEARCH
 * ELEKTROPRIBOR): on this much matched rarity or more (one rare word), the list name's words left
 * over cost at most what the matched ones weigh, not their whole rarity (assembly/state.ts
 * queryContainedMass). Organisations only, as UNKNOWN_WORD_CHARGE: a person's short name inside a
 * long one is a partial match, left to the name-structure factors.
 * Measured (balanced; latin-entity / cyrillic-entity, real negatives flagged, name_bench and cascade
 * F1): off 0.593 / 0.694 / 2.07 % / 0.9115 / 0.7402; from 6, 7 or 8 0.610 / 0.718, the rest the
 * same; from 10 0.599 / 0.702; from 12 0.595 / 0.694.
 */
export const CONTAINED_NAME_MASS = 8;

/** Legal forms' canonical tokens (what a query's legal-form words read as): a query with one names an organisation. */
const LEGAL_FORM_TOKENS: ReadonlySet<string> = new Set(LEGAL_FORMS.values());
/**
 * Every legal form's canonical token, ISO 20275's: its single words as the vocabulary folds them
 * (ooo = llc), its phrases and its end-dotted forms ("Rt."), and the hand table's phrases (all JSC,
 * LLC, Ltd...). Not the descriptors the hand table also makes weak (trading, group, bank): those say
 * what the party does, and a query that adds one names another party more often.
 */
const ANY_FORM_TOKENS: ReadonlySet<string> = new Set([
  ...ELF_LEGAL_FORMS.map(([w]) => LEGAL_FORMS.get(w) ?? w), ...END_DOTTED_LEGAL_FORMS, ...ELF_LEGAL_FORM_PHRASES.map(([f]) => f), ...LEGAL_FORM_PHRASES.map(([f]) => f),
]);

/**
 * Heaviest first, equal weights in their order (as Array.prototype.sort, which is stable): an
 * insertion sort in place, since a plan has at most MAXQ units and sort() allocates a work array.
 */
function sortByWeightDescending(units: QueryUnit[]): void {
  for (let i = 1; i < units.length; i++) {
    const unit = units[i];
    let j = i - 1;
    while (j >= 0 && units[j].weight < unit.weight) {
      units[j + 1] = units[j];
      j--;
    }
    units[j + 1] = unit;
  }
}

/**
 * Anagram candidates: a list token with the same letters in another order ("nituP" for Putin, a
 * reversed or scrambled spelling), 5+ letters only, and only for query tokens no list name has
 * (a listed token is a name in its own right: "Maria" is not a scrambled "Amira").
 */
function addAnagrams(core: MatchingCore, index: BuiltIndex, plan: QueryPlan, sim: number, planIndex: BuiltIndex = index): void {
  plan.units.forEach((unit, u) => {
    if (unit.span !== 1 || unit.text.length < ANAGRAM_MIN || plan.tokens[unit.pos].weak) return;
    if (planIndex.tokens.has(unit.text)) return;
    for (const id of index.anagrams.get(anagramKey(unit.text)) ?? []) core.queueAdd(u, id, sim);
  });
}

/** Shortest abjad skeleton that alone makes a phonetic match (fixed 0.84); shorter ones need the same consonants. */
const ABJAD_SKELETON_MIN = 5;
/** Similarity of an abjad token's phonetic match: a long skeleton, or the same three or four consonants. */
const ABJAD_SAME_SIM = 0.84;

/**
 * Consonants as written: digraphs as one letter (kh = k, sh = s: transliterations disagree on them),
 * no vowels (nor the w / y an abjad writes long vowels with), and no sound-alike folding (q is not k).
 */
const consonants = (text: string): string => text.replace(/([kstdgpc])h/g, '$1').replace(/[aeiouwy]/g, '');

/**
 * An abjad token of three or four consonants meets the list words with the same skeleton only when
 * their consonants are the very letters it has (لادن "ldn" = Ladin), not merely sound-alikes (قدر
 * "qdr" is not Kawthar): so short a skeleton says little by itself.
 */
function addSameConsonants(
  core: MatchingCore, index: BuiltIndex, u: number, text: string, ids: readonly number[], sim = ABJAD_SAME_SIM, vowelsSim = 0, vowelled?: string,
): void {
  const own = consonants(text);
  const bucket = consonantsOf(index, ids);
  // An abjad writes a doubled consonant once (عمار Ammar "mr", عساف Assaf "sf"): a two-consonant
  // token also meets the list word read with each doubled letter once, at its partial similarity.
  // Not a longer one: at 0.84, "hsn" (حسنی Hosni, حسنا Hosna) would meet every Hassan (eval
  // negatives: 4 name-only flags more).
  const same = bucket.exact.get(own);
  const doubled = own.length <= 2 ? bucket.doubled.get(own) : undefined;
  const met = doubled === undefined ? same : same === undefined ? doubled : [...same, ...doubled].sort((a, b) => a - b);
  if (met === undefined) return;
  for (const id of met) {
    if (vowelsSim > 0) READ_WORK.vowelChecks++;
    const s = vowelsSim > 0 && writtenVowelsAgree(text, vowelled, id, index) ? vowelsSim : sim;
    if (s > 0) core.queueAdd(u, id, s);
  }
}

/** The list words of one skeleton by their consonants as written, and (doubled) by those read with each doubled letter once where that differs. */
interface ConsonantBucket {
  exact: Map<string, number[]>;
  doubled: Map<string, number[]>;
}

/**
 * The consonant buckets of a skeleton's list words, made once per index and skeleton: a token is
 * looked up among the words with its very consonants, never by walking every word of a short
 * skeleton (issue #28: crafted Arabic-script aliases walked thousands per reading).
 */
function consonantsOf(index: BuiltIndex, ids: readonly number[]): ConsonantBucket {
  let buckets = CONSONANT_BUCKETS.get(index);
  if (!buckets) CONSONANT_BUCKETS.set(index, (buckets = new WeakMap()));
  let bucket = buckets.get(ids);
  if (bucket) return bucket;
  bucket = { exact: new Map(), doubled: new Map() };
  const push = (map: Map<string, number[]>, key: string, id: number): void => {
    const list = map.get(key);
    if (list) list.push(id);
    else map.set(key, [id]);
  };
  for (const id of ids) {
    const listed = listedText(index, id);
    const exact = consonants(listed);
    const single = consonants(singleLetters(listed));
    push(bucket.exact, exact, id);
    if (single !== exact && single.length <= 2) push(bucket.doubled, single, id);
  }
  buckets.set(ids, bucket);
  return bucket;
}

const CONSONANT_BUCKETS = new WeakMap<BuiltIndex, WeakMap<readonly number[], ConsonantBucket>>();

/**
 * Similarity of a two-consonant abjad token and a list word with its consonants and its written long
 * vowels. Measured on the eval's arabic-script kind (1,000 listed names written in Arabic script):
 * balanced recall 0.43 at none, 0.58 at 0.78, 0.62 at 0.84; name-only gate +2 and +5 flags.
 */
const WRITTEN_VOWELS_SIM = 0.78;

/** The vowel letters of each gap between consonants (digraphs kh, sh, th... one consonant): gap 0 before the first. */
function vowelGaps(text: string): string[] {
  const gaps = [''];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ('aeiouwy'.includes(c)) gaps[gaps.length - 1] += c;
    else if (!(c === 'h' && i > 0 && 'kstdgpc'.includes(text[i - 1]))) gaps.push('');
  }
  return gaps;
}

/**
 * Whether every long vowel an abjad token writes (و as o/u, ی as i/e/y) is a vowel of the list word
 * in the same place between its consonants, and it writes at least one.
 */
function writtenVowelsAgree(text: string, vowelled: string | undefined, id: number, index: BuiltIndex): boolean {
  const listed = listedText(index, id);
  const own = vowelGaps(text);
  let gaps = vowelGaps(listed);
  if (gaps.length !== own.length) gaps = vowelGaps(singleLetters(listed));
  if (gaps.length !== own.length) return false;
  // The vowelled reading has the same consonants, and an "a" more in a gap for each alif written there.
  const withAlif = vowelled === undefined ? own : vowelGaps(vowelled);
  if (withAlif.length !== own.length) return false;
  let written = 0;
  for (let g = 0; g < own.length; g++) {
    if (count(withAlif[g], 'a') > count(own[g], 'a')) {
      if (!gaps[g].includes('a')) return false;
      written++;
    }
    for (const v of own[g]) {
      const sounds = v === 'w' ? /[ouw]/ : v === 'y' ? /[iey]/ : null;
      if (!sounds) continue;
      if (!sounds.test(gaps[g])) return false;
      written++;
    }
  }
  return written > 0;
}

function count(text: string, letter: string): number {
  let n = 0;
  for (const c of text) if (c === letter) n++;
  return n;
}

/** The text of index token `id`, read from the index's byte arrays. */
function listedText(index: BuiltIndex, id: number): string {
  const { tokBytes, tokOff } = index.arrays;
  let text = '';
  for (let i = tokOff[id]; i < tokOff[id + 1]; i++) text += String.fromCharCode(tokBytes[i]);
  return text;
}

/** Similarity of a list word with the very two consonants of an abjad token that has only two (addShortAbjad). */
const SHORT_ABJAD_SIM = 0.6;

/**
 * An abjad token whose skeleton has two consonants. A letter written twice is two consonants (همام
 * "hmm" = Humam, Hammam) that the skeleton folds into one: three consonants as written, met as
 * addSameConsonants meets three. Otherwise two consonants are all an unvowelled name shows (عامر
 * "mr" = Amer, سارا "sr" = Sara), and they collide too often for a match (Amer, Omar, Amir, Maria):
 * a list word with the very same two meets the token at SHORT_ABJAD_SIM, a partial match, under the
 * review threshold alone, but no disagreement either.
 */
function addShortAbjad(
  core: MatchingCore, index: BuiltIndex, u: number, text: string, sk: string, letterPass: boolean, vowelsShown: boolean, vowelled?: string, partial = true,
  same = ABJAD_SAME_SIM,
): void {
  const letters = consonants(text).length;
  const three = letters >= 3;
  // Where the mode compares left-over words letter by letter (loose: residualFloor), a word of three
  // letters or more is left to that pass, which scores a close spelling above the partial match
  // (وليد "wlyd" = Walid); a fixed partial match would take the word first.
  // A list word with the long vowels the script wrote where it has them (نوری "nwry" = Noori, not
  // Nari or Nour) is more than the two consonants: it meets the token at WRITTEN_VOWELS_SIM, that pass
  // or not; unless the word has letters its reading drops (معین Moein "myn" is no Amin: RawWord.silentLetters).
  // One consonant (اياد "yd" = Iyad, ايوب "ywb" = Ayoub) meets a list word only with its written vowels.
  const ids = index.skeletons.get(sk);
  if (!ids) return;
  const noPartial = !partial || letters === 1 || (letterPass && text.length >= 3);
  if (three) addSameConsonants(core, index, u, text, ids, same);
  else addSameConsonants(core, index, u, text, ids, noPartial ? 0 : SHORT_ABJAD_SIM, vowelsShown ? WRITTEN_VOWELS_SIM : 0, vowelled);
}

/**
 * An abjad token read as two consonants or fewer: its skeleton has two, or one letter written twice
 * (كاكا Kaka "kk", بابا Baba "bb", لال Lal "ll", عزيز Aziz "zz": consonants the skeleton folds into one),
 * or one consonant beside a written و or ی (اياد Iyad).
 */
function shortAbjad(token: NameToken, sk: string, text: string): boolean {
  if (!token.abjad || token.weak) return false;
  return sk.length === 2 || (sk.length === 1 && (/^(.)\1$/.test(consonants(text)) || /[wy]/.test(text)));
}

/** Phonetic candidates: same consonant skeleton. Abjad-written tokens rely on it (no vowels to compare). */
function addPhonetic(core: MatchingCore, index: BuiltIndex, plan: QueryPlan, asWritten: number, letterPass: boolean, planIndex: BuiltIndex = index): void {
  const units = plan.units;
  for (let u = 0; u < units.length; u++) {
    const unit = units[u];
    if (unit.arabicLetters !== undefined) addRomanisedJoin(core, index, u, unit.arabicLetters);
    if (unit.span !== 1 || ((asWritten >>> unit.pos) & 1) === 1) continue;
    const token = plan.tokens[unit.pos];
    if (token.syllabic) continue;
    // An abjad word's other reading (its Persian one, NameToken.raw) searches by its own consonants.
    const text = token.persian === unit.text ? unit.text : token.text;
    if (token.abjad) {
      abjadPhonetic(core, index, u, token, text, letterPass);
      if (token.arabicLetters !== undefined && unit.text === token.text) addRomanised(core, index, u, token, planIndex);
      // A final ه read as the vowel it often is (زاده -zada, وهبه Wehbe): the word without it searches too.
      // Never at the partial similarity: a partial match would keep loose's letter pass off the word.
      if (token.finalHe && text.length >= 3 && text.endsWith('h')) abjadPhonetic(core, index, u, token, text.slice(0, -1), letterPass, false);
      continue;
    }
    if (unit.text === token.text) addSlavic(core, index, u, token, planIndex);
    const sk = skeletonOf(text);
    if (unit.text === token.text && !token.weak) addVowelled(core, index, u, text, sk);
    // A Latin-script token needs three consonants to be distinctive at all.
    if (sk.length < 3) continue;
    const ids = index.skeletons.get(sk);
    if (!ids) continue;
    // The core compares the first MAX_PHONETIC tokens of the skeleton in one call. Longer skeletons
    // are more distinctive, so they need less letter agreement (Kvetik / Cvetic).
    core.queuePhonetic(u, ids, sk.length >= 4 ? 0.74 : 0.8, 0.04, 0.82);
  }
}

/**
 * Similarity of a list word that a query word the lists do not know spells by another language's
 * romanisation of the same Cyrillic word (slavic-romanisation.ts: "Aljochin" for ALEKHIN, "Djomin"
 * for DEMIN): the same name, short of an exact match since the tables leave some letters open.
 */
export const SLAVIC_SIM = 0.92;
/** Shortest query word compared: a shorter one has too few letters for the tables to tell names apart. */
const SLAVIC_MIN = 5;
/**
 * Similarity of a list word that a query word spells with other vowels only (vowelPattern: the same
 * consonants in the same places, as Arabic and Persian names romanised by different systems are:
 * "Aseeri" / ASIRI, "Ismaili" / ESMAELI, "Sebai" / SIBAI), when the edit search does not meet it
 * (two edits in a short word).
 */
export const VOWELLED_SIM = 0.82;
/** Shortest query word compared by its vowels (a shorter one meets too many names: "Veli" / VALLE), and shortest list word. */
const VOWELLED_MIN = 5;
const VOWELLED_LISTED_MIN = 4;
const VOWELLED_CACHE = new PerIndexCache<readonly number[]>(50_000);

function addVowelled(core: MatchingCore, index: BuiltIndex, u: number, text: string, sk: string): void {
  if (VOWELLED_SIM <= 0 || text.length < VOWELLED_MIN || sk.length < 2 || !/^[a-z]+$/.test(text)) return;
  const ids = index.skeletons.get(sk);
  if (!ids) return;
  const cache = VOWELLED_CACHE.of(index);
  let found = cache.get(text);
  if (found === undefined) {
    const pattern = vowelPattern(text);
    found = cache.set(text, pattern.replace(/-/g, '').length < 2 ? [] : ids.filter((id) => {
      const w = listedText(index, id);
      return w !== text && w.length >= VOWELLED_LISTED_MIN && vowelPattern(w) === pattern && sameVowels(text, w);
    }));
  }
  for (const id of found) core.queueAdd(u, id, VOWELLED_SIM);
}

/** Shortest query word looked up by a skeleton of two consonants. */
const SLAVIC_LONG = 6;
/** List words one name may compare (sameCyrillic) in all: far above a real name's few unknown words. */
export const SLAVIC_CHECKS_MAX = 2048;

/**
 * A Latin query word no list name has (as written, nor as romanisation.ts read it): the list words
 * that are a spelling of the same Cyrillic word (sameCyrillic), among the skeletons of its spellings
 * as written and as each system reads it back. Each comparison is charged as a written-vowel check.
 */
function addSlavic(core: MatchingCore, index: BuiltIndex, u: number, token: NameToken, planIndex: BuiltIndex): void {
  if (token.weak || token.syllabic || token.abjad) return;
  const written = token.raw ?? token.text;
  if (written.length < SLAVIC_MIN || planIndex.tokens.has(token.text) || planIndex.tokens.has(written) || !/^[a-z]+$/.test(written)) return;
  for (const sk of slavicSkeletons(written, token.text)) {
    const ids = index.skeletons.get(sk);
    if (!ids || READ_WORK.slavic + ids.length > SLAVIC_CHECKS_MAX) continue;
    // Charged whether remembered or not: a request's charge does not depend on what came before it.
    READ_WORK.slavic += ids.length;
    READ_WORK.vowelChecks += ids.length;
    for (const id of slavicIn(index, written, token.text, sk, ids)) core.queueAdd(u, id, SLAVIC_SIM);
  }
}

const SLAVIC_SKELETONS = new BoundedCache<readonly string[]>(20_000);

/**
 * The distinct skeletons addSlavic looks `written` (folded: `text`) up by, in order: of its spellings
 * as written, folded and as each system reads it back. Remembered per word (bounded: cleared when full).
 */
function slavicSkeletons(written: string, text: string): readonly string[] {
  const key = `${written}|${text}`;
  const seen = SLAVIC_SKELETONS.get(key);
  if (seen !== undefined) return seen;
  // Each reading also with its kh written h (Plahotniuc, Hodorkovsky): the skeleton keeps a lone h.
  const readings = [written, text, ...latinReadings(written)];
  const spellings = [...new Set([...readings, ...readings.map((r) => r.replace(/kh/g, 'h'))])];
  // Two consonants are a skeleton only for a longer word (Karajeu, Lydyja): a short one meets too many.
  const least = written.length >= SLAVIC_LONG ? 2 : 3;
  const out: string[] = [];
  for (const s of spellings) {
    const sk = skeletonOf(s);
    if (sk.length < least || out.includes(sk)) continue;
    out.push(sk);
  }
  return SLAVIC_SKELETONS.set(key, out);
}

const SLAVIC_CACHE = new PerIndexCache<readonly number[]>(50_000);

/**
 * The list words `ids` (skeleton `sk`) that are a spelling of the same Cyrillic word as `written` or
 * its folded `text` (sameCyrillic), in the order of `ids`: computed once per index and word (a query
 * word recurs: each fuzziness, each reading of a name, a subject screened again), bounded as
 * ROMANISED_CACHE is (cleared when full).
 */
function slavicIn(index: BuiltIndex, written: string, text: string, sk: string, ids: readonly number[]): readonly number[] {
  const cache = SLAVIC_CACHE.of(index);
  const key = `${written}|${text}|${sk}`;
  const found = cache.get(key);
  if (found !== undefined) return found;
  // One query word against every list word, then the other (sameCyrillic reads its first word once a run).
  const listed = ids.map((id) => listedText(index, id));
  const hit = listed.map((w) => sameCyrillic(written, w));
  if (text !== written) for (let i = 0; i < listed.length; i++) hit[i] ||= sameCyrillic(text, listed[i]);
  const same = ids.filter((_, i) => hit[i]);
  return cache.set(key, same.length === 0 ? NONE : same);
}

/**
 * Similarity of a list word that an Arabic-script token romanises to letter for letter (see
 * arabic-romanisation.ts): every letter the script writes is one of its published spellings, only
 * the unwritten short vowels added. Short of an exact match (1): the script leaves the short vowels
 * open, so Amir and Amer, Hasan and Hassan are both this word. Measured (balanced): at 0.95
 * cross-publisher arabic-person 0.716 and arabic-entity 0.316, but the 50,000 negatives' name-only
 * flags 0.29 -> 0.31 % (real Arabic-script names, many homonyms the eval cannot tell by their Latin
 * reading); at 0.92, 0.685 and 0.246 with the negatives at 0.29-0.30 % and every near-miss class
 * of Arabic script at or under its figure before the tables.
 */
const ROMANISED_SIM = 0.92;

/**
 * The list words an Arabic-script token romanises to, among those of its skeletons (its first and
 * Persian readings', and without a final ه read as a vowel): each comparison is charged as a written-
 * vowel check (issue #28), and the answer is kept per word and skeleton (ROMANISED_CACHE).
 */
function addRomanised(core: MatchingCore, index: BuiltIndex, u: number, token: NameToken, planIndex: BuiltIndex): void {
  const letters = token.arabicLetters!;
  const texts = [token.text, token.persian, token.finalHe && token.text.endsWith('h') ? token.text.slice(0, -1) : undefined];
  const skeletons = [...texts.map((t) => (t === undefined ? '' : skeletonOf(t))), ...skeletonsOf(letters, skeletonOf)];
  const seen: string[] = [];
  for (const sk of skeletons) {
    if (sk.length === 0 || seen.includes(sk)) continue;
    seen.push(sk);
    for (const id of romanisedIn(index, letters, sk)) core.queueAdd(u, id, ROMANISED_SIM);
    for (const id of romanisedIn(index, letters, sk, rawSkeletons(index))) core.queueAdd(u, id, ROMANISED_SIM);
    // A word the script writes as one where the list writes two (محمدرضا "Mohammad-Reza", رضاقلی
    // "Reza Gholi"): the list's pair, joined as the index joins it (compounds).
    if (letters.length >= COMPOUND_LETTERS_MIN) for (const id of romanisedIn(index, letters, sk, compoundSkeletons(index, planIndex))) core.queueAdd(u, id, ROMANISED_SIM);
  }
}

/** Fewest letters of an Arabic-script word compared with the list's pairs of words: two names of two letters or more. */
const COMPOUND_LETTERS_MIN = 5;
/** Fewest letters of each word of a list's pair (romanised syllables, "Jae Il", are no two names of a compound). */
const COMPOUND_PART_MIN = 3;

const COMPOUND_SKELETONS = new WeakMap<BuiltIndex, Map<string, number[]>>();
/** The dictionary ids compoundSkeletons tables, per index (1: tabled). */
const COMPOUND_MEMBERS = new WeakMap<BuiltIndex, Uint8Array>();

/**
 * Consonant skeleton -> dictionary ids of the list's adjacent pairs of words joined (index-builder.ts
 * compounds) of COMPOUND_PART_MIN letters each, made once per index on the first Arabic-script query
 * that asks (BuiltIndex.skeletons has single words only).
 */
function compoundSkeletons(index: BuiltIndex, planIndex: BuiltIndex = index): Map<string, number[]> {
  let map = COMPOUND_SKELETONS.get(index);
  if (map !== undefined) return map;
  if (planIndex !== index) {
    // An index of some entries (changed-only.ts): its words that the full index tables as pairs, as
    // there (a word of its own here may be another name's pair there), so it meets what the full screening meets.
    map = new Map();
    compoundSkeletons(planIndex);
    const members = COMPOUND_MEMBERS.get(planIndex)!;
    for (let id = 0; id < index.arrays.tokenCount; id++) {
      const text = listedText(index, id);
      const at = planIndex.tokens.get(text);
      if (at === undefined || members[at] === 0) continue;
      const sk = skeleton(text);
      const list = map.get(sk);
      if (list) list.push(id);
      else map.set(sk, [id]);
    }
    COMPOUND_SKELETONS.set(index, map);
    return map;
  }
  map = new Map();
  const { unitOff, unitTok, unitPS, tokOff } = index.arrays;
  const added = new Set<number>();
  const members = new Uint8Array(index.arrays.tokenCount);
  COMPOUND_MEMBERS.set(index, members);
  const at: number[] = [];
  for (let n = 0; n + 1 < unitOff.length; n++) {
    at.length = 0;
    for (let u = unitOff[n]; u < unitOff[n + 1]; u++) if (unitPS[u] >>> 8 === 1) at[unitPS[u] & 0xff] = unitTok[u];
    for (let u = unitOff[n]; u < unitOff[n + 1]; u++) {
      if (unitPS[u] >>> 8 !== 2 || added.has(unitTok[u])) continue;
      const pos = unitPS[u] & 0xff;
      const a = at[pos];
      const b = at[pos + 1];
      if (a === undefined || b === undefined || tokOff[a + 1] - tokOff[a] < COMPOUND_PART_MIN || tokOff[b + 1] - tokOff[b] < COMPOUND_PART_MIN) continue;
      added.add(unitTok[u]);
      members[unitTok[u]] = 1;
      const sk = skeleton(listedText(index, unitTok[u]));
      const list = map.get(sk);
      if (list) list.push(unitTok[u]);
      else map.set(sk, [unitTok[u]]);
    }
  }
  COMPOUND_SKELETONS.set(index, map);
  return map;
}

/**
 * Similarity of a list word that Arabic-script words read as one (addArabicJoins) romanise to: above a
 * single word's ROMANISED_SIM, since two or three words spelled letter for letter as one list word
 * are seldom chance. Measured (balanced, with 0.92 / 0.95 / 1): cross-publisher arabic-person 0.815 /
 * 0.821 / 0.827, arabic-entity 0.526 / 0.526 / 0.561, perturbation arabic-script 0.966 / 0.967 /
 * 0.973; name-only gate 0.00298 and balanced near-miss classes alike; loose name-only 0.10896 /
 * 0.10896 / 0.10934, loose near-miss Arabic + Latin 0.248 / 0.25 / 0.254, Arabic 0.059 / 0.059 / 0.064.
 */
const JOINED_SIM = 0.95;

/** The list words Arabic-script words read as one (addArabicJoins) romanise to, charged as addRomanised's. */
function addRomanisedJoin(core: MatchingCore, index: BuiltIndex, u: number, letters: string): void {
  if (!readableArabic(letters)) return;
  const seen: string[] = [];
  for (const sk of skeletonsOf(letters, skeletonOf)) {
    if (sk.length === 0 || seen.includes(sk)) continue;
    seen.push(sk);
    for (const id of romanisedIn(index, letters, sk)) core.queueAdd(u, id, JOINED_SIM);
    for (const id of romanisedIn(index, letters, sk, rawSkeletons(index))) core.queueAdd(u, id, JOINED_SIM);
  }
}

const RAW_SKELETONS = new WeakMap<BuiltIndex, Map<string, number[]>>();

/**
 * Consonant skeleton -> dictionary ids of the list's raw spellings (NameToken.raw, index units marked
 * RAW_UNIT) whose consonants the folding changed and that no bucket of BuiltIndex.skeletons holds: a
 * listed word as written where the vocabulary folded it to another name (KHALEEJ, near a spelling of
 * Khalid, is read khalid), which the romanisation tables compare as written (الخليج = Khaleej),
 * the folded word being no spelling of the Arabic one. Not a spelling whose folding changed only its
 * vowels (MAHMUD, read mahmoud): the folded word reads the same consonants, and the raw one, with a
 * short vowel where the folded writes a long one, would read محمد as Mahmud (measured: one near miss
 * of Arabic script more, محمد اشتری for ASHTARI, Mahmud, and nothing found more). Made once per index
 * on the first Arabic-script query that asks. Measured (cross-publisher dev half, balanced):
 * arabic-entity 0.579 -> 0.596 (بنك الخليج for AL-KHALEEJ BANK), every other figure the same.
 */
function rawSkeletons(index: BuiltIndex): Map<string, number[]> {
  let map = RAW_SKELETONS.get(index);
  if (map !== undefined) return map;
  map = new Map();
  const { unitOff, unitTok, unitPS } = index.arrays;
  const added = new Set<number>();
  const at: number[] = [];
  for (let n = 0; n + 1 < unitOff.length; n++) {
    at.length = 0;
    for (let u = unitOff[n]; u < unitOff[n + 1]; u++) if (unitPS[u] >>> 8 === 1) at[unitPS[u] & 0xff] = unitTok[u];
    for (let u = unitOff[n]; u < unitOff[n + 1]; u++) {
      const id = unitTok[u];
      if ((unitPS[u] & RAW_UNIT) === 0 || added.has(id)) continue;
      const folded = at[unitPS[u] & 0xff];
      const sk = skeleton(listedText(index, id));
      // Only where the folding changed the consonants: a vowel changed (Mahmud, Mahmoud) is the folded word's reading.
      if (sk.length === 0 || folded === undefined || skeleton(listedText(index, folded)) === sk || index.skeletons.get(sk)?.includes(id)) continue;
      added.add(id);
      const list = map.get(sk);
      if (list) list.push(id);
      else map.set(sk, [id]);
    }
  }
  RAW_SKELETONS.set(index, map);
  return map;
}

/**
 * List words one name may compare by romanisation (readsAs), whatever its length: a name's words are
 * not limited by the aliases' budget, and crafted words of one-consonant skeletons would each walk
 * the largest buckets (328 words). Far above a real name: ten Arabic-script words of three readings
 * each walk about 600 (cross-publisher spellings).
 */
export const ROMANISED_CHECKS_MAX = 4096;

const ROMANISED_CACHE = new PerIndexCache<readonly number[]>(50_000);
const NONE: readonly number[] = [];

/** The list words of skeleton `sk` (in `skeletons`: single words, or the pairs') that `letters` romanise to (readsAs), computed once per index. */
function romanisedIn(index: BuiltIndex, letters: string, sk: string, skeletons: ReadonlyMap<string, readonly number[]> = index.skeletons): readonly number[] {
  const ids = skeletons.get(sk);
  if (!ids) return NONE;
  const cache = ROMANISED_CACHE.of(index);
  const key = `${letters}|${sk}${skeletons === index.skeletons ? '' : skeletons === RAW_SKELETONS.get(index) ? '|r' : '|2'}`;
  if (READ_WORK.romanised + ids.length > ROMANISED_CHECKS_MAX) return NONE;
  // Charged whether remembered or not: a request's charge does not depend on what came before it.
  READ_WORK.romanised += ids.length;
  READ_WORK.vowelChecks += ids.length;
  const found = cache.get(key);
  if (found !== undefined) return found;
  return cache.set(key, ids.filter((id) => readsAs(letters, listedText(index, id))));
}

/** The phonetic candidates of an abjad token read as `text` (its first or other reading, or without a final vowel letter). */
function abjadPhonetic(core: MatchingCore, index: BuiltIndex, u: number, token: NameToken, text: string, letterPass: boolean, partial = true): void {
  const sk = skeletonOf(text);
  if (shortAbjad(token, sk, text)) {
    // The alifs (RawWord.vowelled) belong to the first reading only.
    addShortAbjad(core, index, u, text, sk, letterPass, token.silentLetters !== true, text === token.text ? token.vowelled : undefined, partial, token.arabicLetters !== undefined ? UNREAD_SIM : ABJAD_SAME_SIM);
    return;
  }
  if (sk.length < 3) return;
  const ids = index.skeletons.get(sk);
  if (!ids) return;
  // Abjad-written tokens have no vowels to compare: with a long skeleton every one counts, at least
  // 0.84; three or four consonants say too little for that, so those meet by their letters' similarity.
  const same = token.arabicLetters !== undefined ? UNREAD_SIM : ABJAD_SAME_SIM;
  if (sk.length >= ABJAD_SKELETON_MIN) core.queuePhonetic(u, ids, -1, 0, same);
  else addSameConsonants(core, index, u, text, ids, same);
}

/**
 * Similarity of a list word with an Arabic-script token's consonant skeleton that the romanisation
 * tables do not read it as (husam for هاشمی: the alif writes a long a after the h): a partial match,
 * where ABJAD_SAME_SIM was a match. Measured on the eval with the tables (balanced): cross-publisher
 * arabic-person recall the same at 0.84, 0.78 and 0.7; near-miss names flagged of 1,000 wholly in
 * Arabic script 6, 6, 5 (4 before the tables), Latin + Arabic 3, 2, 2 (2), Arabic + Latin 4, 3, 2 (3).
 */
const UNREAD_SIM = 0.7;

/** Positions (bits) of the plan's strong tokens that are list words: syllables matched as written. */
function knownSyllables(plan: QueryPlan, index: BuiltIndex): number {
  let mask = 0;
  plan.tokens.forEach((t, i) => {
    if (!t.weak && i < 31 && index.tokens.has(t.text)) mask |= 1 << i;
  });
  return mask;
}

/**
 * Given-name equivalents (Bill / William, Juan / John): they meet at EQUIVALENT_SIM, below an exact
 * match, since they are different names of one person rather than spellings of one name.
 */
const EQUIVALENT_SIM = 0.85;

function addEquivalents(core: MatchingCore, index: BuiltIndex, plan: QueryPlan, asWritten: number): void {
  plan.units.forEach((unit, u) => {
    if (unit.span !== 1 || plan.tokens[unit.pos].weak || plan.tokens[unit.pos].syllabic || ((asWritten >>> unit.pos) & 1) === 1) return;
    for (const eq of equivalentsOf(unit.text)) {
      const id = index.tokens.get(eq);
      if (id !== undefined) core.queueAdd(u, id, EQUIVALENT_SIM);
    }
  });
}

/**
 * "A bin B" in the query where the list name says "B bin A": the lineage is reversed (the son named
 * as the father), so the same tokens name another person.
 */
function reversedLineage(query: readonly NameToken[], listed: readonly string[]): boolean {
  for (let p = 1; p + 1 < query.length; p++) {
    if (!LINEAGE_PARTICLES.has(query[p].text)) continue;
    const [a, b] = [query[p - 1].text, query[p + 1].text];
    // "X bin X" (a son named after his father) reads the same both ways: nothing is reversed.
    if (a === b) continue;
    for (let i = 0; i + 2 < listed.length; i++) {
      if (listed[i] === b && LINEAGE_PARTICLES.has(listed[i + 1]) && listed[i + 2] === a) return true;
    }
  }
  return false;
}

/** Strict: the sorted strong tokens must be equal (exact after normalisation, any order). */
/** The same words, one for one (no word split or joined). */
function sameWords(a: readonly RawWord[], b: readonly RawWord[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `query`: the name's tokens, tokensOfWords(its words). */
function matchStrict(index: BuiltIndex, query: readonly NameToken[], listMask: number): NameHit[] {
  const names = index.strictKeys.get(strictKey(query));
  const hits: NameHit[] = [];
  if (names === undefined) return hits;
  // Only a query with a lineage particle between two tokens can be reversed: the listed names are
  // read for it only then.
  const lineage = hasInnerLineage(query);
  for (const n of names) {
    if (!((listMask >>> index.arrays.nameList[n]) & 1)) continue;
    if (lineage && reversedLineage(query, listedTokens(index, n))) continue;
    hits.push({ name: n, score: 1 });
  }
  return hits;
}

/** A lineage particle between two tokens (what reversedLineage looks for). */
function hasInnerLineage(query: readonly NameToken[]): boolean {
  for (let p = 1; p + 1 < query.length; p++) if (LINEAGE_PARTICLES.has(query[p].text)) return true;
  return false;
}

/**
 * The syllables of each Han or Hangul word of the query that must keep their written order: a
 * given name of two syllables is one name read in its order (은정 "Un Jong" is not 정은 "Jong Un",
 * 광수 is not "Su-Kwang"), and the lists romanise it in that order. Each written word of two
 * syllables or more is a run; a name written as one word first loses its first syllable, the
 * surname, which the lists may put last (김정은 = "Jong Un KIM" too). Empty when the words cannot
 * be told apart (the syllables read differ from those written, e.g. a name cut at the limits).
 */
function syllableRuns(name: string, tokens: readonly NameToken[]): NameToken[][] {
  const syllables = tokens.filter((t) => t.syllabic);
  if (syllables.length < 2) return [];
  const pieces = name.trim().split(/\s+/);
  const counts = pieces.map((p) => [...p].filter((c) => SYLLABIC.test(c)).length);
  if (counts.reduce((a, b) => a + b, 0) !== syllables.length) return [];
  const runs: NameToken[][] = [];
  let at = 0;
  for (const count of counts) {
    const run = syllables.slice(pieces.length === 1 ? at + 1 : at, at + count);
    if (run.length >= 2) runs.push(run);
    at += count;
  }
  return runs;
}

/** A listed token is the syllable as the list spells it or as romanised (NameToken.raw). */
const sameSyllable = (s: NameToken, listed: string): boolean => listed === s.text || (s.raw !== undefined && listed === s.raw);

/**
 * Some listed word has the syllable inside it (a join: "Hongbo" has "bo"), other than a word that is
 * another word of the query itself ("Yu" is inside "Ryu", the query's own surname 류).
 */
const inSomeWord = (s: NameToken, listed: readonly string[], query: readonly NameToken[]): boolean =>
  listed.some((l) => (l.includes(s.text) || (s.raw !== undefined && l.includes(s.raw))) && !query.some((o) => o !== s && sameSyllable(o, l)));

/**
 * The listed name reads some run as another given name: it has every syllable of the run as words of
 * its own but not side by side in the run's order (정은 / 은정), or it has one syllable of the run
 * and lacks another altogether (은영 "Un Yong" for "Jong Un": one syllable in common).
 */
function conflictsWithARun(runs: readonly NameToken[][], listed: readonly string[], query: readonly NameToken[]): boolean {
  for (const run of runs) {
    const words = run.filter((s) => listed.some((l) => sameSyllable(s, l))).length;
    if (words > 0 && words < run.length && run.some((s) => !inSomeWord(s, listed, query))) return true;
    if (words < run.length) continue;
    let inOrder = false;
    for (let j = 0; j + run.length <= listed.length && !inOrder; j++) inOrder = run.every((s, k) => sameSyllable(s, listed[j + k]));
    if (!inOrder) return true;
  }
  return false;
}

/**
 * Hits whose list name reads a run otherwise (see syllableRuns, conflictsWithARun): another given name;
 * so are those name-structure.ts tells apart by the name as written (nativeSyllableDiffers, contradictsInitialA).
 * Scored by `factor` in the fuzzy modes (as a given name split: splitGroupFactor); strict (factor
 * 0) drops them, as it finds names equal in their order of syllables only.
 */
function keepSyllableOrder(
  index: BuiltIndex, hits: NameHit[], runs: readonly NameToken[][], query: readonly NameToken[], factor: number, name: string,
): NameHit[] {
  if ((runs.length === 0 && !SYLLABIC.test(name) && !FIRST_INITIAL_A.test(name)) || hits.length === 0) return hits;
  const kept: NameHit[] = [];
  for (const hit of hits) {
    // Both in Hangul or both in Han, a syllable that differs natively though read the same (종/정, 石/市),
    // or a first initial "A." that starts no listed word: another name.
    const listed = index.names[hit.name].text;
    const other = nativeSyllableDiffers(name, listed) || contradictsInitialA(name, listed);
    if (!other && (runs.length === 0 || !conflictsWithARun(runs, listedTokens(index, hit.name), query))) kept.push(hit);
    else if (factor > 0) kept.push({ name: hit.name, score: hit.score * factor });
  }
  return kept;
}

/**
 * What matchName read and compared outside the core's counted walks since its last call began (the
 * engine charges it to the aliases' budget, budget.ts): words read (abjad ones apart), second readings of Arabic-script
 * words (Persian, written vowels, a final vowel letter: each read, classified and searched again),
 * and list words compared by their written vowels.
 */
export const READ_WORK = { words: 0, readings: 0, vowelChecks: 0, abjadWords: 0, romanised: 0, slavic: 0 };

function countReading(words: readonly RawWord[]): readonly RawWord[] {
  READ_WORK.words += words.length;
  for (const w of words) {
    if (w.abjad) READ_WORK.abjadWords++;
    if (w.persian !== undefined) READ_WORK.readings++;
    if (w.vowelled !== undefined) READ_WORK.readings++;
    if (w.finalHe) READ_WORK.readings++;
  }
  return words;
}

/** Which name scores a caller wants: `keep` must be non-decreasing in the score. */
export interface ScoreFloor {
  /** Rows whose raw score it rejects are left out. */
  keep: (rawScore: number) => boolean;
  /** The least raw score `keep` accepts: names the core proves to stay under it are not aligned. */
  minRawScore: number;
}

/**
 * Scores a query name against every name in the index; best score per name, unsorted; with a
 * floor, only the names whose scores it keeps. `planIndex`: the index whose words the query is read
 * and planned by (word breaks, glued articles, known syllables, anagram eligibility); another than
 * `index` when `index` holds some of its entries only (changed-only.ts), so the plan is the full
 * screening's and each entry scores as it would there. `entityQuery`: whether the request names an
 * organisation (its kind: entity or not); undefined when it does not say (UNKNOWN_WORD_CHARGE).
 */
export function matchName(
  core: MatchingCore,
  index: BuiltIndex,
  name: string,
  mode: ModeConfig,
  weightOf: WeightOf,
  listMask: number,
  floor?: ScoreFloor,
  limits: Readonly<QueryLimits> = FULL_LIMITS,
  planIndex: BuiltIndex = index,
  entityQuery?: boolean,
): NameHit[] {
  // Set first, so workDone() reads 0 for a name that reaches no collect().
  core.setWorkLimit(limits.work);
  READ_WORK.words = 0;
  READ_WORK.readings = 0;
  READ_WORK.vowelChecks = 0;
  READ_WORK.abjadWords = 0;
  READ_WORK.romanised = 0;
  READ_WORK.slavic = 0;
  // What strict finds, the fuzzier modes find at least as well: a name equal to a list name in its
  // strong tokens scores 1 in every mode, whatever its weak words (titles, legal forms) or the
  // fuzzy plan (word breaks, folded spellings) make of it. The modes nest by construction.
  // The name's words are read once, for both searches (neither changes them).
  const words = gluedArticles(rawWords(name, limits), planIndex, name);
  countReading(words);
  const read = tokensOfWords(words);
  const runs = syllableRuns(name, read);
  const exact = matchStrict(index, read, listMask);
  if (!mode.fuzzyTokens) return keepSyllableOrder(index, exact, runs, read, 0, name);
  // The strict search is done with its tokens: the plan may take them (and mark raw spellings on
  // them), unless the fuzzy reading rewrites the name (fuzzyName), when it reads the name anew.
  const fuzzy = fuzzyName(name, mode, planIndex);
  // Words the lists do not know, in an organisation's name (a request of kind entity, or of no kind
  // with a legal-form word written as a word of its own, not one a word break made: "Nataša" is no
  // "Nat ASA"): charged as UNKNOWN_WORD_CHARGE says, and read as their nominative (nominativeToken).
  const organisation = entityQuery ?? read.some((t) => t.weak && LEGAL_FORM_TOKENS.has(t.text));
  const plan = fuzzy === name
    ? planWords(words, mode, weightOf, planIndex.tokens, limits, planIndex, read, organisation)
    : planWords(countReading(gluedArticles(rawWords(fuzzy, limits), planIndex, fuzzy)), mode, weightOf, planIndex.tokens, limits, planIndex, undefined, organisation);
  if (plan.units.length === 0) return keepSyllableOrder(index, exact, runs, read, mode.splitGroupFactor, name);
  // A legal form written in words of another language weighs as one legal form (formWordRuns).
  if (organisation && plan.formRuns !== 0) formRunWeights(plan);
  const unknownMask = organisation ? plan.unknown : 0;
  core.writeQuery(plan.units, plan.positionWeights);
  // The token searches are queued and run in one call by collect() (see MatchingCore.beginPlan).
  core.beginPlan(mode);
  // A name in romanised syllables ("KIM Hun"): a syllable the lists know is matched as written, like
  // a Han/Hangul one ("Hun" is not "Kun"); one they do not know may still be a typo ("Liong" of Lirong).
  const asWritten = romanisedQuery(plan.tokens) ? knownSyllables(plan, planIndex) : 0;
  try {
    for (let u = 0; u < plan.units.length; u++) {
      const unit = plan.units[u];
      // Syllables of Han/Hangul names are exact romanisations: "cheng" is not a typo of "chen".
      // Two romanised syllables joined are matched as written too: a letter changed inside the join
      // changes a syllable ("Chin Huang" is not "Chi-Chuang", "Ryom Bong" not "Ryo Myong").
      const syllabic = plan.tokens[unit.pos].syllabic || allWritten(asWritten, unit);
      // Common tokens have crowds of near neighbours and weigh little: one edit is enough for them.
      // Joined tokens are matched as written (a typo inside a join would meet chance compounds of
      // short syllables: "Jan Vik" is not "Anvik"), one edit only for long joins.
      const crowded = COMMON_NAMES.has(unit.text) || unit.weight < COMMON_UNIT_WEIGHT;
      // Weak words (legal forms, titles, particles) weigh little: matched as written.
      const weak = unit.span === 1 && plan.tokens[unit.pos].weak;
      const budget = weak ? 0 : unit.span >= 2 ? (unit.text.length >= 8 ? 1 : 0) : crowded ? 1 : 2;
      const edits = syllabic ? 0 : Math.min(budget, mode.editsFor(unit.text.length));
      // Exact: a dictionary lookup. One edit (transpositions included): deletion neighbourhoods.
      // Two: plus trigrams over the tokens that keep the first letter.
      if (edits === 0) {
        const id = index.tokens.get(unit.text);
        if (id !== undefined) core.queueAdd(u, id, 1);
        // A short strong token (too short for edits by length) meets its one-edit neighbours at a
        // fixed, modest similarity: "Tom" / "Tim" is a real variant, not a disagreement.
        const short = unit.text.length < mode.minEditLength && unit.text.length >= SHORT_EDIT_MIN;
        if (mode.shortEditSim > 0 && short && unit.span === 1 && !weak && !syllabic) core.queueShortEdit(u, mode.shortEditSim);
      } else {
        core.queueOneEdit(u);
        if (edits >= 2) core.queueTwoEdit(u, edits);
      }
    }
    if (mode.phonetic) addPhonetic(core, index, plan, asWritten, mode.residualFloor > 0, planIndex);
    if (mode.phonetic) addEquivalents(core, index, plan, asWritten);
    if (mode.phonetic && organisation) addDescriptorTranslations(core, index, plan);
    if (mode.phonetic && organisation) addStems(core, index, plan, weightOf);
    if (mode.anagramSim > 0) addAnagrams(core, index, plan, mode.anagramSim, planIndex);
    // The share a candidate must gather counts a word the lists do not know at its charge.
    const total = plan.positionWeights.reduce((a, w, i) => a + (((unknownMask >>> i) & 1) === 1 ? Math.min(w, UNKNOWN_WORD_CHARGE) : w), 0);
    const chainMask = plan.tokens.reduce((m, t, i) => (LINEAGE_PARTICLES.has(t.text) ? m | (1 << i) : m), 0);
    // A word written in an abjad is a whole word with its vowels unwritten, never an initial or an
    // acronym of list words (طاها "th" is Taha, not "Trading House"; اسما "sm" not "Ship Management").
    const literalMask = plan.tokens.reduce((m, t, i) => (t.abjad ? m | (1 << i) : m), 0);
    // Only a person's name (no organisation's words) of three strong words or more, a listed name of two
    // or more found whole in it and more (nameWithAdditions), can score above the core's raw score: the
    // core's bound is lowered by what that can add at most.
    const addedNames = !organisation && mode.lamMissingContained > 0 && plan.tokens.reduce((k, t) => (t.weak ? k : k + 1), 0) >= ADDED_NAMES_QUERY_WORDS;
    const minRawScore = (floor?.minRawScore ?? 0) * (addedNames ? ADDED_NAMES_BOUND : 1);
    const n = core.collect(
      plan.units.length, plan.tokens.length, total * mode.accFraction, listMask, limits.candidates, mode, chainMask, minRawScore,
      literalMask, unknownMask, unknownMask !== 0 ? UNKNOWN_WORD_CHARGE : 0, UNKNOWN_PAIR, organisation ? CONTAINED_NAME_MASS : 0,
      mode.oneOff[0] > 0 ? oneOffWords(plan.tokens, asWritten) : 0, organisation ? plan.legalForms : 0,
    );
    const keep = floor?.keep;
    const hits: NameHit[] = exact;
    const groups = index.groups;
    const surnames = index.surnames;
    const syllabicQuery = plan.tokens.some((t) => t.syllabic);
    // Read at the first row kept, if any (most queries keep none).
    let gendered: Array<{ text: string; stems: string[] }> | undefined;
    let named: Array<Sex | 'S' | null> | undefined;
    // The letters of the query's one-letter words (initialLetters), read at the first row that asks.
    let initials: number | undefined;
    const strongWords = plan.tokens.filter((t) => !t.weak);
    // Query positions 0-30 of strong words.
    const strongMask = plan.tokens.reduce((m, t, i) => (!t.weak && i <= 30 ? m | (1 << i) : m), 0);
    // Three words, the first a common given name not repeated after it ("Kevin John Chan"). Measured
    // on any query of three words or more: name_bench and cascade F1 fell (a title, "Präsident Barack
    // Obama"; a repeated name, "Sergey Sergey Shoigu"; longer Arabic names; a vessel's former name).
    const queryFirstStrong = strongWords.length === 3 && !plan.tokens[0].weak && COMMON_NAMES.has(plan.tokens[0].text) &&
      !plan.tokens.slice(1).some((t) => t.text === plan.tokens[0].text) && !syllabicQuery && !plan.tokens.some((t) => t.abjad);
    const common = mode.swappedNameFactor < 1 && strongWords.length >= 3 ? commonNamePositions(plan.tokens, read) : 0;
    const sole = mode.thinEvidenceFactor < 1 ? soleDistinctive(plan.tokens) : undefined;
    // Only a query with a short Latin-letter word can have a consonant added to a listed word (soundEditFactor).
    let sounds: (SoundWord | null)[] | undefined;
    const maySound = mode.consonantAddedDrop > 0 && plan.tokens.some((t) => !t.weak && !t.syllabic && !t.abjad && t.text.length >= 3 && t.text.length <= SOUND_EDIT_MAX_LENGTH + 1);
    // Only a query with a word repeated or a given-name equivalent can overstate its mass (overstatedMass).
    const mayOverstate = plan.tokens.some((t, p) => !t.weak && !t.syllabic && (plan.tokens.findIndex((o) => o.text === t.text) < p || equivalentsOf(t.text).length > 0));
    // Query positions of words the lists do not know that are countries' names (France, Germany).
    const countries = unknownMask === 0 ? 0 : plan.tokens.reduce((m, t, i) => (((unknownMask >>> i) & 1) === 1 && exactCountryName(t.text) !== undefined ? m | (1 << i) : m), 0);
    const oneOff = mode.oneOff[0] > 0 && mode.residualFloor <= 0;
    const formsLeft = organisation && plan.legalForms !== 0;
    for (let r = 0; r < n; r++) {
      // A word off (assembly/score.ts matchOneOff) at a person's surname or first given name: another
      // person. The row as scored without it.
      if (oneOff) {
        const off = core.rowOneOff(r);
        if (off !== undefined && oneOffBarred(index, core.rowName(r), off.listed, organisation, core.rowCandidateMask(r), weightOf)) core.dropOneOff(r);
      }
      // A descriptor paired with a word the lists do not know (rowPaired) is an organisation's: a
      // person's name scores without it, and so does a country left unmatched beside it ("Bowne
      // Solutions France SARL" is not BOWNE SOLUTIONS GERMANY).
      const unpaired = core.rowPaired(r) > 0 && ((index.nameFlags[core.rowName(r)] & NAME_PERSON) !== 0 || (countries !== 0 && (countries & ~core.row(r).queryMask) !== 0));
      let score = unpaired ? core.rowPlainScore(r) : core.rowScore(r);
      // The query's legal form aside (assembly/state.ts formMask) only where the list name's words left
      // over are what a name written in full adds: not another party's (FORM_FREE_LEFTOVER).
      if (formsLeft && core.rowMass(r) >= CONTAINED_NAME_MASS) score *= formFreeTaken(core, index, r, plan, unknownMask, mode);
      // A listed person's name found whole in a longer query, its article perhaps left out: names added.
      // (Read only for rows it could lift to what the caller keeps.)
      let addedWhole = false;
      if (addedNames && (!keep || keep(score / ADDED_NAMES_BOUND))) {
        const lifted = nameWithAdditions(core, index, r, score, mode, plan.tokens, weightOf);
        if (lifted !== undefined) {
          score = lifted;
          addedWhole = true;
        }
      }
      // Every factor below is at most 1 and keep is monotone: a raw score keep rejects stays rejected,
      // so such a row (most rows) is dropped before its factors' map lookups.
      if (keep && !keep(score)) continue;
      const matched = core.rowCandidateMask(r);
      // Part of a listed given name written in parts ("Kim Un" for "KIM, Jong Un"): another given name.
      const g = groups.size > 0 ? groups.get(core.rowName(r)) : undefined;
      const split = g !== undefined && splitsAGroup(g, matched, (missing) => initialsStandFor(index, core.rowName(r), missing, (initials ??= initialLetters(name)), true));
      if (split) score *= mode.splitGroupFactor;
      // The given names without any of the surname: another family.
      if (mode.surnameMissingFactor < 1) {
        const s = surnames.get(core.rowName(r));
        // So is a surname met only by a one-letter word of the query ("Donald G. Davis" for "GOTMAN, David").
        if (s !== undefined && ((s & matched) === 0 || ((initials ??= initialLetters(name)) !== 0 && surnameByInitialOnly(index, core.rowName(r), s & matched, plan.tokens, initials)))) {
          score *= mode.surnameMissingFactor;
        }
      }
      // A person's "First Middle Last" (no comma) matched without its first name: another person.
      if (mode.firstNameMissingFactor < 1 && (matched & 1) === 0 && (index.nameFlags[core.rowName(r)] & NAME_NATURAL_ORDER) !== 0) {
        score *= mode.firstNameMissingFactor;
      }
      // A person's "SURNAME, First Later" matched by the surname and a later given name only: another person.
      if (mode.firstGivenMissingFactor < 1 && leadingGivenMissing(index, core.rowName(r), matched, (initials ??= initialLetters(name)))) {
        score *= mode.firstGivenMissingFactor;
      }
      // The reverse: a query "First Middle Last" whose first name the list name "First Last" (no comma)
      // lacks, its middle name matched as the listed first name ("Kevin John Chan" for "John Chan").
      if (mode.firstNameMissingFactor < 1 && queryFirstStrong && (matched & 1) === 1 && extraFirstName(core, index, r)) {
        score *= mode.firstNameMissingFactor;
      }
      // One list word inside a longer query: one word in common.
      // (row() allocates: read only for the few one-word names.)
      // Not where the list word is matched as written and the query's other strong words are all
      // words the lists do not know, in an organisation's name: those are charged as
      // UNKNOWN_WORD_CHARGE says ("X-yhtiö" for X LLC).
      if (mode.oneWordInsideFactor < 1 && (index.nameFlags[core.rowName(r)] & NAME_ONE_WORD) !== 0) {
        const row = core.row(r);
        const unmatchedStrong = strongMask & ~row.queryMask;
        const unknownOnly = unmatchedStrong !== 0 && (unmatchedStrong & ~unknownMask & ~plan.legalForms) === 0 && row.matched >= row.mass - 1e-4;
        // Nor where what the query adds is its legal form only ("X, s. r. o.", "X Rt." for OOO X), the
        // word matched closely (a letter or a transliteration apart: FORM_ONLY_SIM): a legal form of
        // another family is the same party's name written another country's way.
        const formOnly = organisation && (plan.positionMask & ~row.queryMask & ~plan.legalForms) === 0 && row.matched >= FORM_ONLY_SIM * row.mass;
        if (row.queryUnmatched >= 0.5 && !unknownOnly && !formOnly) score *= mode.oneWordInsideFactor;
      }
      // A listed word left out and a common name of the query's unmatched: one name swapped for another.
      // (Not where the listed name was found whole, its article only left out: no listed name swapped.)
      if (common !== 0 && !addedWhole && swappedName(core, r, common)) score *= mode.swappedNameFactor;
      // One distinctive word met only through a spelling of it far from the listed word: another name.
      if (sole && !core.rowExact(r) && thinEvidence(sole, listedTokens(index, core.rowName(r)), matched, core.row(r).queryMask)) {
        score *= mode.thinEvidenceFactor;
      }
      // A consonant sound added to a short listed word ("Korsar" for KOSAR): another name, a partial match.
      if (maySound && !core.rowExact(r)) score *= soundEditFactor(core, index, r, plan, (sounds ??= soundWords(plan)), weightOf, mode.consonantAddedDrop);
      // A romanised surname and syllable read as one listed word or as initials: not that name.
      if (asWritten !== 0 && notSyllableForSyllable(core, index, r, plan.tokens)) score *= mode.surnameMissingFactor;
      // A listed word with a feminine ending added ("Luisa" for "Luis"): another person.
      if (mode.genderedFormFactor < 1) {
        gendered ??= genderedQueryWords(plan.tokens, index);
        if (gendered.length > 0) score *= genderedForms(index, core.rowName(r), matched, gendered, mode.genderedFormFactor);
        // A given name of one sex met only through a listed given name of the other ("Brenda" for BRENT),
        // a frequent surname through another ("Carter" for CARPER).
        named ??= namedWords(plan.tokens);
        if (named.some((x) => x !== null) && !core.rowExact(r)) score *= otherNameForms(core, index, r, plan.tokens, named, mode.genderedFormFactor);
      }
      // The information factor is at most 1, so a row whose raw score fails the caller's monotone
      // test fails it after the factor too: dropped before allocating its hit.
      if (keep && !keep(score)) continue;
      hits.push({
        name: core.rowName(r),
        score: core.rowExact(r) ? score : score * rowInformation(core, index, r, syllabicQuery || split, mayOverstate ? overstatedMass(core, index, r, plan, weightOf) : 0, unpaired),
      });
    }
    return keepSyllableOrder(index, hits, runs, read, mode.splitGroupFactor, name);
  } finally {
    core.reset(plan.units.length);
  }
}

/**
 * Words a list name may leave over beside an organisation's name found whole with a legal form of
 * the query's own (assembly/state.ts formMask): a descriptor (organisation-words.ts, descriptor-pairs.ts),
 * a legal form, a "named after" part or an initial, or an acronym (this many letters or fewer, not a
 * country's code). ("ISS X", "X CONCERN CSRI JSC", "JSC NPO X", "X NAMED AFTER V I Y" for "X, SA";
 * not "X do Brasil Ltda.", "X de Mexico S.A. de C.V.", "OAO KAZANSKII ZAVOD X": a subsidiary or another
 * place's plant.) Not for a person's list name. Measured (full eval, balanced, cross-publisher dev
 * half; before -> the form as no disagreement anywhere -> with these leftovers only): must-find 0.8709
 * -> 0.8738 -> 0.8732, latin-entity 0.7265 -> 0.7374 -> 0.7347, cyrillic-entity 0.8294 -> 0.8333 ->
 * 0.8333; name_bench F1 0.9118 -> 0.9120 (FP 19 -> 20: "Bowne International, S.A.R.L." = ... de Mexico
 * S.A. de C.V.) -> 0.9131 (FP 19); cascade F1 0.7465 -> 0.7413 (two subsidiaries: "X do Brasil Ltda.",
 * "X Industries de México, S.A. de C.V.") -> 0.7465; real negatives 8/868 and every other gate equal
 * throughout. Acronyms of 4 letters or fewer only (not swept); a country's code (US, UK) is a place.
 */
export const FORM_FREE_LEFTOVER = 4;
const NAMED_AFTER_WORDS: ReadonlySet<string> = new Set(['named', 'after', 'imeni', 'im', 'name', 'of', 'the']);

/**
 * 1 where the core's reading of the query's leftover legal forms as no disagreement (formMask) stands
 * for row r, else what takes it back: the score with the form a disagreement again, as the core
 * scores it (assembly/score.ts rowScore), where a list word left over is another party's word
 * (FORM_FREE_LEFTOVER) or the list name a person's.
 */
function formFreeTaken(core: MatchingCore, index: BuiltIndex, r: number, plan: QueryPlan, unknownMask: number, mode: ModeConfig): number {
  const row = core.row(r);
  const open = plan.positionMask & ~row.queryMask;
  const forms = open & plan.legalForms;
  if (forms === 0 || (open & unknownMask) !== 0) return 1;
  const { matched: mt, mass: ms, queryUnmatched: uq, candidateUnmatched: uc } = row;
  let uqForm = 0;
  for (let p = 0; p < plan.positionWeights.length; p++) if (((forms >>> p) & 1) === 1) uqForm += plan.positionWeights[p];
  if (!(uq - uqForm < 0.5 && ms >= CONTAINED_NAME_MASS && mt >= 0.99 * ms)) return 1;
  const overlap = Math.min(uq, uc);
  const formFree = uq - uqForm;
  const conflict = overlap > formFree ? Math.max(formFree, 0) : overlap;
  if (conflict === overlap && !(uc > ms && uq >= 0.5)) return 1;
  const name = row.name;
  let other = (index.nameFlags[name] & NAME_PERSON) !== 0;
  if (!other) {
    const listed = listedWords(index, name);
    if (listed.length > 31) other = true;
    for (let i = 0; i < listed.length && !other; i++) {
      const t = listed[i];
      if (t.weak || ((row.candidateMask >>> i) & 1) === 1) continue;
      const w = t.text;
      const allowed = DESCRIPTOR_WORDS.has(w) || FOREIGN_DESCRIPTORS.has(w) || LEGAL_FORMS.has(w) || ANY_FORM_TOKENS.has(w) || NAMED_AFTER_WORDS.has(w) ||
        w.length <= 2 || (w.length <= FORM_FREE_LEFTOVER && exactCountryName(w) === undefined);
      if (!allowed) other = true;
    }
  }
  if (!other) return 1;
  const lamQ = mode.lamMissingContained > 0 && uc < 0.5 && ms >= mode.containedMass && mt >= 0.95 * ms ? mode.lamMissingContained : mode.lamMissingQuery;
  const newDenom = ms + lamQ * uq + mode.lamMissing * (uc > ms ? ms : uc) + mode.lamConflict * conflict;
  const oldDenom = ms + lamQ * uq + mode.lamMissing * (uq < 0.5 && uc > ms ? ms : uc) + mode.lamConflict * overlap;
  return newDenom / oldDenom;
}

/**
 * The core's score of row r as it stands, or more where the query holds a listed person's name whole
 * and adds names of its own (a father's or grandfather's name of a nasab chain, another given name:
 * "Khalid Bassam Zubaidi" for AL-ZUBAIDI, Khaled), the listed article perhaps left out. Whole: every
 * strong listed word matched, each by a strong query word of its own (not initials, not one query word
 * for two listed ones), the listed words left out articles only (ARTICLES), on distinctive rarity (the
 * contained mass, ModeParams.containedMass) and closely: ADDED_NAMES_CLOSE of the matched mass, or
 * ADDED_NAMES_CLOSE_MANY for a listed name of ADDED_NAMES_MANY strong words or more (more words
 * matched whole, a looser spelling of them: vowels a script leaves unwritten). Then the query's extra
 * words cost lamMissingContained, as for a list name found whole (assembly/score.ts writeRow), and an
 * article left out is a word dropped, charged at its weight as a weak word and as missing only, never
 * as a disagreement. Not where a common name (COMMON_NAMES) of the query, unmatched, stands between
 * its matched words: a common name in the article's place is another person's name ("Abdul Naser DIB
 * Thompson MALT" is not DIB EL MALT, Abdul Naser). Undefined where the rule does not apply (the
 * swapped-name factor then reads the row as it does any other).
 */
function nameWithAdditions(core: MatchingCore, index: BuiltIndex, r: number, score: number, mode: ModeConfig, tokens: readonly NameToken[], weightOf: WeightOf): number | undefined {
  const name = core.rowName(r);
  const cm = core.rowCandidateMask(r);
  const listed = listedWords(index, name);
  if (listed.length > 31) return undefined;
  let article = false;
  let strong = 0;
  for (let i = 0; i < listed.length; i++) {
    const matched = ((cm >>> i) & 1) === 1;
    if (listed[i].weak) {
      if (matched) continue;
      if (!ARTICLES.has(listed[i].text)) return undefined;
      article = true;
    } else {
      if (!matched) return undefined;
      strong++;
    }
  }
  const close = article || strong < ADDED_NAMES_MANY ? ADDED_NAMES_CLOSE : ADDED_NAMES_CLOSE_MANY;
  const row = core.row(r);
  const mt = row.matched;
  const ms = row.mass;
  const uq = row.queryUnmatched;
  const uc = row.candidateUnmatched;
  if (ms < mode.containedMass || mt < close * ms || uq <= 0) return undefined;
  const qm = row.queryMask;
  // Each listed strong word met by a strong query word of its own.
  let words = 0;
  for (let p = 0; p < tokens.length && p < 31; p++) if (((qm >>> p) & 1) === 1 && !tokens[p].weak) words++;
  if (words < strong) return undefined;
  // A common name of the query, unmatched, between matched words: in the article's place.
  const first = 31 - Math.clz32(qm & -qm);
  const last = 31 - Math.clz32(qm);
  for (let p = first + 1; p < last && p < tokens.length; p++) {
    if (((qm >>> p) & 1) === 0 && !tokens[p].weak && COMMON_NAMES.has(tokens[p].text)) return undefined;
  }
  // The article's weight as the core charged it (the index's unit weight) and as a weak word.
  const a = index.arrays;
  let ucArticle = 0;
  let articleWeak = 0;
  for (let u = a.unitOff[name]; u < a.unitOff[name + 1]; u++) {
    const ps = a.unitPS[u];
    if ((ps & RAW_UNIT) !== 0 || ((ps >>> 8) & 0xff) !== 1) continue;
    const pos = ps & 0xff;
    if (pos >= listed.length || ((cm >>> pos) & 1) === 1) continue;
    ucArticle += a.unitW[u];
    articleWeak += Math.min(a.unitW[u], weightOf(listed[pos]));
  }
  const lamQ = uc < 0.5 && mt >= 0.95 * ms ? mode.lamMissingContained : mode.lamMissingQuery;
  const before = mt / (ms + lamQ * uq + mode.lamMissing * uc + mode.lamConflict * Math.min(uq, uc));
  if (!(before > 0)) return undefined;
  const rest = uc - ucArticle;
  const after = mt / (ms + mode.lamMissingContained * uq + mode.lamMissing * (rest + articleWeak) + mode.lamConflict * Math.min(uq, rest));
  // The word-order factors the core applied stay as they were.
  return after > before ? score * Math.min(after / before, 1 / ADDED_NAMES_BOUND) : score;
}

/**
 * The share of row r's matched value left once each query word that met a listed word only with a
 * consonant sound the listed word lacks (sound-skeleton.ts consonantAdded: "Korsar" for KOSAR, "Maung"
 * for AUNG, "Xiwang" for XIANG) counts `drop` less similar: a partial match of that word, the rest of
 * the name as it was. A query word written as some matched listed word (or two joined), or a
 * given-name equivalent of it, is no such word. Only the query's added consonant: a consonant the
 * query lacks ("Solin" for SMOLIN) is as often a letter typed out of a listed name (measured: the
 * perturbation eval's typo kinds lost 8 and 9 of 1,000 with it, "KOLOV Sergey Mikhaylovich" for
 * KOZLOV, "TELLA LEONE" for STELLA LEONE, at the confidences the real negatives had).
 */
/** A query word soundEditFactor weighs (see soundWords). */
interface SoundWord {
  /** As folded, and as written when that differs. */
  spellings: readonly string[];
  /** Joined to the word before and to the word after ('' at the ends). */
  joined: readonly string[];
  /** Its given-name equivalents. */
  equivalents: readonly string[];
}

/** Per query position (0-30), the word soundEditFactor weighs there, or null: read once per plan, not per row. */
function soundWords(plan: QueryPlan): (SoundWord | null)[] {
  const out: (SoundWord | null)[] = [];
  for (let p = 0; p < plan.tokens.length && p < 31; p++) {
    const t = plan.tokens[p];
    if (t.weak || t.syllabic || t.abjad || t.text.length < 3 || t.text.length > SOUND_EDIT_MAX_LENGTH + 1) {
      out.push(null);
      continue;
    }
    out.push({
      spellings: t.raw ? [t.text, t.raw] : [t.text],
      // The word joined to a neighbour, as a compound unit meets a listed word or two ("E-PCFR" for EP-CFR).
      joined: [p > 0 ? plan.tokens[p - 1].text + t.text : '', p + 1 < plan.tokens.length ? t.text + plan.tokens[p + 1].text : ''],
      equivalents: equivalentsOf(t.text),
    });
  }
  return out;
}

function soundEditFactor(core: MatchingCore, index: BuiltIndex, r: number, plan: QueryPlan, words: readonly (SoundWord | null)[], weightOf: WeightOf, drop: number): number {
  const row = core.row(r);
  if (row.matched <= 0) return 1;
  const listed = listedTokens(index, row.name);
  const cm = row.candidateMask;
  let lost = 0;
  for (let p = 0; p < words.length; p++) {
    if (((row.queryMask >>> p) & 1) === 0) continue;
    const sw = words[p];
    if (sw === null) continue;
    const { spellings, joined, equivalents } = sw;
    let near: string | undefined;
    let nearest = 3;
    let written = false;
    for (let k = 0; k < listed.length && k < 32 && !written; k++) {
      if (((cm >>> k) & 1) === 0) continue;
      const w = listed[k];
      const pair = k + 1 < listed.length ? w + listed[k + 1] : '';
      written = spellings.includes(w) || (pair !== '' && spellings.includes(pair)) || (k > 0 && spellings.includes(listed[k - 1] + w)) ||
        joined.includes(w) || (pair !== '' && joined.includes(pair)) || equivalents.includes(w);
      // A listed word another query word is written as is that word's.
      if (written || plan.tokens.some((o, i) => i !== p && o.text === w)) continue;
      for (const sp of spellings) {
        // The distance is at least the difference in length: no nearer word.
        if (Math.abs(sp.length - w.length) >= nearest) continue;
        const d = osaDistance(sp, w);
        if (d < nearest) {
          nearest = d;
          near = w;
        }
      }
    }
    if (written || near === undefined) continue;
    // Every spelling of the word (as folded, as written) meets the listed word only so.
    let side: 'query' | 'listed' | null = null;
    for (const sp of spellings) {
      const s = consonantAdded(sp, near);
      if (s === null && osaDistance(sp, near) <= 2) {
        side = null;
        break;
      }
      side ??= s;
    }
    if (side !== 'query') continue;
    lost += drop * (plan.positionWeights[p] + weightOf({ text: near, weak: false, abjad: false })) / 2;
  }
  return lost > 0 ? Math.max(0, 1 - lost / row.matched) : 1;
}

/**
 * Query positions (bits, 0-30) of strong Latin-script words that are common given names or surnames
 * (COMMON_NAMES) and words of the query as read (`read`): not syllables the plan's word break made
 * of a longer word ("Yili" planned as "lee li" names no Lee).
 */
function commonNamePositions(tokens: readonly NameToken[], read: readonly NameToken[]): number {
  let mask = 0;
  tokens.forEach((t, i) => {
    if (i < 31 && !t.weak && !t.syllabic && !t.abjad && COMMON_NAMES.has(t.text) && read.some((w) => w.text === t.text)) mask |= 1 << i;
  });
  return mask;
}

/**
 * Row r left a strong listed word unmatched and a query word that is a common name (`common`)
 * too: the query names someone else, one of the listed names replaced by another real name
 * ("Ignacio Garcia VILLAREAL" for "CORONEL VILLAREAL, Ignacio"). A name left out on one side only
 * is the usual partial match and stays.
 */
function swappedName(core: MatchingCore, r: number, common: number): boolean {
  const row = core.row(r);
  return (common & ~row.queryMask) !== 0 && row.candidateUnmatched >= 0.5;
}

/**
 * romanisedSyllables, also on the spellings as written: the lists' "PAK" is read "park" (a folded
 * spelling, no syllable), yet "PAK Song" is a Korean surname and syllable like "KIM Song".
 */
function romanisedQuery(tokens: readonly NameToken[]): boolean {
  if (romanisedSyllables(tokens)) return true;
  return tokens.some((t) => t.raw !== undefined) && romanisedSyllables(tokens.map((t) => (t.raw === undefined ? t : { ...t, text: t.raw })));
}

/** Whether every query position a unit covers is a romanised syllable matched as written. */
function allWritten(asWritten: number, unit: QueryUnit): boolean {
  if (asWritten === 0 || unit.pos + unit.span > 31) return false;
  const span = ((1 << unit.span) - 1) << unit.pos;
  return (asWritten & span) === span;
}

function bitCount(x: number): number {
  let n = 0;
  for (let v = x >>> 0; v !== 0; v &= v - 1) n++;
  return n;
}

/**
 * A query of a Korean or Chinese surname and one syllable (romanisedSyllables) whose two syllables
 * row r did not match one listed word each: read as the initials of two listed words ("RI Su" for
 * "RI, Song Un"), or joined into one listed word beside others left unmatched ("SIN Yong" for
 * CHANGGWANG SINYONG CORPORATION, "Je RI" for "JERI, Abdullahi"). Each syllable is a whole part of
 * the name: neither reading keeps its surname. A one-word list name the join matches whole stays.
 */
function notSyllableForSyllable(core: MatchingCore, index: BuiltIndex, r: number, tokens: readonly NameToken[]): boolean {
  const listed = bitCount(core.rowCandidateMask(r));
  if (listed === 2) return false;
  const row = core.row(r);
  const query = bitCount(row.queryMask);
  // More listed words than query words: initials ("RI Su"), unless the query writes two listed
  // syllables joined ("Ri Jaeil" for "RI, Jae Il"), the usual Western spelling of the given name.
  if (listed > query) return !writesListedJoin(index, core.rowName(r), tokens);
  return listed < query && row.candidateUnmatched >= 0.5;
}

/** A query word that is two adjacent words of list name `name` joined as written ("jaeil" for "Jae Il"). */
function writesListedJoin(index: BuiltIndex, name: number, tokens: readonly NameToken[]): boolean {
  const listed = listedTokens(index, name);
  return tokens.some((t) => listed.some((w, i) => i + 1 < listed.length && w + listed[i + 1] === t.text));
}

/**
 * Feminine endings a given name or a Slavic surname takes ("Luis" -> "Luisa", "Daniel" -> "Danielle").
 * Not a lone "e": name_bench pairs a typo with it ("Olaf Scholze", "Emmanuel Macrone"; F1 0.906 -> 0.9033).
 */
const FEMININE_ENDINGS = ['a', 'ia', 'le', 'ne'];

/** Query words that are a listed word with a feminine ending added, with that listed word (the stem). */
function genderedQueryWords(tokens: readonly NameToken[], index: BuiltIndex): Array<{ text: string; stems: string[] }> {
  // Once per query in balanced mode: arrays only for a word that has a listed stem (few do).
  let out: Array<{ text: string; stems: string[] }> | undefined;
  for (const t of tokens) {
    if (t.weak || t.syllabic || t.abjad) continue;
    let stems: string[] | undefined;
    for (const e of FEMININE_ENDINGS) {
      if (!t.text.endsWith(e) || t.text.length - e.length < 3) continue;
      const stem = t.text.slice(0, -e.length);
      if (index.tokens.has(stem)) (stems ??= []).push(stem);
    }
    if (stems) (out ??= []).push({ text: t.text, stems });
  }
  if (!out) return [];
  // The query that has the stem as a word of its own says it (that word is matched as written).
  return out.filter((g) => !g.stems.some((stem) => tokens.some((t) => t.text === stem)));
}

/**
 * `factor` per query word that is a given name of one sex (given-name-sex.ts) whose nearest listed
 * word among those row r matched (and no other query word is written as) is a given name of the
 * other sex: "Brenda Bell" for BRENT DELL, "Patricia Lee" for PATRICK NEE, "Adrienne Thomas" for
 * "TOMAS, Adrian" name another person, not a spelling of the listed one. Not a given-name equivalent
 * ("Michele" for MICHAEL: GIVEN_NAME_EQUIVALENTS), nor a listed word with an ending added (genderedForms
 * weighs "Luisa" for LUIS), nor an organisation's name. Nor a word one edit from the listed one: one
 * letter typed wrong makes the other sex's name too often ("Audrey" for ANDREY, in the perturbation
 * eval's typos), where two letters rarely do. The same for a frequent surname (common-surnames.ts,
 * the US census) met through another frequent surname one or two letters away that sounds otherwise
 * (soundSkeleton): "Charles Carter" for CHARLES CARPER, "Thomas Mcguire" for THOMAS MCGUINN name
 * another family; spellings of one sound (Gomes / GOMEZ) and one-syllable romanisations (Zhang /
 * CHANG) stay. 1 when there is none.
 */
function otherNameForms(core: MatchingCore, index: BuiltIndex, r: number, tokens: readonly NameToken[], named: ReadonlyArray<Sex | 'S' | null>, factor: number): number {
  const name = core.rowName(r);
  const listed = listedTokens(index, name);
  if (listed.some((t) => LEGAL_FORMS.has(t))) return 1;
  const written = listedWords(index, name);
  const row = core.row(r);
  const cm = row.candidateMask;
  let f = 1;
  for (let p = 0; p < named.length; p++) {
    const sex = named[p];
    if (sex === null || ((row.queryMask >>> p) & 1) === 0) continue;
    const t = tokens[p];
    if (listed.includes(t.text) || (t.raw !== undefined && listed.includes(t.raw))) continue;
    let near: string | undefined;
    let nearest = Infinity;
    for (let k = 0; k < listed.length && k < 32; k++) {
      if (((cm >>> k) & 1) === 0) continue;
      const w = listed[k];
      if (tokens.some((o) => o.text === w)) continue;
      // The nearer of the words as folded and as written ("Audrey" is one letter from ANDREY, folded to andrei).
      const wr = written[k]?.raw;
      let d = osaDistance(t.text, w);
      if (t.raw !== undefined) d = Math.min(d, osaDistance(t.raw, w));
      if (wr !== undefined) d = Math.min(d, osaDistance(t.text, wr), t.raw !== undefined ? osaDistance(t.raw, wr) : d);
      if (d < nearest) {
        nearest = d;
        near = w;
      }
    }
    if (near === undefined || t.text.startsWith(near) || near.startsWith(t.text) || equivalentsOf(t.text).includes(near)) continue;
    const other = sexOf(near);
    if (sex !== 'S' && other !== null && other !== sex && nearest >= 2) {
      f *= factor;
      continue;
    }
    // Two frequent surnames one or two letters apart that sound otherwise: another family, not a typo.
    // Not one inside the other (an ending dropped, an article glued: "Aldana" / DANA), nor two given
    // names of one sex (name_bench pairs "Harry Page" with LARRY PAGE: a nickname's rhyme).
    const wr = written[listed.indexOf(near)]?.raw;
    const surnames = (commonSurname(t.text) || commonSurname(t.raw)) && (commonSurname(near) || commonSurname(wr)) && (sex === 'S' || other === null);
    if (surnames && nearest <= 2 && !t.text.endsWith(near) && !near.endsWith(t.text) && soundSkeleton(t.raw ?? t.text) !== soundSkeleton(wr ?? near)) f *= factor;
  }
  return f;
}

/**
 * A list name's token texts as indexed (normaliseName of its text), remembered per index (bounded by
 * its names): the strict lineage test, the syllable order and the gendered forms read them per hit.
 */
const LISTED_TOKENS = new WeakMap<BuiltIndex, Map<number, string[]>>();

function listedTokens(index: BuiltIndex, name: number): string[] {
  let known = LISTED_TOKENS.get(index);
  if (!known) LISTED_TOKENS.set(index, (known = new Map()));
  let tokens = known.get(name);
  if (!tokens) known.set(name, (tokens = normaliseName(index.names[name].text).map((t) => t.text)));
  return tokens;
}

/**
 * Most list names an organisation's listed word may be in and still be the one word off
 * (ModeParams.oneOff): a rarer word is a proper noun written another way ("Henjin" for HEUNGJIN, in
 * one list name; "Milizzja" for MILITIA, in 4), a commoner one a descriptor, where another word is
 * another name ("Railroad" for RAILWAY, in 8; "Paint" for PLANT, 301; "Petromechanical" for
 * PETROCHEMICAL, 129). Measured (the cross-publisher dev half, name_bench and the cascade pairs,
 * balanced): no limit let in 2 name_bench false pairs (China Petromechanical / Petrochemical
 * Corporation, China Railroad / Railway Engineering Corporation) and a cascade one (Northgrave Paint
 * / Plant Co.); 4 lets in none and keeps 6 of the 11 organisations' spellings found without a limit
 * (KOREA HEUNGJIN TRADING, KANIYAT MILITIA twice, NOVY SVET WINERY, AVITEK VYATSKOE, OOO PV BRIDZH),
 * losing 5 whose word off is commoner (three "Al-Qaida del Subcontinente Indio" spellings, a Russian
 * "Организация ..." for USAMA BIN LADEN ORGANIZATION, an institute's name). Any limit from 4 to 7
 * reads the same on these.
 */
const ONE_OFF_LISTED_MAX = 4;

/**
 * Whether the one word off of a row (assembly/score.ts matchOneOff, at the list name's `position`;
 * `matched`, the row's matched list name positions) may not be taken, the row then scored without it:
 * - unless it completes the listed name (every other strong listed word matched): one word off, not
 *   one word off and others missing ("Anduvar Shipping" is not ANDUVAR SHIP FINANCE);
 * - in a listed person's name, the surname, the first given name (index.leadingGiven, else the first
 *   strong given word), or, where the list does not say which part is the surname, the first and the
 *   last strong word: another spelling of those is another person's name ("Maksim MIKHOVICH" is not
 *   MIKHAILOV, Maksim; "Arseny PAVLOV" not "PAVLOV, Andrey"), while a later given name or a
 *   patronymic written another way ("Rahim" for Rafi, "Isaevich" for Ismailovich) is the same
 *   person's;
 * - in any other listed name, unless the query names an organisation (`organisation`), and then its
 *   first strong word ("Lefkada Bulk Carriers" is not LEFKOSIA BULK CARRIERS, "Soul Source Footwear"
 *   not SOLE SOURCE FOOTWEAR) and a word in more than ONE_OFF_LISTED_MAX list names.
 * Measured (balanced): without these, the cross-publisher dev half flagged 10 more real negatives
 * (floor 0.8: 8 -> 18, "Maksim MICHOVITJ", "Nabil AL-HASAN", "Arseny PAVLOV", "Siliborn Technology
 * Limited"...), name_bench 21 more false pairs (floor 0.82: Augusto Pinosa / Pinochet, Viktor Orbach /
 * Orbán) and the cascade pairs 14 (cascade F1 0.7465 -> 0.7176); with them, none. The bar on persons
 * costs KISELEV, Mikhail Sergeyevich for "Mikhail Sergeyevich KIZEEV" (another listed person is
 * KIZEEV), "Hafiz Mohammad Sahib" for SAEED, Hafiz Muhammad and TABATABAI, Seyyed Aminollah Emami
 * for "Seyyed Amin Ala Emami TABATABAI" (Aminollah read as its first given name).
 */
function oneOffBarred(index: BuiltIndex, name: number, position: number, organisation: boolean, matched: number, weightOf: WeightOf): boolean {
  const words = listedWords(index, name);
  for (let k = 0; k < words.length && k < 31; k++) if (!words[k].weak && ((matched >>> k) & 1) === 0) return true;
  if ((index.nameFlags[name] & NAME_PERSON) === 0) {
    if (!organisation || words.findIndex((t) => !t.weak) === position) return true;
    const text = words[position]?.text ?? '';
    const id = index.tokens.get(text);
    return (weightOf.namesWith ? weightOf.namesWith(text) : id === undefined ? 0 : index.df[id]) > ONE_OFF_LISTED_MAX;
  }
  const bit = position < 31 ? 1 << position : 0;
  const surname = index.surnames.get(name);
  if (surname !== undefined) {
    if ((surname & bit) !== 0) return true;
    const given = index.leadingGiven.get(name);
    if (given !== undefined) return (given & bit) !== 0;
    return words.findIndex((t, k) => k > lastPosition(surname) && !t.weak) === position;
  }
  const first = words.findIndex((t) => !t.weak);
  let last = -1;
  for (let k = words.length - 1; k >= 0 && last < 0; k--) if (!words[k].weak) last = k;
  return position === first || position === last;
}

/**
 * The query positions whose word may be the one word off (ModeParams.oneOff): strong words of four
 * letters or more in Latin letters, not romanised syllables (a syllable of a Korean or Chinese name
 * written another way is another name: "Jong" is not "Jung") nor words in an abjad.
 */
function oneOffWords(tokens: readonly NameToken[], asWritten: number): number {
  let mask = 0;
  for (let p = 0; p < tokens.length && p < 31; p++) {
    const t = tokens[p];
    if (t.weak || t.syllabic || t.abjad || t.text.length < 4 || ((asWritten >>> p) & 1) === 1) continue;
    mask |= 1 << p;
  }
  return mask >>> 0;
}

/** A list name's tokens as indexed, with their spellings as written (NameToken.raw), remembered per index. */
const LISTED_SPELLINGS = new WeakMap<BuiltIndex, Map<number, NameToken[]>>();

function listedWords(index: BuiltIndex, name: number): NameToken[] {
  let known = LISTED_SPELLINGS.get(index);
  if (!known) LISTED_SPELLINGS.set(index, (known = new Map()));
  let tokens = known.get(name);
  if (!tokens) known.set(name, (tokens = normaliseName(index.names[name].text)));
  return tokens;
}

/**
 * `factor` per gendered query word whose stem the list name has, matched, and whose own form it
 * lacks ("Luisa Lopez" for "LOPEZ, Luis"); 1 when there is none.
 */
function genderedForms(
  index: BuiltIndex, name: number, matched: number, gendered: ReadonlyArray<{ text: string; stems: string[] }>, factor: number,
): number {
  const listed = listedTokens(index, name);
  // An organisation's name (a legal form): a word with an ending added is a join or a typo there ("SUZHOUA-ONE").
  if (listed.some((t) => LEGAL_FORMS.has(t))) return 1;
  let f = 1;
  for (const g of gendered) {
    if (listed.includes(g.text)) continue;
    if (listed.some((t, p) => p <= 31 && ((matched >>> p) & 1) === 1 && g.stems.includes(t))) f *= factor;
  }
  return f;
}

/**
 * Whether every listed surname word row r matched (`positions`) begins with the letter of a one-letter
 * word of the query (`initials`, initialLetters) and no longer query word is near it (two edits, one
 * inside the other, or one sound skeleton): the query's initial stands for another given name, not
 * for the surname ("Edward J. Markey" is no "JAKSIC, Marko"), when the query has a word of its own
 * besides (its own surname). A surname the list abbreviates is written out in its other names.
 */
function surnameByInitialOnly(index: BuiltIndex, name: number, positions: number, tokens: readonly NameToken[], initials: number): boolean {
  const listed = listedTokens(index, name);
  // Every other word of the query written as listed: the list name with its surname abbreviated
  // ("BIN M. Bilal" for "BIN MARWAN, Bilal"), not another person's surname beside the initial.
  if (tokens.every((t) => t.weak || t.text.length < 2 || listed.includes(t.text) || (t.raw !== undefined && listed.includes(t.raw)))) return false;
  for (let k = 0; k < listed.length && k < 32; k++) {
    if (((positions >>> k) & 1) === 0) continue;
    const w = listed[k];
    if ((initialBit(w) & initials) === 0 || w.length < 2) return false;
    const near = (q: string | undefined): boolean =>
      q !== undefined && q.length >= 2 && (osaDistance(q, w) <= 2 || q.includes(w) || w.includes(q) || soundSkeleton(q) === soundSkeleton(w));
    if (tokens.some((t) => near(t.text) || near(t.raw))) return false;
  }
  return true;
}

/**
 * Whether a match (`matched`: the list name's token positions) of a comma name took some of its
 * surname and a given name after the first (index.leadingGiven) but none of the first, nor does the
 * query have the first's initial (`initials`, initialLetters): an initial the reading drops, as
 * "A." (the article "a") or "Y." (the Spanish "y"), still stands for the first given name
 * ("KOGAN A. Borisovich" is "KOGAN, Alexander Borisovich").
 */
function leadingGivenMissing(index: BuiltIndex, name: number, matched: number, initials: number): boolean {
  const first = index.leadingGiven.get(name);
  if (first === undefined || (matched & first) !== 0 || (matched >>> (lastPosition(first) + 1)) === 0) return false;
  if (((index.surnames.get(name) ?? 0) & matched) === 0) return false;
  return !initialsStandFor(index, name, first, initials, false);
}

/**
 * Whether the query's initials (`initials`, initialLetters) stand for every (`all`) or some of the
 * list name's tokens at `positions` (index.givenInitials: each token's first letter as folded or as
 * written, "Yevgeniya" folded to evgenia, "Mykola" to nikolai; the first given name's in every
 * spelling of the entry).
 */
function initialsStandFor(index: BuiltIndex, name: number, positions: number, initials: number, all: boolean): boolean {
  const letters = index.givenInitials.get(name);
  if (initials === 0 || letters === undefined) return false;
  let some = false;
  for (let p = 0; p < letters.length && p < 32; p++) {
    if (((positions >>> p) & 1) === 0) continue;
    const stands = (letters[p] & initials) !== 0;
    if (stands !== all) return stands;
    some = true;
  }
  return all && some;
}

/** The letters a-z that words of one letter (initials, "A." or "A") of a query stand for, as bits 0-25. */
function initialLetters(name: string): number {
  let mask = 0;
  for (const word of name.toLowerCase().split(/[\s,]+/)) {
    const w = word.endsWith('.') ? word.slice(0, -1) : word;
    if (w.length === 1) mask |= initialBit(w);
  }
  return mask;
}

/**
 * Row r left the query's first word out and the list name is a person's "First Last" without a
 * comma (no legal form): the query's first name is another than the listed one.
 */
function extraFirstName(core: MatchingCore, index: BuiltIndex, r: number): boolean {
  const name = core.rowName(r);
  const text = index.names[name].text;
  if (text.includes(',') || text.includes('(')) return false;
  if ((core.row(r).queryMask & 1) !== 0) return false;
  const listed = listedTokens(index, name);
  return listed.length === 2 && !listed.some((t) => LEGAL_FORMS.has(t));
}
