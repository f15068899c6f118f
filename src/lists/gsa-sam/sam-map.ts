/**
 * @module One SAM extract row -> the parts of a ListEntry.
 *
 * Choices:
 * - Individuals are named "Last, First Middle" like OFAC, so every list reads alike; `Prefix` and
 *   `Suffix` (MR., III) go to extra, since they are not part of what a user would type.
 * - `Classification` states the kind: Individual, Firm -> entity, Vessel, Special Entity Designation
 *   -> entity; only an unknown value falls back to inference.
 * - programs: one label per exclusion action, "<Exclusion Program>: <Exclusion Type> (<Excluding
 *   Agency>)", e.g. "Reciprocal: Prohibition/Restriction (GSA)"; the raw columns are also in extra.
 * - Dates (`Active Date`, `Termination Date`, `Creation_Date`; MM/DD/YYYY or YYYY-MM-DD) are stored
 *   in extra as ISO dates; "Indefinite" is kept as the word; an unreadable date is dropped and counted.
 * - Text is kept as published: V1 files carry "?" where "§" was lost upstream (e.g. "42 U.S.C. ? 1320a-7").
 */
import { isoDate, usDateToIso } from '../dates.js';
import { toAlpha2 } from '../countries.js';
import { inferKind } from '../infer-kind.js';
import type { Address, Alias, DropCounter, EntryKind, IdentityDocument } from '../model.js';
import { parseCrossReference } from './sam-cross-reference.js';
import type { SamRow } from './sam-columns.js';

export type Intern = (text: string) => string;

/**
 * Returns one shared copy of equal strings. The extract repeats the same long comments (HHS
 * exclusion text), agencies and program labels across tens of thousands of rows; sharing them keeps
 * the loaded list several times smaller.
 */
export function stringPool(): Intern {
  const pool = new Map<string, string>();
  return (text) => {
    const hit = pool.get(text);
    if (hit !== undefined) return hit;
    pool.set(text, text);
    return text;
  };
}

export interface SamRecord {
  name: string;
  kind: EntryKind;
  kindInferred: boolean;
  aliases: Alias[];
  addresses: Address[];
  identityDocuments: IdentityDocument[];
  programs: string[];
  remarks?: string;
  extra: Record<string, string>;
}

const KINDS: Record<string, EntryKind> = {
  individual: 'individual',
  firm: 'entity',
  vessel: 'vessel',
  'special entity designation': 'entity',
};

function personName(row: SamRow): string {
  const given = [row.first, row.middle].filter(Boolean).join(' ');
  if (row.last && given) return `${row.last}, ${given}`;
  return row.last || given;
}

/** The record's primary name: person parts for individuals, `Name` otherwise (each falls back on the other). */
export function samName(row: SamRow): string {
  const individual = row.classification.toLowerCase() === 'individual';
  return individual ? personName(row) || row.name : row.name || personName(row);
}

function kindOf(row: SamRow, name: string, drops: DropCounter): { kind: EntryKind; kindInferred: boolean } {
  const stated = KINDS[row.classification.toLowerCase().replace(/\s+/g, ' ')];
  if (stated) return { kind: stated, kindInferred: false };
  drops.drop('Classification', 'unknown value, kind inferred');
  const inferred = inferKind(name, false);
  return { kind: inferred.kind, kindInferred: true };
}

function address(row: SamRow, intern: Intern): Address[] {
  const street = [row.address1, row.address2, row.address3, row.address4].filter(Boolean).join(', ');
  const country = toAlpha2(row.country);
  const result: Address = {
    ...(street && { street }),
    ...(row.city && { city: intern(row.city) }),
    ...(row.state && { state: intern(row.state) }),
    ...(row.zip && { postalCode: row.zip }),
    ...(country ? { country } : row.country ? { countryText: row.country } : {}),
  };
  return Object.keys(result).length > 0 ? [result] : [];
}

function documents(row: SamRow): IdentityDocument[] {
  const docs: Array<[string, string]> = [
    ['UEI', row.uei],
    ['CAGE', row.cage],
    ['NPI', row.npi],
    ['DUNS', row.duns],
  ];
  return docs.filter(([, number]) => number !== '').map(([type, number]) => ({ type, number }));
}

function programLabel(row: SamRow): string | null {
  const head = [row.exclusionProgram, row.exclusionType].filter(Boolean).join(': ');
  const agency = row.excludingAgency ? `(${row.excludingAgency})` : '';
  const label = [head, agency].filter(Boolean).join(' ');
  return label === '' ? null : label;
}

/** MM/DD/YYYY or YYYY-MM-DD -> ISO; "Indefinite" kept when allowed; null when unreadable. */
function samDate(text: string, allowIndefinite: boolean): string | null {
  if (allowIndefinite && /^indefinite$/i.test(text)) return 'Indefinite';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : usDateToIso(text);
}

const DATE_FIELDS: ReadonlyArray<[keyof SamRow, string, string, boolean]> = [
  ['activeDate', 'activeDate', 'Active Date', false],
  ['terminationDate', 'terminationDate', 'Termination Date', true],
  ['creationDate', 'creationDate', 'Creation_Date', false],
];

const TEXT_FIELDS: ReadonlyArray<[keyof SamRow, string]> = [
  ['classification', 'classification'],
  ['prefix', 'prefix'],
  ['suffix', 'suffix'],
  ['exclusionProgram', 'exclusionProgram'],
  ['excludingAgency', 'excludingAgency'],
  ['exclusionType', 'exclusionType'],
  ['ctCode', 'ctCode'],
  ['recordStatus', 'recordStatus'],
  ['openDataFlag', 'openDataFlag'],
  ['crossReference', 'crossReference'],
];

function extras(row: SamRow, drops: DropCounter, intern: Intern): Record<string, string> {
  const extra: Record<string, string> = {};
  for (const [field, key] of TEXT_FIELDS) if (row[field]) extra[key] = intern(row[field]);
  for (const [field, key, column, indefinite] of DATE_FIELDS) {
    if (!row[field]) continue;
    const iso = samDate(row[field], indefinite);
    if (iso) extra[key] = intern(iso);
    else drops.drop(column, 'not a date');
  }
  return extra;
}

/** Maps one row; null when it has no name at all (the caller counts the skip). */
export function mapSamRow(row: SamRow, drops: DropCounter, intern: Intern): SamRecord | null {
  const name = samName(row);
  if (name === '') return null;
  const aliases = parseCrossReference(row.crossReference, name).map(
    (alias): Alias => ({ name: alias, type: 'aka', quality: 'strong' }),
  );
  const program = programLabel(row);
  return {
    name,
    ...kindOf(row, name, drops),
    aliases,
    addresses: address(row, intern),
    identityDocuments: documents(row),
    programs: program ? [intern(program)] : [],
    ...(row.additionalComments && { remarks: intern(row.additionalComments) }),
    extra: extras(row, drops, intern),
  };
}
