/**
 * @module Adversarial screening requests (issue #12): inputs crafted to make one screening expensive.
 * Every name is valid for the HTTP API (at most 300 code points, no control characters), so the same
 * requests serve the engine bench and the HTTP test that the server keeps answering while they run.
 *
 * What each family attacks: characters that transliterate to many letters (one long word, or many
 * words), hundreds of one-letter or common tokens (crowds of candidates), legal forms and typo'd
 * vocabulary words (the fuzzy vocabulary searches), long unknown words (the word-break search),
 * mixed scripts, then twenty such aliases on one request and a batch of a hundred of the worst.
 * Common-name pools (issue #28): the most common name words of one script in rotation, the name
 * cycled to 300 characters and twenty aliases of twelve words each, every word a real name with
 * every reading it has (an Arabic-script word's Persian and vowelled ones) and crowds of neighbours.
 */
import type { Fuzziness, ScreenRequest } from '../../src/engine/types.js';
import { seededRandom } from './name-noise.js';

/** The API's limits (src/contract/schemas/screen-request.ts): name and alias length, aliases, batch. */
export const NAME_MAX = 300;
export const ALIASES_MAX = 20;
export const BATCH_MAX = 100;

/** `unit` repeated to fill at most `max` code points (what the schema's maxLength counts). */
function fill(unit: string, max = NAME_MAX): string {
  const units = [...unit].length;
  return unit.repeat(Math.floor(max / units));
}

/** Words joined by spaces up to `max` code points, cycling through `words`. */
function sentence(words: readonly string[], max = NAME_MAX): string {
  let out = '';
  for (let i = 0; ; i++) {
    const next = (out ? ' ' : '') + words[i % words.length];
    if ([...out].length + [...next].length > max) return out;
    out += next;
  }
}

/** Deterministic random lower-case words of `length` letters (no name the lists know). */
function randomWords(count: number, length: number, seed: number): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join(''));
}

const COMMON = ['smith', 'john', 'wang', 'li', 'muhammad', 'ali', 'maria', 'garcia', 'kim', 'lee', 'ivanov', 'khan', 'singh', 'chen'];
const LEGAL = ['ltd', 'llc', 'gmbh', 'jsc', 'limited', 'company', 'corporation', 'ooo', 'holding', 'international', 'trading'];
const TYPO_VOCABULARY = ['mohammedd', 'limitedd', 'corporatio', 'aleksandrr', 'companny', 'internationl', 'holdingss', 'sheikhh'];
const MIXED = ['Иван', '王', 'محمد', 'Smith', 'Ψυχή', 'שלמה', '김정은', 'Щукин', 'Ōsaka', 'Ağa', 'Nguyễn', 'ქართლი'];

/**
 * Common name words by script (issue #28: Arabic and Persian ones took 54-103x the median, each word
 * read two or three ways and each reading walking the list words of its short skeleton). Common given
 * names and surnames as people write them, none taken from a sanctions list.
 */
export const COMMON_NAME_POOLS: Readonly<Record<string, readonly string[]>> = {
  Arabic: ['محمد', 'علي', 'حسن', 'حسين', 'أحمد', 'عبد', 'الله', 'عمر', 'خالد', 'سعيد', 'يوسف', 'إبراهيم', 'عثمان', 'الحسن', 'السيد', 'مصطفى', 'ناصر', 'صالح', 'عيسى', 'موسى', 'جمال', 'نور', 'الدين', 'فاطمة'],
  Persian: ['محمد', 'علی', 'حسین', 'حسن', 'رضا', 'مهدی', 'احمد', 'عبدالله', 'جواد', 'فاطمه', 'زهرا', 'امیر', 'ابراهیم', 'یوسف', 'موسی', 'عیسی', 'صالح', 'خالد', 'عمر', 'عثمان', 'مصطفی', 'ناصر', 'سعید', 'کریم', 'نوری', 'اکبر', 'اصغر', 'قاسم', 'جعفر', 'باقر'],
  Cyrillic: ['Иван', 'Сергей', 'Александр', 'Владимир', 'Андрей', 'Михаил', 'Николай', 'Иванов', 'Петров', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Соколов', 'Алексеевич', 'Владимирович'],
  Han: ['王伟', '李娜', '张敏', '刘洋', '陈静', '杨军', '黄勇', '赵丽', '吴强', '周杰', '徐明', '孙华', '马林', '朱平', '胡波', '郭峰'],
  Hangul: ['김민준', '이서연', '박지훈', '최수빈', '정민수', '강동원', '조현우', '윤서준', '장지민', '임영호', '한상철', '오성민'],
  Latin: ['Muhammad', 'Ali', 'Maria', 'Jose', 'John', 'Smith', 'Garcia', 'Wang', 'Li', 'Kim', 'Lee', 'Khan', 'Singh', 'Chen', 'Ahmed', 'Hassan', 'Ivanov', 'Hussein', 'David', 'James', 'Rodriguez', 'Nguyen', 'Lopez', 'Gonzalez'],
};

/** Words in each alias of a pool request: real names are rarely longer, so no share cuts them. */
const POOL_ALIAS_WORDS = 12;

/**
 * A pool's name (its words cycled to 300 characters) and its twenty aliases of twelve words each,
 * all different (alias k starts at word k and steps 1 + k mod (n - 1): a pair repeats only k apart by
 * a multiple of n(n - 1)), so none is skipped as a repeat.
 */
export function poolRequest(pool: readonly string[]): { name: string; aliases: string[] } {
  const n = pool.length;
  const aliases = Array.from({ length: ALIASES_MAX }, (_, k) =>
    Array.from({ length: POOL_ALIAS_WORDS }, (_, j) => pool[(k + j * (1 + (k % (n - 1)))) % n]).join(' '));
  return { name: sentence(pool), aliases };
}

/** Single adversarial names, by what they attack. */
export const ADVERSARIAL_NAMES: Readonly<Record<string, string>> = {
  // One word that transliterates to 4-15 letters per character (the examples first).
  'long word, Cyrillic Щ': fill('Щ'),
  'long word, CJK square U+3316': fill('\u3316'),
  'long word, symbol U+1F16D': fill('\u{1F16D}'),
  'long word, Arabic ligature U+FDFA': fill('\uFDFA'),
  'long word, Greek Ψ': fill('Ψ'),
  'long word, Georgian ჭ': fill('ჭ'),
  'long word, Ethiopic ጬ': fill('ጬ'),
  'long word, Devanagari क्ष': fill('क्ष'),
  'long word, Latin ß': fill('ß'),
  // Characters that transliterate to several words each.
  'many words, emoji U+1FAF0': fill('\u{1FAF0}'),
  'many words, U+FDFD': fill('\uFDFD'),
  // Hundreds of short tokens.
  '300 one-letter tokens': sentence('abcdefghijklmnopqrstuvwxyz'.split('')),
  '300 Han syllables': fill('王李张刘陈杨黄赵'),
  '300 Hangul syllables': fill('김이박최정강조윤'),
  '300 digits': sentence('1234567890'.split('')),
  'common tokens': sentence(COMMON),
  'repeated legal forms': sentence(LEGAL),
  'repeated legal phrase': sentence(['joint', 'stock', 'company', 'obshchestvo', 's', 'ogranichennoy', 'otvetstvennostyu']),
  'typo vocabulary words': sentence(TYPO_VOCABULARY),
  'initialisms': fill('a.b.c.'),
  'mixed scripts': sentence(MIXED),
  // Words no list knows, which the word-break search tries to split.
  'long unknown words (64)': sentence(randomWords(8, 64, 1)),
  'unknown words (12)': sentence(randomWords(40, 12, 2)),
  'unknown word (300)': randomWords(1, NAME_MAX, 3)[0],
};

/**
 * The adversarial names as requests in one mode, with a label each: every name alone, then every
 * name with twenty aliases of 300 characters (the next families in turn), date of birth and nationality.
 */
export function labelledAdversarialRequests(fuzziness: Fuzziness = 'balanced'): Array<[string, ScreenRequest]> {
  const entries = Object.entries(ADVERSARIAL_NAMES);
  const names = entries.map(([, name]) => name);
  const single = entries.map(([label, name]): [string, ScreenRequest] => [label, { name, fuzziness }]);
  const aliased = entries.map(([label, name], i): [string, ScreenRequest] => [`${label} + ${ALIASES_MAX} aliases`, {
    name,
    aliases: Array.from({ length: ALIASES_MAX }, (_, k) => names[(i + k + 1) % names.length]),
    dateOfBirth: '1970-01-01',
    nationality: 'RU',
    fuzziness,
  }]);
  const pools = Object.entries(COMMON_NAME_POOLS).map(([script, pool]): [string, ScreenRequest] => [
    `common ${script} names + ${ALIASES_MAX} aliases`, { ...poolRequest(pool), fuzziness },
  ]);
  return [...single, ...aliased, ...pools];
}

/** A batch of the worst: the requests with twenty aliases, cycled to BATCH_MAX slots. */
export function worstBatch(fuzziness: Fuzziness = 'balanced'): ScreenRequest[] {
  const aliased = labelledAdversarialRequests(fuzziness).map(([, r]) => r).filter((r) => r.aliases);
  return Array.from({ length: BATCH_MAX }, (_, i) => aliased[i % aliased.length]);
}
