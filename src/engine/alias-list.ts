/**
 * @module A query name that is a list of one party's names (issue #27): other publishers (UN, EU,
 * Canada) and payment messages write several names of a party in one string ("A B, A C B";
 * "X Y or Z W"; "X Y f k a Z"). Read as one long name, it meets no listed name well; each name it
 * lists is screened as well (Engine.bestNames), at most MAX_ALTERNATIVES of them, each a full name.
 *
 * Pure, linear in the name's length, and bounded: a name of a thousand commas yields as few
 * alternatives as one of three.
 */
import { FULL_LIMITS } from './budget.js';
import { osaDistance } from './fuzzy-words.js';
import { normaliseName } from './normalise.js';
import { STOP_WORDS } from './vocabulary.js';

/** Names of a list screened besides the whole string: the first, then the fullest (most name words). */
export const MAX_ALTERNATIVES = 3;
/** Parts of a list read, over all its pieces (the rest of a longer list is ignored: a crafted string of many commas). */
const MAX_PARTS = 8;
/** Characters of a part read (list names: 77 letters at the 99th percentile). */
const MAX_PART_CHARS = 160;
/** The fewest name words of a part screened alone: a person's or an organisation's name, not a lone word. */
export const MIN_NAME_WORDS = 2;
/** Shortest word two parts may share with one edit between them (LUKASHENKA / LUKASHENKO). */
const SHARED_FUZZY_MIN = 5;
/** Shortest word two parts may share (shorter ones are mostly other languages' particles: "za", "de", "ta"). */
const SHARED_MIN = 3;

/**
 * The markers a list of names is written with, whole words: "or" (English, Russian "или", Serbo-Croatian "ili"),
 * "and as", and the English alias markers of lists and payment messages (a.k.a., f.k.a., aka, fka,
 * "a k a", also / formerly / previously known as). Other languages' markers are not read (no sourced list of them).
 */
const MARKER = new RegExp(
  '[\\s,;(]+(?:or|или|ili|and\\s+as|a\\.?\\s?k\\.?\\s?a\\.?|f\\.?\\s?k\\.?\\s?a\\.?|(?:also|formerly|previously)\\s+known\\s+as)(?=[\\s,;:]|$)[\\s,;:]*',
  'giu',
);
/** A marker that opens the name ("f.k.a. X Y"): written with its dots, or in words (a bare "Aka" may be a name word). */
const LEADING = /^\s*(?:a\.\s?k\.\s?a\.?|f\.\s?k\.\s?a\.?|(?:also|formerly|previously)\s+known\s+as)(?=[\s,;:]|$)[\s,;:]*/iu;
/** What every marker has, tested before splitting (most names have none). */
const HINT = /(?:^|\s)(?:or|или|ili|and|a|f|aka|fka|also|formerly|previously)[\s.,;:]|\(|known/iu;
/** Parts of a list written with commas and semicolons. */
const COMMA = /[,;]/u;

/** A part of a list: its text and its name words (not particles, titles, legal forms, stop words). */
interface Part {
  text: string;
  words: string[];
  /** Name words as written: a Han or Hangul word is one name of several syllables (several tokens). */
  written: number;
}

function partOf(text: string): Part {
  const t = trimmed(text);
  const words = normaliseName(t).filter((w) => !w.weak && !STOP_WORDS.has(w.text)).map((w) => w.text);
  return { text: t, words, written: Math.min(words.length, writtenWords(t)) };
}

const trimmed = (text: string): string => text.trim().slice(0, MAX_PART_CHARS).replace(/^[\s,;:.()\-–—]+|[\s,;:()\-–—]+$/gu, '');

/** Words written with a letter (an upper bound of the name words, read without normalising). */
const writtenWords = (t: string): number => t.split(/\s+/u).filter((w) => /\p{L}/u.test(w)).length;

const isFullName = (p: Part): boolean => p.written >= MIN_NAME_WORDS;

/** Whether two name words are one: equal, or (both long) one edit apart. */
function sameWord(x: string, y: string): boolean {
  if (x === y) return true;
  return x.length >= SHARED_FUZZY_MIN && y.length >= SHARED_FUZZY_MIN && Math.abs(x.length - y.length) <= 1 && osaDistance(x, y) <= 1;
}

/** How many of a part's name words (SHARED_MIN letters or more) another part of the list writes too. */
function echoed(p: Part, parts: readonly Part[]): number {
  let n = 0;
  for (const x of p.words) {
    if (x.length >= SHARED_MIN && parts.some((q) => q !== p && q.words.some((y) => sameWord(x, y)))) n++;
  }
  return n;
}

/**
 * The parts of a comma list of names, or null when the commas are not a list. The names of one
 * party written one after another repeat their words: a part is a name of the list when it is a full
 * name and other parts write more than half of its name words (of two parts, both must), half of them
 * among three parts or more ("T, T Shipping Company, ..."). "SURNAME, Given names" is a surname of
 * one word, or given names that repeat half of the surname at most ("ZAIN KHAN, Dilawar Khan"); a
 * name with commas inside ("X Co., Ltd., City", "Directorate of P, Office of the C") repeats none.
 */
function commaList(text: string, budget: { parts: number }): Part[] | null {
  if (!COMMA.test(text) || budget.parts < 2) return null;
  const texts = text.split(COMMA, budget.parts).map(trimmed).filter((t) => t.length > 0);
  // Read without normalising first: "SURNAME, Given names" (one written word before the comma) is the common case.
  const long = texts.filter((t) => writtenWords(t) >= MIN_NAME_WORDS).length;
  if (texts.length < 2 || long === 0 || (texts.length === 2 && long < 2)) return null;
  budget.parts -= texts.length;
  const parts = texts.map(partOf);
  const named = parts.filter((p) => {
    if (!isFullName(p)) return false;
    const e = 2 * echoed(p, parts);
    return parts.length === 2 ? e > p.words.length : e >= p.words.length;
  });
  if (parts.length === 2 && named.length < 2) return null;
  return named.length > 0 ? named : null;
}

/**
 * The names a query name lists, besides itself (empty when it is one name): its parts between the
 * markers (MARKER), each part a comma list in turn (commaList), those of MIN_NAME_WORDS name words
 * or more; at most MAX_ALTERNATIVES, the first and then the fullest, in the order written.
 */
export function alternativeNames(name: string): string[] {
  // A request is screened in one mode, a batch or a comparison in several: the last answer is kept.
  if (name !== last.name) last = { name, names: readAlternatives(name) };
  return last.names;
}

let last: { name: string; names: string[] } = { name: '', names: [] };

function readAlternatives(name: string): string[] {
  // Read within the name's own limits (budget.ts FULL_LIMITS: the whole string is read no further).
  const text = name.length > FULL_LIMITS.chars ? name.slice(0, FULL_LIMITS.chars) : name;
  if (!COMMA.test(text) && !HINT.test(text)) return [];
  const found: Part[] = [];
  const budget = { parts: MAX_PARTS };
  const opened = text.replace(LEADING, '');
  const pieces = opened.split(MARKER, MAX_PARTS).map((s) => s.trim()).filter((s) => s.length > 0);
  // A marker met: the pieces are names, even one alone ("formerly known as X Y").
  const marked = pieces.length > 1 || opened !== text;
  for (const piece of pieces) {
    const list = commaList(piece, budget);
    if (list) found.push(...list);
    else if (marked && budget.parts-- > 0) found.push(partOf(piece));
  }
  const seen = new Set<string>([name.trim()]);
  const candidates: Array<Part & { at: number }> = [];
  for (const p of found) {
    const key = p.words.join(' ');
    if (!isFullName(p) || seen.has(key) || seen.has(p.text)) continue;
    seen.add(key);
    candidates.push({ ...p, at: candidates.length });
  }
  if (candidates.length <= MAX_ALTERNATIVES) return candidates.map((p) => p.text);
  const [first, ...rest] = candidates;
  const fullest = rest.sort((a, b) => b.words.length - a.words.length || a.at - b.at).slice(0, MAX_ALTERNATIVES - 1);
  return [first, ...fullest].sort((a, b) => a.at - b.at).map((p) => p.text);
}
