/**
 * @module Checks shared by the delimited-text readers (CSL consolidated.csv, BIS dpl.txt): reading the
 * file, recognising a file that is plainly something else, and turning csv-parse errors into one-line
 * ListFormatErrors that name the file and line.
 *
 * Why so strict: a list that silently loads half its records screens against half a list. A file cut
 * short (an interrupted download) ends inside a quoted field or with a short last row; both are
 * rejected so the catalog keeps serving the previous good copy.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parse, type Options } from 'csv-parse/sync';
import { ListFormatError } from '../model.js';
import { splitPlainDelimited } from './plain-delimited.js';

export interface TableFile {
  /** The file's base name, as ListFormatError reports it. */
  file: string;
  bytes: Buffer;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The first non-blank characters of a file, BOM removed, for recognising its kind. */
function head(bytes: Buffer): string {
  return bytes.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart();
}

/**
 * Reads a file and rejects what cannot be a delimited text list: empty, HTML/XML (an error page
 * saved under the list's name), JSON, a ZIP archive. `expected` names the format in the message.
 */
export async function readTableFile(path: string, expected: string): Promise<TableFile> {
  const file = basename(path);
  const bytes = await readFile(path);
  const start = head(bytes);
  if (start === '') throw new ListFormatError(file, 1, `empty file, expected ${expected}`);
  if (start.startsWith('<')) throw new ListFormatError(file, 1, `HTML or XML, not ${expected}`);
  if (start.startsWith('{') || start.startsWith('[')) throw new ListFormatError(file, 1, `JSON, not ${expected}`);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw new ListFormatError(file, 1, `a ZIP archive, not ${expected}`);
  return { file, bytes };
}

interface CsvParseError extends Error {
  code?: string;
  lines?: number;
}

/** csv-parse's error as a ListFormatError on the line where it stopped. */
export function toFormatError(file: string, error: unknown, expectedColumns: number): Error {
  const e = error as CsvParseError;
  if (typeof e?.code !== 'string' || !e.code.startsWith('CSV_')) return error as Error;
  const line = e.lines ?? 0;
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new ListFormatError(file, line, 'truncated: a quoted field is not closed at the end of the file');
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH': {
      const found = /got (\d+)/.exec(e.message)?.[1] ?? 'another number of';
      return new ListFormatError(file, line, `expected ${expectedColumns} fields, found ${found} (truncated or malformed row)`);
    }
    default:
      return new ListFormatError(file, line, `not valid delimited text: ${e.message.replace(/\s+/g, ' ')}`);
  }
}

/**
 * Parses rows, every failure a ListFormatError. Files in the plain published shape take the fast
 * path (plain-delimited.ts); everything else, and every error, is csv-parse's.
 */
export function parseRows(table: TableFile, options: Options, expectedColumns: number): string[][] {
  const delimiter = plainDelimiter(options);
  if (delimiter !== undefined) {
    const rows = splitPlainDelimited(table.bytes.toString('utf8'), delimiter);
    if (rows) return rows;
  }
  try {
    return parse(table.bytes, { bom: true, skip_empty_lines: true, ...options }) as string[][];
  } catch (error) {
    throw toFormatError(table.file, error, expectedColumns);
  }
}

/** The delimiter when `options` ask for nothing the fast path does not do (only a delimiter and the " quote). */
function plainDelimiter(options: Options): string | undefined {
  for (const [key, value] of Object.entries(options)) {
    if (key === 'delimiter' ? typeof value !== 'string' : key !== 'quote' || value !== '"') return undefined;
  }
  return typeof options.delimiter === 'string' ? options.delimiter : ',';
}

/** The header row alone (first line), so a wrong file is named as such before the full parse. */
export function parseHeader(table: TableFile, options: Options): string[] {
  const rows = parseRows(table, { ...options, to_line: 1, relax_quotes: true }, 0);
  return (rows[0] ?? []).map((name) => name.trim());
}

/** Missing column names of a header; matching ignores case and surrounding spaces. */
export function missingColumns(header: readonly string[], required: readonly string[]): string[] {
  const present = new Set(header.map((h) => h.toLowerCase()));
  return required.filter((name) => !present.has(name.toLowerCase()));
}
