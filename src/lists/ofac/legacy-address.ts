/**
 * @module add.csv / cons_add.csv rows -> Address.
 *
 * OFAC packs city, state or province and postal code into one column, "City/State/Province/Postal
 * Code", in whatever order the source country uses: "Moscow 105187", "Miami, FL 33122",
 * "London EC3N 1DY", "Frankfurt am Main, Hessen 60326", "0578 Oslo", "Rotterdam 3022 TH". The split
 * below is deliberately modest: trailing code-like tokens are the postal code, the part before the
 * first comma is the city, the rest is the state. Anything it cannot place stays in `city` or
 * `state`, never lost.
 */
import type { Address } from '../model.js';
import { toAlpha2 } from '../countries.js';

/** A postal-code token: an optional short letter prefix, then a digit ("105187", "EC3N", "CH-8022", "C.P.80180"). */
const POSTAL_TOKEN = /^(?:[A-Z][A-Z.]{0,3}[-.]?)?\d[0-9A-Z\-/.]*$/i;
/** Dutch and similar codes end in a two-letter group after the digits: "3022 TH". */
const POSTAL_LETTER_SUFFIX = /^[A-Z]{2}$/;

/** OFAC writes this where the country of an address is not known: no country, no text. */
const UNKNOWN_COUNTRY = new Set(['undetermined', 'unknown']);

interface CityParts {
  city?: string;
  state?: string;
  postalCode?: string;
}

/** Maps one address row; null when every column is the null marker (OFAC's placeholder rows). */
export function mapLegacyAddress(street: string, cityLine: string, country: string): Address | null {
  const address: Address = {};
  if (street) address.street = street;
  Object.assign(address, splitCityLine(cityLine));
  const countryText = country.trim();
  if (countryText && !UNKNOWN_COUNTRY.has(countryText.toLowerCase())) {
    const code = toAlpha2(countryText);
    if (code) address.country = code;
    else address.countryText = countryText; // e.g. "Region: Kafia Kingi"
  }
  return Object.keys(address).length > 0 ? address : null;
}

export function splitCityLine(text: string): CityParts {
  // Most rows are a bare city ("Havana", "Panama City"): no postal code to look for.
  if (!/\d/.test(text)) return splitCityState(text.trim().replace(/[\s,]+$/, ''), '');
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  let cut = tokens.length;
  if (cut >= 2 && POSTAL_LETTER_SUFFIX.test(tokens[cut - 1]) && /^\d{4,5}$/.test(tokens[cut - 2])) cut -= 2;
  while (cut > 0 && POSTAL_TOKEN.test(tokens[cut - 1])) cut--;
  let postalCode = tokens.slice(cut).join(' ');
  let rest = tokens.slice(0, cut).join(' ');
  // A leading code without commas: "0578 Oslo", "1855 Luxembourg".
  if (!postalCode && !rest.includes(',') && tokens.length >= 2 && /^\d{4,5}$/.test(tokens[0])) {
    postalCode = tokens[0];
    rest = tokens.slice(1).join(' ');
  }
  return splitCityState(rest.replace(/[\s,]+$/, ''), postalCode);
}

/** "City, State or Province" (the postal code already removed). */
function splitCityState(rest: string, postalCode: string): CityParts {
  const parts: CityParts = {};
  const comma = rest.indexOf(',');
  const city = (comma < 0 ? rest : rest.slice(0, comma)).trim();
  const state = comma < 0 ? '' : rest.slice(comma + 1).replace(/^[\s,]+/, '').trim();
  if (city) parts.city = city;
  if (state) parts.state = state;
  if (postalCode) parts.postalCode = postalCode;
  return parts;
}
