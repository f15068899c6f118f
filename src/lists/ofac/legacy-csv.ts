/**
 * @module Reader "ofac-legacy-csv": OFAC's legacy delimited file sets.
 *
 * - family 'sdn':  sdn.csv + add.csv + alt.csv + sdn_comments.csv -> ofac-sdn entries.
 * - family 'cons': cons_prim.csv + cons_add.csv + cons_alt.csv + cons_comments.csv -> ofac-ssi,
 *   ofac-fse or ofac-non-sdn, decided per record by its program tags (the files have no list column).
 *
 * Companion files are optional and joined on ent_num. A companion row whose ent_num has no primary
 * record is skipped and counted: a primary and companions from different publication days (as in
 * the shared snapshot) leave thousands of them, and that must not stop the load.
 * The files carry no publication date: publishedAt is null and the catalog uses the fetch time.
 */
import { basename } from 'node:path';
import { inferKind } from '../infer-kind.js';
import { type Alias, DropCounter, ListFormatError, type ListEntry, type ParsedList } from '../model.js';
import { mapLegacyAddress } from './legacy-address.js';
import { isEntNum, mapLegacyAlias, mapLegacyPrimary } from './legacy-map.js';
import { readLegacyFile, startReading, type PendingFile } from './legacy-reader.js';
import { consolidatedEntries } from './programs.js';
import { parseRemarks } from './remarks.js';

export interface OfacLegacyFiles {
  family: 'sdn' | 'cons';
  /** Absolute paths. */
  primary: string;
  add?: string;
  alt?: string;
  comments?: string;
}

/** OFAC cuts Remarks at this many characters and continues them in sdn_comments.csv. */
const REMARKS_CUT_LENGTH = 1000;

interface Pending {
  entry: ListEntry;
  remarks: string;
}

export async function readOfacLegacySet(files: OfacLegacyFiles): Promise<ParsedList> {
  const dropped = new DropCounter();
  const skipped = new DropCounter();
  const records = new Map<string, Pending>();

  // All four files are read at once; they are parsed in join order below.
  const [comments, alt, add] = [files.comments, files.alt, files.add].map((path) => (path ? startReading(path) : undefined));
  const primaryFile = basename(files.primary);
  await readLegacyFile(files.primary, 12, (fields, line) => {
    trimFields(fields, 11);
    const entNum = checkedEntNum(primaryFile, fields[0], line);
    if (records.has(entNum)) return skipped.drop(primaryFile, 'duplicate ent_num');
    if (!fields[1]) return skipped.drop(primaryFile, 'record without a name');
    records.set(entNum, { entry: mapLegacyPrimary(fields, files.family, dropped), remarks: fields[11] });
  });

  if (comments) await joinComments(comments, records, skipped);
  if (alt) {
    await readCompanion(alt, 5, records, skipped, (pending, fields) => {
      const alias = mapLegacyAlias(fields, dropped);
      if (alias) pending.entry.aliases.push(alias);
    });
  }
  if (add) {
    await readCompanion(add, 6, records, skipped, (pending, fields) => {
      const address = mapLegacyAddress(fields[2], fields[3], fields[4]);
      if (address) pending.entry.addresses.push(address);
    });
  }

  const entries: ListEntry[] = [];
  for (const pending of records.values()) {
    const entry = finishEntry(pending, dropped);
    if (files.family === 'cons') entries.push(...consolidatedEntries(entry));
    else entries.push(entry);
  }
  return { format: 'ofac-legacy-csv', entries, publishedAt: null, dropped: dropped.counts, skipped: skipped.counts };
}

/** Trims every field but `keep` (Remarks text, which must stay byte-exact until it is joined). */
function trimFields(fields: string[], keep: number): void {
  for (let i = 0; i < fields.length; i++) if (i !== keep) fields[i] = fields[i].trim();
}

function checkedEntNum(file: string, value: string, line: number): string {
  if (!isEntNum(value)) {
    const shown = value.length > 20 ? `${value.slice(0, 20)}...` : value;
    throw new ListFormatError(file, line, `ent_num "${shown}" is not a positive integer`);
  }
  return value.charCodeAt(0) === 0x30 ? String(Number(value)) : value; // "0306" and "306" are one record
}

type CompanionHandler = (pending: Pending, fields: string[]) => void;

async function readCompanion(
  source: PendingFile,
  columns: number,
  records: Map<string, Pending>,
  skipped: DropCounter,
  onRow: CompanionHandler,
  untrimmed = -1,
): Promise<void> {
  const file = basename(source.path);
  await readLegacyFile(source, columns, (fields, line) => {
    trimFields(fields, untrimmed);
    const pending = records.get(checkedEntNum(file, fields[0], line));
    if (pending) onRow(pending, fields);
    else skipped.drop(file, 'ent_num has no primary record');
  });
}

/**
 * Appends Remarks continuations. A continuation only belongs to remarks that OFAC actually cut;
 * one for complete remarks comes from a different publication (mixed downloads) and would glue
 * unrelated text onto the record, so it is skipped and counted.
 */
async function joinComments(source: PendingFile, records: Map<string, Pending>, skipped: DropCounter): Promise<void> {
  const file = basename(source.path);
  const onRow: CompanionHandler = (pending, fields) => {
    if (pending.remarks.length < REMARKS_CUT_LENGTH) skipped.drop(file, 'continuation of remarks that are not cut');
    else pending.remarks += fields[1];
  };
  await readCompanion(source, 2, records, skipped, onRow, 1);
}

function finishEntry({ entry, remarks }: Pending, dropped: DropCounter): ListEntry {
  remarks = remarks.trim();
  if (!remarks) return finishKind(entry);
  entry.remarks = remarks;
  const facts = parseRemarks(remarks, dropped);
  entry.datesOfBirth = facts.datesOfBirth;
  entry.placesOfBirth = facts.placesOfBirth;
  entry.nationalities = facts.nationalities;
  entry.citizenships = facts.citizenships;
  entry.identityDocuments = facts.identityDocuments;
  if (facts.gender) entry.gender = facts.gender;
  if (facts.aliases.length > 0) mergeRemarkAliases(entry, facts.aliases);
  return finishKind(entry);
}

/** Adds the a.k.a.s found in remarks unless alt.csv (or the primary name) already has them, ignoring case. */
function mergeRemarkAliases(entry: ListEntry, aliases: Alias[]): void {
  const known = new Set([normalised(entry.name), ...entry.aliases.map((a) => normalised(a.name))]);
  for (const alias of aliases) {
    const key = normalised(alias.name);
    if (known.has(key)) continue;
    known.add(key);
    entry.aliases.push(alias);
  }
}

/** Only for an SDN_Type OFAC does not use: infer from the name and any person data in the remarks. */
function finishKind(entry: ListEntry): ListEntry {
  if (!entry.kindInferred) return entry;
  const hasPersonData = entry.datesOfBirth.length > 0 || entry.placesOfBirth.length > 0 || entry.gender !== undefined;
  entry.kind = inferKind(entry.name, hasPersonData).kind;
  return entry;
}

function normalised(name: string): string {
  return name.toLowerCase().replace(/\s+/g, ' ').trim();
}
