/**
 * @module The CSL CSV `ids` column: "; "-separated groups of ", "-separated parts.
 *
 * The groups are the JSON ids objects {type, number, country, issue_date, expiration_date} with the
 * empty parts left out, and the two dialects order the parts differently:
 * - 2023 and later write them in field order, type first: "Passport, E590976, TN, 19 Jun 1987, 18 Jun 1992".
 * - 2022 wrote them in alphabetical key order, type last: "JO, 2014-08-30, 2009-08-31, K475336, Passport"
 *   (country, expiration_date, issue_date, number, type), and "Male, Gender".
 * Which order a file uses is decided once per file by where the well-known types stand (see
 * detectIdsOrder). The number itself can hold ", " ("D000000483, Diplomatic"), so the number is what
 * remains after the type, the country code and the dates are taken from the ends.
 */
import { splitMulti, type CslId } from './csl-record.js';
import { toAlpha2 } from '../countries.js';

export type IdsOrder = 'type-first' | 'type-last';

/** Types frequent enough in every CSL to tell the order apart. */
const KNOWN_TYPES = new Set([
  'passport', 'gender', 'national id no.', 'tax id no.', 'registration id', 'registration number', 'website',
  'email address', 'swift/bic', 'secondary sanctions risk:', 'additional sanctions information -', 'cedula no.',
  'identification number', 'vessel registration identification', 'nit #', 'c.u.r.p.', 'r.f.c.',
]);

const DATE_PART = /^(?:\d{4}-\d{2}-\d{2}|\d{1,2} [A-Za-z]{3,9} \d{4}|[A-Za-z]{3,9} \d{4})$/;

/**
 * Decides the part order of a file from all its `ids` texts: each group whose first (or last) part
 * is a well-known type is a vote. Type-first wins ties and files without ids (it is the current one).
 */
export function detectIdsOrder(idsTexts: Iterable<string>): IdsOrder {
  let first = 0;
  let last = 0;
  for (const text of idsTexts) {
    if (text === '') continue;
    for (const group of splitMulti(text)) {
      const parts = group.split(', ');
      if (KNOWN_TYPES.has(parts[0].trim().toLowerCase())) first++;
      else if (KNOWN_TYPES.has(parts[parts.length - 1].trim().toLowerCase())) last++;
    }
    // A clear majority of the first few hundred groups settles it.
    if (first + last >= 200 && (first > 4 * last || last > 4 * first)) break;
  }
  return last > first ? 'type-last' : 'type-first';
}

function isCountryPart(part: string): boolean {
  return /^[A-Z]{2}$/.test(part) && toAlpha2(part) !== undefined;
}

/** Parts in type-first field order without the type: number parts, then country, then dates. */
function parseGroup(type: string, rest: string[]): CslId {
  const dates: string[] = [];
  while (rest.length > 1 && dates.length < 2 && DATE_PART.test(rest[rest.length - 1])) dates.unshift(rest.pop()!);
  let country: string | undefined;
  if (rest.length > 1 && isCountryPart(rest[rest.length - 1])) country = rest.pop();
  const id: CslId = { type, number: rest.join(', ') };
  if (country) id.country = country;
  if (dates.length > 0) id.unlabelledDates = dates;
  return id;
}

export function parseCslIds(text: string, order: IdsOrder): CslId[] {
  const ids: CslId[] = [];
  for (const group of splitMulti(text)) {
    const parts = group.split(', ').map((p) => p.trim());
    if (parts.length < 2) {
      ids.push({ type: group.trim(), number: '' });
      continue;
    }
    if (order === 'type-first') {
      ids.push(parseGroup(parts[0], parts.slice(1)));
    } else {
      // country, expiration, issue, number…, type → number…, country, issue, expiration.
      const rest = parts.slice(0, -1);
      const lead: string[] = [];
      if (rest.length > 1 && isCountryPart(rest[0])) lead.push(rest.shift()!);
      const dates: string[] = [];
      while (rest.length > 1 && dates.length < 2 && DATE_PART.test(rest[0])) dates.unshift(rest.shift()!);
      ids.push(parseGroup(parts[parts.length - 1], [...rest, ...lead, ...dates]));
    }
  }
  return ids;
}
