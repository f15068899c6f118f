/**
 * @module Keeping tens of thousands of parsed entries small.
 *
 * The loaders hold every entry of a list in memory, so per-entry overhead adds up: a JS array grown
 * by push() keeps room for 17 elements after its first push, and V8 keeps a string built by
 * concatenation as a tree of pieces. compactEntry trims both once an entry is complete; StringPool
 * shares the values thousands of records repeat (program tags, document types).
 */
import type { ListEntry } from '../model.js';

/** Returns a flat copy of `text` that shares no memory with the string it was cut from or built of. */
export function ownString(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/** Many records share the same program tags and types; one copy of each keeps 20k entries small. */
export class StringPool {
  private readonly pool = new Map<string, string>();

  intern(value: string): string {
    const known = this.pool.get(value);
    if (known !== undefined) return known;
    this.pool.set(value, value);
    return value;
  }
}

/** An exact-size copy of an array grown by push(). */
function exact<T>(items: T[]): T[] {
  return items.length === 0 ? [] : items.slice();
}

/**
 * Trims the entry's arrays, flattens the strings built by concatenation (names, ISO dates) and
 * shares the values records repeat: `extra` texts ("Subject to Secondary Sanctions"), remarks such as
 * the SSI directive notice, cities, date texts. Unique values (names, streets, numbers) are not
 * pooled: the pool would only add to them while the file is read.
 */
export function compactEntry(entry: ListEntry, pool: StringPool): ListEntry {
  entry.name = ownString(entry.name);
  for (const alias of entry.aliases) alias.name = ownString(alias.name);
  for (const date of entry.datesOfBirth) {
    date.text = pool.intern(date.text);
    date.from = pool.intern(ownString(date.from));
    date.to = pool.intern(ownString(date.to));
  }
  if (entry.extra) {
    for (const [key, value] of Object.entries(entry.extra)) entry.extra[key] = pool.intern(ownString(value));
  }
  if (entry.remarks !== undefined) entry.remarks = pool.intern(entry.remarks);
  for (const address of entry.addresses) {
    if (address.city !== undefined) address.city = pool.intern(address.city);
    if (address.state !== undefined) address.state = pool.intern(address.state);
    if (address.countryText !== undefined) address.countryText = pool.intern(address.countryText);
  }
  entry.aliases = exact(entry.aliases);
  entry.datesOfBirth = exact(entry.datesOfBirth);
  entry.placesOfBirth = exact(entry.placesOfBirth);
  entry.nationalities = exact(entry.nationalities);
  entry.citizenships = exact(entry.citizenships);
  entry.addresses = exact(entry.addresses);
  entry.identityDocuments = exact(entry.identityDocuments);
  entry.programs = exact(entry.programs);
  return entry;
}
