/**
 * @module Place of birth as evidence (our extension of the request: `placeOfBirth`, free text).
 *
 * Listed places are free text too ("Giza, Egypt", "Chaki Wardak District, Afghanistan"), so they
 * are compared by words: a shared place word (not the country, not a word such as "district") is
 * the same place; only the country in common is weaker; nothing in common lowers the confidence.
 * Calibrated with `npm run eval -- --only place-of-birth`: of the UN positives whose matched entry
 * lists a place, 92 % share a word with it; of the name-only false positives that list one, 4 % do.
 */
import type { ListEntry } from '../lists/model.js';
import { toAlpha2 } from '../lists/countries.js';
import type { Evidence } from './types.js';

export const PLACE_WEIGHTS = Object.freeze({ samePlace: 0.03, sameCountry: 0.01, different: -0.05 });

/** Words that name a kind of place, not a place. */
const GENERIC = new Set([
  'village', 'district', 'city', 'province', 'region', 'governorate', 'area', 'county', 'state', 'town', 'oblast',
  'republic', 'the', 'of', 'near', 'former', 'ussr', 'now',
]);

const fold = (text: string): string => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

interface Place {
  words: Set<string>;
  /** Alpha-2 of a part naming a country ("Egypt", "Iran"), when one does. */
  countries: Set<string>;
}

function readPlace(text: string): Place {
  const parts = text.split(/[,;()]/).map((p) => p.trim()).filter((p) => p !== '');
  const countries = new Set<string>();
  const words = new Set<string>();
  for (const part of parts) {
    const country = toAlpha2(part);
    if (country) {
      countries.add(country);
      continue;
    }
    for (const w of fold(part).split(/[^a-z0-9]+/)) if (w.length >= 3 && !GENERIC.has(w)) words.add(w);
  }
  return { words, countries };
}

export function placeOfBirthEvidence(place: string, entry: ListEntry): Evidence | null {
  if (entry.placesOfBirth.length === 0) return null;
  const field = 'placeOfBirth' as const;
  const asked = readPlace(place);
  const listed = entry.placesOfBirth.map(readPlace);
  if (listed.some((l) => [...asked.words].some((w) => l.words.has(w)))) {
    return { field, weight: PLACE_WEIGHTS.samePlace, detail: 'same place of birth' };
  }
  if (listed.some((l) => [...asked.countries].some((c) => l.countries.has(c)))) {
    return { field, weight: PLACE_WEIGHTS.sameCountry, detail: 'same country of birth, another place' };
  }
  return { field, weight: PLACE_WEIGHTS.different, detail: 'different place of birth' };
}
