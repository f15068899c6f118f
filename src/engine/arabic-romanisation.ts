/**
 * @module Whether a Latin spelling is a romanisation of a word written in Arabic script.
 *
 * A word in Arabic or Persian script writes its consonants and long vowels; the Latin spellings of
 * the lists write those letters by one of the published romanisation systems, with the short vowels
 * the script leaves out put in between. Each letter's spellings below are the union of:
 * - ALA-LC Romanization Tables, Arabic (2012) and Persian (2012), with the diacritics folded to ASCII
 *   as the lists fold them (ṭ t, ḥ h, ʻ dropped, ā a), and Urdu (2011) for ٹ ڈ ڑ ں ھ ہ ے;
 * - BGN/PCGN romanisation of Arabic (1956) and of Persian (1958): th, dh, kh, gh, sh, zh, ch, the
 *   Persian z for ذ ض ظ and s for ث, v for و, e for the ezafe and the final he;
 * - the French transcription of Maghreb civil registers (ou for و, dj for ج, ch for ش, the final e),
 *   which the UN and EU lists keep for Algerian, Tunisian and Moroccan names;
 * - what every system leaves to usage: a consonant written twice (the unwritten shadda: Abbas,
 *   Haqqani), and ayn and hamza written as nothing (their apostrophes are folded away).
 *
 * The comparison is exact on the letters the script writes: a Latin spelling reads the word when
 * each Arabic letter is one of its spellings, in order, with at most one short vowel letter
 * (a e i o u) between two of them and none before the first (a word-initial vowel is always written:
 * alif, ayn or hamza). A long vowel or diphthong the script did not write (Mahmoudi for محمدی) or a
 * consonant it did not write is no reading. Work: a table walk of (Arabic letters + 1) x (Latin
 * letters + 1) states; both are short words (see MAX_LETTERS).
 */

/** The Latin spellings of each letter (see the module note for sources); '' = written as nothing. */
const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  // Alif: the long a (see ALIF_START and ARTICLE_ALIF for its other spellings).
  '\u0627': ['a', 'aa'],
  '\u0671': ['a', ''],
  '\u0623': ['a', 'e', 'i', 'o', 'u', ''],
  '\u0625': ['i', 'e', ''],
  '\u0622': ['a', 'aa', ''],
  // Hamza alone, on vav, on ye.
  '\u0621': [''],
  '\u0624': ['u', 'o', 'w'],
  '\u0626': ['i', 'e', 'y', 'a', ''],
  '\u0628': ['b'],
  '\u067e': ['p'],
  '\u062a': ['t'],
  '\u062b': ['th', 's', 't'],
  '\u062c': ['j', 'dj', 'g', 'dzh', 'zh'],
  '\u0686': ['ch', 'tch', 'tsh', 'c'],
  '\u062d': ['h'],
  // Kha: kh; h and ch (German, Spanish usage); k where the lists write the kh plain (Muktar).
  '\u062e': ['kh', 'h', 'ch', 'k'],
  '\u062f': ['d'],
  '\u0630': ['dh', 'z', 'd', 'th'],
  '\u0631': ['r'],
  '\u0632': ['z'],
  '\u0698': ['zh', 'j'],
  '\u0633': ['s'],
  '\u0634': ['sh', 'ch', 'sch', 's'],
  '\u0635': ['s'],
  '\u0636': ['d', 'dh', 'z'],
  '\u0637': ['t'],
  '\u0638': ['z', 'dh', 'th', 'd'],
  // Ayn: written as nothing (ʻ folded away); the vowel after it is the short vowel's place.
  '\u0639': [''],
  '\u063a': ['gh', 'g', 'q'],
  '\u0641': ['f', 'ph'],
  '\u0642': ['q', 'k', 'g', 'gh'],
  // Kaf: also ch, as English writes the k of the Greek and Latin words Arabic and Persian borrow
  // (تكنولوجي technology, مكانيك mechanic, كيمياء chemistry). Measured (cross-publisher dev half,
  // balanced): arabic-entity +1 of 57 (تكنولجي for TECHNOLOGY), real negatives and the near-miss
  // classes of Arabic script unchanged.
  '\u0643': ['k', 'c', 'ck', 'ch'],
  '\u06a9': ['k', 'c', 'ck', 'ch'],
  '\u06af': ['g', 'gu'],
  '\u0644': ['l'],
  '\u0645': ['m'],
  '\u0646': ['n'],
  // He: the consonant h; at the end, also the vowel -e, -eh, -a, -ah (see FINAL_HE): never nothing
  // there (Mahdieh is no Mehdi).
  '\u0647': ['h', ''],
  '\u0648': ['w', 'v', 'u', 'o', 'ou', 'oo', 'au', 'aw', 'ow'],
  '\u064a': ['y', 'i', 'ee', 'ei', 'ai', 'ay', 'e', 'iy', 'ey'],
  '\u06cc': ['y', 'i', 'ee', 'ei', 'ai', 'ay', 'e', 'iy', 'ey'],
  // Alif maksura: the final a of Arabic (Mustafa, Musa), the final i of Persian (written ی).
  '\u0649': ['a', 'i', 'y', 'e'],
  // Ta marbuta: -a, -ah, -at (in construct), Persian -e, -eh.
  '\u0629': ['a', 'ah', 'at', 'e', 'eh', ''],
  // Urdu: retroflex t d r, nun ghunna, do-chashmi and gol he, bari ye, he with hamza (ezafe).
  '\u0679': ['t'],
  '\u0688': ['d'],
  '\u0691': ['r'],
  '\u06ba': ['n'],
  '\u06be': ['h', ''],
  '\u06c1': ['h', ''],
  '\u06c3': ['a', 'ah', 'e', 'at'],
  '\u06d2': ['e', 'ay', 'ai'],
  '\u06c0': ['e', 'eh', 'ye'],
};

/** A word's first alif: the seat of any vowel (Ibrahim, Usama, Omid, Esmail). */
const ALIF_START: readonly string[] = ['a', 'e', 'i', 'o', 'u'];
/**
 * A word's first alif before vav: also only the seat of the long vowel the vav writes (ALA-LC
 * Persian: او ū / ō at a word's start: اوجی Oji, اورنگ Orang), written as nothing. Measured
 * (cross-publisher dev half, balanced): arabic-entity +1 of 57 (اوژه for OJE), real negatives and
 * the near-miss classes of Arabic script unchanged. Not before ye (ای ī / ē, ايمان Iman): the
 * 50,000 synthetic negatives' name-only flags rose by one (ايمان آل علي for "ALI, Ahmad Iman",
 * as the Latin "Iman Al Ali" is flagged), and nothing was found more.
 */
const ALIF_SEAT: readonly string[] = [...ALIF_START, ''];
const LONG_VOWEL_SEATED = '\u0648';
/**
 * An alif before lam inside a word: the article of a compound written as one (عبدالحليم Abdelhalim,
 * Abdulhalim, Abdalhalim), its vowel any or none (Abdlhalim).
 */
const ARTICLE_ALIF: readonly string[] = ['a', 'e', 'i', 'u', ''];
/** Letters that are only a vowel after a consonant: no unwritten short vowel before them (Sina is no Sinie). */
const VOWEL_LETTERS = '\u0627\u0622\u0649\u0629\u06c3';
const ALIF = '\u0627';
const HE = '\u0647';
/** A word's last he: the consonant or the vowel Persian and Arabic end a name with (Zadeh, Zade, Hamada). */
const FINAL_HE: readonly string[] = ['h', 'e', 'eh', 'a', 'ah'];
const LAM = '\u0644';
/**
 * The sun letters (ALA-LC Arabic, rule 20: the article's l is written as the next consonant before
 * them in pronunciation spellings): ت ث د ذ ر ز س ش ص ض ط ظ ل ن.
 */
const SUN_LETTERS = '\u062a\u062b\u062f\u0630\u0631\u0632\u0633\u0634\u0635\u0636\u0637\u0638\u0644\u0646';
/** The article's lam inside a compound before a sun letter: l, or assimilated (Nasiruddin, Noureddine). */
const ASSIMILATED_LAM: readonly string[] = ['l', ''];
/**
 * Whether the lam at `i` is an article's before a sun letter: glued inside the word (after an alif),
 * or the article that begins it (الصبار Essabar, الزين Ezzine: the pronunciation spellings of the
 * Maghreb and of Pakistan write the article as its vowel and the sun letter twice).
 */
const assimilated = (arabic: string, i: number): boolean => i >= 1 && arabic[i - 1] === ALIF && SUN_LETTERS.includes(arabic[i + 1] ?? '');

/** The spellings of the letter at `i` of `arabic` (n letters): its own, or the ones its place gives it. */
function spellingsAt(arabic: string, i: number): readonly string[] | undefined {
  const c = arabic[i];
  if (c === HE && i === arabic.length - 1) return FINAL_HE;
  if (c === LAM && assimilated(arabic, i)) return ASSIMILATED_LAM;
  if (c !== ALIF) return SPELLINGS[c];
  if (i === 0) return LONG_VOWEL_SEATED.includes(arabic[1] ?? '-') ? ALIF_SEAT : ALIF_START;
  return arabic[i + 1] === LAM ? ARTICLE_ALIF : SPELLINGS[c];
}

const VOWELS = 'aeiou';
/** Longest word compared, either side: far above any name word (the longest listed word has 29 letters). */
export const MAX_LETTERS = 32;

/**
 * Whether `c` (a Latin letter) starts a consonant spelling that may be written twice (the shadda),
 * y and w included (ALA-LC: Sayyid, Fulayyih, 'Awwad, Quwwat). Measured (cross-publisher dev half,
 * balanced): without y and w arabic-person 0.846, with them 0.858 (السيد for AL-SAYYED, فليح for
 * Fulayyih); real negatives 8 of 868 both, near-miss classes of Arabic script unchanged.
 */
const doubles = (spelling: string): boolean => spelling.length > 0 && !VOWELS.includes(spelling[0]);

/** Whether every letter of `word` has spellings (an Arabic-script word this table reads). */
export function readableArabic(word: string): boolean {
  if (word.length === 0 || word.length > MAX_LETTERS) return false;
  for (const c of word) if (SPELLINGS[c] === undefined) return false;
  return true;
}

/**
 * Whether `latin` (lower-case a-z) is a romanisation of `arabic` (letters of SPELLINGS only, no
 * marks): see the module note. After the last letter, a short vowel only where it ends in a
 * vowel-less he or ta marbuta's consonant (Taha) or as the French and Persian final e (Eddine).
 */
export function readsAs(arabic: string, latin: string): boolean {
  const n = arabic.length;
  const m = latin.length;
  if (n === 0 || m === 0 || n > MAX_LETTERS || m > MAX_LETTERS) return false;
  // reach[j]: the first i Arabic letters spell the first j Latin letters (before the vowel slot).
  let reach = REACH_A;
  let next = REACH_B;
  reach.fill(0, 0, m + 1);
  reach[0] = 1;
  for (let i = 0; i < n; i++) {
    const c = arabic[i];
    const spellings = spellingsAt(arabic, i);
    if (spellings === undefined) return false;
    const slot = i > 0 && !VOWEL_LETTERS.includes(c);
    next.fill(0, 0, m + 1);
    let any = false;
    for (let j = 0; j <= m; j++) {
      if (!reach[j]) continue;
      any = spellFrom(spellings, latin, j, i === 0, next) || any;
      // The short vowel the script leaves out, between two letters (none before the first).
      if (slot && j < m && VOWELS.includes(latin[j])) any = spellFrom(spellings, latin, j + 1, false, next) || any;
    }
    if (!any) return false;
    [reach, next] = [next, reach];
  }
  if (reach[m]) return true;
  const last = arabic[n - 1];
  const finalVowels = last === '\u0647' || last === '\u06c1' ? VOWELS : 'e';
  return reach[m - 1] === 1 && finalVowels.includes(latin[m - 1]);
}

/** Scratch rows of readsAs (one call at a time: no allocation per call). */
const REACH_A = new Uint8Array(MAX_LETTERS + 2);
const REACH_B = new Uint8Array(MAX_LETTERS + 2);

/**
 * Marks in `next` where each spelling of one letter, written from Latin position `s` (its consonant
 * written twice too), ends; whether any does. A first letter written as nothing (ayn, hamza) still
 * stands for its vowel (Ali, not Li).
 */
function spellFrom(spellings: readonly string[], latin: string, s: number, first: boolean, next: Uint8Array): boolean {
  let any = false;
  for (const sp of spellings) {
    if (sp === '') {
      if (first && !(s < latin.length && VOWELS.includes(latin[s]))) continue;
      next[s] = 1;
      any = true;
      continue;
    }
    if (latin.startsWith(sp, s)) {
      next[s + sp.length] = 1;
      any = true;
    }
    if (doubles(sp) && latin[s] === sp[0] && latin.startsWith(sp, s + 1)) {
      next[s + 1 + sp.length] = 1;
      any = true;
    }
  }
  return any;
}

/** Most consonant skeletons one word is looked up by (skeletonsOf): the commonest spellings first. */
export const MAX_SKELETONS = 8;

/**
 * The consonant skeletons (normalise.ts skeleton) of the Latin spellings of `arabic`, the first
 * MAX_SKELETONS of them: each letter's spellings give one or a few (ج j / dj / g, ش sh / ch, ه h or
 * nothing, و as a vowel or v), taken in the table's order. Where a transliteration of the script
 * reads a letter one way, the lists may write it another (Djouadi, Chaoui, Zawahiri): each skeleton
 * finds its list words, which readsAs then compares letter by letter.
 */
export function skeletonsOf(arabic: string, skeleton: (latin: string) => string): string[] {
  let partial = [''];
  for (let i = 0; i < arabic.length; i++) {
    const spellings = spellingsAt(arabic, i);
    if (spellings === undefined) return [];
    const parts = [...new Set(spellings.map(skeleton))];
    const next: string[] = [];
    for (const p of partial) {
      for (const part of parts) {
        const s = p + part;
        if (!next.includes(s)) next.push(s);
      }
    }
    partial = next.slice(0, MAX_SKELETONS);
  }
  return [...new Set(partial.map((s) => s.replace(/(.)\1+/g, '$1')))];
}
