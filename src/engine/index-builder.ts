/**
 * @module Builds the candidate index from list entries as plain typed arrays (no WASM here), so it
 * can run in a worker thread and be transferred, then copied into a core's linear memory.
 *
 * Every name of an entry (primary and aliases, deduplicated on their normalised form) becomes a
 * row of single-token units plus adjacent-pair compounds. Token weights are rarity over all list
 * names: w = ln(1 + N / df), scaled down for weak tokens (legal forms, particles) and very short
 * tokens, which identify little.
 */
import { FNV_OFFSET, FNV_PRIME } from './fnv.js';
import type { ListEntry, ListSource } from '../lists/model.js';
import { LIST_SOURCES } from '../lists/model.js';
import { exactCountryName } from '../lists/countries.js';
import { normaliseName, skeleton, skeletonOf, strictKey, type NameToken } from './normalise.js';
import { buildEntryLookup, type EntryLookup } from './entry-lookup.js';
import { COMMON_NAME_WEIGHT, COMMON_NAMES } from './vocabulary.js';
import { firstGivenWord, givenNameGroups, hasKunya, hyphenatedGivenNames, lastPosition, leadingGivenName, runOfName, surnameOf, tokenInitials } from './name-structure.js';

export const TG_ALPHABET = 37;
export const TG_SIZE = TG_ALPHABET ** 3;
/** Candidate positions are tracked in a 64-bit mask in the core. */
export const MAX_NAME_TOKENS = 63;
export const WEAK_FACTOR = 0.15;
/** Flag bit in unitPS marking a raw-spelling unit (bits 0-7 position, 8-15 span). */
export const RAW_UNIT = 1 << 16;

export type NameType = 'primary' | 'aka' | 'fka' | 'nka';

export interface IndexedName {
  entry: number;
  type: NameType;
  weak: boolean;
  text: string;
}

export interface IndexArrays {
  tokenCount: number;
  nameCount: number;
  tokBytes: Uint8Array;
  tokOff: Uint32Array;
  tokWeight: Float32Array;
  tgOff: Uint32Array;
  tgList: Uint32Array;
  postOff: Uint32Array;
  postList: Uint32Array;
  unitOff: Uint32Array;
  unitTok: Uint32Array;
  unitPS: Uint32Array;
  unitW: Float32Array;
  nameList: Uint8Array;
  /** Per token, 1 for a descriptor of organisations (descriptorWords). */
  tokDesc: Uint8Array;
  /** Deletion-neighbourhood index for one-edit search: 2^delBits slots of [FNV-1a hash, token + 1]. */
  delBits: number;
  delTable: Uint32Array;
}

export interface BuiltIndex {
  arrays: IndexArrays;
  names: IndexedName[];
  /** Token text -> dictionary id. */
  tokens: Map<string, number>;
  /** Consonant skeleton -> dictionary ids (single tokens only). */
  skeletons: Map<string, number[]>;
  /** Sorted letters -> dictionary ids of single tokens and raw spellings of ANAGRAM_MIN+ letters (reversed, scrambled spellings; list words of their own, see isListedWord). */
  anagrams: Map<string, number[]>;
  /** Number of names the token occurs in (for query weights). */
  df: Uint32Array;
  /** Weight a query token absent from every list gets (the rarest possible). */
  unseenWeight: number;
  /** strictKey (sorted strong tokens) -> name ids, for strict mode. */
  strictKeys: Map<string, number[]>;
  /** Entries by ID and by listed identifier (entry-lookup.ts). */
  lookup: EntryLookup;
  /** Name id -> its given-name groups (name-structure.ts), for the names that have any. */
  groups: Map<number, number[]>;
  /** Name id -> the strong token positions of its surname (name-structure.ts surnameOf), for the names that say. */
  surnames: Map<number, number>;
  /** Name id -> the token position of its first given name, for the names whose surname is known. */
  firstGiven: Map<number, number>;
  /** Name id -> the token positions (u32 mask) of a listed person's first given name, for the comma names whose later given names alone name someone else (name-structure.ts leadingGivenName). */
  leadingGiven: Map<number, number>;
  /**
   * Name id -> per token position, the letters (bits 0-25) a query's initial may stand for it by, for
   * the names with groups or a leadingGiven: the token's first letter as folded and as written, and at
   * the first given name's first position the first given name's letters in every comma name of the
   * entry, the ones folded into this row too ("GLADKIKH, Yevgeniy" into "GLADKIKH, Evgeny": Y. and E.).
   */
  givenInitials: Map<number, number[]>;
  /**
   * Per name id, NAME_ONE_WORD (one strong token, weak words aside: a vessel, a one-word company or
   * alias, LAUREN, BAXTER) and NAME_NATURAL_ORDER (an individual's name without a comma, three strong
   * tokens or more: "First Middle Last"). A typed array: the index crosses to the serving threads.
   */
  nameFlags: Uint8Array;
}

/** BuiltIndex.nameFlags bits. */
export const NAME_ONE_WORD = 1;
export const NAME_NATURAL_ORDER = 2;
/** The name is an individual's (a given name is no descriptor: name-matcher.ts rowPaired). */
export const NAME_PERSON = 4;

export function symbolOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 96;
  if (code >= 48 && code <= 57) return code - 48 + 27;
  return 0;
}

// Per trigram, the last token that listed it (trigramIds' duplicate check without a Set per token).
const trigramStamp = new Uint32Array(TG_SIZE);
let trigramCall = 0;

/** Trigram ids of "$$" + token + "$", deduplicated, in order of first occurrence. */
export function trigramIds(token: string): number[] {
  if (++trigramCall === 0xffffffff) {
    trigramStamp.fill(0);
    trigramCall = 1;
  }
  const ids: number[] = [];
  let s0 = 0;
  let s1 = 0;
  for (let i = 0; i <= token.length; i++) {
    const s2 = i < token.length ? symbolOf(token.charCodeAt(i)) : 0;
    const id = (s0 * TG_ALPHABET + s1) * TG_ALPHABET + s2;
    if (trigramStamp[id] !== trigramCall) {
      trigramStamp[id] = trigramCall;
      ids.push(id);
    }
    s0 = s1;
    s1 = s2;
  }
  return ids;
}

export function lengthFactor(len: number): number {
  return len <= 1 ? 0.3 : len === 2 ? 0.7 : 1;
}

/** Patronymics (Aleksandrovich, Ivanovna, Petrovych) identify the father more than the person. */
const PATRONYMIC = /(?:ovich|evich|ovych|evych|ovna|evna|ichna|yevna)$/;

export function tokenWeight(df: number, nameCount: number, token: string, weak: boolean): number {
  let idf = Math.log(1 + nameCount / Math.max(df, 0.5));
  if (COMMON_NAMES.has(token)) idf = Math.min(idf, COMMON_NAME_WEIGHT);
  if (token.length >= 7 && PATRONYMIC.test(token)) idf *= 0.5;
  return idf * lengthFactor(token.length) * (weak ? WEAK_FACTOR : 1);
}

/** Adjacent pairs joined, so "abdul rahman" also meets "abdulrahman". Legal forms are not joined. */
export function compounds(tokens: readonly NameToken[]): Array<{ pos: number; text: string }> {
  const out: Array<{ pos: number; text: string }> = [];
  for (let i = 0; i + 1 < tokens.length; i++) {
    const a = tokens[i];
    const b = tokens[i + 1];
    // "SiemensAG", "AlQaida": a particle or legal form joins its neighbour in real spellings.
    if (a.weak && !isParticleLike(a.text)) continue;
    out.push({ pos: i, text: a.text + b.text });
  }
  return out;
}

function isParticleLike(text: string): boolean {
  return text.length <= 4;
}

/** Distinct dictionary ids of a name's units (a name counts once per token in df and postings). */
function unitIdsOf(row: Pick<NameRow, 'tokenIds' | 'compoundIds' | 'rawIds'>): number[] {
  const ids: number[] = [];
  const add = (id: number): void => {
    if (!ids.includes(id)) ids.push(id);
  };
  for (const id of row.tokenIds) add(id);
  for (const c of row.compoundIds) add(c.id);
  for (const r of row.rawIds) add(r.id);
  return ids;
}

/** Slots of the deletion table are at least twice its keys: probe runs stay short. */
const DELETION_MIN_BITS = 16;

/** Shortest token matched by its letters in any order: shorter anagrams are mostly other names. */
export const ANAGRAM_MIN = 5;

// Letter counts for anagramKey (tokens are [a-z0-9]: one byte per character).
const letterCounts = new Uint16Array(128);

/** A token's letters sorted: equal for "putin" and "nitup". */
export function anagramKey(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Not plain ASCII (never, after normalisation): the general sort.
    if (c >= 128) return [...text].sort().join('');
    letterCounts[c]++;
  }
  let key = '';
  for (let c = 0; c < 128; c++) {
    const n = letterCounts[c];
    if (n === 0) continue;
    key += String.fromCharCode(c).repeat(n);
    letterCounts[c] = 0;
  }
  return key;
}

/**
 * Every token's keys (itself, and itself with one letter deleted) in an open-addressing table: slot
 * i holds [FNV-1a hash, token id + 1] (0 = empty), a key at the first free slot from hash & mask.
 * Two tokens within one edit share a key, so one-edit search probes a handful of short runs, one
 * cache line each. Keys are inserted by token id, so a run holds equal keys in that order.
 */
function buildDeletions(tokBytes: Uint8Array, tokOff: Uint32Array): Pick<IndexArrays, 'delBits' | 'delTable'> {
  const count = tokOff.length - 1;
  const total = tokOff[count] + count;
  let bits = DELETION_MIN_BITS;
  while (1 << bits < 2 * total) bits++;
  const mask = (1 << bits) - 1;
  const delTable = new Uint32Array(2 << bits);
  const insert = (hash: number, id: number): void => {
    let s = hash & mask;
    while (delTable[2 * s + 1] !== 0) s = (s + 1) & mask;
    delTable[2 * s] = hash;
    delTable[2 * s + 1] = id + 1;
  };
  // FNV-1a state after each prefix of the token: a deletion at i continues from the state before i.
  let longest = 0;
  for (let id = 0; id < count; id++) longest = Math.max(longest, tokOff[id + 1] - tokOff[id]);
  const prefix = new Uint32Array(longest);
  for (let id = 0; id < count; id++) {
    const at = tokOff[id];
    const len = tokOff[id + 1] - at;
    let h = FNV_OFFSET;
    for (let i = 0; i < len; i++) {
      prefix[i] = h;
      h = Math.imul(h ^ tokBytes[at + i], FNV_PRIME) >>> 0;
    }
    insert(h, id);
    for (let i = 0; i < len; i++) {
      // Deleting either of two equal neighbours gives the same key: stored once.
      if (i > 0 && tokBytes[at + i] === tokBytes[at + i - 1]) continue;
      let d = prefix[i];
      for (let k = i + 1; k < len; k++) d = Math.imul(d ^ tokBytes[at + k], FNV_PRIME) >>> 0;
      insert(d, id);
    }
  }
  return { delBits: bits, delTable };
}

interface NameRow {
  tokens: NameToken[];
  tokenIds: number[];
  compoundIds: Array<{ pos: number; id: number }>;
  /** Raw spellings of folded tokens, as extra single units at the same position. */
  rawIds: Array<{ pos: number; id: number }>;
}

class Dictionary {
  readonly ids = new Map<string, number>();
  readonly texts: string[] = [];
  readonly weak: boolean[] = [];
  readonly df: number[] = [];

  id(text: string, weak: boolean): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
      this.weak.push(weak);
      this.df.push(0);
    } else if (!weak) {
      this.weak[id] = false;
    }
    return id;
  }
}

function collectNames(entries: readonly ListEntry[]): {
  names: IndexedName[]; rows: NameRow[]; dict: Dictionary; strictAlso: Array<[string, number]>; groups: Map<number, number[]>;
  surnames: Map<number, number>; firstGiven: Map<number, number>; leadingGiven: Map<number, number>; nameFlags: number[];
  givenInitials: Map<number, number[]>;
} {
  const names: IndexedName[] = [];
  const groups = new Map<number, number[]>();
  const surnames = new Map<number, number>();
  const firstGiven = new Map<number, number>();
  const leadingGiven = new Map<number, number>();
  const givenInitials = new Map<number, number[]>();
  const nameFlags: number[] = [];
  const rows: NameRow[] = [];
  const dict = new Dictionary();
  // Strict keys of the names folded into another row (see below), with the row that stands for them.
  const strictAlso: Array<[string, number]> = [];
  entries.forEach((entry, e) => {
    const from = names.length;
    // The words the entry's comma names, folded ones too, write as the surname or first (keepListedFirstNames).
    const called: CalledNames = { surname: new Set(), first: new Set(), skeletons: new Set(), initials: 0, kunya: false };
    const seen = new Map<string, number>();
    const all: Array<{ text: string; type: NameType; weak: boolean }> = [
      { text: entry.name, type: 'primary', weak: false },
      ...entry.aliases
        .map((a) => ({ text: a.name, type: a.type as NameType, weak: a.quality === 'weak' }))
        .sort((a, b) => Number(a.weak) - Number(b.weak)),
    ];
    for (const n of all) {
      const tokens = normaliseName(n.text).slice(0, MAX_NAME_TOKENS);
      // One row per distinct token set: "WILSON, Joseph" adds nothing to "JOSEPH, Wilson" (matching
      // is order-free), and the first (primary, then strong) spelling is the one kept.
      const key = tokens.map((t) => t.text).sort().join(' ');
      if (tokens.length === 0) continue;
      called.kunya ||= hasKunya(tokens);
      const surname = surnameOf(entry, n.text, tokens);
      const leading = surname === null ? null : leadingGivenName(entry, tokens, surname.tokens);
      if (surname !== null) addCalledNames(called, tokens, surname.tokens, leading);
      const same = seen.get(key);
      if (same !== undefined) {
        // Same tokens, other weak words ("ZULKIFLI, Abdul Hir bin": a last "bin" is a name, not the
        // particle of "HIR, Zulkifli Bin Abdul"): the strict key differs, and strict must find it verbatim.
        const strict = strictKey(tokens);
        if (strict !== strictKey(rows[same].tokens)) strictAlso.push([strict, same]);
        continue;
      }
      seen.set(key, rows.length);
      const tokenIds = tokens.map((t) => dict.id(t.text, t.weak));
      const compoundIds = compounds(tokens).map((c) => ({ pos: c.pos, id: dict.id(c.text, false) }));
      const rawIds = tokens.flatMap((t, pos) => (t.raw ? [{ pos, id: dict.id(t.raw, t.weak) }] : []));
      for (const id of unitIdsOf({ tokenIds, compoundIds, rawIds })) dict.df[id]++;
      const g = givenNameGroups(entry, n.text, tokens);
      if (g.length > 0) groups.set(names.length, g);
      if (surname !== null) {
        surnames.set(names.length, surname.mask);
        firstGiven.set(names.length, surname.tokens);
        if (leading !== null) leadingGiven.set(names.length, leading);
      }
      const oneWord = tokens.filter((t) => !t.weak).length === 1;
      const natural = entry.kind === 'individual' && !n.text.includes(',') && tokens.length >= 3 && tokens.every((t) => !t.weak);
      nameFlags.push((oneWord ? NAME_ONE_WORD : 0) | (natural ? NAME_NATURAL_ORDER : 0) | (entry.kind === 'individual' ? NAME_PERSON : 0));
      names.push({ entry: e, type: n.type, weak: n.weak, text: n.text });
      rows.push({ tokens, tokenIds, compoundIds, rawIds });
    }
    keepListedFirstNames(rows, leadingGiven, from, called);
    groupHyphenatedElsewhere(entry, names, rows, groups, from);
    addGivenInitials(rows, groups, leadingGiven, givenInitials, from, called.initials);
  });
  return { names, rows, dict, strictAlso, groups, surnames, firstGiven, leadingGiven, nameFlags, givenInitials };
}

/**
 * A given name the entry writes hyphenated in one of its names ("MOHSENI-EJEI, Qolam-Hossein") is
 * one name in its other names too, written apart ("MOHSENI EJEI, Gholam Hossein"): grouped there
 * (givenNameGroups, runOfName), so "Hossein Mohseni-Ejei" splits it there as it does the hyphenated one.
 */
function groupHyphenatedElsewhere(
  entry: ListEntry, names: readonly IndexedName[], rows: readonly NameRow[], groups: Map<number, number[]>, from: number,
): void {
  const hyphenated = names.slice(from).flatMap((n) => hyphenatedGivenNames(entry, n.text));
  for (const name of hyphenated) {
    for (let k = from; k < rows.length; k++) {
      const run = runOfName(rows[k].tokens, name);
      const g = groups.get(k) ?? [];
      if (run === null || g.some((mask, i) => i % 2 === 0 && mask === run[0] && g[i + 1] === run[1])) continue;
      g.push(...run);
      groups.set(k, g);
    }
  }
}

/**
 * The strong words an entry's comma names write as the surname, and as the first given name; the
 * letters (tokenInitials) of the first given name (its leadingGivenName positions when it has some);
 * whether any of its names has a kunya (hasKunya); the consonant skeletons of the words of both
 * sets (of CALLED_SKELETON consonants or more: shorter ones, "mr" of Omar and Amir, tell names apart too little).
 */
interface CalledNames { surname: Set<string>; first: Set<string>; skeletons: Set<string>; initials: number; kunya: boolean }

const CALLED_SKELETON = 3;

/** Add a comma name (`tokens`, the first `surnameTokens` the surname; `leading`, leadingGivenName) to `called`. */
function addCalledNames(called: CalledNames, tokens: readonly NameToken[], surnameTokens: number, leading: number | null): void {
  const addSkeleton = (t: NameToken): void => {
    const sk = skeletonOf(t.text);
    if (sk.length >= CALLED_SKELETON) called.skeletons.add(sk);
  };
  for (const t of tokens.slice(0, surnameTokens)) {
    if (t.weak) continue;
    called.surname.add(t.text);
    addSkeleton(t);
  }
  const first = firstGivenWord(tokens.slice(surnameTokens));
  if (first < 0) return;
  called.first.add(tokens[surnameTokens + first].text);
  addSkeleton(tokens[surnameTokens + first]);
  if (leading === null) called.initials |= tokenInitials(tokens[surnameTokens + first]);
  else tokens.forEach((t, p) => { if (p < 32 && ((leading >>> p) & 1) === 1) called.initials |= tokenInitials(t); });
}

/**
 * Each row (`from` on) with groups or a leadingGiven: the letters its tokens' initials may be written
 * as (BuiltIndex.givenInitials), those of the entry's first given names (`initials`) at its first one.
 */
function addGivenInitials(
  rows: readonly NameRow[], groups: ReadonlyMap<number, number[]>, leadingGiven: ReadonlyMap<number, number>,
  givenInitials: Map<number, number[]>, from: number, initials: number,
): void {
  for (let k = from; k < rows.length; k++) {
    const first = leadingGiven.get(k);
    if (first === undefined && !groups.has(k)) continue;
    const letters = rows[k].tokens.map(tokenInitials);
    if (first !== undefined) letters[lastPosition(first & -first)] |= initials;
    givenInitials.set(k, letters);
  }
}

/**
 * A later given name that another comma name of the same entry writes first, or as the surname
 * (`called`, addCalledNames: every comma name of the entry, the ones folded into another row of the
 * same words too), is a name the person goes by: "AL-YAFI'I, Wali Nashwan" is listed as "AL-YAFI'I,
 * Nashwan al-Wali" too, "DJIBO, Halid Illiassou" as "ILLIASSOU, Djibbo", "BAKER, Rami Yaacoub" as
 * "RAMI, Yaacoub Baker" (one row), spelled alike or joined (calledLater). A name whose surname and
 * first given name the entry writes the other way round too (swappedOrder) leaves the list unsure
 * which word is the first name. A person the entry names by a kunya too ("ABDELOUADOUD, Abou
 * Mossab" for "ABD AL-WADOUB, Abdou Moussa") is called by the kunya's name, a later given name
 * elsewhere, alone. None of these names (rows `from` on) keeps its leadingGiven one.
 */
function keepListedFirstNames(rows: readonly NameRow[], leadingGiven: Map<number, number>, from: number, called: CalledNames): void {
  for (let k = from; k < rows.length; k++) {
    const first = leadingGiven.get(k);
    if (first === undefined) continue;
    const tokens = rows[k].tokens;
    if (called.kunya || swappedOrder(tokens, first, called) || calledLater(tokens.slice(lastPosition(first) + 1), called)) leadingGiven.delete(k);
  }
}

/**
 * Whether the entry writes a comma name's first given name (at `first`, a leadingGiven mask) as a
 * surname and one of its surname words as a first given name ("AHMED, Adnan S. Hasan" and "ADNAN,
 * Ahmed S. Hasan").
 */
function swappedOrder(tokens: readonly NameToken[], first: number, called: CalledNames): boolean {
  const at = lastPosition(first & -first);
  return called.surname.has(tokens[at].text) && tokens.slice(0, at).some((t) => !t.weak && called.first.has(t.text));
}

/**
 * Whether one of a row's later given names (`later`) is a word `called` holds, or spelled alike
 * (consonant skeletons: "Yaqub", "Yaacoub"), or written as one word where the row writes two
 * ("FARRAJ, Fateh Najm Eddine" and "NAJMUDDIN, Faraj Ahmad").
 */
function calledLater(later: readonly NameToken[], called: CalledNames): boolean {
  const strong = later.filter((t) => !t.weak);
  return strong.some((t, i) =>
    called.surname.has(t.text) || called.first.has(t.text) || called.skeletons.has(skeletonOf(t.text)) ||
    (i + 1 < strong.length && called.skeletons.has(skeletonOf(t.text + strong[i + 1].text))));
}

/**
 * Trigram postings in CSR form, each list sorted by first letter, then length (capped at 0xffff, as
 * the core's tgKey), then id: the core binary-searches the window. Two counting passes over the
 * tokens taken in that order produce it directly, with no per-list sort.
 */
function buildTrigrams(dict: Dictionary): { tgOff: Uint32Array; tgList: Uint32Array } {
  // Each list in (first letter, length, id) order: the two-edit search keeps the query's first
  // letter and a length window, one contiguous run of every list it reads (assembly/search.ts).
  const T = dict.texts.length;
  const key = new Float64Array(T);
  for (let id = 0; id < T; id++) {
    const text = dict.texts[id];
    key[id] = (text.length > 0 ? symbolOf(text.charCodeAt(0)) : 0) * 2 ** 32 + Math.min(text.length, 0xffff);
  }
  const order = Array.from(dict.texts.keys()).sort((a, b) => key[a] - key[b] || a - b);
  const grams = order.map((id) => trigramIds(dict.texts[id]));
  const tgOff = new Uint32Array(TG_SIZE + 1);
  for (const g of grams) for (const tg of g) tgOff[tg + 1]++;
  for (let i = 0; i < TG_SIZE; i++) tgOff[i + 1] += tgOff[i];
  const fill = tgOff.slice(0, TG_SIZE);
  const tgList = new Uint32Array(tgOff[TG_SIZE]);
  order.forEach((id, k) => {
    for (const tg of grams[k]) tgList[fill[tg]++] = id;
  });
  return { tgOff, tgList };
}

function buildPostings(dict: Dictionary, rows: NameRow[]): { postOff: Uint32Array; postList: Uint32Array } {
  const postOff = new Uint32Array(dict.texts.length + 1);
  let total = 0;
  for (let t = 0; t < dict.texts.length; t++) {
    postOff[t] = total;
    total += dict.df[t];
  }
  postOff[dict.texts.length] = total;
  const fill = postOff.slice(0, dict.texts.length);
  const postList = new Uint32Array(total);
  rows.forEach((row, n) => {
    for (const id of unitIdsOf(row)) postList[fill[id]++] = n;
  });
  return { postOff, postList };
}

/** Document frequencies to weigh tokens by, when they should come from another (larger) index. */
export interface WeightReference {
  tokens: ReadonlyMap<string, number>;
  df: Uint32Array;
  /** tokDesc: the reference's descriptors (descriptorWords), where it has them. */
  arrays: { nameCount: number; tokDesc?: Uint8Array };
}

/** A larger index whose single words (its skeleton and anagram tables) an index of some of its entries follows. */
export type WordsReference = Pick<BuiltIndex, 'tokens' | 'skeletons' | 'anagrams' | 'arrays'>;

/** Whether `table` (a skeleton or anagram table of `words`) lists token `at` under `key`. */
const tabledAt = (table: ReadonlyMap<string, readonly number[]>, key: string, at: number): boolean => table.get(key)?.includes(at) === true;

/**
 * `words` (Engine.restrictedTo: the full index of an index over some of its entries): a token of
 * these entries is weighed as `words` weighs it (strong there when some name has it strong), and one
 * that another name of `words` has as a word of its own ("AEROCONTINENTE", written apart "AERO
 * CONTINENTE" here) is tabled by its skeleton and letters as it is there, so a query meets these
 * entries' names by every search, and at the weights, it meets them in a full screening.
 */
export function buildIndex(entries: readonly ListEntry[], reference?: WeightReference, words?: WordsReference): BuiltIndex {
  const { names, rows, dict, strictAlso, groups, surnames, firstGiven, leadingGiven, nameFlags, givenInitials } = collectNames(entries);
  const N = names.length;
  const T = dict.texts.length;
  const dfOf = (t: number): number => {
    if (!reference) return dict.df[t];
    const id = reference.tokens.get(dict.texts[t]);
    return id === undefined ? 0 : reference.df[id];
  };
  const refN = reference ? reference.arrays.nameCount : N;
  const tokOff = new Uint32Array(T + 1);
  let bytes = 0;
  for (let t = 0; t < T; t++) {
    tokOff[t] = bytes;
    bytes += dict.texts[t].length;
  }
  tokOff[T] = bytes;
  // Tokens are [a-z0-9] only (normalise.ts), so one byte per character.
  const tokBytes = new Uint8Array(bytes);
  dict.texts.forEach((text, t) => {
    const at = tokOff[t];
    for (let i = 0; i < text.length; i++) tokBytes[at + i] = text.charCodeAt(i);
  });
  const tokWeight = new Float32Array(T);
  for (let t = 0; t < T; t++) tokWeight[t] = tokenWeight(dfOf(t), refN, dict.texts[t], dict.weak[t]);
  // A word weak in these entries' names (an article "AL") may be a name's strong word elsewhere in
  // `words`, which weighs it as such: weighed as there, so each name here scores as it does there.
  if (words !== undefined) {
    for (let t = 0; t < T; t++) {
      const at = words.tokens.get(dict.texts[t]);
      if (at !== undefined) tokWeight[t] = words.arrays.tokWeight[at];
    }
  }

  const unitCount = rows.reduce((s, r) => s + r.tokenIds.length + r.compoundIds.length + r.rawIds.length, 0);
  const unitOff = new Uint32Array(N + 1);
  const unitTok = new Uint32Array(unitCount);
  const unitPS = new Uint32Array(unitCount);
  const unitW = new Float32Array(unitCount);
  const nameList = new Uint8Array(N);
  let u = 0;
  rows.forEach((row, n) => {
    unitOff[n] = u;
    nameList[n] = LIST_SOURCES.indexOf(entries[names[n].entry].listSource as ListSource);
    row.tokenIds.forEach((id, pos) => {
      unitTok[u] = id;
      unitPS[u] = pos | (1 << 8);
      unitW[u++] = tokWeight[id];
    });
    for (const c of row.compoundIds) {
      unitTok[u] = c.id;
      unitPS[u] = c.pos | (2 << 8);
      unitW[u++] = tokWeight[row.tokenIds[c.pos]] + tokWeight[row.tokenIds[c.pos + 1]];
    }
    // Raw spellings stand at their token's position with their token's weight; the core's
    // unmatched-mass sum counts only the first single unit of a position, so nothing counts twice.
    for (const r of row.rawIds) {
      unitTok[u] = r.id;
      unitPS[u] = r.pos | (1 << 8) | RAW_UNIT;
      unitW[u++] = tokWeight[row.tokenIds[r.pos]];
    }
  });
  unitOff[N] = u;
  // Descriptors as the full lists tell them (`words` or `reference`: the index this one is a part of,
  // or weighs its words by).
  const tokDesc = descriptorWords(entries, names, rows, dict, tokWeight);
  const descFrom = words ?? (reference?.arrays.tokDesc !== undefined ? reference : undefined);
  const refDesc = words !== undefined ? words.arrays.tokDesc : reference?.arrays.tokDesc;
  if (descFrom !== undefined && refDesc !== undefined) {
    for (let t = 0; t < T; t++) {
      const at = descFrom.tokens.get(dict.texts[t]);
      tokDesc[t] = at === undefined ? 0 : refDesc[at];
    }
  }

  const skeletons = new Map<string, number[]>();
  // Tokens some name has as a single token (not only inside a compound or as a raw spelling).
  const single = new Uint8Array(T);
  for (const row of rows) for (const id of row.tokenIds) single[id] = 1;
  // Looked up token by token in `words`' own tables (these entries' words are few; its tables are not).
  if (words !== undefined) {
    dict.texts.forEach((text, id) => {
      const at = single[id] === 0 ? words.tokens.get(text) : undefined;
      if (at !== undefined && tabledAt(words.skeletons, skeleton(text), at)) single[id] = 1;
    });
  }
  dict.texts.forEach((text, id) => {
    // Compounds meet their counterparts through letters (trigrams), not through skeletons.
    if (single[id] === 0) return;
    const sk = skeleton(text);
    // One-consonant skeletons too: an abjad word may be one letter written twice (كاكا "kk" = Kaka);
    // a Latin word needs three consonants to search by skeleton (name-matcher.ts addPhonetic).
    if (sk.length < 1) return;
    const list = skeletons.get(sk);
    if (list) list.push(id);
    else skeletons.set(sk, [id]);
  });

  // Raw spellings are list words too ("hsueh" of Wade-Giles "Hsueh" = xue): a word break may end on one.
  for (const row of rows) for (const r of row.rawIds) single[r.id] |= 2;
  if (words !== undefined) {
    dict.texts.forEach((text, id) => {
      const at = single[id] === 0 && text.length >= ANAGRAM_MIN ? words.tokens.get(text) : undefined;
      if (at !== undefined && tabledAt(words.anagrams, anagramKey(text), at)) single[id] = 2;
    });
  }
  const anagrams = new Map<string, number[]>();
  dict.texts.forEach((text, id) => {
    if (single[id] === 0 || text.length < ANAGRAM_MIN) return;
    const key = anagramKey(text);
    const list = anagrams.get(key);
    if (list) list.push(id);
    else anagrams.set(key, [id]);
  });

  const strictKeys = new Map<string, number[]>();
  const addStrict = (key: string, n: number): void => {
    const list = strictKeys.get(key);
    if (!list) strictKeys.set(key, [n]);
    else if (!list.includes(n)) list.push(n);
  };
  rows.forEach((row, n) => addStrict(strictKey(row.tokens), n));
  for (const [key, n] of strictAlso) addStrict(key, n);

  return {
    strictKeys,
    groups,
    surnames,
    firstGiven,
    leadingGiven,
    givenInitials,
    nameFlags: Uint8Array.from(nameFlags),
    lookup: buildEntryLookup(entries),
    arrays: {
      tokenCount: T, nameCount: N, tokBytes, tokOff, tokWeight, ...buildTrigrams(dict), ...buildPostings(dict, rows),
      unitOff, unitTok, unitPS, unitW, nameList, tokDesc, ...buildDeletions(tokBytes, tokOff),
    },
    names,
    tokens: dict.ids,
    skeletons,
    anagrams,
    df: Uint32Array.from(dict.df),
    unseenWeight: tokenWeight(0, refN, 'xxxx', false),
  };
}

/**
 * Per dictionary token, 1 where the word is a DESCRIPTOR of organisations (name-matcher.ts
 * UNKNOWN_DESCRIPTOR_STAND_IN: a word the lists do not know may stand in for it): a strong word of
 * the names of DESCRIPTOR_MIN_ENTRIES organisations (entries) or more, on no individual's name (a
 * surname: a listed people's surname is no descriptor), no address's city, state or region text and
 * no country's name (a place several parties are named after: BUSHEHR, ESFAHAN), and beside
 * different distinctive words: two of its entries whose other words of DESCRIPTOR_NEIGHBOUR_WEIGHT
 * or more share none (a party's own name, repeated across its aliases or related entries, comes
 * with the same words; a name on one entry only is never one). Militia, combine, plants, gharargah
 * (Persian "headquarters") are; KANIYAT, VAGNER, BUSHEHR are not. Where this index is part of a
 * larger one (`words`), the larger one's flags hold.
 * Measured (cross-publisher dev half, with UNKNOWN_DESCRIPTOR_STAND_IN 9.6): as written, latin-entity
 * 0.7265 -> 0.7306; also barring a word that opens an organisation's name (a proper noun): 0.7279
 * (head-initial descriptors lost: "Zavod X", Persian "Gharargah-e X"); every word flagged (the
 * weight window alone): 0.7333, name_bench F1 0.9118 -> 0.9095 (FP 19 -> 21), cascade F1 0.7465 -> 0.7439.
 */
export function descriptorWords(entries: readonly ListEntry[], names: readonly IndexedName[], rows: readonly NameRow[], dict: Dictionary, tokWeight: Float32Array): Uint8Array {
  const T = dict.texts.length;
  const barred = new Uint8Array(T);
  const perEntry = new Map<number, Map<number, Set<number>>>();
  const placeTexts = new Set<string>();
  for (const e of entries) for (const a of e.addresses ?? []) for (const f of [a.city, a.state, a.countryText]) if (f) placeTexts.add(f);
  const places = new Set<string>();
  for (const f of placeTexts) for (const t of normaliseName(f)) places.add(t.text);
  rows.forEach((row, n) => {
    const entry = entries[names[n].entry];
    const strong = row.tokenIds.filter((id, pos) => !row.tokens[pos].weak && !dict.weak[id]);
    if (entry.kind !== 'entity') {
      if (entry.kind === 'individual') for (const id of strong) barred[id] = 1;
      return;
    }
    for (const id of strong) {
      let byEntry = perEntry.get(id);
      if (!byEntry) perEntry.set(id, (byEntry = new Map()));
      let others = byEntry.get(names[n].entry);
      if (!others) byEntry.set(names[n].entry, (others = new Set()));
      for (const o of strong) if (o !== id && tokWeight[o] >= DESCRIPTOR_NEIGHBOUR_WEIGHT) others.add(o);
    }
  });
  const flags = new Uint8Array(T);
  for (const [id, byEntry] of perEntry) {
    const text = dict.texts[id];
    if (barred[id] === 1 || byEntry.size < DESCRIPTOR_MIN_ENTRIES || places.has(text) || exactCountryName(text) !== undefined) continue;
    if (twoApart([...byEntry.values()].filter((s) => s.size > 0))) flags[id] = 1;
  }
  return flags;
}

/**
 * Whether two of the sets share no member. Pairs are compared until one is found, at most
 * DESCRIPTOR_PAIRS_MAX of them: a word on thousands of entries that all share a neighbour (a crafted
 * list file) would otherwise cost the square of their number; past the bound the word is no descriptor.
 */
function twoApart(sets: ReadonlyArray<ReadonlySet<number>>): boolean {
  let budget = DESCRIPTOR_PAIRS_MAX;
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      if (--budget < 0) return false;
      let shared = false;
      for (const o of sets[i]) if (sets[j].has(o)) { shared = true; break; }
      if (!shared) return true;
    }
  }
  return false;
}

/** twoApart: set pairs compared at most per word (the lists' words find a pair apart within a few). */
export const DESCRIPTOR_PAIRS_MAX = 10_000;
/** descriptorWords: the organisations (entries) a descriptor is found on, at the least. */
export const DESCRIPTOR_MIN_ENTRIES = 2;
/** descriptorWords: a descriptor's neighbours that tell its entries apart weigh this much or more (a distinctive word). */
export const DESCRIPTOR_NEIGHBOUR_WEIGHT = 7;
