/**
 * @module Lookups by value rather than by name, built with the index in the list pipeline and
 * shipped with it: an entry by (listSource, entryId) for GET .../entries/{entryId}, and the entries
 * an identifier names. Serving threads hold the entries lazily (decoded on first access); these
 * tables let them find one without decoding the others. About 1 MB for the full snapshot.
 */
import type { ListEntry, ListSource } from '../lists/model.js';
import { buildIdentifierTable, type IdentifierTable } from './identifiers.js';

export interface EntryLookup {
  /** `${listSource}/${entryId}` -> index in the entry array. */
  byId: Map<string, number>;
  identifiers: IdentifierTable;
}

export const entryKey = (source: ListSource, entryId: string): string => `${source}/${entryId}`;

export function buildEntryLookup(entries: readonly ListEntry[]): EntryLookup {
  const byId = new Map<string, number>();
  entries.forEach((e, i) => byId.set(entryKey(e.listSource, e.entryId), i));
  return { byId, identifiers: buildIdentifierTable(entries) };
}
