/**
 * @module A list entry as the listed-record endpoint shows it (API.md "The listed record"): every
 * field the list carries, in the contract's names; empty fields are left out rather than shown empty.
 */
import type { Static } from '@sinclair/typebox';
import { listedIdentifiers } from '../../engine/identifiers.js';
import type { ListEntry } from '../../lists/model.js';
import type { PublishedAtSource } from '../../lists/catalog-feeds.js';
import type { ListedRecordSchema } from '../../contract/schemas/listed-record.js';

export type ListedRecord = Static<typeof ListedRecordSchema>;

/** Drops undefined values and empty arrays, so "absent" means the list does not carry it. */
function compact<T extends object>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out as T;
}

export function listedRecord(entry: ListEntry, publishedAt: string | null, publishedAtSource?: PublishedAtSource | null): ListedRecord {
  const docs = entry.identityDocuments;
  // listedIdentifiers reads the documents in order, then the call sign: index i is docs[i] when i < docs.length.
  const identifiers = listedIdentifiers(entry).map((id, i) => compact({
    type: id.type, listedType: id.listedType, value: id.value, country: id.country,
    issueDate: docs[i]?.issueDate, expiryDate: docs[i]?.expiryDate, note: docs[i]?.note,
  }));
  const { callSign: _shownAsIdentifier, ...details } = entry.extra ?? {};
  return compact({
    listSource: entry.listSource,
    entryId: entry.entryId,
    kind: entry.kind,
    kindInferred: entry.kindInferred || undefined,
    names: [
      { name: entry.name, type: 'primary' as const },
      ...entry.aliases.map((a) => compact({ name: a.name, type: a.type, lowQuality: a.quality === 'weak' || undefined })),
    ],
    datesOfBirth: entry.datesOfBirth.map((d) => ({ ...d })),
    placesOfBirth: entry.placesOfBirth,
    nationalities: entry.nationalities,
    citizenships: entry.citizenships,
    gender: entry.gender,
    title: entry.title,
    addresses: entry.addresses.map((a) => compact({
      street: a.street, city: a.city, region: a.state, postalCode: a.postalCode, country: a.country, countryText: a.countryText,
    })),
    identifiers,
    programs: entry.programs,
    remarks: entry.remarks,
    details: Object.keys(details).length > 0 ? details : undefined,
    sourceUrl: entry.sourceUrl,
    publishedAt,
    // Says whether publishedAt is a publication date at all ("file-time": it is not).
    publishedAtSource: publishedAtSource ?? undefined,
  });
}
