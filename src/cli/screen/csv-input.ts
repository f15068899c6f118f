/**
 * @module CSV input of the bulk `screen` command: a header row naming the columns, one party per row.
 *
 * Header names are matched case-insensitively, ignoring spaces, "_" and "-", so "Date of Birth",
 * "date_of_birth" and "dateOfBirth" all work. Other columns (a customer export's account number,
 * branch...) are not screened but carried through to the output unchanged, and named when the run
 * starts, so a misspelt field column does not go unnoticed; a repeated column stops the run. The
 * delimiter (",", ";", tab or "|") is detected from the header row unless --delimiter names it. A bad
 * cell only affects its own row. Quotes inside an unquoted cell (John "Jack" Smith) are kept as text
 * (relax_quotes), as hand-made files have them; an unclosed quote stops the run.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import type { FieldIssue } from '../../errors.js';
import { ScreenUsageError, type InputRow } from './screen-records.js';

type Column =
  | 'id' | 'name' | 'kind' | 'aliases' | 'dateOfBirth' | 'nationality' | 'address.country' | 'address.city'
  | 'fuzziness' | 'identifiers';

/** A column the request does not know: carried to the output under its own header. */
interface ExtraColumn {
  extra: string;
}

const HEADER_NAMES: Readonly<Record<string, Column>> = {
  id: 'id',
  name: 'name',
  kind: 'kind',
  aliases: 'aliases',
  dateofbirth: 'dateOfBirth',
  dob: 'dateOfBirth',
  nationality: 'nationality',
  'address.country': 'address.country',
  country: 'address.country',
  'address.city': 'address.city',
  city: 'address.city',
  fuzziness: 'fuzziness',
  identifiers: 'identifiers',
};

export const CSV_COLUMNS_HELP =
  'name (required), id, kind, aliases (";"-separated), dateOfBirth, nationality,\n  address.country (or country), address.city (or city), fuzziness,\n  identifiers ("type:value;type:value", e.g. passport:X1234567;imo:9187629)';

/** The delimiters a header row is sniffed for; --delimiter takes the same. */
export const DELIMITERS: Readonly<Record<string, string>> = { ',': ',', ';': ';', tab: '\t', '\t': '\t', '|': '|' };

const COLUMNS_ONE_LINE = CSV_COLUMNS_HELP.replace(/\n\s+/g, ' ');

/** Aliases share one cell; ";" because "," would need quoting in every row. */
const ALIAS_SEPARATOR = ';';

/** What the header row says, for the start of a run (and the output's header). */
export interface CsvLayout {
  delimiter: string;
  /** Headers of the columns carried through, in file order. */
  extraColumns: string[];
}

export async function readCsvLayout(path: string, delimiter?: string): Promise<CsvLayout> {
  const layout: CsvLayout = { delimiter: delimiter ?? (await sniffDelimiter(path)), extraColumns: [] };
  const rows = readCsvRows(path, layout.delimiter, (extras) => (layout.extraColumns = extras));
  await rows.next();
  await rows.return(undefined);
  return layout;
}

/**
 * The delimiter that splits the header row into the most cells, outside quotes; "," when none does.
 * The header decides because its cells are column names, which never hold delimiters.
 */
export async function sniffDelimiter(path: string): Promise<string> {
  const handle = await open(path, 'r');
  let head: string;
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  const header = head.replace(/^\uFEFF/, '').split(/\r?\n/)[0].replace(/"[^"]*"/g, '""');
  let best = ',';
  let most = 0;
  for (const candidate of [',', ';', '\t', '|']) {
    const count = header.split(candidate).length - 1;
    if (count > most) [best, most] = [candidate, count];
  }
  return best;
}

export async function* readCsvRows(
  path: string,
  delimiter = ',',
  onHeader: (extraColumns: string[]) => void = () => {},
): AsyncGenerator<InputRow> {
  const parser = createReadStream(path).pipe(
    parse({ bom: true, delimiter, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  let columns: Array<Column | ExtraColumn> | null = null;
  let lastLine = 0;
  let lastEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: CsvInfo }>) {
      // csv-parse reports the line where a record ends; the start is what a user looks up.
      const line = lastLine + 1 + (info.empty_lines - lastEmpty);
      lastLine = info.lines;
      lastEmpty = info.empty_lines;
      if (columns === null) {
        columns = readHeader(path, record);
        onHeader(columns.flatMap((c) => (typeof c === 'string' ? [] : [c.extra])));
      } else yield csvRow(line, columns, record);
    }
  } catch (error) {
    if (error instanceof ScreenUsageError) throw error;
    // csv-parse quotes the offending field ("value is ..."), which may be a name: cut it off.
    const reason = (error as Error).message.replace(/,? value is .*$/s, '');
    throw new ScreenUsageError(`${path}: not a readable CSV file: ${reason}`);
  }
  if (columns === null) throw new ScreenUsageError(`${path}: empty file (expected a header row: ${COLUMNS_ONE_LINE})`);
}

interface CsvInfo {
  lines: number;
  empty_lines: number;
}

function readHeader(path: string, cells: readonly string[]): Array<Column | ExtraColumn> {
  const seen = new Set<string>();
  const columns = cells.map((cell, i): Column | ExtraColumn => {
    const key = cell.trim().toLowerCase().replace(/[\s_-]+/g, '');
    const column: Column | ExtraColumn = Object.hasOwn(HEADER_NAMES, key) ? HEADER_NAMES[key] : { extra: cell.trim() || `column ${i + 1}` };
    const label = typeof column === 'string' ? column : column.extra;
    if (seen.has(label)) throw new ScreenUsageError(`${path}:1: column ${JSON.stringify(label)} appears twice`);
    seen.add(label);
    return column;
  });
  if (!seen.has('name')) throw new ScreenUsageError(`${path}:1: no "name" column; known columns: ${COLUMNS_ONE_LINE}`);
  return columns;
}

function csvRow(line: number, columns: ReadonlyArray<Column | ExtraColumn>, cells: readonly string[]): InputRow {
  const issues: FieldIssue[] = [];
  // Fewer cells than columns is a row whose trailing cells are empty; more would shift data silently.
  if (cells.length > columns.length) {
    issues.push({ field: 'row', issue: `has ${cells.length} cells but the header has ${columns.length} columns` });
  }
  const body: Record<string, unknown> = {};
  const extra: Record<string, string> = {};
  let id: string | null = null;
  columns.forEach((column, i) => {
    const cell = cells[i]?.trim() ?? '';
    if (typeof column !== 'string') extra[column.extra] = cells[i] ?? '';
    else if (cell === '') return;
    else if (column === 'id') id = cell;
    else setField(body, column, cell);
  });
  return { line, id, body: issues.length > 0 ? null : body, issues, extra };
}

function setField(body: Record<string, unknown>, column: Exclude<Column, 'id'>, cell: string): void {
  switch (column) {
    case 'aliases':
      body.aliases = cell.split(ALIAS_SEPARATOR).map((a) => a.trim()).filter((a) => a !== '');
      return;
    case 'identifiers':
      body.identifiers = parseIdentifiers(cell);
      return;
    case 'address.country':
    case 'address.city': {
      const address = (body.address ?? {}) as Record<string, string>;
      address[column === 'address.country' ? 'country' : 'city'] = cell;
      body.address = address;
      return;
    }
    default:
      body[column] = cell;
  }
}

/**
 * "passport:X1234567;imo:9187629" -> [{type, value}]. Split at the first ":" only: a value may hold
 * one. An item without ":" keeps its text as the value with no type, which validation then reports.
 */
export function parseIdentifiers(cell: string): Array<{ type: string; value: string }> {
  return cell.split(ALIAS_SEPARATOR).map((item) => item.trim()).filter((item) => item !== '').map((item) => {
    const colon = item.indexOf(':');
    return colon < 0
      ? { type: '', value: item }
      : { type: item.slice(0, colon).trim().toLowerCase(), value: item.slice(colon + 1).trim() };
  });
}
