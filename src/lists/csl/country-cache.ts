/**
 * @module Country lookups for the CSL readers, fast enough for every address part of a full file.
 *
 * toAlpha2 on a name scans every country name (about 30 µs a call) and a 2022 CSL has ~20,000 address
 * parts, so whole names go through an exact-name index first and toAlpha2 results are remembered.
 */
import countries from 'i18n-iso-countries';
import { toAlpha2 } from '../countries.js';

/** Country abbreviations BIS writes beside the code ("Dubai, UAE, AE") that the ISO tables lack. */
const COUNTRY_ABBREVIATIONS: Readonly<Record<string, string>> = Object.freeze({ UAE: 'AE', 'U.A.E': 'AE', PRC: 'CN' });

let nameIndex: Map<string, string> | undefined;
const memo = new Map<string, string | undefined>();

/** The code of an exact country name or abbreviation ("China", "Russia", "UAE"), else undefined. */
export function indexedCountryName(part: string): string | undefined {
  if (!nameIndex) {
    nameIndex = new Map();
    const names = countries.getNames('en', { select: 'all' }) as Record<string, string[] | string>;
    for (const [code, list] of Object.entries(names)) {
      for (const name of Array.isArray(list) ? list : [list]) nameIndex.set(name.toLowerCase(), code);
    }
  }
  return COUNTRY_ABBREVIATIONS[part.toUpperCase().replace(/\.$/, '')] ?? nameIndex.get(part.toLowerCase());
}

/** toAlpha2, remembered: the same few hundred codes and names recur thousands of times in a file. */
export function cachedAlpha2(value: string): string | undefined {
  if (memo.size > 20_000) memo.clear();
  let code = memo.get(value);
  if (code === undefined && !memo.has(value)) {
    code = toAlpha2(value);
    memo.set(value, code);
  }
  return code;
}

