/**
 * @module Country names and codes as the US lists write them, converted to ISO 3166-1 alpha-2.
 *
 * OFAC writes its own short forms ("Korea, North", "Burma", "Congo, Democratic Republic of the");
 * SAM writes ISO alpha-3; CSL writes alpha-2. Everything leaves here as upper-case alpha-2.
 * One name index serves both readers: toAlpha2 (any code, name or publisher spelling) and
 * exactCountryName (only a whole English name or a BIS abbreviation, for address parts).
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

/**
 * Publisher spellings the ISO name table does not know. Keys are lower-cased. A Map, not an object
 * literal: a text such as "constructor" must not find Object.prototype's members.
 */
const ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({
  'korea, north': 'KP',
  'north korea': 'KP',
  'korea, south': 'KR',
  'south korea': 'KR',
  syria: 'SY',
  burma: 'MM',
  'congo, democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD',
  'congo, republic of the': 'CG',
  'cote d ivoire': 'CI',
  "cote d'ivoire": 'CI',
  'ivory coast': 'CI',
  laos: 'LA',
  moldova: 'MD',
  brunei: 'BN',
  macau: 'MO',
  macao: 'MO',
  'north macedonia, the republic of': 'MK',
  'man, isle of': 'IM',
  'bahamas, the': 'BS',
  'gambia, the': 'GM',
  'cabo verde': 'CV',
  'west bank': 'PS',
  'region: west bank': 'PS',
  'region: gaza': 'PS',
  'region: northern gaza': 'PS',
  'region: north gaza': 'PS',
  gaza: 'PS',
  palestinian: 'PS',
  palestine: 'PS',
  'region: crimea': 'UA',
  'region: russia': 'RU',
  kosovo: 'XK',
  russia: 'RU',
  iran: 'IR',
  'united states': 'US',
  usa: 'US',
  uk: 'GB',
  'united kingdom': 'GB',
  vietnam: 'VN',
  'viet nam': 'VN',
  taiwan: 'TW',
  venezuela: 'VE',
  bolivia: 'BO',
  tanzania: 'TZ',
  'czech republic': 'CZ',
  turkey: 'TR',
  turkiye: 'TR',
  'netherlands antilles': 'AN',
  'serbia and montenegro': 'CS',
  yugoslavia: 'YU',
  'soviet union': 'SU',
  ussr: 'SU',
}));

/** Country abbreviations BIS writes beside the code ("Dubai, UAE, AE") that the ISO tables lack. */
const COUNTRY_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([['UAE', 'AE'], ['U.A.E', 'AE'], ['PRC', 'CN']]);

/**
 * Codes the lists use that ISO has withdrawn or only reserved; accepted in list data so the
 * record keeps its country, even though a request may not use them (see isAssignedAlpha2).
 */
const LIST_ONLY_CODES = new Set(['AN', 'CS', 'YU', 'SU']);

/**
 * Lower-cased English name (every variant i18n-iso-countries lists) -> alpha-2, built on first use.
 * The first code listing a name wins, as in the library's getAlpha2Code ("Congo" is CG), which
 * scans every name on each call (about 30 µs): a full load asks ~100,000 times.
 */
let nameIndex: Map<string, string> | undefined;

function isoNameIndex(): Map<string, string> {
  if (nameIndex) return nameIndex;
  nameIndex = new Map();
  const names = countries.getNames('en', { select: 'all' }) as Record<string, string[] | string>;
  for (const [code, list] of Object.entries(names)) {
    for (const name of Array.isArray(list) ? list : [list]) {
      const key = name.toLowerCase();
      if (!nameIndex.has(key)) nameIndex.set(key, code);
    }
  }
  return nameIndex;
}

/** Results by raw text: lists repeat a few hundred country texts tens of thousands of times. */
const memo = new Map<string, string | undefined>();
/** Bounds the memo: remarks can put free text where a country stands. */
const MEMO_LIMIT = 20_000;

/** Converts a country name, alpha-2 or alpha-3 code to upper-case alpha-2; undefined when unknown. */
export function toAlpha2(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  let code = memo.get(value);
  if (code === undefined && !memo.has(value)) {
    code = resolveAlpha2(value);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(value, code);
  }
  return code;
}

function resolveAlpha2(value: string): string | undefined {
  const text = value.trim().replace(/\s+/g, ' ').replace(/\.$/, '');
  if (text === '' || text === '-0-') return undefined;
  const upper = text.toUpperCase();
  if (/^[A-Z]{2}$/.test(upper) && (countries.isValid(upper) || LIST_ONLY_CODES.has(upper))) return upper;
  if (/^[A-Z]{3}$/.test(upper)) {
    const a2 = countries.alpha3ToAlpha2(upper);
    if (a2) return a2;
  }
  const lower = text.toLowerCase();
  return ALIASES.get(lower) ?? isoNameIndex().get(lower);
}

/**
 * The code of an exact country name or abbreviation ("China", "Russia", "UAE"), else undefined: for
 * the CSL address parser and the DPL mapper ("Xian, China, CN", "Dubai, UAE, AE"). Narrower than
 * toAlpha2 on purpose: never a code or a publisher spelling, so an address part is taken for a
 * country only when it plainly names one. Same name index as toAlpha2, so "Congo" is CG in both.
 */
export function exactCountryName(part: string): string | undefined {
  return COUNTRY_ABBREVIATIONS.get(part.toUpperCase().replace(/\.$/, '')) ?? isoNameIndex().get(part.toLowerCase());
}

/** True for an assigned ISO 3166-1 alpha-2 code (XK, Kosovo, is accepted as user-assigned and used by OFAC). */
export function isAssignedAlpha2(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

export function countryName(alpha2: string): string | undefined {
  return countries.getName(alpha2, 'en') ?? undefined;
}
