/**
 * @module Collecting mapped SAM rows into entries keyed by SAM Number.
 *
 * The SAM Number identifies the excluded party; one party can carry several exclusion actions, each
 * printed as its own row with the same SAM Number (V1 excerpt: DAVID M. FINK, S4MR3MT0K, excluded by
 * HHS and by OPM). Rule, deterministic in file order:
 * - a row identical to an earlier row of the same SAM Number is a duplicate: skipped and counted
 *   (V2 excerpt: TERRA KLEAN SOLUTIONS INC., S4MR1Y9QG, printed twice);
 * - a differing row is merged into the first: the first row's name and kind stay primary, other
 *   names become aliases, addresses/documents/programs are unioned, and extra fields whose values
 *   differ hold the distinct values joined by "; " in row order; extra.exclusionRecords counts rows.
 * The entryId stays the publisher's SAM Number, so a user can look the record up on SAM.gov.
 * A row with an empty SAM Number gets "sam-" + 16 hex of SHA-256 over its identifying columns.
 */
import { createHash } from 'node:crypto';
import type { Alias, DropCounter, ListEntry } from '../model.js';
import { LIST_INFO } from '../sources.js';
import type { SamRecord } from './sam-map.js';
import type { SamRow } from './sam-columns.js';

interface Slot {
  entry: ListEntry;
  /** Digest of every distinct row of this SAM Number, to tell duplicates from further actions. */
  rows: string[];
  /** Set once a second action arrives: every extra field's distinct values in row order. */
  extras?: Map<string, string[]>;
  remarks?: string[];
}

const SOURCE_URL = LIST_INFO['gsa-sam'].sourceUrl;

function derivedId(row: SamRow): string {
  const parts = [row.classification, row.name, row.first, row.middle, row.last, row.uei, row.cage, row.npi, row.duns];
  return `sam-${createHash('sha256').update(parts.join('\u001f').toUpperCase()).digest('hex').slice(0, 16)}`;
}

/** SHA-256 of the raw cells: compact (the raw strings are not kept alive) and collision-free in practice. */
const rowDigest = (cells: readonly string[]): string =>
  createHash('sha256').update(cells.join('\u001f')).digest('base64');

const addUnique = <T>(list: T[], items: readonly T[], key: (t: T) => string): void => {
  const seen = new Set(list.map(key));
  for (const item of items) {
    if (!seen.has(key(item))) {
      seen.add(key(item));
      list.push(item);
    }
  }
};

const aliasKey = (a: Alias): string => `${a.type}|${a.name.toUpperCase()}`;

export class SamEntryCollector {
  private readonly slots = new Map<string, Slot>();

  constructor(
    private readonly drops: DropCounter,
    private readonly skipped: Record<string, number>,
  ) {}

  /** Adds one mapped row; `cells` (the raw row) detects exact duplicates. */
  add(row: SamRow, record: SamRecord, cells: readonly string[]): void {
    let id = row.samNumber;
    if (id === '') {
      id = derivedId(row);
      this.drops.drop('SAM Number', 'empty, derived ID used');
    }
    const slot = this.slots.get(id);
    const digest = rowDigest(cells);
    if (!slot) {
      this.slots.set(id, { entry: newEntry(id, record), rows: [digest] });
    } else if (slot.rows.includes(digest)) {
      const reason = 'duplicate row (same SAM Number, identical fields)';
      this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
    } else {
      slot.rows.push(digest);
      this.merge(slot, record);
    }
  }

  private merge(slot: Slot, record: SamRecord): void {
    const { entry } = slot;
    if (record.kind !== entry.kind) this.drops.drop('Classification', 'differs between rows of one SAM Number, first kept');
    const names: Alias[] = [{ name: record.name, type: 'aka', quality: 'strong' }, ...record.aliases];
    const primary = entry.name.toUpperCase();
    addUnique(entry.aliases, names.filter((a) => a.name.toUpperCase() !== primary), aliasKey);
    addUnique(entry.addresses, record.addresses, (a) => JSON.stringify(a));
    addUnique(entry.identityDocuments, record.identityDocuments, (d) => `${d.type}|${d.number}`);
    addUnique(entry.programs, record.programs, (p) => p);
    slot.remarks ??= entry.remarks ? [entry.remarks] : [];
    if (record.remarks) addUnique(slot.remarks, [record.remarks], (r) => r);
    slot.extras ??= new Map(Object.entries(entry.extra ?? {}).map(([k, v]) => [k, [v]]));
    for (const [key, value] of Object.entries(record.extra)) {
      const values = slot.extras.get(key) ?? [];
      addUnique(values, [value], (v) => v);
      slot.extras.set(key, values);
    }
  }

  /** Entries in the order their SAM Number first appeared. */
  entries(): ListEntry[] {
    return [...this.slots.values()].map(({ entry, rows, extras, remarks }) => {
      if (!extras || !remarks) return entry;
      const extra: Record<string, string> = {};
      for (const [key, values] of extras) extra[key] = values.join('; ');
      extra.exclusionRecords = String(rows.length);
      const { remarks: _first, extra: _extra, ...rest } = entry;
      return { ...rest, ...(remarks.length > 0 && { remarks: remarks.join('\n') }), extra };
    });
  }
}

function newEntry(entryId: string, record: SamRecord): ListEntry {
  const { extra, remarks, ...fields } = record;
  return {
    listSource: 'gsa-sam',
    entryId,
    ...fields,
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    citizenships: [],
    sourceUrl: SOURCE_URL,
    ...(remarks && { remarks }),
    ...(Object.keys(extra).length > 0 && { extra }),
  };
}
