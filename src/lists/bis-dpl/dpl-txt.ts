/**
 * @module Reader for BIS's native Denied Persons List file, dpl.txt, format 'bis-dpl-txt'.
 *
 * Tab-separated, every field double-quoted (inner quotes doubled: "IHSAN MEDHAT ""SAMMY"" ELASHI"),
 * one header row of 12 columns: Name, Street_Address, City, State, Country, Postal_Code,
 * Effective_Date, Expiration_Date, Standard_Order, Last_Update, Action, FR_Citation. Columns are found
 * by name. Rejected whole: an empty file, another format (HTML, JSON, a CSV), a header lacking
 * columns, a truncated file (a quote left open or a short last row), a file without records.
 *
 * publishedAt: BIS puts no date on the file, so the newest valid Last_Update of its rows is the best
 * publisher date there is (2023-11-28 for the November 2023 copy).
 */
import { DropCounter, ListFormatError, type ListEntry, type ParsedList } from '../model.js';
import { missingColumns, parseHeader, parseRows, readTableFile } from '../csl/table-file.js';
import { DplIdAllocator } from './dpl-id.js';
import { DPL_COLUMNS, lastUpdateOf, mapDplRow, type DplColumn, type DplRow } from './dpl-map.js';

const TSV = { delimiter: '\t', quote: '"' } as const;

function rowOf(values: readonly string[], index: Readonly<Record<DplColumn, number>>): DplRow {
  const row = {} as Record<DplColumn, string>;
  for (const name of DPL_COLUMNS) row[name] = values[index[name]] ?? '';
  return row;
}

function columnIndex(file: string, header: readonly string[]): Record<DplColumn, number> {
  if (header.length < 2) {
    throw new ListFormatError(file, 1, 'not tab-separated: expected the BIS dpl.txt header (Name, Street_Address, ...)');
  }
  const missing = missingColumns(header, DPL_COLUMNS);
  if (missing.length > 0) throw new ListFormatError(file, 1, `not a BIS dpl.txt header: missing columns ${missing.join(', ')}`);
  const lower = header.map((h) => h.toLowerCase());
  const index = {} as Record<DplColumn, number>;
  for (const name of DPL_COLUMNS) index[name] = lower.indexOf(name.toLowerCase());
  return index;
}

export async function readDplTxt(path: string): Promise<ParsedList> {
  const table = await readTableFile(path, 'a BIS dpl.txt');
  const header = parseHeader(table, TSV);
  const index = columnIndex(table.file, header);
  const rows = parseRows(table, TSV, header.length).slice(1);
  if (rows.length === 0) throw new ListFormatError(table.file, 1, 'no records after the header');

  const drops = new DropCounter();
  const skipped: Record<string, number> = {};
  const ids = new DplIdAllocator();
  const entries: ListEntry[] = [];
  let publishedAt: string | null = null;
  const today = new Date().toISOString().slice(0, 10);
  for (const values of rows) {
    const row = rowOf(values, index);
    if (row.Name.trim() === '') {
      skipped['row without a name'] = (skipped['row without a name'] ?? 0) + 1;
      continue;
    }
    const lastUpdate = lastUpdateOf(row, today, drops);
    if (lastUpdate && (publishedAt === null || lastUpdate > publishedAt)) publishedAt = lastUpdate;
    const entryId = ids.next({
      name: row.Name,
      street: row.Street_Address,
      city: row.City,
      country: row.Country,
      effectiveDate: row.Effective_Date,
      frCitation: row.FR_Citation,
    });
    entries.push(mapDplRow(row, entryId, lastUpdate, drops));
  }
  return { format: 'bis-dpl-txt', entries, publishedAt, dropped: drops.counts, skipped };
}
