/**
 * @module Evidence beyond the name: date of birth, nationality, address and kind.
 *
 * Each compared request field yields one signed weight. The weights are small next to the name's
 * (at most NAME_SHARE = 0.9), so corroboration moves a confidence across a threshold but never
 * makes a match out of a weak name. A correct date of birth always raises the confidence and a
 * wrong one always lowers it; a field the list does not carry is not compared.
 */
import type { DateValue, ListEntry } from '../lists/model.js';
import type { Evidence, Match, RecommendedAction, ScreenRequest } from './types.js';
import { normalisedKey } from './normalise.js';
import { PLACE_WEIGHTS, placeOfBirthEvidence } from './place-evidence.js';

export const WEIGHTS = Object.freeze({
  dobExact: 0.08,
  dobMonth: 0.06,
  dobSwapped: 0.05,
  dobYear: 0.05,
  dobRange: 0.04,
  dobSameYearOtherDay: -0.05,
  dobOffByOneYear: -0.06,
  dobMismatch: -0.2,
  nationalityMatch: 0.04,
  nationalityMismatch: -0.08,
  nationalityAddressOnly: 0.02,
  countryMatch: 0.03,
  countryMismatch: -0.03,
  cityMatch: 0.03,
  kindMatch: 0.02,
  kindMismatch: -0.25,
  kindMismatchInferred: -0.05,
});

function dobEvidence(dob: string, dates: readonly DateValue[]): Evidence | null {
  if (dates.length === 0) return null;
  // Per candidate entry of a request with a date of birth: loops, no intermediate arrays.
  const [y, m, d] = dob.split('-');
  const field = 'dateOfBirth' as const;
  let sameDay = false;
  let sameYearDay = false;
  let month = false;
  let year = false;
  let within = false;
  for (const v of dates) {
    if (v.precision === 'day') {
      if (v.from === dob) sameDay = true;
      if (v.from.slice(0, 4) === y) sameYearDay = true;
    } else if (v.from <= dob && dob <= v.to) {
      within = true;
      if (v.precision === 'month') month = true;
      else if (v.precision === 'year') year = true;
    }
  }
  if (sameDay) return { field, weight: WEIGHTS.dobExact, detail: 'same date of birth' };
  if (Number(d) <= 12) {
    const swapped = `${y}-${d}-${m}`;
    if (dates.some((v) => v.precision === 'day' && v.from === swapped)) {
      return { field, weight: WEIGHTS.dobSwapped, detail: 'same date of birth with day and month swapped' };
    }
  }
  if (month) return { field, weight: WEIGHTS.dobMonth, detail: 'same month of birth' };
  if (year) return { field, weight: WEIGHTS.dobYear, detail: 'same year of birth' };
  if (within) return { field, weight: WEIGHTS.dobRange, detail: 'within the listed range of birth dates' };
  // The list gives a full date in the same year and it is another day: a wrong date, not a partial
  // match; it lowers the confidence (a correct date always raises it, a wrong one always lowers it).
  if (sameYearDay) return { field, weight: WEIGHTS.dobSameYearOtherDay, detail: 'same year of birth, another date' };
  const birthYear = Number(y);
  // As Math.min over every date's gap (a NaN gap, from a malformed year, makes it NaN).
  let gap = Infinity;
  for (const v of dates) {
    gap = Math.min(gap, Math.max(0, Number(v.from.slice(0, 4)) - birthYear, birthYear - Number(v.to.slice(0, 4))));
  }
  if (gap <= 1) return { field, weight: WEIGHTS.dobOffByOneYear, detail: 'birth year one year apart' };
  return { field, weight: WEIGHTS.dobMismatch, detail: `birth year ${gap} years apart` };
}

function addressCountries(entry: ListEntry): string[] {
  return entry.addresses.map((a) => a.country).filter((c): c is string => Boolean(c));
}

function nationalityEvidence(code: string, entry: ListEntry): Evidence | null {
  const field = 'nationality' as const;
  const stated = [...entry.nationalities, ...entry.citizenships];
  if (stated.length > 0) {
    return stated.includes(code)
      ? { field, weight: WEIGHTS.nationalityMatch, detail: 'same nationality or citizenship' }
      : { field, weight: WEIGHTS.nationalityMismatch, detail: 'different nationality' };
  }
  const countries = addressCountries(entry);
  if (countries.length === 0) return null;
  return countries.includes(code)
    ? { field, weight: WEIGHTS.nationalityAddressOnly, detail: 'nationality matches a listed address country' }
    : { field, weight: 0, detail: 'the list gives no nationality; address countries differ' };
}

function countryEvidence(code: string, entry: ListEntry): Evidence | null {
  const field = 'address.country' as const;
  const countries = addressCountries(entry);
  // Compared with listed addresses only: a listed nationality already counts once, for nationality.
  if (countries.length === 0) return null;
  return countries.includes(code)
    ? { field, weight: WEIGHTS.countryMatch, detail: 'same address country' }
    : { field, weight: WEIGHTS.countryMismatch, detail: 'different address country' };
}

function cityEvidence(city: string, entry: ListEntry): Evidence | null {
  const cities = entry.addresses.map((a) => a.city).filter((c): c is string => Boolean(c));
  if (cities.length === 0) return null;
  const key = normalisedKey(city);
  const same = cities.some((c) => normalisedKey(c) === key);
  return same
    ? { field: 'address.city', weight: WEIGHTS.cityMatch, detail: 'same city' }
    : { field: 'address.city', weight: 0, detail: 'different city' };
}

function kindEvidence(kind: string, entry: ListEntry): Evidence {
  if (kind === entry.kind) return { field: 'kind', weight: entry.kindInferred ? 0 : WEIGHTS.kindMatch, detail: 'same kind' };
  return {
    field: 'kind',
    weight: entry.kindInferred ? WEIGHTS.kindMismatchInferred : WEIGHTS.kindMismatch,
    detail: `listed as ${entry.kind}`,
  };
}

/**
 * A request that gives a date or place of birth is about a person, whatever `kind` it leaves out: a
 * company or vessel has neither. The kind it implies counts only against an entry listed as another
 * kind (a person named "Noah" is not the vessel NOAH), never for one: it is the caller's, not stated.
 */
function impliedKindEvidence(request: ScreenRequest, entry: ListEntry): Evidence | null {
  if (entry.kind === 'individual') return null;
  return {
    field: 'kind',
    weight: entry.kindInferred ? WEIGHTS.kindMismatchInferred : WEIGHTS.kindMismatch,
    detail: `listed as ${entry.kind}; the request gives a ${request.dateOfBirth ? 'date' : 'place'} of birth`,
  };
}

/** Evidence items for everything but the name, in the contract's field order. */
export function fieldEvidence(request: ScreenRequest, entry: ListEntry): Evidence[] {
  const items: Array<Evidence | null> = [
    request.dateOfBirth ? dobEvidence(request.dateOfBirth, entry.datesOfBirth) : null,
    request.nationality ? nationalityEvidence(request.nationality, entry) : null,
    request.address?.country ? countryEvidence(request.address.country, entry) : null,
    request.address?.city ? cityEvidence(request.address.city, entry) : null,
    request.kind ? kindEvidence(request.kind, entry) : request.dateOfBirth || request.placeOfBirth ? impliedKindEvidence(request, entry) : null,
    request.placeOfBirth ? placeOfBirthEvidence(request.placeOfBirth, entry) : null,
  ];
  return items.filter((e): e is Evidence => e !== null);
}

/** The most each compared field can add: the largest positive weight it can earn. */
const FIELD_CEILING = Object.freeze({
  dateOfBirth: Math.max(WEIGHTS.dobExact, WEIGHTS.dobMonth, WEIGHTS.dobSwapped, WEIGHTS.dobYear, WEIGHTS.dobRange),
  nationality: Math.max(WEIGHTS.nationalityMatch, WEIGHTS.nationalityAddressOnly),
  country: WEIGHTS.countryMatch,
  city: WEIGHTS.cityMatch,
  kind: WEIGHTS.kindMatch,
  placeOfBirth: PLACE_WEIGHTS.samePlace,
});

/**
 * The most fieldEvidence can add for this request, whatever the entry: the sum of the ceilings of
 * the fields it gives. A name whose weight cannot reach the reporting floor even with it need not
 * be scored or explained (most requests give a name alone: a ceiling of 0).
 */
export function evidenceCeiling(request: ScreenRequest): number {
  let ceiling = 0;
  if (request.dateOfBirth) ceiling += FIELD_CEILING.dateOfBirth;
  if (request.nationality) ceiling += FIELD_CEILING.nationality;
  if (request.address?.country) ceiling += FIELD_CEILING.country;
  if (request.address?.city) ceiling += FIELD_CEILING.city;
  if (request.kind) ceiling += FIELD_CEILING.kind;
  if (request.placeOfBirth) ceiling += FIELD_CEILING.placeOfBirth;
  return ceiling;
}

/** The recommended action of a set of matches: block needs a corroborated match at or above `block`. */
export function actionOf(matches: readonly Match[], review: number, block: number): RecommendedAction {
  if (matches.some((m) => m.confidence >= block && corroborated(m.evidence))) return 'block';
  if (matches.some((m) => m.confidence >= review)) return 'manual-review';
  return 'clear';
}

/** True when a field other than the name positively corroborates the match (needed to block). */
export function corroborated(evidence: readonly Evidence[]): boolean {
  return evidence.some(
    (e) => e.weight > 0 &&
      (e.field === 'dateOfBirth' || e.field === 'nationality' || e.field === 'address.country' || e.field === 'identifiers'),
  );
}
