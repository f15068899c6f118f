/**
 * @module Output rows of the bulk `screen` command, one per input row in input order.
 *
 * JSON Lines carries the full matches (with evidence); CSV carries the top match only, for a
 * spreadsheet. Neither repeats the screened name: `line` and `id` tie a row back to the input.
 * Both carry the fields left out as invalid (warnings), the answer's coverage status (which lists
 * the screening covered: `complete`, or not), and the input's extra CSV columns, unchanged.
 */
import type { FieldIssue } from '../../errors.js';
import type { ScreenResponse } from '../../contract/screen-response.js';
import type { OutputFormat, OutputRecord } from './screen-records.js';

export const CSV_HEADER = [
  'line', 'id', 'status', 'requestId', 'recommendedAction', 'matchCount',
  'topListSource', 'topEntryId', 'topMatchedName', 'topConfidence', 'error', 'warnings', 'coverage', 'decision',
] as const;

/** Text written once at the top of a new output file: the CSV header, with the carried columns last. */
export function outputPreamble(format: OutputFormat, extraColumns: readonly string[] = []): string {
  return format === 'csv' ? `${[...CSV_HEADER, ...extraColumns].map(csvCell).join(',')}\n` : '';
}

/** The answer's coverage (added to every screening answer by the service); absent from older servers. */
export function coverageOf(response: ScreenResponse): { status?: unknown } | undefined {
  const { coverage } = response as ScreenResponse & { coverage?: { status?: unknown } };
  return typeof coverage === 'object' && coverage !== null ? coverage : undefined;
}

/** The answer's aliasesNotCompared as a warning of the CSV row (the JSON row carries the field). */
const aliasCut = (response: ScreenResponse): FieldIssue[] => {
  const n = response.summary.aliasesNotCompared;
  return n ? [{ field: 'aliases', issue: `the last ${n} not compared (work bound of one request)` }] : [];
};

/**
 * The decision on the top match as the CSV shows it: `false-positive` or `true-match`, `lapsed` when
 * the entry changed since (the match counts as undecided), empty when there is none (and always
 * in-process: decisions belong to an account on the server).
 */
export function decisionText(match: ScreenResponse['matches'][number] | undefined): string {
  const decision = match?.decision;
  if (decision === undefined) return '';
  return decision.lapsed ? 'lapsed' : decision.decision;
}

/** Matches whose live (not lapsed) false-positive decision keeps them from driving the action. */
export function suppressedMatches(response: ScreenResponse): number {
  return response.matches.filter((m) => m.decision !== undefined && !m.decision.lapsed && m.decision.decision === 'false-positive').length;
}

const issuesText = (issues: readonly FieldIssue[] | undefined): string => issues?.map((d) => `${d.field}: ${d.issue}`).join('; ') ?? '';

export function formatRecord(record: OutputRecord, format: OutputFormat): string {
  return format === 'csv' ? csvLine(record) : `${JSON.stringify(jsonRecord(record))}\n`;
}

export function jsonRecord(record: OutputRecord): Record<string, unknown> {
  const head = { line: record.line, id: record.id, ...(record.extra ? { extra: record.extra } : {}) };
  if (!record.ok) return { ...head, error: record.error };
  const { response } = record;
  const top = response.matches[0];
  const coverage = coverageOf(response);
  return {
    ...head,
    ...(record.warnings ? { warnings: record.warnings } : {}),
    ...(coverage ? { coverage } : {}),
    requestId: response.requestId,
    screenedAt: response.screenedAt,
    recommendedAction: response.summary.recommendedAction,
    anyMatchAbove: response.summary.anyMatchAbove,
    ...(response.summary.aliasesNotCompared ? { aliasesNotCompared: response.summary.aliasesNotCompared } : {}),
    matchCount: response.matches.length,
    topMatch: top === undefined
      ? null
      : {
        listSource: top.listSource, entryId: top.entryId, matchedName: top.matchedName, confidence: top.confidence,
        ...(top.decision ? { decision: decisionText(top) } : {}),
      },
    matches: response.matches,
  };
}

function csvLine(record: OutputRecord): string {
  const cells: Array<string | number> = [record.line, record.id ?? ''];
  if (record.ok) {
    const { response } = record;
    const top = response.matches[0];
    const coverage = coverageOf(response)?.status;
    cells.push('screened', response.requestId, response.summary.recommendedAction, response.matches.length);
    cells.push(top?.listSource ?? '', top?.entryId ?? '', top?.matchedName ?? '', top?.confidence ?? '', '');
    cells.push(issuesText([...(record.warnings ?? []), ...aliasCut(response)]), typeof coverage === 'string' ? coverage : '', decisionText(top));
  } else {
    const { error } = record;
    const reason = issuesText(error.details) || `${error.code}: ${error.message}`;
    cells.push('error', error.requestId ?? '', '', '', '', '', '', '', reason, '', '', '');
  }
  cells.push(...Object.values(record.extra ?? {}));
  return `${cells.map(csvCell).join(',')}\n`;
}

function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = defuseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Spreadsheets run a cell starting with = + - @ as a formula; ids, list names and the carried
 * columns come from outside, so such text gets a leading apostrophe (OWASP's advice for CSV
 * injection). Spreadsheets skip leading spaces and read the fullwidth ＝ ＋ － ＠ as the ASCII signs,
 * and some stop a cell at NUL, so those starts are defused too; a plain number stays a number.
 */
function defuseFormula(value: string): string {
  return FORMULA_START.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

const FORMULA_START = /^(?:[\s\u0000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n\u0000])/u;
