/**
 * @module Name structure: which tokens of a listed person's name belong together as one given name.
 *
 * A given name written in parts is one name, not several: "KIM, Jong Un" has the given name
 * Jong Un, "BEMBA, Jean-Pierre" the given name Jean-Pierre. A query with only one of the parts
 * ("Kim Un", "Jean Bemba") names someone else with the same surname, while a query that leaves a
 * whole middle name out ("SMITH John" for "SMITH, John Paul") is the usual partial match. The
 * index records, per listed name, the token positions of each such given name (a group); the
 * matcher lowers the score of an alignment that matched some of a group's tokens but not all.
 *
 * Groups are read only where the list says which part is the given name ("SURNAME, Given Names",
 * one comma, an individual): a hyphenated given name is a group of its strong tokens; the whole
 * given name of a person with a Chinese or Korean nationality or citizenship is one group (the
 * syllables of one given name, never a first and a middle name).
 */
import type { ListEntry } from '../lists/model.js';
import anyAscii from 'any-ascii';
import { simplifiedHan } from './han-variants.js';
import { HANGUL, koreanListSpelling, normaliseName, rawWords, skeletonOf, type NameToken } from './normalise.js';
import { GENERIC_FIRST_GIVEN, GIVEN_NAME_TITLES } from './vocabulary.js';

/** Nationalities whose given names are written in syllables of one name (Chinese, Korean). */
const SYLLABIC_GIVEN_NAMES: ReadonlySet<string> = new Set(['CN', 'KP', 'KR', 'TW', 'HK', 'MO']);

/**
 * Korean and Chinese surnames as the lists romanise them: a comma name with one of these as its
 * surname and given-name parts that are all single syllables is read as Korean or Chinese even
 * when the entry states no nationality (an alias, a list without one).
 */
export const SYLLABIC_SURNAMES: ReadonlySet<string> = new Set([
  'kim', 'ri', 'yi', 'lee', 'pak', 'park', 'choe', 'choi', 'jong', 'chong', 'kang', 'cho', 'jo', 'yun', 'jang', 'chang', 'han',
  'o', 'oh', 'so', 'sin', 'shin', 'kwon', 'hwang', 'ahn', 'song', 'ryu', 'yu', 'hong', 'jon', 'chon', 'ko', 'mun', 'ryang',
  'hyon', 'paek', 'kwak', 'sim', 'ju', 'chu', 'om', 'nam', 'rim', 'im', 'kye', 'pyon', 'myong', 'cha', 'ryom', 'sok', 'tong',
  'wang', 'zhang', 'liu', 'chen', 'yang', 'zhao', 'huang', 'zhou', 'wu', 'xu', 'sun', 'hu', 'zhu', 'gao', 'lin', 'guo', 'luo',
  'zheng', 'xie', 'tang', 'feng', 'deng', 'cao', 'peng', 'zeng', 'xiao', 'tian', 'dong', 'pan', 'yuan', 'cai', 'jiang', 'yu',
  'du', 'ye', 'cheng', 'wei', 'su', 'lu', 'ding', 'ren', 'shen', 'yao', 'jin', 'fu', 'zhong', 'tan', 'liao', 'fang', 'shi', 'xiong',
]);
/** One romanised Korean or Chinese syllable. */
export const SYLLABLE = /^[bcdfghjklmnpqrstwxyz]{0,3}[aeiouy]{1,3}(?:ng|n|m|k|l|p|t|r)?$/;

/** Group masks cover token positions 0-31 (the core reports matched positions as one u32). */
const MAX_GROUP_POSITION = 31;

/**
 * The groups of one listed name (u32 masks of token positions; empty when it has none). `tokens`
 * are the name's normalised tokens as indexed; a name whose words do not normalise one by one to
 * exactly those tokens (phrases folded across words) gets none.
 */
export function givenNameGroups(
  entry: Pick<ListEntry, 'kind' | 'nationalities' | 'citizenships'> & { addresses?: ListEntry['addresses'] }, text: string, tokens: readonly NameToken[],
): number[] {
  if (entry.kind !== 'individual') return [];
  const parts = text.split(',');
  if (parts.length === 1) return hyphenGroups(text, tokens);
  if (parts.length !== 2) return [];
  const surname = normaliseName(parts[0]);
  const words = parts[1].split(/\s+/).filter(Boolean).map((w) => ({ raw: w, tokens: normaliseName(w) }));
  // Positions must line up with the indexed tokens, or the groups would name the wrong ones.
  // (Counts only: a whole-name spelling rule, Wade-Giles read as pinyin, may respell a word.)
  if (surname.length + words.reduce((n, w) => n + w.tokens.length, 0) !== tokens.length) return [];
  const groups: number[] = [];
  const given = tokens.slice(surname.length);
  if (syllabicGiven(entry, surname, given)) {
    pushGroup(groups, surname.length, given);
    return groups;
  }
  // Spanish double surnames ("CORONA ROMERO, Alfonso"): the first, the father's, is the one kept
  // when a surname is dropped; the second alone ("Alfonso Romero") names another family.
  const strongSurname = surname.map((t, k) => (t.weak ? -1 : k)).filter((k) => k >= 0);
  const hispanic = [...entry.nationalities, ...entry.citizenships, ...(entry.addresses ?? []).map((a) => a.country ?? '')].some((c) => HISPANIC.has(c));
  if (hispanic && strongSurname.length === 2 && strongSurname[1] <= MAX_GROUP_POSITION) {
    groups.push((1 << strongSurname[1]) >>> 0, (1 << strongSurname[0]) >>> 0);
  }
  let at = surname.length;
  for (const w of words) {
    if (HYPHEN.test(w.raw)) pushGroup(groups, at, tokens.slice(at, at + w.tokens.length));
    at += w.tokens.length;
  }
  return groups;
}

/** A Korean or Chinese person's given name: syllables of one name, never a first and a middle name. */
function syllabicGiven(
  entry: Pick<ListEntry, 'nationalities' | 'citizenships'>, surname: readonly NameToken[], given: readonly NameToken[],
): boolean {
  return [...entry.nationalities, ...entry.citizenships].some((c) => SYLLABIC_GIVEN_NAMES.has(c)) ||
    (surname.length === 1 && SYLLABIC_SURNAMES.has(surname[0].text) && given.every((t) => SYLLABLE.test(t.text)));
}

/** A given name written hyphenated (hyphenatedGivenNames): its tokens' consonant skeletons. */
export interface HyphenatedName {
  skeletons: string[];
}

/**
 * The given names a person's comma name writes hyphenated ("MOHSENI-EJEI, Qolam-Hossein": [klm,
 * hsn]); only words of two tokens or more, each strong and of three letters or more (not
 * "Zaki-ur-Rehman": ur, the article of Arabic names, is a particle, left out in other spellings).
 * None after a generic first element (GENERIC_FIRST_GIVEN: "Mohammad-Reza", "Amir-Mansour"): the
 * rest alone is the name in use (the lists name "BORGHEI, Amir-Mansour" "BORGHEI, Mansour" too), and
 * the first element alone with the surname ("Muhammad ZADRAN" for "JADRAN, Mohammad-Omar") is the
 * person's first name and surname, a middle name left out.
 */
export function hyphenatedGivenNames(entry: Pick<ListEntry, 'kind'>, text: string): HyphenatedName[] {
  const parts = text.split(',');
  if (entry.kind !== 'individual' || parts.length !== 2) return [];
  return parts[1].split(/\s+/).filter((w) => HYPHEN.test(w)).map((w) => normaliseName(w))
    .filter((ts) => ts.length >= 2 && ts.every((t) => !t.weak && t.text.length >= 3) && !GENERIC_FIRST_GIVEN.has(ts[0].text))
    .map((ts) => ({ skeletons: ts.map((t) => skeletonOf(t.text)) }));
}

/**
 * A group (pushGroup's pair of masks) for the run of `tokens` that spells `name` word for word,
 * skeleton for skeleton: the person's hyphenated given name written apart in another of the entry's
 * names ("MOHSENI EJEI, Gholam Hossein"); null when there is none.
 */
export function runOfName(tokens: readonly NameToken[], name: HyphenatedName): [number, number] | null {
  const n = name.skeletons.length;
  for (let i = 0; i + n - 1 <= Math.min(tokens.length - 1, MAX_GROUP_POSITION); i++) {
    if (!name.skeletons.every((sk, k) => !tokens[i + k].weak && skeletonOf(tokens[i + k].text) === sk)) continue;
    const all = (((2 ** n - 1) * 2 ** i) >>> 0);
    return [all, all];
  }
  return null;
}

/** Countries whose people carry two surnames, the father's first (Spanish naming). */
const HISPANIC: ReadonlySet<string> = new Set([
  'ES', 'MX', 'CO', 'VE', 'PE', 'AR', 'CL', 'EC', 'GT', 'HN', 'NI', 'SV', 'PA', 'CU', 'DO', 'BO', 'PY', 'UY', 'CR', 'PR',
]);

const HYPHEN = /[-\u2010\u2011]/;

/**
 * A name with no comma says not which word is the given name: only its hyphenated words of strong
 * tokens are read as one name each ("Chang Myong-Chin"), where the word-by-word tokens line up.
 */
function hyphenGroups(text: string, tokens: readonly NameToken[]): number[] {
  const groups: number[] = [];
  // A Korean or Chinese name in syllables, its surname first or last (not both: "Song Il Kim"):
  // the syllables besides the surname are the given name.
  if (tokens.length >= 3 && tokens.every((t) => !t.weak && SYLLABLE.test(t.text))) {
    const first = SYLLABIC_SURNAMES.has(tokens[0].text);
    const last = SYLLABIC_SURNAMES.has(tokens[tokens.length - 1].text);
    if (first !== last) {
      pushGroup(groups, first ? 1 : 0, tokens.slice(first ? 1 : 0, first ? tokens.length : -1));
      return groups;
    }
    // Which end is the surname is unknown ("Chu Kyu-Chang": both are surnames): a hyphenated word is still one name.
  }
  if (!HYPHEN.test(text)) return [];
  const words = text.split(/\s+/).filter(Boolean).map((w) => ({ raw: w, tokens: normaliseName(w) }));
  if (words.reduce((n, w) => n + w.tokens.length, 0) !== tokens.length) return [];
  let at = 0;
  for (const w of words) {
    if (HYPHEN.test(w.raw) && w.tokens.every((t) => !t.weak)) pushGroup(groups, at, tokens.slice(at, at + w.tokens.length));
    at += w.tokens.length;
  }
  return groups;
}

/**
 * A group as two u32 masks in a row: all its tokens, and its strong ones. At least two tokens, one
 * of them strong ("al-Aziz" is a group: "Abd al" for "Abd al-Aziz" lost the name, kept the article).
 */
function pushGroup(groups: number[], from: number, list: readonly NameToken[]): void {
  if (list.length < 2 || from + list.length - 1 > MAX_GROUP_POSITION) return;
  let all = 0;
  let strong = 0;
  list.forEach((t, k) => {
    all |= 1 << (from + k);
    if (!t.weak) strong |= 1 << (from + k);
  });
  if (strong !== 0) groups.push(all >>> 0, strong >>> 0);
}

/**
 * A query name that is a Korean or Chinese surname and one syllable, romanised ("KIM Hun", "Jin
 * YUN"): the least a Korean or Chinese name can say. Each syllable is a whole part of the name, so
 * one spelt otherwise is another part, not a typo ("Sang" is not "Song", "Yong" not "Gyong"), as for
 * syllables written in Han or Hangul. (Measured with three syllables too: a typo that makes another
 * listed syllable, "PAEK Sue-Bong" for "PAEK, Se-Bong", was then lost.)
 */
export function romanisedSyllables(tokens: readonly NameToken[]): boolean {
  const strong = tokens.filter((t) => !t.weak);
  return strong.length === 2 &&
    strong.every((t) => !t.syllabic && t.text.length >= 2 && SYLLABLE.test(t.text)) &&
    strong.some((t) => SYLLABIC_SURNAMES.has(t.text));
}

/**
 * The surname of a listed person: `mask`, a u32 mask of its strong token positions, and `tokens`, how
 * many tokens it has (the position of the first given name); null when the list does not say which
 * part it is (or the surname has no strong token): only "SURNAME, Given Names" of an individual, one
 * comma, where the words line up with the indexed tokens. A match that leaves every one of them out
 * matched the given names alone: someone else with the same given names ("Trevor Williams" is not
 * "FORREST, Trevor William", "JONG Man" not "KIM, Jong Man").
 */
export function surnameOf(entry: Pick<ListEntry, 'kind'>, text: string, tokens: readonly NameToken[]): { mask: number; tokens: number } | null {
  if (entry.kind !== 'individual') return null;
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const surname = normaliseName(parts[0]);
  const given = normaliseName(parts[1]);
  if (given.length === 0 || surname.length + given.length !== tokens.length) return null;
  let mask = 0;
  surname.forEach((t, k) => {
    if (!t.weak && k <= MAX_GROUP_POSITION) mask |= 1 << k;
  });
  return mask === 0 ? null : { mask: mask >>> 0, tokens: surname.length };
}

/**
 * Particles that start a kunya ("Abu Walid", "Umm Ahmad"): a name its bearer is called by on its own.
 * Not the genitive "Abi": it starts Lebanese family names too ("SHARI, 'Amin Abi", Abi Nader, Abi Saab).
 */
const KUNYA = new Set(['abu', 'abou', 'umm']);

/** Whether a name has a kunya (KUNYA): its bearer is called by it, and by the name in it alone. */
export function hasKunya(tokens: readonly NameToken[]): boolean {
  return tokens.some((t) => KUNYA.has(t.text));
}

/**
 * The token positions (a u32 mask) of a listed person's first given name in a comma name ("SURNAME,
 * First Later": `tokens`, the first `surnameTokens` of them the surname, surnameOf) with a strong
 * given name after it; null otherwise. A match of the surname and a later given name without the
 * first ("Felipe Lopez" for "LOPEZ, Favian Felipe", "Thomas Dixon" for "DIXON, Ian Thomas") names
 * someone else: a middle name is another person's first name, and in Arabic names the later names
 * are the father's and grandfather's ("Hussein AL-TIKRITI" for "AL-TIKRITI, Ali Saddam Hussein" is
 * his grandfather). Titles before the name (GIVEN_NAME_TITLES, weak words) are skipped. A first
 * element by which its bearer is not called (GENERIC_FIRST_GIVEN) is one name with the next given
 * word: "JAFARI, Mohammad Ali" is listed as "JAFARI, Ali" too, so Mohammad Ali is the first given
 * name (the lists' own aliases of such names keep the next word 20 times out of 25). None for a given
 * name with a kunya ("AL-SAHRAWI, Adnan Abu Walid" is called Abu Walid), nor for a Korean or Chinese
 * given name in syllables (one name: givenNameGroups, splitGroupFactor).
 */
export function leadingGivenName(
  entry: Pick<ListEntry, 'nationalities' | 'citizenships'>, tokens: readonly NameToken[], surnameTokens: number,
): number | null {
  const given = tokens.slice(surnameTokens);
  if (given.some((t) => KUNYA.has(t.text)) || syllabicGiven(entry, tokens.slice(0, surnameTokens), given)) return null;
  const first = firstGivenWord(given);
  if (first < 0) return null;
  const nextStrong = (from: number): number => given.findIndex((t, k) => k > from && !t.weak);
  const last = GENERIC_FIRST_GIVEN.has(given[first].text) ? nextStrong(first) : first;
  if (last < 0 || nextStrong(last) < 0 || surnameTokens + last >= MAX_GROUP_POSITION) return null;
  let mask = 0;
  for (let k = first; k <= last; k++) mask |= 1 << (surnameTokens + k);
  return mask >>> 0;
}

/** The letter a-z a word starts with as a bit 0-25 (0 for none): an initial ("Y.") stands for it. */
export function initialBit(word: string | undefined): number {
  const c = (word ?? '').charCodeAt(0) | 0x20;
  return c >= 97 && c <= 122 ? 1 << (c - 97) : 0;
}

/** The letters (initialBit) a token's initial may be written as: its first letter as folded or as written ("Yevgeniy" is folded to evgenii). */
export function tokenInitials(t: NameToken): number {
  return initialBit(t.text) | initialBit(t.raw);
}

/** The highest position in a non-zero u32 mask of token positions. */
export function lastPosition(mask: number): number {
  return 31 - Math.clz32(mask);
}

/** The index of the first given name among a comma name's given tokens, titles skipped; -1 when none. */
export function firstGivenWord(given: readonly NameToken[]): number {
  return given.findIndex((t) => !t.weak && !GIVEN_NAME_TITLES.has(t.text));
}

/**
 * Whether a match covered some of a group's tokens but not all of its strong ones (`matched`:
 * positions matched; `groups`: pairs of masks, see pushGroup). Only the article left out is no split,
 * nor are strong tokens left out that the query wrote as initials (`initialled`, given the positions
 * left out: "PUREBRAHIM A. Akbar" for "PUREBRAHIM, Ali-Akbar", the "A." read as the article "a").
 */
export function splitsAGroup(groups: readonly number[], matched: number, initialled: (missing: number) => boolean = () => false): boolean {
  for (let i = 0; i + 1 < groups.length; i += 2) {
    const missing = (groups[i + 1] & ~matched) >>> 0;
    if ((groups[i] & matched) !== 0 && missing !== 0 && !initialled(missing)) return true;
  }
  return false;
}

/** Han characters (the Han ranges of normalise.ts SYLLABIC, which also holds Hangul). */
const HAN_CHARACTER = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

/**
 * Whether two names both written in Hangul, or both in Han characters, differ in a syllable that
 * their romanisations fold together: 종 and 정 are both "Jong" in the lists' spelling
 * (McCune-Reischauer folds eo into o), 石 and 市 both "shi" (the tones are not written), so 김종은
 * reads as 김정은 and 高石早苗 as 高市早苗 once romanised, but natively they are different names.
 * True when a syllable of one name is missing from the other and one read the same takes its place.
 * A Han character in its traditional and its simplified form (習 / 习) is one character
 * (han-variants.ts). Only between two native spellings in the same script: a Latin listed name
 * against a Hangul or Han query is read as before.
 */
export function nativeSyllableDiffers(query: string, listed: string): boolean {
  return differsIn(query, listed, HANGUL, (c) => c, (c) => koreanListSpelling(anyAscii(c).toLowerCase())) ||
    differsIn(query, listed, HAN_CHARACTER, simplifiedHan, (c) => anyAscii(c).toLowerCase());
}

function differsIn(query: string, listed: string, script: RegExp, fold: (c: string) => string, read: (c: string) => string): boolean {
  if (!script.test(query) || !script.test(listed)) return false;
  const q = new Set([...query].filter((c) => script.test(c)).map(fold));
  const l = new Set([...listed].filter((c) => script.test(c)).map(fold));
  const onlyListed = new Set([...l].filter((c) => !q.has(c)).map(read));
  return [...q].some((c) => !l.has(c) && onlyListed.has(read(c)));
}

/** A name that starts with the initial "A." and has more words after it. */
export const FIRST_INITIAL_A = /^\s*a\.\s*[^\s.]/i;

/**
 * Whether a query that starts with the initial "A." names someone else than `listed`: no word of
 * the listed name starts with an "a" ("A. Nazarbayev" for "Nursultan Nazarbayev"). The initial is
 * read as the article "a", a stop word, and so never reaches the matcher, which checks every other
 * initial against the first letters of the listed words ("N. Nazarbayev", "B. Nazarbayev").
 */
export function contradictsInitialA(query: string, listed: string): boolean {
  if (!FIRST_INITIAL_A.test(query)) return false;
  const starts = (w: string | undefined): boolean => w !== undefined && w.startsWith('a');
  return !rawWords(listed).some((w) => starts(w.text) || starts(w.written)) &&
    !normaliseName(listed).some((t) => starts(t.text) || starts(t.raw));
}
