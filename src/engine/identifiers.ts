/**
 * @module Identifier matching (API.md "Identifiers"): the request's passport, IMO, BIC... numbers
 * against the identifiers the lists carry, by exact comparison after normalisation, never fuzzily.
 *
 * A listed document type ("Passport", "Vessel Registration Identification", "Tax ID No."...) is
 * read into one of the contract's identifier types; a request identifier meets only listed ones of a
 * compatible type, so a passport number never matches a phone-length registration number by chance.
 * The lookup table (normalised value -> entries) is built with the index, in the list pipeline,
 * so a serving thread finds the entries an identifier names without decoding any other entry.
 */
import type { ListEntry } from '../lists/model.js';
import { IDENTIFIER_TYPES, type IdentifierType, type RequestIdentifier } from './request-identifier.js';
import type { Evidence } from './types.js';

/** What an identifier match adds: with a name score of 0 it still reaches every mode's review threshold. */
export const IDENTIFIER_WEIGHT = 0.85;
/** Shorter normalised values ("044", "829" are listed) name too many things to identify anyone. */
export const MIN_IDENTIFIER_LENGTH = 4;
/** Entries one identifier may bring in (the most any listed value is shared by is 4). */
const MAX_ENTRIES_PER_IDENTIFIER = 20;

/**
 * Listed type (lower case) -> identifier type, by prefix, first hit wins. Anything else is `other`
 * (Government Gazette Number, ISIN, License...): still matched, but only by a request of type `other`.
 */
const LISTED_TYPES: ReadonlyArray<readonly [string, IdentifierType]> = [
  ['vessel registration identification', 'imo'],
  ['international maritime organization', 'imo'],
  ['mmsi', 'mmsi'],
  ['call sign', 'call-sign'],
  ['swift/bic', 'swift-bic'],
  ['digital currency address', 'crypto-address'],
  ["aircraft manufacturer's serial", 'aircraft-serial'],
  ['aircraft serial', 'aircraft-serial'],
  ['aircraft construction number', 'aircraft-serial'],
  ['passport', 'passport'],
  ['diplomatic passport', 'passport'],
  ['british national overseas passport', 'passport'],
  ['stateless person passport', 'passport'],
  ['travel document', 'passport'],
  ['national id', 'national-id'],
  ['national foreign id', 'national-id'],
  ['personal id', 'national-id'],
  ['identification number', 'national-id'],
  ['cedula', 'national-id'],
  ['c.u.r.p', 'national-id'],
  ['d.n.i', 'national-id'],
  ['turkish identification', 'national-id'],
  ['numero de identidad', 'national-id'],
  ['kenyan id', 'national-id'],
  ['tazkira', 'national-id'],
  ['uae identification', 'national-id'],
  ['moroccan personal id', 'national-id'],
  ['bosnian personal id', 'national-id'],
  ['cnp', 'national-id'],
  ['stateless person id', 'national-id'],
  ['refugee id', 'national-id'],
  ['residency number', 'national-id'],
  ['ssn', 'national-id'],
  ['n.i.e', 'national-id'],
  ['electoral', 'national-id'],
  ['credencial electoral', 'national-id'],
  ['i.f.e', 'national-id'],
  ['tax id', 'tax-id'],
  ['r.f.c', 'tax-id'],
  ['rfc', 'tax-id'],
  ['nit', 'tax-id'],
  ['ruc', 'tax-id'],
  ['rif', 'tax-id'],
  ['v.a.t', 'tax-id'],
  ['c.u.i.t', 'tax-id'],
  ['c.i.f', 'tax-id'],
  ['us fein', 'tax-id'],
  ['italian fiscal code', 'tax-id'],
  ['fiscal code', 'tax-id'],
  ['paraguayan tax', 'tax-id'],
  ['romanian tax', 'tax-id'],
  ['numero unico de identificacao tributaria', 'tax-id'],
  ['unified social credit code', 'registration-number'],
  ['united social credit code', 'registration-number'],
  ['registration', 'registration-number'],
  ['business registration', 'registration-number'],
  ['business number', 'registration-number'],
  ['company number', 'registration-number'],
  ['uk company number', 'registration-number'],
  ['commercial registry', 'registration-number'],
  ['folio mercantil', 'registration-number'],
  ['matricula mercantil', 'registration-number'],
  ['legal entity number', 'registration-number'],
  ['le number', 'registration-number'],
  ['trade license', 'registration-number'],
  ['c.r. no', 'registration-number'],
  ['romanian c.r', 'registration-number'],
  ['economic register', 'registration-number'],
  ['chamber of commerce', 'registration-number'],
  ['istanbul chamber', 'registration-number'],
  ['dubai chamber', 'registration-number'],
  ['d-u-n-s', 'registration-number'],
  ['central registration', 'registration-number'],
  ['public registration', 'registration-number'],
  ['enterprise number', 'registration-number'],
  ['c.u.i', 'registration-number'],
  ['certificate of incorporation', 'registration-number'],
  ['registered charity', 'registration-number'],
  ['organization code', 'registration-number'],
  ['uei', 'registration-number'],
  ['cage', 'registration-number'],
];

/**
 * Listed types a request type meets. Many countries' personal number is their tax number (Italian
 * fiscal code, CUIT, CURP/RFC) and a Chinese USCC is both tax and registration number, so those
 * three meet each other; `other` (the caller does not know the type) meets every listed type.
 */
const COMPATIBLE: Readonly<Record<IdentifierType, readonly IdentifierType[]>> = {
  passport: ['passport'],
  'national-id': ['national-id', 'tax-id'],
  'tax-id': ['tax-id', 'national-id', 'registration-number'],
  'registration-number': ['registration-number', 'tax-id'],
  imo: ['imo'],
  mmsi: ['mmsi'],
  'call-sign': ['call-sign'],
  'aircraft-serial': ['aircraft-serial'],
  'swift-bic': ['swift-bic'],
  'crypto-address': ['crypto-address'],
  other: IDENTIFIER_TYPES,
};

/** Type words a value may start with ("IMO 9187629", "MMSI: 572469210", "Passport No. A123"). */
const LEADING_WORDS = /^(?:(?:IMO|MMSI|MSN)(?=[\s.:#-]*\d)|(?:SWIFT|BIC|PASSPORT|CALL ?SIGN|NO|NR|NUMBER)\b)[\s.:#-]*/;

/** The lists use about 130 type names for 16,800 documents: each is read once. */
const typeMemo = new Map<string, IdentifierType>();

export function listedIdentifierType(listedType: string): IdentifierType {
  let type = typeMemo.get(listedType);
  if (type === undefined) {
    const key = listedType.trim().toLowerCase();
    type = LISTED_TYPES.find(([prefix]) => key.startsWith(prefix))?.[1] ?? 'other';
    if (typeMemo.size < 10_000) typeMemo.set(listedType, type);
  }
  return type;
}

/**
 * Case, spaces, dashes, dots and slashes go, and a leading type word; what is left must be the
 * number itself. Crypto addresses are case-folded too: two listed base58 addresses differing only
 * in case would both fail their checksum.
 */
export function normaliseIdentifier(value: string): string {
  let text = value.normalize('NFKC').toUpperCase().trim();
  for (let i = 0; i < 2; i++) {
    const stripped = text.replace(LEADING_WORDS, '');
    if (stripped === text || !/[0-9A-Z]/.test(stripped)) break;
    text = stripped;
  }
  return text.replace(/[^0-9A-Z]/g, '');
}

export interface ListedIdentifier {
  type: IdentifierType;
  /** The listed type as published ("Passport", "MMSI"). */
  listedType: string;
  value: string;
  country?: string;
}

/** An entry's identifiers: its identity documents, and an OFAC vessel's call sign (kept in `extra`). */
export function listedIdentifiers(entry: ListEntry): ListedIdentifier[] {
  const listed: ListedIdentifier[] = entry.identityDocuments.map((d) => ({
    type: listedIdentifierType(d.type), listedType: d.type, value: d.number, ...(d.country ? { country: d.country } : {}),
  }));
  const callSign = entry.extra?.callSign;
  if (callSign) listed.push({ type: 'call-sign', listedType: 'Call Sign', value: callSign });
  return listed;
}

/** Normalised value -> indexes of the entries listing it (any type; types are checked per match). */
export type IdentifierTable = Map<string, number[]>;

export function buildIdentifierTable(entries: readonly ListEntry[]): IdentifierTable {
  const table: IdentifierTable = new Map();
  entries.forEach((entry, i) => {
    for (const listed of listedIdentifiers(entry)) {
      const key = normaliseIdentifier(listed.value);
      if (key.length < MIN_IDENTIFIER_LENGTH) continue;
      const at = table.get(key);
      if (!at) table.set(key, [i]);
      else if (at[at.length - 1] !== i) at.push(i);
    }
  });
  return table;
}

/** Entries any request identifier names by value (their types are checked by identifierEvidence). */
export function entriesByIdentifier(table: IdentifierTable, identifiers: readonly RequestIdentifier[]): Set<number> {
  const found = new Set<number>();
  for (const id of identifiers) {
    const key = normaliseIdentifier(id.value);
    if (key.length < MIN_IDENTIFIER_LENGTH) continue;
    for (const e of (table.get(key) ?? []).slice(0, MAX_ENTRIES_PER_IDENTIFIER)) found.add(e);
  }
  return found;
}

/** Another issuing country makes it another document, where both sides say which country. */
function sameDocument(id: RequestIdentifier, key: string, listed: ListedIdentifier): boolean {
  if (!COMPATIBLE[id.type].includes(listed.type)) return false;
  if (id.country && listed.country && id.country !== listed.country) return false;
  return normaliseIdentifier(listed.value) === key;
}

/**
 * One evidence item for the request's identifiers: the strong weight when one of them is listed on
 * the entry; 0 when the entry lists identifiers of a compatible type and none is the same (people
 * hold documents the list does not know: no penalty); none when it lists no comparable identifier.
 * The detail names the listed type, never the screened value.
 */
export function identifierEvidence(identifiers: readonly RequestIdentifier[], entry: ListEntry): Evidence | null {
  const listed = listedIdentifiers(entry);
  if (listed.length === 0) return null;
  let comparable = false;
  for (const id of identifiers) {
    const key = normaliseIdentifier(id.value);
    if (key.length < MIN_IDENTIFIER_LENGTH) continue;
    const same = listed.find((l) => sameDocument(id, key, l));
    if (same) return { field: 'identifiers', weight: IDENTIFIER_WEIGHT, detail: `same ${id.type} as listed (${same.listedType})` };
    comparable ||= listed.some((l) => COMPATIBLE[id.type].includes(l.type));
  }
  return comparable ? { field: 'identifiers', weight: 0, detail: 'listed identifiers of this type differ' } : null;
}
