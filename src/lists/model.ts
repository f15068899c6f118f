/**
 * @module The one normalised entry model every list loader produces.
 *
 * Loaders keep names exactly as the publisher spelled them (the engine normalises);
 * they only split, classify and convert (dates to ISO, countries to alpha-2).
 */

/** Every list the service can screen against, in ranking order (SDN first). */
export const LIST_SOURCES = [
  'ofac-sdn',
  'ofac-ssi',
  'ofac-fse',
  'ofac-non-sdn',
  'bis-entity',
  'bis-denied',
  'bis-unverified',
  'bis-meu',
  'state-debarred',
  'state-isn',
  'gsa-sam',
  'dhs-uflpa',
] as const;

export type ListSource = (typeof LIST_SOURCES)[number];

export function isListSource(value: string): value is ListSource {
  return (LIST_SOURCES as readonly string[]).includes(value);
}

export type EntryKind = 'individual' | 'entity' | 'vessel' | 'aircraft';
export const ENTRY_KINDS: readonly EntryKind[] = ['individual', 'entity', 'vessel', 'aircraft'];

/** aka = also known as, fka = formerly known as, nka = now known as. */
export type AliasType = 'aka' | 'fka' | 'nka';

export interface Alias {
  name: string;
  type: AliasType;
  /** OFAC marks low-quality ("weak") a.k.a.s; they must not drive a match on their own. */
  quality: 'strong' | 'weak';
}

/**
 * A date as the publisher gave it: a full date, a month, a year, or a range.
 * `from`/`to` are inclusive ISO dates (YYYY-MM-DD) covering everything the text allows,
 * so "1970" is 1970-01-01..1970-12-31 and "circa 1970" is the same with `approximate`.
 */
export interface DateValue {
  text: string;
  from: string;
  to: string;
  precision: 'day' | 'month' | 'year' | 'range';
  approximate: boolean;
}

export interface Address {
  street?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country?: string;
  /** The publisher's country text when it maps to no ISO code (e.g. "Region: Gaza"). */
  countryText?: string;
}

export interface IdentityDocument {
  type: string;
  number: string;
  /** ISO 3166-1 alpha-2 of the issuing country, when known. */
  country?: string;
  issueDate?: string;
  expiryDate?: string;
  note?: string;
}

export interface ListEntry {
  listSource: ListSource;
  /** The publisher's identifier (OFAC ent_num, CSL _id, SAM Number) or a documented derived one. */
  entryId: string;
  kind: EntryKind;
  /** True when the publisher does not state the kind and the loader inferred it. */
  kindInferred: boolean;
  /** Primary name, in the publisher's spelling. */
  name: string;
  aliases: Alias[];
  datesOfBirth: DateValue[];
  placesOfBirth: string[];
  /** ISO alpha-2, upper case. */
  nationalities: string[];
  citizenships: string[];
  addresses: Address[];
  identityDocuments: IdentityDocument[];
  programs: string[];
  gender?: 'male' | 'female';
  title?: string;
  remarks?: string;
  sourceUrl: string;
  /** Other publisher fields worth showing (vessel flag, license policy, FR notice...). */
  extra?: Record<string, string>;
}

/** Counts of fields dropped because their value was unusable, keyed "field: reason". */
export type DropCounts = Record<string, number>;

export class DropCounter {
  readonly counts: DropCounts = {};

  drop(field: string, reason: string): void {
    const key = `${field}: ${reason}`;
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  get total(): number {
    return Object.values(this.counts).reduce((a, b) => a + b, 0);
  }
}

/** What one reader returns for one published file (or file family). */
export interface ParsedList {
  /** Reader id, e.g. "ofac-legacy-csv", "csl-csv". */
  format: string;
  /** Entries, possibly for several list sources (the OFAC consolidated files feed three). */
  entries: ListEntry[];
  /** The date the publisher put on the file (ISO 8601), or null when the file carries none. */
  publishedAt: string | null;
  /** Per-source publisher dates, for files that carry several lists of different dates (CSL JSON `sources_used`). */
  publishedAtBySource?: Partial<Record<ListSource, string>>;
  /** The record count the publisher declares inside the file, when it does (XML Record_Count). */
  declaredCount?: number;
  dropped: DropCounts;
  /** Records skipped whole, with the reason (e.g. an alias row whose ent_num has no primary record). */
  skipped: DropCounts;
}

/**
 * A file that cannot be used at all: truncated, empty, wrong format, missing columns.
 * The message is one line naming the file and line, so operators can act on it.
 */
export class ListFormatError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
    this.name = 'ListFormatError';
  }
}
