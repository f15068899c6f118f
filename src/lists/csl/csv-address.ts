/**
 * @module One address of the CSL CSV `addresses` column taken apart.
 *
 * The CSV joins the non-empty parts of {address, city, state, postal_code, country} with ", ", and the
 * street itself often holds commas, so the parts cannot be recovered exactly. What is reliable: the
 * country is the last part when present (alpha-2; BIS rows sometimes add the country's name before it
 * or instead of it). The rest is peeled off from the right, conservatively: a postal code only when
 * the part looks like one, a state only when it is a two-letter code or says "Province"/"Oblast"..., a
 * city only when the part holds no digits. Whatever is left is the street. A part we are not sure of
 * stays in the street rather than becoming a wrong city.
 */
import type { Address } from '../model.js';
import { countryName, exactCountryName, toAlpha2 } from '../countries.js';

const POSTAL = /^(?=.*\d)[A-Z0-9][A-Z0-9-]{2,9}$/i;
/** UK and Canadian postal codes carry a space: "SW1A 1AA", "H9A 1W7". */
const SPACED_POSTAL = /^(?:[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d[A-Z] \d[A-Z]\d)$/i;
const REGION_WORD = /\b(?:province|oblast|krai|kray|region|prefecture|governorate|emirate|state|county|territory)$/i;
/**
 * Chinese provinces and regions: a third of the Entity List is in China and BIS writes the province
 * after the city ("Yibin, Sichuan, 644007, CN"); without this the province would become the city.
 */
const CN_REGIONS = new Set([
  'anhui', 'fujian', 'gansu', 'guangdong', 'guangxi', 'guizhou', 'hainan', 'hebei', 'heilongjiang', 'henan', 'hubei',
  'hunan', 'inner mongolia', 'jiangsu', 'jiangxi', 'jilin', 'liaoning', 'ningxia', 'qinghai', 'shaanxi', 'shandong',
  'shanxi', 'sichuan', 'tibet', 'xinjiang', 'yunnan', 'zhejiang',
]);

function isRegion(part: string, country: string | undefined): boolean {
  return /^[A-Z]{2}$/.test(part) || REGION_WORD.test(part) || (country === 'CN' && CN_REGIONS.has(part.toLowerCase()));
}

/** The country a part names on its own: a code, an abbreviation or a whole country name. */
function countryOf(part: string): string | undefined {
  if (/^[A-Za-z]{2}$/.test(part)) return toAlpha2(part);
  if (/\d/.test(part)) return undefined;
  return exactCountryName(part) ?? toAlpha2(part);
}

/** True when a part is the name of this country ("China" before "CN"). */
function namesCountry(part: string, country: string): boolean {
  if (/\d/.test(part)) return false;
  const known = exactCountryName(part);
  if (known !== undefined) return known === country;
  // Spellings only toAlpha2 knows ("Syria", "Burma"): asked only when the first letter fits.
  const name = countryName(country);
  return name !== undefined && name[0].toLowerCase() === part[0].toLowerCase() && toAlpha2(part) === country;
}

function isPostal(part: string): boolean {
  return POSTAL.test(part) || SPACED_POSTAL.test(part);
}

/** "China 230051": the country's name and the postal code in one part. */
function splitCountryPostal(part: string, country: string): string | undefined {
  const m = /^(.+?)\s+(\S+)$/.exec(part);
  return m && namesCountry(m[1], country) && isPostal(m[2]) ? m[2] : undefined;
}

function takeCountry(parts: string[]): string | undefined {
  const last = parts.at(-1);
  const country = last === undefined ? undefined : countryOf(last);
  if (country === undefined) return undefined;
  parts.pop();
  // The country's name written before its code: "Xian, China, CN".
  while (parts.length > 0 && namesCountry(parts[parts.length - 1], country)) parts.pop();
  return country;
}

function looksLikeCity(part: string): boolean {
  return !/\d/.test(part) && !/^(?:c\/o|p\.?\s?o\.?\s?box)\b/i.test(part) && part.length <= 40;
}

export function parseCslAddress(text: string): Address | null {
  // A lower-case "and " left from a Federal Register sentence ("...; and Units 801-803, ...").
  const body = text.startsWith('and ') ? text.slice(4) : text;
  const parts: string[] = [];
  for (const raw of body.split(',')) {
    const part = raw.trim();
    if (part !== '') parts.push(part);
  }
  if (parts.length === 0) return null;
  const country = takeCountry(parts);
  let postalCode: string | undefined;
  const last = parts.at(-1);
  if (last !== undefined && parts.length > 1) {
    postalCode = isPostal(last) ? last : country ? splitCountryPostal(last, country) : undefined;
    if (postalCode) parts.pop();
  }
  let state = parts.at(-1);
  // A lone part is a state only when it says so ("Sichuan Province"); a lone "NY" may be anything.
  if (state !== undefined && isRegion(state, country) && (parts.length > 1 || !/^[A-Z]{2}$/.test(state))) parts.pop();
  else state = undefined;
  let city = parts.at(-1);
  if (city !== undefined && looksLikeCity(city) && (parts.length > 1 || country !== undefined)) parts.pop();
  else city = undefined;
  const address: Address = {};
  if (parts.length > 0) address.street = parts.join(', ');
  if (city) address.city = city;
  if (state) address.state = state;
  if (postalCode) address.postalCode = postalCode;
  if (country) address.country = country;
  return Object.keys(address).length > 0 ? address : null;
}
