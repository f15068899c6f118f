/**
 * @module Content versions of list entries and lists (API.md, "List versions, reconstruction and
 * changes"). An entry's content hash is SHA-256 over a canonical JSON of the fields that matching or the
 * listed record reads; a list's version is the first 16 hex characters of SHA-256 over its entries'
 * hashes ordered by entryId. Both depend on content only, never on the file format it was read from, so
 * a decision on an entry (API.md, "Decisions on matches") lapses exactly when the entry changes.
 */
import { createHash } from 'node:crypto';
import type { ListEntry } from './model.js';

/** JSON with object keys sorted at every depth and undefined members left out (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/**
 * The content of an entry that a version covers: every field of the entry model, except what the
 * publisher's formats carry differently, so OFAC's legacy CSVs and its XML give the same hash for the
 * same record:
 * - for OFAC lists, `remarks` and `extra` are projected onto what both formats carry: the XML has
 *   none of the CSV's free-text Remarks (it gives the same facts as structured features, which the
 *   CSV reader parses out of the Remarks into the fields kept here), and of `extra` only the vessel
 *   details (call sign, type, tonnage, GRT, flag, owner) are in both. A change to the Remarks text
 *   alone (a "Linked To:" added) therefore does not make a new OFAC version; every other list keeps
 *   its remarks and extra in full;
 * - `listSource` and `sourceUrl` are left out: they name the list (a version is per list already)
 *   and are set by the loader, not by the publisher's record;
 * - lists whose order carries no meaning (programs, aliases, documents, addresses, dates,
 *   places, countries) are sorted, and an address's city and state are one place: the two
 *   formats split "Gaza" or "Dubai, UAE" differently.
 */
export function entryContent(entry: ListEntry): unknown {
  return {
    entryId: entry.entryId,
    kind: entry.kind,
    kindInferred: entry.kindInferred,
    name: entry.name,
    aliases: sortedJson(entry.aliases),
    datesOfBirth: sortedJson(entry.datesOfBirth),
    placesOfBirth: [...entry.placesOfBirth].sort(),
    nationalities: [...entry.nationalities].sort(),
    citizenships: [...entry.citizenships].sort(),
    addresses: sortedJson(entry.addresses.map(addressContent)),
    identityDocuments: sortedJson(entry.identityDocuments),
    programs: [...entry.programs].sort(),
    gender: entry.gender,
    title: entry.title,
    ...(entry.listSource.startsWith('ofac-') ? { extra: ofacSharedExtra(entry.extra) } : { remarks: entry.remarks, extra: entry.extra }),
  };
}

/** The `extra` keys both OFAC formats carry (named as in the XML's vesselInfo; legacy-map.ts VESSEL_COLUMNS). */
const OFAC_SHARED_EXTRA = ['callSign', 'vesselType', 'tonnage', 'grossRegisteredTonnage', 'vesselFlag', 'vesselOwner'] as const;

function ofacSharedExtra(extra: Record<string, string> | undefined): Record<string, string> | undefined {
  if (extra === undefined) return undefined;
  const kept = Object.fromEntries(OFAC_SHARED_EXTRA.filter((k) => extra[k] !== undefined).map((k) => [k, extra[k]]));
  return Object.keys(kept).length > 0 ? kept : undefined;
}

function addressContent(a: ListEntry['addresses'][number]): unknown {
  const place = [a.city, a.state].filter((p): p is string => p !== undefined && p !== '').sort().join(' | ');
  return { street: a.street, place: place === '' ? undefined : place, postalCode: a.postalCode, country: a.country, countryText: a.countryText };
}

/** The items' canonical JSON texts, sorted: a list compared as a set (duplicates kept). */
function sortedJson(items: readonly unknown[]): string[] {
  return items.map(canonicalJson).sort();
}

/**
 * Hashes already computed, per entry object: a load computes each entry's hash for the list version,
 * and the archive's hash files (archive/version-hashes.ts) read them again for the same objects.
 */
const HASHES = new WeakMap<ListEntry, string>();

/** SHA-256 (hex, 64 characters) of the entry's canonical content. */
export function entryContentHash(entry: ListEntry): string {
  let hash = HASHES.get(entry);
  if (hash === undefined) HASHES.set(entry, (hash = createHash('sha256').update(canonicalJson(entryContent(entry))).digest('hex')));
  return hash;
}

/** A list's version: 16 hex characters over its entries' content hashes, ordered by entryId. */
export function listVersion(entries: readonly ListEntry[]): string {
  return versionOfHashes(entries.map((e) => [e.entryId, entryContentHash(e)] as const));
}

/** The list version of (entryId, content hash) rows, in any order (the archive's hash files hold them). */
export function versionOfHashes(unordered: readonly (readonly [string, string])[]): string {
  const rows = [...unordered].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const h = createHash('sha256');
  for (const [id, hash] of rows) h.update(`${id}\t${hash}\n`);
  return h.digest('hex').slice(0, 16);
}

/**
 * `coverage.listsVersion`: 16 hex of SHA-256 over "source version" lines of the lists screened
 * against, in ranking order (a missing list counts as "-"). Here, below the contract, because the
 * version archive resolves a listsVersion back to its lists (archive/changes-since.ts).
 */
export function listsVersionOf(items: readonly { source: string; version: string | null }[]): string {
  return createHash('sha256').update(items.map((i) => `${i.source} ${i.version ?? '-'}\n`).join('')).digest('hex').slice(0, 16);
}
