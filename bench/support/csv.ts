/** Reads the evaluation CSV files (header row, UTF-8) into records. */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

export function readCsv(path: string, options: { header?: boolean; comment?: string } = {}): Record<string, string>[] {
  return parse(readFileSync(path, 'utf8'), {
    columns: options.header === false ? false : true,
    comment: options.comment,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as unknown as Record<string, string>[];
}

export function readRows(path: string, comment = '#'): string[][] {
  return parse(readFileSync(path, 'utf8'), { comment, skip_empty_lines: true, relax_column_count: true }) as string[][];
}
