/**
 * @module What the tables say of a person's name word: the sex US birth records give a given name
 * (given-name-sex.ts) and whether it is a frequent US surname (common-surnames.ts, the US census),
 * per query position. name-matcher.ts otherNameForms weighs a given name met through one of the
 * other sex, or a frequent surname met through another frequent surname.
 */
import type { NameToken } from './normalise.js';
import { SYLLABLE } from './name-structure.js';
import { NAME_VARIANTS } from './vocabulary.js';
import { FEMALE_GIVEN_NAMES, MALE_GIVEN_NAMES } from './given-name-sex.js';
import { COMMON_SURNAMES } from './common-surnames.js';

/** A given name's sex by the birth records: female or male. */
export type Sex = 'F' | 'M';

/**
 * The sex US birth records give a given name almost always (given-name-sex.ts), by its spelling and by
 * the canonical spelling its transliteration variants fold to (NAME_VARIANTS: "yulia" is Julia's,
 * "aleksandr" Alexander's), unless the variants of one canonical spelling disagree.
 */
const GIVEN_NAME_SEX: ReadonlyMap<string, Sex> = (() => {
  const map = new Map<string, Sex>();
  const canonical = new Map<string, Sex | null>();
  for (const [names, sex] of [[FEMALE_GIVEN_NAMES, 'F'], [MALE_GIVEN_NAMES, 'M']] as const) {
    for (const n of names) {
      map.set(n, sex);
      const c = NAME_VARIANTS.get(n);
      if (c !== undefined && c !== n) canonical.set(c, canonical.has(c) && canonical.get(c) !== sex ? null : sex);
    }
  }
  for (const [c, sex] of canonical) {
    if (sex === null || (map.has(c) && map.get(c) !== sex)) map.delete(c);
    else map.set(c, sex);
  }
  return map;
})();

export function sexOf(word: string): Sex | null {
  return GIVEN_NAME_SEX.get(word) ?? null;
}

/** A word otherNameForms weighs as a frequent surname: COMMON_SURNAMES, five letters or more, not one romanised syllable ("zhang"). */
export function commonSurname(word: string | undefined): boolean {
  return word !== undefined && word.length >= 5 && COMMON_SURNAMES.has(word) && !SYLLABLE.test(word);
}

/**
 * Per query position (0-30), what otherNameForms weighs of its word as folded or as written: the sex of
 * a given name, 'S' for a frequent surname (commonSurname), or null. Read once per plan.
 */
export function namedWords(tokens: readonly NameToken[]): Array<Sex | 'S' | null> {
  const out: Array<Sex | 'S' | null> = [];
  for (let p = 0; p < tokens.length && p < 31; p++) {
    const t = tokens[p];
    if (t.weak || t.syllabic || t.abjad) {
      out.push(null);
      continue;
    }
    out.push(sexOf(t.text) ?? (t.raw !== undefined ? sexOf(t.raw) : null) ?? (commonSurname(t.text) || commonSurname(t.raw) ? 'S' : null));
  }
  return out;
}
