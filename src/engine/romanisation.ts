/**
 * @module Other languages' romanisations of East Slavic names, read back into the English one.
 *
 * The US lists write Russian, Ukrainian and Belarusian names the English way (BGN/PCGN and the
 * national passport systems: Vyacheslavovich, Shakutsin, Siarhei). Other publishers write them as
 * their own language transcribes Cyrillic: Swedish "Vjatjeslavovitj", German "Wjatscheslawowitsch",
 * Polish "Wiaczesławowicz", Czech "Vjačeslavovič". Each of those words is one rare strong word the
 * index does not know, and the whole name is lost. The tables below are the published transcription
 * tables of each language, inverted (Cyrillic letter -> that language's spelling, read as Cyrillic
 * letter -> English spelling):
 * - Swedish: the Swedish transcription of Russian (Svenska skrivregler / Nationalencyklopedin,
 *   as Swedish government and EU Swedish texts use it): ж zj, х ch, ч tj, ш sj, щ sjtj, й j, ю ju, я ja.
 * - German: the Duden transcription of Russian: ж sch, х ch, ц z, ч tsch, ш sch, щ schtsch, в w, й j.
 * - Polish: the PWN transcription of Russian: ж ż, х ch, ц c, ч cz, ш sz, щ szcz, в w, й j, я ja/ia.
 * - Czech: the Czech transcription of Russian (Pravidla českého pravopisu): ж ž, х ch, ц c, ч č,
 *   ш š, щ šč, й j, я ja, ю ju (the háček letters are read before transliteration: see
 *   diacriticReading).
 * - Ukrainian and Belarusian Cyrillic: the national romanisations (Ukraine: Cabinet of Ministers
 *   Resolution No. 55 of 2010; Belarus: the 2007 instruction on Belarusian names in Latin letters,
 *   as passports write them): г h, и y (Ukrainian), і i, ї yi/i, є ye/ie, ґ g, ў u, я ya/ia, ю yu/iu.
 *
 * The engine uses a reading only where the word as written is one the lists do not know and the
 * reading is (name-matcher.ts): a word the lists know keeps its own spelling. Work per word is a
 * fixed number of linear rewrites.
 */
import { BoundedCache } from './bounded-cache.js';

/**
 * One system's rewrite of a lower-case ASCII word: [pattern, replacement] in order. What a rule
 * writes is in capitals, so no later rule reads it again (tj -> CH is no х); lower-cased at the end.
 */
type Rules = ReadonlyArray<readonly [RegExp, string]>;

const V = 'aeiouy';

/**
 * j after a vowel or at the start, before a vowel: the semivowel English writes y (ja, ju, je, jo);
 * j after a vowel at the end or before a consonant: the й English writes y (Sergej, Nikolaj, Ajrat).
 */
const J_RULES: Rules = [
  [new RegExp(`j(?=[${V}])`, 'g'), 'y'],
  [new RegExp(`(?<=[${V}])j(?![${V}])`, 'g'), 'y'],
];

/** Swedish: sjtj = щ, tj = ч, sj = ш, zj = ж, ch = х. */
const SWEDISH: Rules = [
  [/ch/g, 'KH'], [/sjtj/g, 'SHCH'], [/tj/g, 'CH'], [/zj/g, 'ZH'], [/sj/g, 'SH'],
  ...J_RULES,
];

/** German: schtsch = щ, tsch = ч, sch = ш or ж, ch = х, w = в, z = ц, ss = с. */
const GERMAN: Rules = [
  [/schtsch/g, 'SHCH'], [/tsch/g, 'CH'], [/sch/g, 'SH'], [/ch/g, 'KH'], [/z/g, 'TS'], [/w/g, 'V'], [/ss/g, 'S'],
  ...J_RULES,
];

/** Polish: szcz = щ, cz = ч, sz = ш, ch = х, c = ц, w = в; i after a consonant before a vowel softens it (ia = я). */
const POLISH: Rules = [
  [/szcz/g, 'SHCH'], [/cz/g, 'CH'], [/sz/g, 'SH'], [/ch/g, 'KH'], [/c/g, 'TS'], [/w/g, 'V'],
  [new RegExp(`(?<=[^${V}])i(?=[aou])`, 'g'), 'y'], [new RegExp(`(?<=[^${V}])ie`, 'g'), 'e'],
  ...J_RULES,
];

/** Czech (its háček letters already read as ch, sh, zh: diacriticReading): ch = х, c = ц. */
const CZECH: Rules = [
  [/ch/g, 'KH'], [/c/g, 'TS'],
  ...J_RULES,
];

/** Ukrainian and Belarusian in the Latin of their neighbours: h = г (Swedish "Serhij" for Сергій). */
const UKRAINIAN_H: Rules = [
  [/(?<![cszk])h/g, 'g'],
];

/**
 * French: the French transcription of Arabic names (as the UN, the EU's French texts and the Maghreb
 * civil registers write them; the conventions of the Encyclopédie de l'Islam's French edition and of
 * French consular practice): ou = u before a consonant or at the end, w before a vowel (Raoui = Rawi,
 * Taouab = Tawab, Moullah = Mullah), ch = sh (Houwaich = Huwaysh), dj = j (Djazairi = Jazairi), ï and
 * the diphthongs ai, ei before a consonant or at the end = ay (the diaeresis is gone after folding:
 * Foulaï, Souleiman = Sulayman), ss between vowels = s (Youssef = Yusef): French doubles s so it is not z.
 */
const FRENCH_ARABIC: Rules = [
  [new RegExp(`(?<=[${V}])ss(?=[${V}])`, 'g'), 'S'], [new RegExp(`ou(?=[${V}])`, 'g'), 'W'], [/ou/g, 'U'], [/ch/g, 'SH'], [/dj/g, 'J'],
];
/** The diphthong as FRENCH_ARABIC's second reading (Souleiman = Sulayman; Djazairi stays Jazairi in the first). */
const FRENCH_DIPHTHONG: Rules = [[new RegExp(`[ae]i(?![${V}])`, 'g'), 'ay']];

/** Letters only the French transcription of Arabic writes for one English letter (FRENCH_ARABIC). */
const FRENCH_MARKERS = /ou|ch|dj/;

const SYSTEMS: readonly Rules[] = [SWEDISH, GERMAN, POLISH, CZECH];

/** A word already in English digraphs (a Cyrillic or háček reading): only its j is another language's y. */
export function jReading(word: string): string {
  return apply(word, J_RULES);
}

function apply(word: string, rules: Rules): string {
  let w = word;
  for (const [from, to] of rules) w = w.replace(from, to);
  return w.toLowerCase();
}

const NO_READINGS: readonly string[] = Object.freeze([]);
/** latinReadings' answers by word, bounded (cleared when full, as the word-class cache is). */
const READINGS_CACHE = new BoundedCache<readonly string[]>(20_000);

/** Letters only another language's transcription of Cyrillic writes: a word with none is left alone. */
const MARKERS = /j|w|sch|cz|sz|ch|c|h|z/;

/**
 * The readings of a Latin word by the other languages' transcriptions (see the module), each in
 * English spelling; the Ukrainian h read as the Russian g as well. Distinct, the word itself
 * excluded, the Swedish reading first. Empty for a word with none of their letters.
 */
export function latinReadings(word: string): readonly string[] {
  if (word.length < 3 || !(MARKERS.test(word) || FRENCH_MARKERS.test(word)) || /\d/.test(word)) return NO_READINGS;
  // A word is read several times a screen (its plan's reading, its patronymic, its Slavic spellings): once.
  const found = READINGS_CACHE.get(word);
  if (found !== undefined) return found;
  const out = new Set<string>();
  for (const rules of SYSTEMS) {
    const r = apply(word, rules);
    out.add(r);
    const g = apply(r, UKRAINIAN_H);
    if (g !== r) out.add(g);
  }
  // The French reading of an Arabic name last: a Slavic reading the lists know comes first.
  if (FRENCH_MARKERS.test(word)) {
    const r = apply(word, FRENCH_ARABIC);
    out.add(r);
    out.add(apply(r, FRENCH_DIPHTHONG));
  }
  out.delete(word);
  return READINGS_CACHE.set(word, out.size === 0 ? NO_READINGS : Object.freeze([...out]));
}

/**
 * Latin letters with a háček or an acute that Czech, Polish, Slovak and Croatian transcriptions of
 * Cyrillic use for one English digraph (č = ch, š = sh, ž = zh, ś = sh, ź/ż = zh, ć = ch); the
 * transliteration to ASCII drops the mark (č = c), so they are read first, as a second reading.
 */
const DIGRAPH_LETTERS: ReadonlyMap<string, string> = new Map([
  ['č', 'ch'], ['ć', 'ch'], ['Č', 'Ch'], ['Ć', 'Ch'], ['š', 'sh'], ['ś', 'sh'], ['Š', 'Sh'], ['Ś', 'Sh'],
  ['ž', 'zh'], ['ź', 'zh'], ['ż', 'zh'], ['Ž', 'Zh'], ['Ź', 'Zh'], ['Ż', 'Zh'],
  // Where č is ч, ch is х (Czech, Slovak, Polish); tš is the Estonian and Finnish ч (Janukovytš);
  // ň before a vowel is нь (Plachotňuk).
  ['ch', 'kh'], ['Ch', 'Kh'], ['CH', 'KH'], ['tš', 'ch'], ['tŠ', 'ch'], ['Tš', 'Ch'], ['TŠ', 'CH'],
]);
const DIGRAPH_LETTER = /[tT][šŠ]|[cC][hH]|[ňŇ](?=[aeiouyAEIOUY])|[čćšśžźżČĆŠŚŽŹŻ]/g;
const HAS_DIGRAPH_LETTER = /[čćšśžźżňČĆŠŚŽŹŻŇ]/;

/** The piece with its háček letters read as English digraphs (see DIGRAPH_LETTERS); null when it has none. */
export function diacriticReading(piece: string): string | null {
  if (!HAS_DIGRAPH_LETTER.test(piece)) return null;
  return piece.replace(DIGRAPH_LETTER, (m) => DIGRAPH_LETTERS.get(m) ?? (m === 'ň' ? 'ny' : m === 'Ň' ? 'NY' : m));
}

/** Cyrillic letters of Ukrainian or Belarusian only (і ї є ґ ў): the name is read by their tables. */
const EAST_SLAVIC_MARKER = /[іїєґўІЇЄҐЎ]/;
const CYRILLIC = /[\u0400-\u04ff]/;
/** After these (vowels, the soft and hard signs) an iotated vowel reads y+ (Яўгенавіч Yauhenavich, Мар'яна Maryana). */
const SOFTENING: ReadonlySet<string> = new Set([...'аеёиоуыэюяіїєьъ']);

/**
 * Ukrainian and Belarusian letters by the national romanisations (see the module): г = h, и = y
 * (Ukrainian; Belarusian has no и), і = i, ў = u; the iotated vowels ya / ia by position below.
 */
const EAST_SLAVIC_LETTERS: ReadonlyMap<string, string> = new Map([
  ['а', 'a'], ['б', 'b'], ['в', 'v'], ['г', 'h'], ['ґ', 'g'], ['д', 'd'], ['е', 'e'], ['ж', 'zh'], ['з', 'z'],
  ['и', 'y'], ['і', 'i'], ['й', 'i'], ['к', 'k'], ['л', 'l'], ['м', 'm'], ['н', 'n'], ['о', 'o'], ['п', 'p'],
  ['р', 'r'], ['с', 's'], ['т', 't'], ['у', 'u'], ['ў', 'u'], ['ф', 'f'], ['х', 'kh'], ['ц', 'ts'], ['ч', 'ch'],
  ['ш', 'sh'], ['щ', 'shch'], ['ь', ''], ['ъ', ''], ['ы', 'y'], ['э', 'e'], ["'", ''], ['’', ''], ['ʼ', ''],
]);

/** Iotated vowels: at the start of a word or after a vowel (or a soft or hard sign, an apostrophe) y+, after a consonant i+. */
const IOTATED: ReadonlyMap<string, readonly [string, string]> = new Map([
  ['я', ['ya', 'ia']], ['ю', ['yu', 'iu']], ['є', ['ye', 'ie']], ['ї', ['yi', 'i']], ['ё', ['yo', 'io']],
]);

/**
 * Whether a Cyrillic name is Ukrainian or Belarusian: it holds a letter of their alphabets only
 * (EAST_SLAVIC_MARKER); a Latin "i" inside a Cyrillic word is the Belarusian і typed on a Latin
 * keyboard ("Мiкалаевiч"). A Russian name keeps the transliteration's reading.
 */
export function isEastSlavic(text: string): boolean {
  return CYRILLIC.test(text) && EAST_SLAVIC_MARKER.test(latinI(text));
}

/** A Latin i beside a Cyrillic letter read as the Cyrillic і. */
function latinI(text: string): string {
  return text.replace(/(?<=[\u0400-\u04ff])[iI]|[iI](?=[\u0400-\u04ff])/g, (m) => (m === 'i' ? 'і' : 'І'));
}

/** One piece of a Ukrainian or Belarusian name (isEastSlavic) by their tables; null without Cyrillic. */
export function eastSlavicReading(text: string): string | null {
  if (!CYRILLIC.test(text)) return null;
  const marked = latinI(text).toLowerCase();
  let out = '';
  // Whether the letter before is a consonant of the word (the iotated vowels read i+ after one).
  let afterConsonant = false;
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i];
    const iot = IOTATED.get(ch);
    const r = iot ? iot[afterConsonant ? 1 : 0] : EAST_SLAVIC_LETTERS.get(ch);
    out += r ?? ch;
    const code = marked.charCodeAt(i);
    afterConsonant = code >= 0x400 && code <= 0x4ff && !SOFTENING.has(ch);
  }
  return out;
}

/** Letters only one system writes (English never does): Swedish tj, sj, zj; German sch; Polish cz, sz. */
const SYSTEM_MARKS: ReadonlyArray<readonly [RegExp, Rules]> = [
  [/tj|sj|zj/, SWEDISH], [/sch/, GERMAN], [/cz|sz/, POLISH],
];

/** The reading of the system whose own letters the word shows (SYSTEM_MARKS), if any. */
export function markedReading(word: string): string | undefined {
  if (/\d/.test(word)) return undefined;
  for (const [mark, rules] of SYSTEM_MARKS) if (mark.test(word)) return apply(word, rules);
  return undefined;
}
