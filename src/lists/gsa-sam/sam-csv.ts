/**
 * @module Streaming the extract CSV into records with csv-parse, turning every malformation into a
 * ListFormatError with the line it sits on.
 *
 * The real extract is ~66 MB, so it is never buffered whole. Quoting is parsed strictly: a stray
 * quote inside a quoted field means the row cannot be trusted, and loading a misparsed exclusion
 * list silently is worse than keeping the previous one. A row whose field count differs from the
 * header is rejected too; when it is the last row the file was cut short (truncated download).
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { ListFormatError } from '../model.js';

export interface CsvRecord {
  cells: string[];
  /** 1-based line the record starts on. */
  line: number;
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

interface BadRow {
  line: number;
  fields: number;
}

function malformed(file: string, row: BadRow, width: number): ListFormatError {
  return new ListFormatError(file, row.line, `malformed row: ${row.fields} fields, the header has ${width}`);
}

function csvErrorReason(err: CsvError): string {
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'truncated: a quoted field is never closed (unbalanced quote at end of file)';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'malformed quoting: a quote inside a quoted field is not doubled';
    default:
      return `malformed CSV: ${err.message}`;
  }
}

function toListError(err: unknown, file: string, line: number): ListFormatError {
  if (err instanceof ListFormatError) return err;
  if (err instanceof CsvError) {
    const at = typeof err.lines === 'number' ? err.lines : line;
    return new ListFormatError(file, at, csvErrorReason(err));
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ListFormatError(file, line, `cannot read: ${message}`);
}

/**
 * Calls `onRecord` for every record of a CSV stream, header first, and resolves at the end. Throws
 * (rejects with) ListFormatError for empty input, broken quoting and rows whose field count differs
 * from the header's. Records are pulled synchronously from the parser's buffer: at ~160k rows,
 * a promise per row (async iteration) costs more than the mapping itself.
 */
export async function readCsvRecords(input: Readable, file: string, onRecord: (record: CsvRecord) => void): Promise<void> {
  const parser = parse({ bom: true, encoding: 'utf8', relax_column_count: true, skip_empty_lines: true, info: true });
  // A row whose width differs is only known to be the last one (a truncated file) at the end.
  const state: { width: number; lastEnd: number; bad: BadRow | null; failed: boolean } = {
    width: -1,
    lastEnd: 0,
    bad: null,
    failed: false,
  };
  const take = (item: ParsedRecord): void => {
    const line = state.lastEnd + 1;
    state.lastEnd = item.info.lines;
    if (state.bad) throw malformed(file, state.bad, state.width);
    if (state.width < 0) state.width = item.record.length;
    else if (item.record.length !== state.width) {
      state.bad = { line, fields: item.record.length };
      return;
    }
    onRecord({ cells: item.record, line });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('readable', () => {
        try {
          let item: ParsedRecord | null;
          while (!state.failed && (item = parser.read() as ParsedRecord | null) !== null) take(item);
        } catch (err) {
          state.failed = true;
          reject(err);
        }
      });
      parser.once('end', resolve);
      // pipeline() destroys the parser with the input's error (a ZIP read error), so it lands here.
      pipeline(input, parser, (err) => err && reject(err));
    });
  } catch (err) {
    throw toListError(err, file, state.lastEnd + 1);
  } finally {
    input.destroy();
    parser.destroy();
  }
  if (state.width < 0) throw new ListFormatError(file, 1, 'file is empty');
  if (state.bad && state.bad.fields < state.width) {
    throw new ListFormatError(file, state.bad.line, `truncated: the last row has ${state.bad.fields} of ${state.width} fields`);
  }
  if (state.bad) throw malformed(file, state.bad, state.width);
}
