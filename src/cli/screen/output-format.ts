/**
 * @module Output rows of the bulk `screen` command, one per input row in input order.
 *
 * JSON Lines carries the full matches (with evidence); CSV carries the top match only, for a
 * spreadsheet. Neither repeats the screened name: `line` and `id` tie a row back to the input.
 */
import type { OutputFormat, OutputRecord } from './screen-records.js';

export const CSV_HEADER = [
  'line', 'id', 'status', 'requestId', 'recommendedAction', 'matchCount',
  'topListSource', 'topEntryId', 'topMatchedName', 'topConfidence', 'error',
] as const;

/** Text written once at the top of a new output file. */
export function outputPreamble(format: OutputFormat): string {
  return format === 'csv' ? `${CSV_HEADER.join(',')}\n` : '';
}

export function formatRecord(record: OutputRecord, format: OutputFormat): string {
  return format === 'csv' ? csvLine(record) : `${JSON.stringify(jsonRecord(record))}\n`;
}

export function jsonRecord(record: OutputRecord): Record<string, unknown> {
  const head = { line: record.line, id: record.id };
  if (!record.ok) return { ...head, error: record.error };
  const { response } = record;
  const top = response.matches[0];
  return {
    ...head,
    requestId: response.requestId,
    screenedAt: response.screenedAt,
    recommendedAction: response.summary.recommendedAction,
    anyMatchAbove: response.summary.anyMatchAbove,
    matchCount: response.matches.length,
    topMatch: top === undefined
      ? null
      : { listSource: top.listSource, entryId: top.entryId, matchedName: top.matchedName, confidence: top.confidence },
    matches: response.matches,
  };
}

function csvLine(record: OutputRecord): string {
  const cells: Array<string | number> = [record.line, record.id ?? ''];
  if (record.ok) {
    const { response } = record;
    const top = response.matches[0];
    cells.push('screened', response.requestId, response.summary.recommendedAction, response.matches.length);
    cells.push(top?.listSource ?? '', top?.entryId ?? '', top?.matchedName ?? '', top?.confidence ?? '', '');
  } else {
    const { error } = record;
    const reason = error.details?.map((d) => `${d.field}: ${d.issue}`).join('; ') ?? `${error.code}: ${error.message}`;
    cells.push('error', error.requestId ?? '', '', '', '', '', '', '', reason);
  }
  return `${cells.map(csvCell).join(',')}\n`;
}

function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = defuseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Spreadsheets run a cell starting with = + - @ as a formula; ids and list names come from outside,
 * so such text gets a leading apostrophe (OWASP's advice for CSV injection).
 */
function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}
