/**
 * @module The vowel rule for Arabic and Persian names written in Latin letters: two spellings of one
 * name by different romanisations (ALA-LC, BGN/PCGN, the English, French and Persian spellings) keep
 * the consonants in their places and write, run for run, vowels that can be the same Arabic one
 * ("Aseeri" / ASIRI, "Ismaili" / ESMAELI). Its knowledge is the vowel table below, from those
 * romanisation systems; it reads no list. name-matcher.ts addVowelled applies it.
 */

/**
 * A word's consonants as written with each run of vowels one mark: "aseeri" and "asiri" both
 * "-s-r-", "esmaeli" and "ismaili" "-sm-l-". A doubled letter is one (Ballul / Balol); y and w
 * before a vowel are consonants (Sayyid / Sayed "s-y-d"), else vowels (Hany / Hani).
 */
export function vowelPattern(word: string): string {
  return vowelRuns(word).replace(/[aeiou]+/g, '-');
}

function vowelRuns(word: string): string {
  return word.replace(/(.)\1+/g, '$1').replace(/y(?![aeiou])/g, 'i').replace(/w(?![aeiou])/g, 'u');
}

/**
 * The Arabic vowels (a, i, u and the diphthongs ay, aw) a run of Latin vowels writes in the
 * romanisations of Arabic and Persian names (ALA-LC and BGN/PCGN a / i / u / ay / aw; the English,
 * French and Persian spellings e for a or i (imala, Persian kasra) and for ay, ee / ie for i, o / ou /
 * oo for u and aw): two spellings of one name write, run for run, vowels that can be the same.
 */
const ARABIC_VOWELS: Readonly<Record<string, string>> = {
  a: 'a', e: 'ai', i: 'i', o: 'uw', u: 'u',
  ai: 'y', ay: 'y', ei: 'yi', ey: 'y', ae: 'y',
  ee: 'i', ie: 'i', ii: 'i', ou: 'uw', oo: 'u', uu: 'u', au: 'w', aw: 'w', ow: 'w',
};

function sameArabicVowel(a: string, b: string): boolean {
  if (a === b) return true;
  const x = ARABIC_VOWELS[a];
  const y = ARABIC_VOWELS[b];
  if (x !== undefined && y !== undefined) return [...x].some((c) => y.includes(c));
  // Two vowels apart (a hamza or ain between them, Tali'a / Talea): each of one with each of the other.
  return a.length === b.length && [...a].every((c, i) => sameArabicVowel(c, b[i]));
}

/** `q` and `w` (equal vowelPattern) write, vowel run for vowel run, vowels that can be the same Arabic one. */
export function sameVowels(q: string, w: string): boolean {
  const a = vowelRuns(q).match(/[aeiou]+/g) ?? [];
  const b = vowelRuns(w).match(/[aeiou]+/g) ?? [];
  return a.length === b.length && a.every((r, i) => sameArabicVowel(r, b[i]));
}
