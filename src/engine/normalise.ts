/**
 * @module Name normalisation: any script, any punctuation, in; lower-case ASCII tokens out.
 *
 * Order matters: NFKC first (ligatures, full-width forms), then transliteration to ASCII (any-ascii:
 * Cyrillic, Greek, Arabic, Hebrew, CJK, Hangul, diacritics), then legal-form phrases, then tokens.
 * Han and Hangul are transliterated one character (= one syllable) at a time so that 习近平 becomes
 * "xi jin ping", which the joined/split-token rule then matches to "Xi Jinping".
 */
import anyAscii from 'any-ascii';
import { splitLegalScopeSuffix } from '../lists/csl/csl-names.js';
import { FuzzyWords, NeighbourFilter, osaDistance } from './fuzzy-words.js';
import { readableArabic } from './arabic-romanisation.js';
import { diacriticReading, eastSlavicReading, isEastSlavic } from './romanisation.js';
import { BoundedCache } from './bounded-cache.js';
import {
  ABJAD_NAMES, ABJAD_PARTICLES, ARABIC_DESCRIPTORS, ARABIC_LEGAL_PHRASES, ARABIC_LEGAL_WORDS, ARABIC_TITLES, HAND_LEGAL_FORMS, HANGUL_SURNAMES, HONORIFICS, LEGAL_FORM_PHRASES, LEGAL_FORMS, NAME_PHRASES, NAME_VARIANTS, NATIVE_LEGAL_FORMS,
  NUMBER_TENS, NUMBER_UNITS, ORDINALS, PARTICLES, PARTICLE_SPELLINGS, PHRASE_WORDS, STOP_WORDS, VESSEL_PREFIXES,
  WORD_ABBREVIATIONS, GIVEN_NAME_EQUIVALENTS, DOTTED_LEGAL_FORMS, END_DOTTED_LEGAL_FORMS, GLUED_LEGAL_FORM_ENDS, GLUED_LEGAL_FORM_WORDS, ELF_LEGAL_FORM_PHRASES,
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
  /** A Han or Hangul character written as a word of its own (RawWord.standalone). */
  standalone?: boolean;
  /**
   * The word as written, when folding changed it (a variant or a typo'd vocabulary word). Indexed
   * and searched too: folding is not symmetric under typos ("Abdella" folds to abdullah, the query
   * typo "Abdela" does not), so the raw spellings must also be able to meet.
   */
  raw?: string;
  /** An Arabic-script word's other reading (RawWord.persian), searched as its `raw`. */
  persian?: string;
  /** See RawWord.silentLetters. */
  silentLetters?: boolean;
  /** See RawWord.vowelled. */
  vowelled?: string;
  /** See RawWord.finalHe. */
  finalHe?: boolean;
  /** See RawWord.arabicLetters. */
  arabicLetters?: string;
  /** See RawWord.reading (query side: name-matcher.ts reads it where the word as written is unknown). */
  reading?: string;
}

/** Hangul syllables. */
export const HANGUL = /[\uac00-\ud7af]/u;
export const SYLLABIC = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
export const ABJAD = /[\u0590-\u05ff\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
export const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/u;
const ABJAD_WORD = /[\u0590-\u05ff\u0600-\u06ff]+/gu;
const APOSTROPHES = /['’‘`´ʻʼʿʾ]/g;

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** A word as read from the raw name, before classification. */
export interface RawWord {
  text: string;
  /** Transliterated from one Han or Hangul character (kept in `native`). */
  syllabic?: boolean;
  native?: string;
  /** Written in an abjad (Arabic, Hebrew): the script is read per word, not per name. */
  abjad?: boolean;
  /** Written in Arabic script (its attached article al- applies). */
  arabic?: boolean;
  /** The first word of an Arabic-script word written with alif-lam, the article, attached (السيسي). */
  article?: boolean;
  /** A Hangul syllable written as a word of its own: a surname ("민호 이"), wherever it stands. */
  standalone?: boolean;
  /** A two-letter legal form written with one dot at the end of the name ("Rt.": see endDottedForm). */
  dottedForm?: boolean;
  /** The word with its "x" as written, when read as "ks" (see latinWords). */
  written?: string;
  /** An Arabic-script word's other reading, where it differs (see persianLetters, ACCIDENTAL_DIGRAPH). */
  persian?: string;
  /** An Arabic-script word read with each alif after a letter as "a" (the long ā), where it has one. */
  vowelled?: string;
  /** An Arabic-script word ending in ه: a vowel (-e, -eh, -a) as often as the consonant h (see FINAL_HE). */
  finalHe?: boolean;
  /**
   * An Arabic-script word's own letters (no marks, no punctuation), where it is read as one word and
   * not from the name table: the list spellings it romanises to are found by arabic-romanisation.ts.
   */
  arabicLetters?: string;
  /**
   * An Arabic-script word whose written vowels may not be all it has: it holds a letter the reading
   * drops (ayn, hamza), or an article was split off it that may be its own letters (الوندی Alvandi).
   */
  silentLetters?: boolean;
  /**
   * The glued spelling a word was split from ("eldin" for din, see articleDin; "muqaltd" for muqa,
   * see gluedLegalForm): the token's raw spelling, searched too, so a list name that writes it
   * glued (ELDIN) or a word a typo made end in a legal form is still found.
   */
  glued?: string;
  /**
   * The word by its own language's romanisation where the transliteration reads it otherwise
   * (romanisation.ts): a Ukrainian or Belarusian Cyrillic word by their national tables (г = h), a
   * Latin word with a háček by the English digraph (č = ch).
   */
  reading?: string;
}

/** Arabic letters alif with hamza or madda read as plain alif (أحمد = احمد) for the name table. */
const plainAlif = (w: string): string => w.replace(/[أإآٱ]/g, 'ا');

/**
 * The name table's key of a word: alifs plain, and the letters Persian writes in its own forms read
 * as the Arabic ones (ی and final ى as ي, ک as ك, final ه for ة), so حسین, علی and فاطمه are the
 * table's حسين, علي and فاطمة.
 */
const nameKey = (w: string): string => plainAlif(w).replace(/[\u06cc\u0649]/g, '\u064a').replace(/\u06a9/g, '\u0643').replace(/\u0629/g, '\u0647');

/** ABJAD_NAMES by nameKey. */
const NAME_TABLE: ReadonlyMap<string, string> = new Map([...ABJAD_NAMES].map(([k, v]) => [nameKey(k), v]));

/** A common Arabic or Hebrew name in its usual Latin spelling; "al-" + name when written with the article. */
function abjadName(word: string): string {
  const plain = nameKey(word);
  const known = NAME_TABLE.get(plain);
  if (known) return ` ${known} `;
  if (plain.startsWith('ال') && NAME_TABLE.has(plain.slice(2))) return ` al ${NAME_TABLE.get(plain.slice(2))} `;
  return word;
}

/** Arabic tatweel, harakat (fathatan to sukun, the hamza marks), and the superscript alif. */
const ARABIC_MARKS = /[\u0640\u064b-\u065f\u0670]/gu;

/** A word and the theophoric second half of its compound (see nativePhrases). */
const THEOPHORIC = /([\u0600-\u06ff]+)\s+(الله|اللہ)(?=\s|$)/gu;

/** Replacements across words, made in the name's own script before transliteration (see vocabulary.ts). */
function nativePhrases(text: string): string {
  // Tatweel (the stretching stroke, محـــمد) and the vowel marks (harakat, shadda) are no letters of the
  // name: the name table and the Persian reading read the bare letters.
  if (ABJAD.test(text)) text = text.replace(ARABIC_MARKS, '');
  for (const [from, to] of NATIVE_LEGAL_FORMS) if (text.includes(from)) text = text.split(from).join(` ${to} `);
  if (ABJAD.test(text)) text = arabicLegalForms(text);
  // "Abd al-X" is written as one name in Latin lists (Abdullah, Abdulrahman) when the table knows it.
  if (ABJAD.test(text)) text = text.replace(/عبد\s+(ال\S+)/g, (m, rest: string) => (NAME_TABLE.has(nameKey(`عبد${rest}`)) ? `عبد${rest}` : m));
  // One the table does not know, written as one word (عبدالكريم), is read as written apart: Latin
  // lists write it both ways (Abd al-Karim, Abdulkarim), and the words apart are read as one too
  // (name-matcher.ts addArabicJoins), where the word as written would miss "Abd al-Karim".
  if (ABJAD.test(text)) text = text.replace(/(^|[\s\u060c,\/()-])عبد(ال[\u0600-\u06ff]{2,})/gu, (m, before: string, rest: string) => (NAME_TABLE.has(nameKey(`عبد${rest}`)) ? m : `${before}عبد ${rest}`));
  // A theophoric compound in الله is written glued in Latin lists (Faizullah, Hojjatollah, Sanaullah):
  // read with the word before it as one word, which the romanisation tables compare letter by letter
  // (the article's alif any vowel). Not الدين / الرحمن: lists write those apart as often (Saif-al-Din),
  // and gluing them cost the perturbation set more than it found.
  if (ABJAD.test(text)) text = text.replace(THEOPHORIC, (m, first: string, second: string) => (first.length >= 2 && !first.startsWith('ال') ? `${first}${second}` : m));
  return text;
}

/** The article or preposition a legal-form word carries glued before it (الشركة, للتجارة, لل before ال's lam). */
const ARABIC_LEGAL_PREFIXES: readonly string[] = ['', 'ال', 'لل', 'ل', 'وال', 'و'];

/** Arabic-script legal forms and descriptors as their Latin weak tokens (vocabulary.ts ARABIC_LEGAL_WORDS). */
function arabicLegalForms(text: string): string {
  for (const [pattern, to] of ARABIC_LEGAL_PHRASES) text = text.replace(pattern, to);
  return text.replace(/[\u0600-\u06ff\u200c]+/gu, (word) => {
    for (const prefix of ARABIC_LEGAL_PREFIXES) {
      if (!word.startsWith(prefix)) continue;
      const rest = word.slice(prefix.length);
      const form = ARABIC_LEGAL_WORDS.get(rest) ?? ARABIC_DESCRIPTORS.get(rest) ?? (prefix === '' ? ARABIC_TITLES.get(rest) : undefined);
      if (form !== undefined) return ` ${form} `;
    }
    return word;
  });
}

/** Replacements within one word, made in its own script before transliteration. */
function nativeWord(text: string): string {
  if (ABJAD.test(text)) text = text.replace(ABJAD_WORD, abjadName);
  // Hebrew vav inside a word is mostly the vowel o/u (הובלות = Hovalot), a double vav the consonant v;
  // any-ascii writes every vav "v", which puts a consonant into skeletons where the Latin spelling has none.
  text = text.replace(/([\u05d0-\u05d4\u05d6-\u05ea])\u05d5(?!\u05d5)/g, '$1o');
  // Armenian "ու" is the vowel u (any-ascii writes "ow": Tsatowryan for Tsaturyan).
  return text.replace(/ու/g, 'u').replace(/Ու|ՈՒ/g, 'U');
}

/**
 * An Arabic-script letter read d, t, k, s, z, g or p before ح or ه: two letters that side by side in
 * Latin read as one (داحر "dhr" as the dh of Dhahir; the alif and ayn between them transliterate to
 * nothing). Latin lists write both: Dahir, Suhail (d-h, s-h), and Fathi, Azhar, Adham, Ishaq, the
 * "-zada" of Hakimzada (th, zh, dh, sh). The other reading (with persianLetters) keeps them apart with a
 * vowel between; the first keeps them as written.
 */
const ACCIDENTAL_DIGRAPH = /([\u062f\u062a\u0643\u06a9\u0633\u0632\u0635\u0637\u0636\u06af\u067e][\u0627\u0621\u0639]*)(?=[\u062d\u0647])/gu;
const HAS_ACCIDENTAL_DIGRAPH = new RegExp(ACCIDENTAL_DIGRAPH.source, 'u');

/** Transliterates to ASCII (no Han or Hangul here: those go one character at a time). */
function toAscii(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  // Ta marbuta is the "-a"/"-ah" ending of Latin spellings (Usama, Hamza); any-ascii writes "h".
  if (ABJAD.test(text)) text = text.replace(/\u0629/g, 'a');
  return anyAscii(text);
}

/** Roman numerals (XV, IX, XXI): their "x" is not the "ks" of a name. */
const ROMAN = /^x{0,3}(ix|iv|v?i{0,3})$/;

/** The core compares at most this many characters of a token; both sides are cut alike. */
export const MAX_TOKEN_LENGTH = 64;

/**
 * What one name may make of its input, whatever the input (issue #12): transliteration can turn one
 * character into fifteen letters or seven words, so the caps apply to what it produces, as it is
 * produced, before anything that costs more than linear time (classification, word break, the plan).
 * Far above any real name: the longest list name has 56 words, 314 letters, a longest word of 29.
 */
export interface NameLimits {
  /** Input characters read (the API takes 300; the longest list name has 383). */
  chars: number;
  words: number;
  letters: number;
}

export const NAME_LIMITS: Readonly<NameLimits> = Object.freeze({ chars: 1024, words: 128, letters: 1024 });

/** The words of one name, collected up to its limits; a word longer than the core compares is cut. */
class WordSink {
  readonly words: RawWord[] = [];
  private letters = 0;

  constructor(private readonly limits: Readonly<NameLimits>) {}

  get full(): boolean {
    return this.words.length >= this.limits.words || this.letters >= this.limits.letters;
  }

  /** Whether `words` more words of `letters` more letters leave the sink short of full (see PIECE_CACHE). */
  holds(words: number, letters: number): boolean {
    return this.words.length + words < this.limits.words && this.letters + letters < this.limits.letters;
  }

  add(word: RawWord): void {
    if (this.full) return;
    if (word.text.length > MAX_TOKEN_LENGTH) word.text = word.text.slice(0, MAX_TOKEN_LENGTH);
    this.letters += word.text.length;
    this.words.push(word);
  }
}

/** Two dotted letters glued to the end of a word ("onec.a."), before a separator or the end. */
const GLUED_DOTTED_FORM = /([a-z0-9]{2,})([a-z])\.([a-z])\.(?=[\s,;)]|$)/g;

/** "onec.a." -> "one c.a." when the two letters are a dotted legal form (C.A., S.A., N.V.); else as written. */
function splitDottedForm(match: string, word: string, a: string, b: string): string {
  return DOTTED_LEGAL_FORMS.has(a + b) ? `${word} ${a}.${b}.` : match;
}

/** Two dotted letters written apart at the end of a name ("mikron a. s."). */
const SPACED_DOTTED_FORM = /(?<![a-z0-9.])([a-z])\.\s+([a-z])\.?\s*$/;

/** "a. s." -> "as" when the two letters are a dotted legal form (a.s., d.d.); a person's initials stay apart. */
function joinDottedForm(match: string, a: string, b: string): string {
  return DOTTED_LEGAL_FORMS.has(a + b) ? `${a}${b}` : match;
}

/** Lower-case words of a segment without Han or Hangul, into `sink` until it is full. */
function latinWords(segment: string, sink: WordSink, syllable?: string): void {
  let s = toAscii(segment).toLowerCase().replace(APOSTROPHES, '');
  // Dots inside initialisms join (p.l.c. = plc); so does a slash between single letters (M/V, A/S).
  // A dotted legal form glued to the word before it is split off first ("ONEC.A." = "ONE C.A.").
  // (Tested first: most names have neither, and a regular expression costs more than a scan.)
  if (s.includes('.')) s = s.replace(GLUED_DOTTED_FORM, splitDottedForm).replace(SPACED_DOTTED_FORM, joinDottedForm).replace(/\b([a-z])\.(?=[a-z]\b\.?)/g, '$1');
  if (s.includes('/')) s = s.replace(/\b([a-z])\/(?=[a-z]\b)/g, '$1');
  // Words are the runs of [a-z0-9]; everything else separates them.
  let start = -1;
  for (let i = 0; i <= s.length && !sink.full; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 0;
    const word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (word && start < 0) start = i;
    if (word || start < 0) continue;
    let text = s.slice(start, i);
    start = -1;
    // "x" inside a word is "ks" in every transliteration that disagrees on it (Alexandrovich /
    // Aleksandrovich, Maxim / Maksim); at the start it stays (pinyin Xi, Xinjiang).
    let written: string | undefined;
    if (text.includes('x') && !ROMAN.test(text)) {
      const ks = text.replace(/\B(?<!k)x/g, 'ks');
      if (ks !== text) written = text;
      text = ks;
    }
    if (syllable !== undefined) sink.add({ text, syllabic: true, native: syllable });
    else sink.add(written === undefined ? { text } : { text, written });
  }
}

/** Whether a UTF-16 code unit is a Han or Hangul character (the ranges of SYLLABIC, all in the BMP). */
function isSyllabic(c: number): boolean {
  return (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xac00 && c <= 0xd7af);
}

/** Words of one whitespace-free piece of text into `sink`; Han and Hangul transliterated one syllable per word. */
function pieceWords(text: string, sink: WordSink): void {
  if (!SYLLABIC.test(text)) {
    latinWords(text, sink);
    return;
  }
  let from = 0;
  for (let i = 0; i < text.length && !sink.full; i++) {
    if (!isSyllabic(text.charCodeAt(i))) continue;
    if (i > from) latinWords(text.slice(from, i), sink);
    from = i + 1;
    const ch = text[i];
    latinWords(anyAscii(ch), sink, ch);
  }
  if (from < text.length && !sink.full) latinWords(text.slice(from), sink);
}

/**
 * An Arabic-script word that begins with alif-lam (plain or wasla alif), after any punctuation: the
 * article written attached. Transliteration drops the alif, so the mark is taken from the script:
 * an "l" read from lam alone (لقمان Luqman) or from ayn-lam (علیرضا Alireza, ayn read as an
 * apostrophe and dropped) is the name's own letter.
 */
const ARTICLE_START = /^[^\p{L}\p{N}]*[\u0627\u0671]\u0644/u;

/**
 * Words of a name, within `limits`. The script is read per word: a Latin given name beside an
 * Arabic-script surname is compared as Latin, only the Arabic word by its consonant skeleton. The
 * legal-scope suffix of a sanction ("..., and its sub-units and successors") is no part of a name:
 * cut as the loader cuts it.
 */
export function rawWords(raw: string, limits: Readonly<NameLimits> = NAME_LIMITS): RawWord[] {
  const input = raw.length > limits.chars ? raw.slice(0, limits.chars) : raw;
  // NFKC can make 18 characters of one (U+FDFA): cut again, before the script rewrites read them.
  const nfkc = input.normalize('NFKC');
  const text = splitLegalScopeSuffix(nfkc.length > limits.chars ? nfkc.slice(0, limits.chars) : nfkc).name;
  const sink = new WordSink(limits);
  if (PLAIN_ASCII.test(text)) {
    latinWords(text, sink);
    return endDottedForm(text, sink.words);
  }
  // Ukrainian or Belarusian: a letter of their alphabets anywhere reads every Cyrillic word by their tables.
  const eastSlavic = isEastSlavic(text);
  for (const piece of nativePhrases(text).split(/\s+/)) {
    if (sink.full) break;
    if (!piece) continue;
    const first = sink.words.length;
    const known = PIECE_CACHE.get(piece);
    if (known !== undefined && sink.holds(known.words.length, known.letters + piece.length)) {
      for (const w of known.words) sink.add({ ...w });
      continue;
    }
    pieceWords(nativeWord(piece), sink);
    const abjad = ABJAD.test(piece);
    const arabic = abjad && ARABIC.test(piece);
    const article = arabic && ARTICLE_START.test(piece);
    const silentLetters = arabic && SILENT_LETTERS.test(piece);
    const standalone = sink.words.length === first + 1 && sink.words[first].syllabic === true;
    for (let k = first; k < sink.words.length; k++) {
      if (abjad) sink.words[k] = article && k === first ? { ...sink.words[k], abjad, arabic, article } : { ...sink.words[k], abjad, arabic };
      else if (standalone) sink.words[k] = { ...sink.words[k], standalone };
      if (silentLetters) sink.words[k].silentLetters = true;
    }
    if (arabic && (PERSIAN_DIFFERS.test(piece) || HAS_ACCIDENTAL_DIGRAPH.test(piece))) {
      const persian = persianLetters(nativeWord(piece)).replace(ACCIDENTAL_DIGRAPH, '$1a');
      otherReadings(persian, sink.words, first, limits, (w, text) => (text.length > 1 ? { ...w, persian: text } : w));
    }
    const reading = abjad ? null : eastSlavic ? eastSlavicReading(piece) : diacriticReading(piece);
    if (reading !== null) otherReadings(reading, sink.words, first, limits, (w, text) => ({ ...w, reading: text }));
    if (arabic && HAS_LONG_A.test(piece)) otherReadings(nativeWord(piece).replace(LONG_A, 'a'), sink.words, first, limits, (w, text) => ({ ...w, vowelled: text }));
    const last = sink.words.length - 1;
    if (arabic && last >= first && FINAL_HE.test(piece) && sink.words[last].text.endsWith('h')) sink.words[last].finalHe = true;
    if (arabic && last === first) {
      const letters = arabicLettersOf(piece);
      if (letters !== null) sink.words[first].arabicLetters = letters;
    } else if (article && last === first + 1 && sink.words[first].text === 'al') {
      // A name the table knows after its article (الكريم "al karim"): the name's letters, which a
      // compound reads with the word before it (name-matcher.ts addArabicJoins).
      const letters = arabicLettersOf(piece);
      if (letters !== null && ARTICLE_LETTERS.test(letters)) sink.words[last].arabicLetters = letters.slice(2);
    }
    if (abjad && !sink.full) rememberPiece(piece, sink.words.slice(first), limits);
  }
  return endDottedForm(text, sink.words);
}

/** A name's last word of two letters written with one dot, closing quotes and brackets aside ("Atomflot Rt.", "»X« Rt."). */
const END_DOTTED = /(?:^|[^\p{L}\p{N}.])(\p{L}{2})\.[\s\p{Pe}\p{Pf}\p{Pi}"'»«]*$/u;

/**
 * Marks the last word a legal form (RawWord.dottedForm) when the name ends in one of the two-letter
 * forms written with one dot that are words of names elsewhere (END_DOTTED_LEGAL_FORMS: "Rt."), after
 * a word of its own. Written without the dot, or inside a name, such a word stays a name's word.
 */
function endDottedForm(text: string, words: RawWord[]): RawWord[] {
  if (words.length < 2 || !text.includes('.')) return words;
  const m = END_DOTTED.exec(text);
  if (!m) return words;
  const last = words[words.length - 1];
  const form = toAscii(m[1]).toLowerCase();
  if (last.text === form && END_DOTTED_LEGAL_FORMS.has(form)) words[words.length - 1] = { ...last, dottedForm: true };
  return words;
}

/**
 * The words of Arabic-script and Hebrew pieces already read (issue #28): each is read two or three
 * ways (Persian, vowelled), and names repeat their words, so a piece is read once and its words
 * copied after. Bounded as CLASS_CACHE is. A piece read whole is remembered, and taken from here
 * only where the sink holds all its words with room for its other readings (each at most one letter
 * more per character: an alif's "a", a vav's "v"), so it reads exactly as afresh.
 */
const PIECE_CACHE = new BoundedCache<{ words: readonly RawWord[]; letters: number }>(50_000);

/** Remembers `words`, read from `piece` with nothing cut (its other readings neither: see PIECE_CACHE). */
function rememberPiece(piece: string, words: readonly RawWord[], limits: Readonly<NameLimits>): void {
  const letters = words.reduce((n, w) => n + w.text.length, 0);
  if (letters + piece.length >= limits.letters || words.length >= limits.words) return;
  PIECE_CACHE.set(piece, { words: words.map((w) => ({ ...w })), letters });
}

/**
 * The letters of a piece read as one Arabic-script word, when arabic-romanisation.ts reads them all
 * and the name table did not (a word it knows has its Latin spelling already).
 */
function arabicLettersOf(piece: string): string | null {
  const letters = piece.replace(/[^\p{L}]/gu, '');
  return readableArabic(letters) ? letters : null;
}

/** A word-final he after a letter (زاده, وهبه): Persian -e/-eh, Arabic -a/-ah, or the consonant. */
const FINAL_HE = /[\u0621-\u064a\u0671-\u06d3]\u0647[^\p{L}]*$/u;

/** Ayn and hamza (alone, on ye, on vav): letters the transliteration drops or reads as a vowel. */
const SILENT_LETTERS = /[\u0639\u0621\u0626\u0624]/u;

/** Letters Persian (and Urdu) read otherwise than Arabic: ض ظ ذ ث, and و. */
const PERSIAN_DIFFERS = /[\u0636\u0638\u0630\u062b\u0648]/u;

/**
 * Persian reads ض ظ ذ all as z (رضا Reza, ظریف Zarif, ذوالفقار Zolfaghar) and ث as s, where
 * Arabic reads d, dh, dh and th (رمضان Ramadan / Ramazan); and و is the consonant v where it
 * begins a word, stands beside an alif (not the article's: ذوال Zol-) or before a ye (وحید Vahid,
 * جواد Javad, موسوی Mousavi), which the Arabic reading takes for the vowel u (جواد "jwd" for
 * Jawad). Latin lists spell Iranian names the Persian way, Arab names the Arabic way, and a word in
 * Arabic script does not say which it is: each word keeps its Arabic reading and carries the Persian
 * one, searched too (NameToken.raw).
 */
function persianLetters(word: string): string {
  return word
    .replace(/[\u0636\u0638\u0630]/gu, '\u0632')
    .replace(/\u062b/gu, '\u0633')
    .replace(/(^|[\u0627\u0622\u0648])\u0648|\u0648(?=[\u0622\u06cc\u064a]|\u0627(?!\u0644))/gu, (m: string, before?: string) => `${before ?? ''}v`);
}

/**
 * An alif after a letter of its word: the long vowel ā, which the transliteration drops (جواد "jwd"), but
 * which the list's Latin spelling writes (Jawad): kept as "a" in the word's vowelled reading, which
 * only the comparison of written long vowels reads (name-matcher writtenVowelsAgree).
 */
const LONG_A = /(?<=[\u0621-\u063a\u0641-\u064a\u0671-\u06d3])[\u0627\u0622]/gu;
const HAS_LONG_A = new RegExp(LONG_A.source, 'u');

/**
 * The words of a piece rewritten another way (`rewritten`), paired with the piece's words in `words`
 * (from `first`): each word whose text the rewrite changed gets it through `keep`. Nothing when the
 * two readings do not pair up word for word.
 */
function otherReadings(
  rewritten: string, words: RawWord[], first: number, limits: Readonly<NameLimits>, keep: (w: RawWord, text: string) => RawWord,
): void {
  const alt = new WordSink(limits);
  pieceWords(rewritten, alt);
  if (alt.words.length !== words.length - first) return;
  alt.words.forEach((w, i) => {
    if (w.text !== words[first + i].text) words[first + i] = keep(words[first + i], w.text);
  });
}

/** Lower-case ASCII words: apostrophes vanish (O'Brien = OBrien), dots inside initialisms join (p.l.c. = plc). */
export function asciiWords(raw: string): string[] {
  return rawWords(raw).map((w) => w.text);
}

type WordClass = 'legal' | 'honorific' | 'stop' | 'particle' | 'name';

interface ClassifiedWord {
  text: string;
  cls: WordClass;
  raw?: string;
  /** See RawWord.written. */
  written?: string;
  /** See NameToken.persian. */
  persian?: string;
  /** See RawWord.silentLetters. */
  silentLetters?: boolean;
  /** See RawWord.vowelled. */
  vowelled?: string;
  /** See RawWord.finalHe. */
  finalHe?: boolean;
  /** See RawWord.arabicLetters. */
  arabicLetters?: string;
  syllabic?: boolean;
  /** See NameToken.standalone. */
  standalone?: boolean;
  /** Written in an abjad (see NameToken.abjad). */
  abjad?: boolean;
  /** See RawWord.reading. */
  reading?: string;
}

// Closed vocabularies recognised through one typo (see fuzzy-words.ts; BUSINESS below): words of 6+ letters for
// legal forms and titles (on any letter, the first too, for legal-form words of 7+ letters), 7+ for given-name variants (shorter names are too often another name one
// letter away: Andrea is not Andrei). Raw-spelling units cover the typos of shorter variants.
// Through a typo only the hand table's forms: ISO 20275's hundreds of words would meet ordinary
// words one letter away ("Society" is no "Societe"); they are recognised as written.
const LEGAL = new FuzzyWords(HAND_LEGAL_FORMS, 6, 7);
const HONORIFIC = new FuzzyWords([...HONORIFICS].map((h) => [h, h] as const), 6);
const VARIANT = new FuzzyWords(NAME_VARIANTS, 7);
const PHRASE = new FuzzyWords(PHRASE_WORDS.map((w) => [w, w] as const), 5, 7);
const PHRASE_WORD_SET: ReadonlySet<string> = new Set(PHRASE_WORDS);
/**
 * The long words of organisation names that fold ("COMERCIAL" = comercio, "ASSOCIATION" = associates),
 * through one typo keeping the first letter ("COMERCpAL", "SASOCIATION"): a typo in a folded word
 * otherwise leaves a rare strong token the list lacks, and the whole name is lost. 7+ letters: no
 * given name or surname is one edit from one of them.
 */
const BUSINESS_WORD_MIN = 7;
const BUSINESS = new FuzzyWords(
  [...WORD_ABBREVIATIONS].flatMap(([from, to]) => [[from, to], [to, to]] as const).filter(([w]) => w.length >= BUSINESS_WORD_MIN),
  BUSINESS_WORD_MIN,
);
/** Words near none of the five vocabularies skip their neighbourhood searches (exact lookups stay). */
const NEAR_VOCABULARY = new NeighbourFilter([LEGAL, HONORIFIC, VARIANT, PHRASE, BUSINESS]);
/** Shortest word any of the five searches through a typo. */
const FUZZY_MIN_LENGTH = Math.min(LEGAL.minLength, HONORIFIC.minLength, VARIANT.minLength, PHRASE.minLength, BUSINESS.minLength);
/** Longest word within one edit of any of them: longer words skip the neighbourhood test (quadratic in length). */
const FUZZY_MAX_LENGTH = Math.max(LEGAL.maxLength, HONORIFIC.maxLength, VARIANT.maxLength, PHRASE.maxLength, BUSINESS.maxLength) + 1;

// Names repeat their words a lot (70k distinct words in 150k): classify each word once. The cache
// is bounded (cleared when full) and far larger than what one request can add (see NAME_LIMITS).
export const CLASS_CACHE_LIMIT = 200_000;
const CLASS_CACHE = new BoundedCache<ClassifiedWord>(CLASS_CACHE_LIMIT);
/** See classificationCount. */
let classified = 0;

/**
 * Classifies one word; exposed for query planning (word-break of joined tokens). `remember` false:
 * looked up but not added to the cache (the word break's trial fragments, which are mostly not
 * words at all and would fill the cache with one request's junk).
 */
export function classifyWord(word: string, remember = true): ClassifiedWord {
  const cached = CLASS_CACHE.get(word);
  if (cached) return cached;
  classified++;
  const c = classifyExact(word);
  if (!remember) return c;
  return CLASS_CACHE.set(word, c);
}

/** Words classified afresh (not found in the cache) since the process started: the tests of the planning's bounds count them. */
export function classificationCount(): number {
  return classified;
}

/** Words the classification cache holds (for the tests of its bound). */
export function classCacheSize(): number {
  return CLASS_CACHE.size;
}

/**
 * Slavic spellings that transliteration systems write differently for one name: adjectival endings
 * (-skiy / -skii / -skyi / -skyy / -skyj / -ski = -sky; Sudoremontnyi = Sudoremontny), -iev / -yev /
 * -iyev = -ev (Vasiliev / Vasilyev / Gaziyev: the shortest stem, so that Gaziyev and Gaziev agree), and -wicz / -witz / -vitch = -vich (Rabinowitz / Rabinovich).
 */
export function slavicSpelling(word: string): string {
  if (word.length < 5 || /\d/.test(word)) return word;
  return word
    .replace(/([^aeiouy])(?:iy|ii|yi|yy|yj|ij)$/, '$1y')
    .replace(/ski$/, 'sky')
    .replace(/^([a-z]{3,}?)(?:iy|[iy])e(v|va|vich|vna)$/, '$1e$2')
    .replace(/[wv](?:icz|itz|itsch|itch)$/, 'vich');
}

const longestOf = (words: Iterable<string>): number => Math.max(0, ...[...words].map((w) => w.length));

/**
 * Longest word classifyWord may rewrite other than by slavicSpelling: a longer word is none of the
 * closed vocabularies' words nor within one edit of one, so its text is slavicSpelling(word), at
 * most CLASSIFY_SHORTENS letters shorter. The word searches of query planning (name-matcher.ts)
 * skip fragments that could never be a known word by that bound.
 */
export const CLASSIFY_REACH = Math.max(
  FUZZY_MAX_LENGTH, LEGAL.maxLength, HONORIFIC.maxLength, VARIANT.maxLength, PHRASE.maxLength, BUSINESS.maxLength,
  longestOf(STOP_WORDS), longestOf(LEGAL_FORMS.keys()), longestOf(HONORIFICS), longestOf(VESSEL_PREFIXES), longestOf(PARTICLES), longestOf(WORD_ABBREVIATIONS.keys()),
);
/** What slavicSpelling may take off a word: "-witsch" is "-vich". */
export const CLASSIFY_SHORTENS = 2;

function classifyExact(word: string): ClassifiedWord {
  if (STOP_WORDS.has(word)) return { text: word, cls: 'stop' };
  const near = word.length >= FUZZY_MIN_LENGTH && word.length <= FUZZY_MAX_LENGTH && NEAR_VOCABULARY.mayBeNear(word);
  const legal = LEGAL_FORMS.get(word) ?? LEGAL.find(word, near);
  if (legal) return { text: legal, cls: 'legal' };
  if (HONORIFICS.has(word) || VESSEL_PREFIXES.has(word)) return { text: word, cls: 'honorific' };
  if (PARTICLES.has(word)) return { text: PARTICLE_SPELLINGS.get(word) ?? word, cls: 'particle' };
  const abbreviation = WORD_ABBREVIATIONS.get(word);
  if (abbreviation) return { text: abbreviation, cls: 'name' };
  // A folded variant keeps the spelling as written (see NameToken.raw).
  const variant = VARIANT.find(word, near);
  if (variant) return variant === word ? { text: word, cls: 'name' } : { text: variant, cls: 'name', raw: word };
  const honorific = HONORIFIC.find(word, near);
  if (honorific) return { text: honorific, cls: 'honorific', raw: word };
  const phrase = PHRASE.find(word, near);
  if (phrase) return phrase === word ? { text: word, cls: 'name' } : { text: phrase, cls: 'name', raw: word };
  const business = BUSINESS.find(word, near);
  if (business) return business === word ? { text: word, cls: 'name' } : { text: business, cls: 'name', raw: word };
  return { text: slavicSpelling(word), cls: 'name' };
}

/** Phrases (legal forms, then names) by their first word, longest first, so folding looks only at phrases that can start here. */
const PHRASES_BY_FIRST: ReadonlyMap<string, ReadonlyArray<readonly [string, readonly string[], WordClass]>> = (() => {
  const map = new Map<string, Array<readonly [string, readonly string[], WordClass]>>();
  const add = (phrases: ReadonlyArray<readonly [string, readonly string[]]>, cls: WordClass): void => {
    for (const [to, parts] of phrases) {
      const list = map.get(parts[0]) ?? [];
      list.push([to, parts, cls]);
      map.set(parts[0], list);
    }
  };
  add(LEGAL_FORM_PHRASES, 'legal');
  // ISO 20275's phrases are written as read: their words folded as a query's are (company = co).
  add(ELF_LEGAL_FORM_PHRASES.map(([to, parts]) => [to, parts.map((p) => classifyWord(p, false).text)] as const), 'legal');
  add(NAME_PHRASES, 'name');
  for (const list of map.values()) list.sort((a, b) => b[1].length - a[1].length);
  return map;
})();

/**
 * Rewrites multi-word legal forms and name phrases (in canonical tokens) to one token, longest phrase
 * first. A phrase of single letters ("s a") only ends a name: elsewhere they are a person's initials.
 */
function foldPhrases(words: ClassifiedWord[]): ClassifiedWord[] {
  const out: ClassifiedWord[] = [];
  for (let i = 0; i < words.length; ) {
    const candidates = words[i].syllabic ? undefined : PHRASES_BY_FIRST.get(words[i].text);
    const phrase = candidates?.find(
      ([, parts, cls]) =>
        phraseAt(words, i, parts, cls === 'legal') &&
        (i + parts.length === words.length || !parts.every((p) => p.length === 1)),
    );
    if (phrase) {
      out.push({ text: phrase[0], cls: phrase[2] });
      i += phrase[1].length;
    } else {
      out.push(words[i++]);
    }
  }
  return out;
}

/** Shortest word of a legal-form phrase read through a typo (see phraseAt). */
const PHRASE_TYPO_MIN = 4;

/**
 * Whether `parts` is written at words[i...]. A legal form of three words or more still is through one
 * typo in one of its later words of 4+ letters ("OPEN JOINT STOK COMPANY"), the first letter kept:
 * the words around it say what it is, as the one-word forms' typos are read (fuzzy-words.ts).
 */
function phraseAt(words: readonly ClassifiedWord[], i: number, parts: readonly string[], legal: boolean): boolean {
  if (i + parts.length > words.length) return false;
  let typos = legal && parts.length >= 3 ? 1 : 0;
  for (let k = 0; k < parts.length; k++) {
    const w = words[i + k];
    if (w.syllabic) return false;
    if (w.text === parts[k]) continue;
    const p = parts[k];
    if (typos === 0 || k === 0 || p.length < PHRASE_TYPO_MIN || w.text.length < PHRASE_TYPO_MIN || w.text[0] !== p[0]) return false;
    if (Math.abs(w.text.length - p.length) > 1 || osaDistance(w.text, p) > 1) return false;
    typos--;
  }
  return true;
}

const DIGITS = /^\d+$/;

/**
 * Numbers written as words become digits ("Forty-Four" = "Forty 4" = "44", "Three" = "3", "First" =
 * "1st"), and "No." before a number goes ("No. 3" = "3"): lists write vessel and unit numbers both ways.
 */
function foldNumbers(words: ClassifiedWord[]): ClassifiedWord[] {
  const out: ClassifiedWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const next = words[i + 1];
    if (w.cls !== 'name' || w.syllabic) {
      out.push(w);
      continue;
    }
    if (w.text === 'no' && next && DIGITS.test(next.text)) continue;
    const ordinal = ORDINALS.get(w.text);
    if (ordinal) {
      out.push({ text: ordinal, cls: 'name' });
      continue;
    }
    const tens = NUMBER_TENS.get(w.text);
    if (tens !== undefined) {
      const unit = next ? (NUMBER_UNITS.get(next.text) ?? (/^[1-9]$/.test(next.text) ? Number(next.text) : undefined)) : undefined;
      if (unit !== undefined && unit >= 1 && unit <= 9) {
        out.push({ text: String(tens + unit), cls: 'name' });
        i++;
      } else {
        out.push({ text: String(tens), cls: 'name' });
      }
      continue;
    }
    const unit = NUMBER_UNITS.get(w.text);
    if (unit !== undefined) {
      if (next?.text === 'hundred') {
        out.push({ text: String(unit * 100), cls: 'name' });
        i++;
      } else {
        out.push({ text: String(unit), cls: 'name' });
      }
      continue;
    }
    out.push(w);
  }
  return out;
}

/**
 * Wade-Giles, the older Chinese romanisation (Mao Tse-tung, Hsi Chin-p'ing), read as pinyin (Mao
 * Zedong, Xi Jinping). Only for names whose every word is a Chinese syllable and one of them shows a
 * spelling pinyin never uses (hs-, ts-/tz-, -ieh, -ien, -ueh, -ih); the Wade-Giles spelling stays as
 * the raw alternative, since without the apostrophes aspirated and plain initials look alike.
 */
const WG_SYLLABLE = /^(?:ch|hs|ts|tz|sh|ss|sz|[bcdfghjklmnprstwy])?[aeiouy]{1,3}(?:ng|n|h|rh)?$/;
const WG_MARKER = /^(?:hs|ts|tz)|(?:ieh|ien|ueh|[^s]ih|^ih)$/;

function wadeGilesToPinyin(word: string): string {
  const special: Record<string, string> = { chih: 'zhi', shih: 'shi', jih: 'ri', tzu: 'zi', ssu: 'si', szu: 'si', erh: 'er' };
  if (special[word]) return special[word];
  let w = word.replace(/^j/, 'r');
  w = w.replace(/^hs/, 'x').replace(/^(?:ts|tz)/, 'z').replace(/^ch(?=[iy])/, 'j').replace(/^ch/, 'zh').replace(/^t(?!h)/, 'd');
  return w.replace(/ieh$/, 'ie').replace(/ien$/, 'ian').replace(/ueh$/, 'ue').replace(/ih$/, 'i').replace(/ung$/, 'ong');
}

function isWadeGiles(words: readonly RawWord[]): boolean {
  return (
    words.length >= 2 &&
    words.every((w) => !w.syllabic && w.text.length <= 6 && WG_SYLLABLE.test(w.text)) &&
    words.some((w) => WG_MARKER.test(w.text))
  );
}

/**
 * Normalises a list of raw words (already ASCII, lower-case) into tokens. `abjad` / `arabic` mark
 * every word as written in that script; otherwise each word's own flags say (see rawWords).
 * `query`: a screened name, not a list name. An "x" read as "ks" is then searched as written too
 * (the token's raw spelling, when it has none): a typo that puts an x into a word ("Pxtrov") is one
 * edit from the list word as written, two once read as "ks".
 */
export function tokensOfWords(input: ReadonlyArray<string | RawWord>, abjad = false, arabic = abjad, query = false): NameToken[] {
  let words: RawWord[] = input.map((w) => (typeof w === 'string' ? { text: w } : w));
  if (abjad) words = words.map((w) => ({ ...w, abjad: true, arabic }));
  if (words.some((w) => w.abjad)) words = words.flatMap((w) => (w.abjad ? abjadWord(w, w.arabic === true) : [w]));
  if (words.some(mayBeGlued)) words = words.flatMap(gluedArticle);
  // Query side only: a list name written glued (EDDINE, "Kamal Eddin") keeps its word, which its
  // typos and the word breaks of queries that glue it to the name before ("Kamaleddin") must reach.
  if (query && words.some(mayEndInDin)) words = words.flatMap(articleDin);
  if (words.some(mayHoldLegalForm)) words = words.flatMap(gluedLegalForm);
  const wadeGiles = isWadeGiles(words);
  let firstHangul = true;
  const classified = words.map((w): ClassifiedWord => {
    let c = classifyRaw(w);
    // A legal-form word with an x typed into it ("LIxABILITY") is the legal form as written.
    if (query && w.written !== undefined && c.cls === 'name') {
      const as = classifyWord(w.written, false);
      if (as.cls === 'legal' || (PHRASE_WORD_SET.has(as.text) && as.text !== w.written)) c = as;
    }
    if (w.glued !== undefined) c = { ...c, raw: w.glued };
    const read = w.persian !== undefined && c.raw === undefined && c.cls === 'name' ? classifyWord(w.persian).text : undefined;
    const persian = read !== undefined && read !== c.text ? read : undefined;
    const written = persian ?? (query && w.written !== undefined && c.raw === undefined && c.cls === 'name' ? w.written : undefined);
    if (w.reading !== undefined && c.cls === 'name' && !w.abjad) c = { ...c, reading: w.reading };
    if (!w.abjad && !written) return c;
    const extra = {
      ...(w.silentLetters ? { silentLetters: true } : {}),
      ...(w.vowelled !== undefined && c.text === w.text ? { vowelled: w.vowelled } : {}),
      ...(w.finalHe && c.text === w.text ? { finalHe: true } : {}),
      ...(w.arabicLetters !== undefined && c.text === w.text ? { arabicLetters: w.arabicLetters } : {}),
    };
    return { ...c, ...(w.abjad ? { abjad: true } : {}), ...(written ? { written } : {}), ...(persian ? { persian } : {}), ...extra };
  });
  // Folded twice when the first folded a phrase: a form may be written with another inside it
  // ("FZ Limited Liability Company" is FZ LLC, "S.A. de C.V." with Sociedad Anonima spelt out).
  const once = foldPhrases(classified);
  const folded = foldNumbers(once.length < classified.length ? foldPhrases(once) : once);
  const kept = folded.filter((w) => w.cls !== 'stop');
  const source = kept.length > 0 ? kept : folded;
  return source.map((w, i) => {
    // A particle ends no name: a last "Bin" is the Chinese given name of "Su Bin", not "son of".
    const particleAtEnd = w.cls === 'particle' && i === source.length - 1 && source.length > 1;
    const token: NameToken = { text: w.text, weak: w.cls !== 'name' && w.cls !== 'stop' && !particleAtEnd, abjad: w.abjad === true };
    if (w.raw && w.raw !== w.text) token.raw = w.raw;
    else if (w.written) token.raw = w.written;
    if (w.persian) token.persian = w.persian;
    if (w.silentLetters) token.silentLetters = true;
    if (w.vowelled) token.vowelled = w.vowelled;
    if (w.finalHe) token.finalHe = true;
    if (w.arabicLetters) token.arabicLetters = w.arabicLetters;
    if (w.syllabic) token.syllabic = true;
    if (w.standalone) token.standalone = true;
    if (w.reading) token.reading = w.reading;
    return token;
  });

  function classifyRaw(w: RawWord): ClassifiedWord {
    const text = w.text.slice(0, MAX_TOKEN_LENGTH);
    if (w.dottedForm) return { text: LEGAL_FORMS.get(text) ?? text, cls: 'legal' };
    if (w.syllabic) {
      const hangul = w.native !== undefined && HANGUL.test(w.native);
      const first = hangul && (firstHangul || w.standalone === true);
      if (hangul) firstHangul = false;
      const c = hangul ? hangulWord(text, w.native!, first) : { text, cls: 'name' as const, syllabic: true };
      return w.standalone ? { ...c, standalone: true } : c;
    }
    if (wadeGiles) {
      const pinyin = wadeGilesToPinyin(text);
      return pinyin === text ? { text, cls: 'name' } : { text: pinyin, cls: 'name', raw: text };
    }
    return w.abjad ? abjadClass(text) : classifyWord(text);
  }
}

/** Longest abjad word whose exact collision with a Latin title or legal form is overridden (abjadClass). */
const ABJAD_COLLISION_MAX = 3;

/**
 * An abjad word of two or three letters is a name or one of its script's particles (ABJAD_PARTICLES):
 * never a Latin legal form, title, vessel prefix or stop word its vowel-less transliteration happens
 * to spell (سارا "sr" is Sara, not Senior). A longer word keeps its reading, a title within one edit
 * included: the list reads its Latin spellings so too (AL-SHARIKH and الشريخ "shrykh" both as the
 * title shaykh), and both sides must be read alike.
 */
function abjadClass(word: string): ClassifiedWord {
  const c = classifyWord(word);
  // A Slavic ending folded (slavicSpelling: -iy, -yj, -yy = -y) is no Slavic ending here: the
  // consonants of an Arabic-script word as written (الخليج "khlyj" Khalij, السامرائي "smriy", میرزایی
  // "myrzyy"), which its letters (RawWord.arabicLetters) are compared by.
  if (c.cls === 'name' && c.raw === undefined && c.text !== word && c.text === slavicSpelling(word)) return { text: word, cls: 'name' };
  if (c.cls === 'name' || (c.cls === 'particle' && ABJAD_PARTICLES.has(c.text))) return c;
  // A single letter is an initial (י. לוי = "Y. Levi"), not a word: it keeps its reading too.
  return word.length >= 2 && word.length <= ABJAD_COLLISION_MAX ? { text: word, cls: 'name' } : c;
}

/**
 * A Hangul syllable in the list spelling (see koreanListSpelling), the Revised Romanisation kept as
 * raw; the first syllable of a name, the surname, in its usual Latin spelling (Lee, Park).
 */
function hangulWord(rr: string, native: string, first: boolean): ClassifiedWord {
  const surname = first ? HANGUL_SURNAMES.get(native) : undefined;
  const list = surname ?? koreanListSpelling(rr);
  return { text: list, cls: 'name', syllabic: true, raw: rr };
}

/**
 * Abjad words after transliteration carry no short vowels: "bn" is the particle bin, and in Arabic
 * script the initial "l" of a long word written with alif-lam is the article al- written attached
 * ("lsysy" = al-Sisi; see ARTICLE_START; in Hebrew a prefixed lamed is "to", not an article). Ta
 * marbuta is handled before transliteration.
 */
function abjadWord(w: RawWord, arabic: boolean): RawWord[] {
  const word = w.text;
  // بن is "bin" in the Mashriq, "ben" in the Maghreb (Tunisian, Algerian names): searched too, as the
  // token's raw spelling (RawWord.glued is the spelling a token is also searched by).
  if (word === 'bn' || word === 'ibn') return [{ ...w, text: 'bin', persian: undefined, vowelled: undefined, arabicLetters: undefined, glued: word === 'bn' && arabic ? 'ben' : undefined }];
  if (!arabic) return [w];
  if (word === 'bw' || word === 'abw') return [{ ...w, text: 'abu', persian: undefined, vowelled: undefined, arabicLetters: undefined }];
  // Read from the script where it is known: the article before three letters or more (الاسد al-Asad,
  // "lsd": its alif dropped), which the transliteration's length alone does not tell from a name.
  const longWord = word.length >= 4 || LONG_ARTICLE_WORD.test(w.arabicLetters ?? '');
  // A vowel the transliteration reads from a hamza's seat or a madda (الطائي "ltiy" al-Ta'i, الآغا
  // "lagh" al-Agha) does not make the word's l its own: the script's letters say it is the article.
  // Measured with the Slavic-ending rule of abjadClass (cross-publisher dev half, balanced):
  // arabic-person 0.8395 -> 0.8457, every other figure and the near-miss classes unchanged.
  if (w.article && longWord && word.startsWith('l') && (!/[aeiou]/.test(word.slice(1, 3)) || ARTICLE_LETTERS.test(w.arabicLetters ?? ''))) {
    const persian = w.persian?.startsWith('l') ? w.persian.slice(1) : undefined;
    const vowelled = w.vowelled?.startsWith('l') ? w.vowelled.slice(1) : undefined;
    const arabicLetters = ARTICLE_LETTERS.test(w.arabicLetters ?? '') ? w.arabicLetters!.slice(2) : undefined;
    return [
      { ...w, text: 'al', persian: undefined, vowelled: undefined, finalHe: undefined, arabicLetters: undefined },
      { ...w, text: word.slice(1), persian, vowelled, silentLetters: true, arabicLetters },
    ];
  }
  return [w];
}

/** The article alif-lam (plain or wasla alif) before two letters or more of the word. */
const ARTICLE_LETTERS = /^[\u0627\u0671]\u0644../u;
const LONG_ARTICLE_WORD = /^[\u0627\u0671]\u0644.../u;

/** Arabic names by their usual Latin spelling, the ones a glued article is recognised on. */
const ARABIC_NAMES: ReadonlySet<string> = new Set([...ABJAD_NAMES.values()].filter((n) => n.length >= 4));

const mayBeGlued = (w: RawWord): boolean => !w.syllabic && w.text.length >= 6 && (w.text.startsWith('al') || w.text.startsWith('el'));

/**
 * The article written glued to a known Arabic name ("Elhassan", "Alrashid") is the same particle
 * as written apart ("El Hassan", "al-Rashid"): split, so both spellings give the same tokens.
 */
function gluedArticle(w: RawWord): RawWord[] {
  if (!mayBeGlued(w)) return [w];
  const rest = w.text.slice(2);
  const name = classifyWord(rest).text;
  return ARABIC_NAMES.has(name) || ARABIC_NAMES.has(rest) ? [{ ...w, text: 'al' }, { ...w, text: rest }] : [w];
}

/**
 * "al-Din" (of the faith: Nur al-Din, Imad al-Din) is written with its article glued to din, the
 * article's l often assimilated to the d: Eldin, Aldin, Eddin, Addin, Eddine, Aldeen. Each is the
 * list's "AL-DIN" (the particle al and din); without this, a glued spelling is one rare strong word
 * the list lacks. Not the South Asian "Uddin" / "Ud-Din": lists write that "ud" as a word of its own,
 * a strong one, and keeping it so keeps "Dino" from passing for "Ud-Din".
 */
const ARTICLE_DIN = /^[ae][ld](din|deen|dine)$/;

export const mayEndInDin = (w: RawWord): boolean => !w.syllabic && !w.abjad && (w.text.endsWith('din') || w.text.endsWith('deen') || w.text.endsWith('dine'));

function articleDin(w: RawWord): RawWord[] {
  const glued = mayEndInDin(w) ? ARTICLE_DIN.exec(w.text) : null;
  return glued ? [{ ...w, text: 'al', written: undefined }, { ...w, text: glued[1], written: undefined, glued: w.text }] : [w];
}

const DIGITS_ONLY = /^\d+$/;
/** What a word may end in that gluedLegalForm splits off: the abbreviations and the long words. */
const GLUED_FORM_ENDINGS: readonly string[] = [...GLUED_LEGAL_FORM_ENDS, ...GLUED_LEGAL_FORM_WORDS];
const mayHoldLegalForm = (w: RawWord): boolean => !w.syllabic && !w.abjad && w.text.length >= 5;

/**
 * A legal form glued to a word of the name ("31ooo", "obshchestvort", see vocabulary.ts
 * GLUED_LEGAL_FORM_ENDS) is split off, as the list writes it. What remains must still be a word:
 * 3+ letters or a number (so "iooo" or "mkooo" stay whole).
 */
function gluedLegalForm(w: RawWord): RawWord[] {
  if (!mayHoldLegalForm(w) || LEGAL_FORMS.has(w.text)) return [w];
  const part = (text: string): RawWord => ({ ...w, text, written: undefined, persian: undefined, vowelled: undefined, finalHe: undefined });
  for (const form of GLUED_LEGAL_FORM_WORDS) {
    if (w.text.length >= form.length + 2 && w.text.startsWith(form)) return [part(form), ...gluedLegalForm(part(w.text.slice(form.length)))];
  }
  for (const form of GLUED_FORM_ENDINGS) {
    if (!w.text.endsWith(form)) continue;
    const rest = w.text.slice(0, -form.length);
    // The word as written stays the name part's raw spelling: a typo can end a word in a legal
    // form's letters ("MUQALtD" for MUQALAD), and the list word must still be one edit away.
    if (rest.length >= 3 || (rest.length > 0 && DIGITS_ONLY.test(rest))) return [{ ...part(rest), glued: w.text }, part(form)];
  }
  return [w];
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
export function normaliseName(raw: string, limits: Readonly<NameLimits> = NAME_LIMITS): NameToken[] {
  return tokensOfWords(rawWords(raw, limits));
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

// Consonant skeletons remembered: skeleton() is a chain of regular expressions, and both real traffic
// and the index build (a list repeats its words) ask for the same words again. Bounded like the
// word-class cache.
const SKELETON_CACHE = new BoundedCache<string>(100_000);

/** skeleton(text), remembered (see SKELETON_CACHE). */
export function skeletonOf(text: string): string {
  return SKELETON_CACHE.get(text) ?? SKELETON_CACHE.set(text, skeleton(text));
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

/** Given-name equivalents by canonical token (vocabulary.ts GIVEN_NAME_EQUIVALENTS), in canonical spelling. */
const EQUIVALENTS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of GIVEN_NAME_EQUIVALENTS) {
    const canon = [...new Set(group.map((n) => classifyWord(n).text))];
    for (const a of canon) {
      const set = map.get(a) ?? new Set<string>();
      for (const b of canon) if (b !== a) set.add(b);
      map.set(a, set);
    }
  }
  return new Map([...map].map(([k, v]) => [k, [...v]]));
})();

export function equivalentsOf(token: string): readonly string[] {
  return EQUIVALENTS.get(token) ?? [];
}
