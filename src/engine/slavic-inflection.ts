/**
 * @module The nominative a Slavic or Baltic word written in another case stands for.
 *
 * Publishers that write in Russian, Ukrainian, Belarusian, Polish, Czech, Slovak, Croatian,
 * Lithuanian or Latvian put a proper noun inside an organisation's name in the case the sentence
 * asks for: the genitive of "named after" and "group of" ("Группа Вагнера", "Grupa Vagnera",
 * "Vagnerio grupė" for WAGNER GROUP; "imeni Reshetneva" for RESHETNEV), the Polish locative ("w
 * Isfahanie" for ISFAHAN). The US lists write the nominative. A word the lists do not know is read
 * back to the nominatives its ending allows: the word without the ending (a masculine or neuter
 * noun, a surname in -ov / -in), or the word without it plus -a (a feminine noun: "Osamy" for
 * Osama). The caller keeps the readings the lists know (name-matcher.ts addInflected).
 *
 * The endings are the singular case endings of nouns of these languages as their grammars publish
 * them, folded to lower-case ASCII as the engine folds words (ą a, ę e, ė e, ų u, ł l) and written in
 * Latin letters as the lists' romanisation (BGN/PCGN) writes Russian, Ukrainian and Belarusian ones;
 * for Russian they are the singular noun endings of the Snowball Russian stemmer
 * (snowballstem.org/algorithms/russian/stemmer.html, group "noun": а, я, у, ю, е, ом, ем, ой, ей,
 * ы, и), for Lithuanian the case endings of the Snowball Lithuanian stemmer's nominal paradigms
 * (snowballstem.org/algorithms/lithuanian: nominative -as / -is / -ys / -us, genitive -o / -io / -os
 * / -es / -aus, dative -ui / -iui, instrumental -u / -iu), for Polish, Czech, Slovak and Croatian
 * their reference grammars' masculine and feminine singular paradigms (genitive -a / -u / -y / -i,
 * dative -owi / -ovi / -u, instrumental -em / -om, locative -ie / -e / -u), for Latvian the
 * nominative -s / -is and genitive -a. Plural endings are left out: a name is one party.
 *
 * Also the ё that Russian writes as е (the Russian orthography rules of 1956 and of 2006 leave
 * the two dots to the writer, so "Полет" is Полёт): the lists write ё as yo after a consonant (POLYOT).
 * ё is always stressed, so a word has one at most: each е after a consonant is read as yo in turn.
 */

/** Endings after which the nominative is the word without them (masculine and neuter nouns, surnames in -ov, -in). */
const STEM_ENDINGS: readonly string[] = [
  // Russian, Ukrainian, Belarusian: genitive, dative, instrumental, prepositional (-ym, -im of surnames in -ov, -in).
  'a', 'ya', 'u', 'yu', 'e', 'om', 'em', 'ym', 'im', 'am', 'ovi', 'evi',
  // Polish, Czech, Slovak, Croatian: genitive, dative, instrumental, locative.
  'owi', 'iem', 'ie',
  // Lithuanian (foreign names take -as, -is, -ys, -us): nominative, genitive, dative, instrumental.
  'as', 'is', 'ys', 'us', 'o', 'io', 'aus', 'ui', 'iui', 'iu',
];
/** Endings after which the nominative is the word without them plus -a (feminine nouns in -a). */
const FEMININE_ENDINGS: readonly string[] = [
  // Genitive -y / -i, dative and locative -e / -ie, accusative -u / -e (Polish ę), instrumental -oy / -oj / -ou (Czech).
  'y', 'i', 'e', 'ie', 'u', 'oy', 'oj', 'ou',
  // Lithuanian genitive of -a and -ė nouns.
  'os', 'es',
];

/** Fewest letters left of a word once its ending is taken off: a shorter stem meets chance words. */
export const INFLECTION_STEM_MIN = 4;
const LATIN_WORD = /^[a-z]+$/;
const VOWELS = 'aeiouy';

/**
 * The nominatives `word` (lower-case a-z) may stand for by its ending (see the module), without
 * `word` itself, in order: the stems first, then the feminine readings. Empty for another word.
 */
export function nominativeReadings(word: string): string[] {
  if (!LATIN_WORD.test(word)) return [];
  const out = new Set<string>();
  for (const e of STEM_ENDINGS) {
    if (word.length - e.length >= INFLECTION_STEM_MIN && word.endsWith(e)) out.add(word.slice(0, -e.length));
  }
  for (const e of FEMININE_ENDINGS) {
    if (word.length - e.length >= INFLECTION_STEM_MIN && word.endsWith(e)) out.add(`${word.slice(0, -e.length)}a`);
  }
  out.delete(word);
  return [...out];
}

/**
 * The spellings of `word` (lower-case a-z) with one e after a consonant read as ё, written yo as the
 * lists write it (see the module); not a final e (an ending: ё is in the stem) nor one after a vowel.
 */
export function yoReadings(word: string): string[] {
  if (!LATIN_WORD.test(word)) return [];
  const out: string[] = [];
  for (let i = 1; i < word.length - 1; i++) {
    if (word[i] !== 'e' || VOWELS.includes(word[i - 1])) continue;
    out.push(`${word.slice(0, i)}yo${word.slice(i + 1)}`);
  }
  return out;
}
