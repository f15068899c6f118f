/**
 * @module Bytes -> rows for OFAC's "legacy" delimited files (sdn.csv, add.csv, alt.csv, sdn_comments.csv
 * and their cons_* twins).
 *
 * The format, as published: no header, comma separated, text fields double-quoted, CRLF line ends,
 * Latin-1/Windows-1252 bytes, `-0- ` (with a trailing space) as the null marker, and a single 0x1A
 * (Ctrl-Z, DOS end-of-file) byte on its own last line. Only the 2021 sdn_comments.csv lacks the 0x1A.
 *
 * Why so strict: a list that silently loses its tail loses sanctioned parties. A file that is not
 * this format, or that was cut mid-record (interrupted download), is rejected whole with a
 * ListFormatError naming the file and line; the caller then keeps the previous good copy.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { CsvError, parse } from 'csv-parse/sync';
import { ListFormatError } from '../model.js';
import { splitPublishedShape } from './legacy-line-splitter.js';

const EOF_MARKER = 0x1a;
const CR = 0x0d;
const LF = 0x0a;

/** Windows-1252 characters at 0x80-0x9F; latin1 decoding turns these bytes into C1 controls. */
const CP1252_C1: Record<string, string> = {
  '\x80': '\u20ac', '\x82': '\u201a', '\x83': '\u0192', '\x84': '\u201e', '\x85': '\u2026', '\x86': '\u2020',
  '\x87': '\u2021', '\x88': '\u02c6', '\x89': '\u2030', '\x8a': '\u0160', '\x8b': '\u2039', '\x8c': '\u0152',
  '\x8e': '\u017d', '\x91': '\u2018', '\x92': '\u2019', '\x93': '\u201c', '\x94': '\u201d', '\x95': '\u2022',
  '\x96': '\u2013', '\x97': '\u2014', '\x98': '\u02dc', '\x99': '\u2122', '\x9a': '\u0161', '\x9b': '\u203a',
  '\x9c': '\u0153', '\x9e': '\u017e', '\x9f': '\u0178',
};

/**
 * Called once per record with its fields and line number. The null marker becomes ''; other values
 * are passed untrimmed, because OFAC cuts Remarks at a fixed length, possibly right after a space
 * that the continuation in sdn_comments.csv needs ("...1027700070518 " + "(Russia); ...").
 */
export type LegacyRowHandler = (fields: string[], line: number) => void;

/** A file whose bytes are being read, so the files of a set load while earlier ones are parsed. */
export interface PendingFile {
  path: string;
  bytes: Promise<Buffer>;
}

export function startReading(path: string): PendingFile {
  const bytes = readFile(path);
  // Awaited (and its error reported) when its turn comes; until then a failure must not count as unhandled.
  bytes.catch(() => undefined);
  return { path, bytes };
}

/**
 * Reads one legacy file and hands every record to `onRow`. `columns` is the exact column count of
 * the file kind (sdn 12, add 6, alt 5, comments 2). Returns the number of records read.
 */
export async function readLegacyFile(source: string | PendingFile, columns: number, onRow: LegacyRowHandler): Promise<number> {
  const { path, bytes } = typeof source === 'string' ? startReading(source) : source;
  const file = basename(path);
  const buf = await bytes;
  const end = contentEnd(buf);
  const content = buf.subarray(0, end);
  checkLooksLikeLegacy(file, content);
  const text = content.toString('latin1');
  // Latin-1 decoding turns the Windows-1252 bytes 0x80-0x9F into C1 controls; fix them only if present.
  const needsCp1252 = /[\x80-\x9f]/.test(text);
  let records = 0;
  const fast = splitPublishedShape(text, columns, (fields, line) => {
    onRow(normaliseFields(fields, needsCp1252), line);
    records++;
  });
  if (!fast) records = parseWithCsvParse(file, content, columns, needsCp1252, onRow);
  if (content[end - 1] !== LF) {
    throw new ListFormatError(file, countLines(content), 'truncated: the last record does not end with a line break');
  }
  return records;
}

/** The general path: any CSV csv-parse accepts, with precise errors for everything it rejects. */
function parseWithCsvParse(
  file: string,
  content: Buffer,
  columns: number,
  needsCp1252: boolean,
  onRow: LegacyRowHandler,
): number {
  let records = 0;
  try {
    parse(content, {
      encoding: 'latin1',
      // Column counts are checked here, per record, so the error can say "truncated" or "not this
      // format" instead of csv-parse's generic length message. Nothing else is relaxed.
      relax_column_count: true,
      on_record: (record: string[], info: { lines: number; bytes: number }) => {
        if (record.length !== columns) throw columnCountError(file, record.length, columns, info, records, content.length);
        onRow(normaliseFields(record, needsCp1252), info.lines);
        records++;
        return undefined; // nothing to collect: rows are consumed as they are parsed
      },
    });
  } catch (err) {
    if (err instanceof CsvError) throw csvError(file, err, records);
    throw err;
  }
  return records;
}

/** Length of the data without the trailing 0x1A end-of-file marker (and any line break after it). */
function contentEnd(buf: Buffer): number {
  let end = buf.length;
  while (end > 0 && (buf[end - 1] === CR || buf[end - 1] === LF)) end--;
  if (end > 0 && buf[end - 1] === EOF_MARKER) return end - 1;
  return buf.length;
}

function checkLooksLikeLegacy(file: string, content: Buffer): void {
  const first = content.findIndex((b) => b !== 0x20 && b !== 0x09 && b !== CR && b !== LF);
  if (first < 0) throw new ListFormatError(file, 1, 'empty file');
  const c = String.fromCharCode(content[first]);
  if (c === '<') throw notThisFormat(file, 'it looks like HTML or XML');
  if (c === '{' || c === '[') throw notThisFormat(file, 'it looks like JSON');
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) {
    throw notThisFormat(file, 'it starts with a UTF-8 byte-order mark (OFAC publishes these files in Latin-1)');
  }
}

/** In place: the null marker becomes '', Windows-1252 punctuation is restored. */
function normaliseFields(fields: string[], needsCp1252: boolean): string[] {
  for (let i = 0; i < fields.length; i++) {
    let value = fields[i];
    if (needsCp1252) value = value.replace(/[\x80-\x9f]/g, (c) => CP1252_C1[c] ?? c);
    fields[i] = value.length <= 6 && value.trim() === '-0-' ? '' : value;
  }
  return fields;
}

function columnCountError(
  file: string,
  found: number,
  expected: number,
  info: { lines: number; bytes: number },
  recordsBefore: number,
  end: number,
): ListFormatError {
  if (recordsBefore === 0) {
    return notThisFormat(file, `the first record has ${found} columns, expected ${expected}`, info.lines);
  }
  if (info.bytes >= end) {
    return new ListFormatError(file, info.lines, `truncated: the last record has ${found} of ${expected} columns`);
  }
  return new ListFormatError(file, info.lines, `record has ${found} columns, expected ${expected}`);
}

function csvError(file: string, err: CsvError, recordsBefore: number): ListFormatError {
  // CsvError copies its parser context onto itself; `lines` is the line it stopped on.
  const line = Number((err as CsvError & { lines?: number }).lines ?? 0);
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
    return new ListFormatError(file, line, 'truncated: the last record ends inside a quoted field');
  }
  const detail = err.message.replace(/, value is .*$/, '');
  if (recordsBefore === 0) return notThisFormat(file, detail, line);
  return new ListFormatError(file, line, `malformed CSV: ${detail}`);
}

function notThisFormat(file: string, why: string, line = 1): ListFormatError {
  return new ListFormatError(file, line, `not an OFAC legacy delimited file: ${why}`);
}

function countLines(content: Buffer): number {
  let n = 1;
  for (let i = content.indexOf(LF); i >= 0 && i < content.length - 1; i = content.indexOf(LF, i + 1)) n++;
  return n;
}
