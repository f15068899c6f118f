/**
 * @module CSV input of the bulk `screen` command: a header row naming the columns, one party per row.
 *
 * Header names are matched case-insensitively, ignoring spaces, "_" and "-", so "Date of Birth",
 * "date_of_birth" and "dateOfBirth" all work. An unknown or repeated column stops the run before
 * anything is screened (a misnamed column would otherwise be silently ignored for every row); a
 * bad cell only makes its own row an error row. Quotes inside an unquoted cell (John "Jack" Smith)
 * are kept as text (relax_quotes), as hand-made files have them; an unclosed quote stops the run.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { FieldIssue } from '../../errors.js';
import { ScreenUsageError, type InputRow } from './screen-records.js';

type Column = 'id' | 'name' | 'kind' | 'aliases' | 'dateOfBirth' | 'nationality' | 'address.country' | 'address.city' | 'fuzziness';

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
};

export const CSV_COLUMNS_HELP =
  'name (required), id, kind, aliases (";"-separated), dateOfBirth, nationality,\n  address.country (or country), address.city (or city), fuzziness';

const COLUMNS_ONE_LINE = CSV_COLUMNS_HELP.replace(/\n\s+/g, ' ');

/** Aliases share one cell; ";" because "," would need quoting in every row. */
const ALIAS_SEPARATOR = ';';

export async function* readCsvRows(path: string): AsyncGenerator<InputRow> {
  const parser = createReadStream(path).pipe(
    parse({ bom: true, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  let columns: Column[] | null = null;
  let lastLine = 0;
  let lastEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: CsvInfo }>) {
      // csv-parse reports the line where a record ends; the start is what a user looks up.
      const line = lastLine + 1 + (info.empty_lines - lastEmpty);
      lastLine = info.lines;
      lastEmpty = info.empty_lines;
      if (columns === null) columns = readHeader(path, record);
      else yield csvRow(line, columns, record);
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

function readHeader(path: string, cells: readonly string[]): Column[] {
  const seen = new Set<Column>();
  const columns = cells.map((cell, i) => {
    const key = cell.trim().toLowerCase().replace(/[\s_-]+/g, '');
    const column = HEADER_NAMES[key];
    if (column === undefined) {
      throw new ScreenUsageError(`${path}:1: unknown column ${JSON.stringify(cell)} (column ${i + 1}); known columns: ${COLUMNS_ONE_LINE}`);
    }
    if (seen.has(column)) throw new ScreenUsageError(`${path}:1: column ${column} appears twice`);
    seen.add(column);
    return column;
  });
  if (!seen.has('name')) throw new ScreenUsageError(`${path}:1: no "name" column; known columns: ${COLUMNS_ONE_LINE}`);
  return columns;
}

function csvRow(line: number, columns: readonly Column[], cells: readonly string[]): InputRow {
  const issues: FieldIssue[] = [];
  // Fewer cells than columns is a row whose trailing cells are empty; more would shift data silently.
  if (cells.length > columns.length) {
    issues.push({ field: 'row', issue: `has ${cells.length} cells but the header has ${columns.length} columns` });
  }
  const body: Record<string, unknown> = {};
  let id: string | null = null;
  columns.forEach((column, i) => {
    const cell = cells[i]?.trim() ?? '';
    if (cell === '') return;
    if (column === 'id') id = cell;
    else setField(body, column, cell);
  });
  return { line, id, body: issues.length > 0 ? null : body, issues };
}

function setField(body: Record<string, unknown>, column: Exclude<Column, 'id'>, cell: string): void {
  switch (column) {
    case 'aliases':
      body.aliases = cell.split(ALIAS_SEPARATOR).map((a) => a.trim()).filter((a) => a !== '');
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
