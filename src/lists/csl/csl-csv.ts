/**
 * @module Reader for the trade.gov Consolidated Screening List CSV (consolidated.csv), format 'csl-csv'.
 *
 * Dialects seen in real files (see ../shared/data/lists/csl/PROVENANCE.md):
 * - 2022: fields quoted only where needed, some empty fields written as "", 40-hex `_id`s for BIS/State
 *   rows, the `ids` groups in alphabetical key order (type last).
 * - 2023 and 2025: every field quoted, 56- or 32-hex `_id`s, `ids` groups type first. The 2023 copy
 *   repeats the header as line 2: header repeats are skipped and counted.
 * Columns are looked up by header name, so a reordered or extended header still reads; a header that
 * lacks a column we need is rejected naming the missing columns (an sdn.csv saved as consolidated.csv
 * has no header at all). Every row of all sources is returned, Treasury rows included (the catalog
 * decides that OFAC's own files win over the CSL's copy), unless the caller names sources to skip:
 * their rows are then left out before any field is taken apart, and not counted.
 */
import type { ParsedList } from '../model.js';
import { ListFormatError } from '../model.js';
import { CslCollector, REPEATED_HEADER, type CslReadOptions } from './csl-collect.js';
import { splitMulti, type CslRecord } from './csl-record.js';
import { parseCslAddress } from './csv-address.js';
import { detectIdsOrder, parseCslIds, type IdsOrder } from './csv-ids.js';
import { missingColumns, parseHeader, parseRows, readTableFile } from './table-file.js';

/** Columns without which a row cannot be mapped faithfully. */
const REQUIRED = [
  '_id', 'source', 'entity_number', 'type', 'programs', 'name', 'title', 'addresses', 'federal_register_notice',
  'start_date', 'end_date', 'remarks', 'source_list_url', 'alt_names', 'citizenships', 'dates_of_birth',
  'nationalities', 'places_of_birth', 'ids',
] as const;

/** Columns read when present (list-specific details that newer or older files may lack). */
const OPTIONAL = [
  'standard_order', 'license_requirement', 'license_policy', 'call_sign', 'vessel_type', 'gross_tonnage',
  'gross_registered_tonnage', 'vessel_flag', 'vessel_owner',
] as const;

type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];
type ColumnIndex = Record<Column, number>;

function indexColumns(header: readonly string[]): ColumnIndex {
  const lower = header.map((h) => h.toLowerCase());
  const index = {} as ColumnIndex;
  for (const name of [...REQUIRED, ...OPTIONAL]) index[name] = lower.indexOf(name);
  return index;
}

function toRecord(row: readonly string[], col: ColumnIndex, order: IdsOrder): CslRecord {
  const get = (name: Column): string => (col[name] < 0 ? '' : (row[col[name]] ?? ''));
  return {
    id: get('_id'),
    source: get('source'),
    entityNumber: get('entity_number'),
    type: get('type'),
    name: get('name'),
    title: get('title'),
    programs: splitMulti(get('programs')),
    altNames: splitMulti(get('alt_names')),
    addresses: splitMulti(get('addresses')).flatMap((text) => parseCslAddress(text) ?? []),
    ids: parseCslIds(get('ids'), order),
    datesOfBirth: splitMulti(get('dates_of_birth')),
    nationalities: splitMulti(get('nationalities')),
    citizenships: splitMulti(get('citizenships')),
    placesOfBirth: splitMulti(get('places_of_birth')),
    remarks: get('remarks'),
    federalRegisterNotice: get('federal_register_notice'),
    startDate: get('start_date'),
    endDate: get('end_date'),
    standardOrder: get('standard_order'),
    licenseRequirement: get('license_requirement'),
    licensePolicy: get('license_policy'),
    callSign: get('call_sign'),
    vesselType: get('vessel_type'),
    grossTonnage: get('gross_tonnage'),
    grossRegisteredTonnage: get('gross_registered_tonnage'),
    vesselFlag: get('vessel_flag'),
    vesselOwner: get('vessel_owner'),
    sourceListUrl: get('source_list_url'),
  };
}

function isHeaderRepeat(row: readonly string[], col: ColumnIndex): boolean {
  return row[col._id] === '_id' && row[col.source] === 'source' && row[col.name] === 'name';
}

export async function readCslCsv(path: string, options: CslReadOptions = {}): Promise<ParsedList> {
  const table = await readTableFile(path, 'a CSL consolidated.csv');
  const header = parseHeader(table, {});
  const missing = missingColumns(header, REQUIRED);
  if (missing.length > 0) {
    throw new ListFormatError(table.file, 1, `not a CSL consolidated.csv header: missing columns ${missing.join(', ')}`);
  }
  const rows = parseRows(table, {}, header.length);
  const col = indexColumns(header);
  const data = rows.slice(1).filter((row) => !isHeaderRepeat(row, col));
  if (data.length === 0) throw new ListFormatError(table.file, rows.length, 'no records after the header');

  const order = detectIdsOrder(data.map((row) => row[col.ids]));
  const collector = new CslCollector(options);
  for (let i = 0; i < rows.length - 1 - data.length; i++) collector.skip(REPEATED_HEADER);
  for (const row of data) {
    if (!collector.omits(row[col.source])) collector.add(toRecord(row, col, order));
  }
  return collector.result('csl-csv');
}
