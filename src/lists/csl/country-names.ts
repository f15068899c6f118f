/**
 * @module Whole country names and abbreviations as BIS writes them in addresses ("Xian, China, CN",
 * "Dubai, UAE, AE"), for the CSL address parser and the DPL mapper.
 *
 * Narrower than toAlpha2 on purpose: only an exact English name (or one of the abbreviations below)
 * counts, never a code or a publisher spelling, so an address part is taken for a country only when
 * it plainly names one. Where two codes list one name, the later code wins ("Congo" is CD here,
 * CG in toAlpha2); the readers have always worked that way and their tests pin it.
 */
import countries from 'i18n-iso-countries';
import '../countries.js'; // registers the English names

/** Country abbreviations BIS writes beside the code ("Dubai, UAE, AE") that the ISO tables lack. */
const COUNTRY_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([['UAE', 'AE'], ['U.A.E', 'AE'], ['PRC', 'CN']]);

let nameIndex: Map<string, string> | undefined;

function englishNames(): Map<string, string> {
  if (nameIndex) return nameIndex;
  nameIndex = new Map();
  const names = countries.getNames('en', { select: 'all' }) as Record<string, string[] | string>;
  for (const [code, list] of Object.entries(names)) {
    for (const name of Array.isArray(list) ? list : [list]) nameIndex.set(name.toLowerCase(), code);
  }
  return nameIndex;
}

/** The code of an exact country name or abbreviation ("China", "Russia", "UAE"), else undefined. */
export function exactCountryName(part: string): string | undefined {
  return COUNTRY_ABBREVIATIONS.get(part.toUpperCase().replace(/\.$/, '')) ?? englishNames().get(part.toLowerCase());
}
