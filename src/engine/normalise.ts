/**
 * @module Name normalisation: any script, any punctuation, in; lower-case ASCII tokens out.
 *
 * Order matters: NFKC first (ligatures, full-width forms), then transliteration to ASCII (any-ascii:
 * Cyrillic, Greek, Arabic, Hebrew, CJK, Hangul, diacritics), then legal-form phrases, then tokens.
 * Han and Hangul are transliterated one character (= one syllable) at a time so that 习近平 becomes
 * "xi jin ping", which the joined/split-token rule then matches to "Xi Jinping".
 */
import anyAscii from 'any-ascii';
import { FuzzyWords } from './fuzzy-words.js';
import {
  HONORIFICS, LEGAL_FORM_PHRASES, LEGAL_FORMS, NAME_VARIANTS, PARTICLES, PHRASE_WORDS, STOP_WORDS,
} from './vocabulary.js';

export interface NameToken {
  /** Canonical token text: [a-z0-9]+, transliteration variants folded (mohammed -> muhammad). */
  text: string;
  /** Legal forms and particles: they count a little but can never make a match alone. */
  weak: boolean;
  /** Written in an abjad (Arabic, Hebrew) where short vowels are absent: compare consonant skeletons. */
  abjad: boolean;
  /** A syllable transliterated from Han or Hangul: exact pinyin/romanisation only, never fuzzed. */
  syllabic?: boolean;
  /**
   * The word as written, when folding changed it (a variant or a typo'd vocabulary word). Indexed
   * and searched too: folding is not symmetric under typos ("Abdella" folds to abdullah, the query
   * typo "Abdela" does not), so the raw spellings must also be able to meet.
   */
  raw?: string;
}

const HANGUL = /[\uac00-\ud7af]/u;
export const SYLLABIC = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
export const ABJAD = /[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const APOSTROPHES = /['’‘`´ʻʼʿʾ]/g;

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Transliterates to ASCII, one syllable per token for Han and Hangul. */
function toAscii(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  // Ta marbuta is the "-a"/"-ah" ending of Latin spellings (Usama, Hamza); any-ascii writes "h".
  if (ABJAD.test(text)) text = text.replace(/\u0629/g, 'a');
  if (!SYLLABIC.test(text)) return anyAscii(text);
  let out = '';
  for (const ch of text) out += SYLLABIC.test(ch) ? ` ${anyAscii(ch)} ` : anyAscii(ch);
  return out;
}

/** Lower-case ASCII words: apostrophes vanish (O'Brien = OBrien), dots inside initialisms join (p.l.c. = plc). */
export function asciiWords(raw: string): string[] {
  return toAscii(raw.normalize('NFKC'))
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(/\b([a-z])\.(?=[a-z]\b\.?)/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    // "x" inside a word is "ks" in every transliteration that disagrees on it (Alexandrovich /
    // Aleksandrovich, Maxim / Maksim); at the start it stays (pinyin Xi, Xinjiang).
    .replace(/\B(?<!k)x/g, 'ks')
    .trim()
    .split(' ')
    .filter(Boolean);
}

type WordClass = 'legal' | 'honorific' | 'stop' | 'particle' | 'name';

interface ClassifiedWord {
  text: string;
  cls: WordClass;
  raw?: string;
}

// Closed vocabularies recognised through one typo (see fuzzy-words.ts): words of 6+ letters for
// legal forms and titles, 7+ for given-name variants (shorter names are too often another name one
// letter away: Andrea is not Andrei). Raw-spelling units cover the typos of shorter variants.
const LEGAL = new FuzzyWords(LEGAL_FORMS, 6);
const HONORIFIC = new FuzzyWords([...HONORIFICS].map((h) => [h, h] as const), 6);
const VARIANT = new FuzzyWords(NAME_VARIANTS, 7);
const PHRASE = new FuzzyWords(PHRASE_WORDS.map((w) => [w, w] as const), 5);

/** Classifies one word; exposed for query planning (word-break of joined tokens). */
// Names repeat their words a lot (70k distinct words in 150k): classify each word once.
const CLASS_CACHE = new Map<string, ClassifiedWord>();
const CLASS_CACHE_LIMIT = 200_000;

export function classifyWord(word: string): ClassifiedWord {
  const cached = CLASS_CACHE.get(word);
  if (cached) return cached;
  const c = classifyExact(word);
  const result = c.text !== word && c.cls !== 'legal' ? { ...c, raw: word } : c;
  if (CLASS_CACHE.size >= CLASS_CACHE_LIMIT) CLASS_CACHE.clear();
  CLASS_CACHE.set(word, result);
  return result;
}

function classifyExact(word: string): ClassifiedWord {
  if (STOP_WORDS.has(word)) return { text: word, cls: 'stop' };
  const legal = LEGAL.find(word);
  if (legal) return { text: legal, cls: 'legal' };
  if (HONORIFICS.has(word)) return { text: word, cls: 'honorific' };
  if (PARTICLES.has(word)) return { text: word, cls: 'particle' };
  const variant = VARIANT.find(word);
  if (variant) return { text: variant, cls: 'name' };
  const honorific = HONORIFIC.find(word);
  if (honorific) return { text: honorific, cls: 'honorific' };
  return { text: PHRASE.find(word) ?? word, cls: 'name' };
}

/** Rewrites multi-word legal forms (in canonical tokens) to one token, longest phrase first. */
/** Phrases by their first word, longest first, so folding looks only at phrases that can start here. */
const PHRASES_BY_FIRST: ReadonlyMap<string, ReadonlyArray<readonly [string, readonly string[]]>> = (() => {
  const map = new Map<string, Array<readonly [string, readonly string[]]>>();
  for (const phrase of LEGAL_FORM_PHRASES) {
    const list = map.get(phrase[1][0]) ?? [];
    list.push(phrase);
    map.set(phrase[1][0], list);
  }
  for (const list of map.values()) list.sort((a, b) => b[1].length - a[1].length);
  return map;
})();

function foldLegalPhrases(words: ClassifiedWord[]): ClassifiedWord[] {
  const out: ClassifiedWord[] = [];
  for (let i = 0; i < words.length; ) {
    const candidates = PHRASES_BY_FIRST.get(words[i].text);
    const phrase = candidates?.find(([, parts]) => parts.every((p, k) => words[i + k]?.text === p));
    if (phrase) {
      out.push({ text: phrase[0], cls: 'legal' });
      i += phrase[1].length;
    } else {
      out.push(words[i++]);
    }
  }
  return out;
}

/** The core compares at most this many characters of a token; both sides are cut alike. */
export const MAX_TOKEN_LENGTH = 64;

/** Normalises a list of raw words (already ASCII, lower-case) into tokens. */
export function tokensOfWords(words: readonly string[], abjad: boolean): NameToken[] {
  const prepared = abjad ? words.flatMap(abjadWord) : words;
  const classified = foldLegalPhrases(prepared.map((w) => classifyWord(w.slice(0, MAX_TOKEN_LENGTH))));
  const kept = classified.filter((w) => w.cls !== 'stop');
  const source = kept.length > 0 ? kept : classified;
  return source.map((w, i) => {
    // A particle ends no name: a last "Bin" is the Chinese given name of "Su Bin", not "son of".
    const particleAtEnd = w.cls === 'particle' && i === source.length - 1 && source.length > 1;
    const token: NameToken = { text: w.text, weak: w.cls !== 'name' && w.cls !== 'stop' && !particleAtEnd, abjad };
    if (w.raw) token.raw = w.raw;
    return token;
  });
}

/**
 * Arabic-script words after transliteration carry no short vowels: "bn" is the particle bin and an
 * initial "l" of a long word is the article al- written attached ("lsysy" = al-Sisi). (Ta marbuta is
 * handled before transliteration, in toAscii.)
 */
function abjadWord(word: string): string[] {
  if (word === 'bn' || word === 'ibn') return ['bin'];
  if (word === 'bw' || word === 'abw') return ['abu'];
  if (word.length >= 4 && word.startsWith('l') && !/[aeiou]/.test(word.slice(1, 3))) return ['al', word.slice(1)];
  return [word];
}

/**
 * Korean syllables: any-ascii writes the South Korean Revised Romanisation ("jeong", "eun", "bag"),
 * the lists mostly McCune-Reischauer ("Jong", "Un", "Pak"). The token takes the list spelling and
 * keeps the other as its raw alternative, so both are searched.
 */
export function koreanListSpelling(syllable: string): string {
  return syllable
    .replace(/eo/g, 'o')
    .replace(/eu/g, 'u')
    .replace(/^l/, 'r')
    .replace(/^g/, 'k')
    .replace(/^b/, 'p')
    .replace(/^d/, 't')
    .replace(/([aeiou])g$/, '$1k');
}

/**
 * Normalises one name to tokens. Stop words are dropped unless nothing else would remain (a
 * company called "The Company" still has a name); legal forms, titles and particles stay, weak.
 */
export function normaliseName(raw: string): NameToken[] {
  const tokens = tokensOfWords(asciiWords(raw), ABJAD.test(raw));
  markSyllabic(raw, tokens);
  return tokens;
}

/** Han and Hangul syllables are matched exactly; Hangul ones also in the list romanisation. */
export function markSyllabic(raw: string, tokens: NameToken[]): void {
  if (!SYLLABIC.test(raw)) return;
  const hangul = HANGUL.test(raw);
  for (const t of tokens) {
    t.syllabic = true;
    if (!hangul) continue;
    const listSpelling = koreanListSpelling(t.text);
    if (listSpelling !== t.text) {
      t.raw = t.text;
      t.text = listSpelling;
    }
  }
}

/** Sorted strong tokens: two names are equal in strict mode when their keys are. */
export function strictKey(tokens: readonly NameToken[]): string {
  const strong = tokens.filter((t) => !t.weak).map((t) => t.text);
  return (strong.length > 0 ? strong : tokens.map((t) => t.text)).sort().join(' ');
}

/** The normalised form used for strict matching and for display keys: tokens joined by spaces. */
export function normalisedKey(raw: string): string {
  return normaliseName(raw)
    .map((t) => t.text)
    .join(' ');
}

/**
 * Consonant skeleton: the shape of a token once vowels (which abjads omit and transliterations
 * disagree on) are gone and sound-alike letters are folded. "mahmoud" and Arabic "mhmwd" both give
 * "mhmt"; "jeong" and "jong" give "jnk".
 */
export function skeleton(token: string): string {
  let s = token
    .replace(/ph/g, 'f')
    .replace(/(kh|gh|ch)/g, 'k')
    .replace(/(sh|zh|sch)/g, 's')
    .replace(/(th|dh)/g, 't')
    .replace(/ng$/g, 'n');
  s = s.replace(/[ckqg]/g, 'k').replace(/[zx]/g, 's').replace(/[d]/g, 't').replace(/[v]/g, 'f');
  s = s.replace(/[aeiouyw]/g, '');
  return s.replace(/(.)\1+/g, '$1');
}
