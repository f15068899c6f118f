/**
 * @module The input file of the bulk `screen` command: its format, a first pass that counts the rows
 * (for the progress bar and ETA) and fingerprints the bytes (so a resumed run can tell that the file
 * changed), and the rows themselves.
 */
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { fileSha256 } from '../../lists/manifest.js';
import { readCsvLayout, readCsvRows, type CsvLayout } from './csv-input.js';
import { readJsonlRows } from './jsonl-input.js';
import { ScreenUsageError, type InputFormat, type InputRow, type OutputFormat } from './screen-records.js';

export interface InputScan {
  rows: number;
  size: number;
  sha256: string;
  /** CSV only: the delimiter used and the columns carried through. */
  layout: CsvLayout | null;
}

const FORMAT_BY_EXTENSION: Readonly<Record<string, InputFormat>> = {
  '.csv': 'csv',
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
};

/** The format named by --*-format, else by the file's extension. */
export function formatOf(path: string, explicit: InputFormat | OutputFormat | undefined, flag: string): InputFormat {
  if (explicit !== undefined) return explicit;
  const format = FORMAT_BY_EXTENSION[extname(path).toLowerCase()];
  if (format === undefined) {
    throw new ScreenUsageError(`cannot tell the format of ${path} from its extension (.csv, .jsonl or .ndjson); pass ${flag} csv|jsonl`);
  }
  return format;
}

export function readRows(path: string, format: InputFormat, delimiter?: string): AsyncGenerator<InputRow> {
  return format === 'csv' ? readCsvRows(path, delimiter) : readJsonlRows(path);
}

export async function scanInput(path: string, format: InputFormat, delimiter?: string): Promise<InputScan> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new ScreenUsageError(`${path} is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof ScreenUsageError) throw error;
    throw new ScreenUsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const layout = format === 'csv' ? await readCsvLayout(path, delimiter) : null;
  const [rows, sha256] = await Promise.all([countRows(path, format, layout?.delimiter), fileSha256(path)]);
  return { rows, size, sha256, layout };
}

async function countRows(path: string, format: InputFormat, delimiter?: string): Promise<number> {
  let rows = 0;
  for await (const _ of readRows(path, format, delimiter)) rows += 1;
  return rows;
}
