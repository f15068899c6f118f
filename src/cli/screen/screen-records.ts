/**
 * @module The values the bulk `screen` command passes between its stages: input rows, rows ready to
 * screen, one outcome per row, and the screener interface both modes (HTTP and in-process) implement.
 */
import type { ScreenRequest } from '../../engine/types.js';
import type { FieldIssue } from '../../errors.js';
import type { ScreenResponse } from '../../contract/screen-response.js';
import type { ListStatus } from '../../lists/catalog.js';
import type { ThreadStats } from './thread-stats.js';

export type InputFormat = 'csv' | 'jsonl';
export type OutputFormat = 'csv' | 'jsonl';

/** One record of the input file; `body` is null when the record could not be read as a request. */
export interface InputRow {
  /** Physical line of the input file where the record starts (1-based; a CSV header is line 1). */
  line: number;
  id: string | null;
  body: Record<string, unknown> | null;
  /** Problems found while reading the record (bad JSON, extra CSV cells, bad id). */
  issues: FieldIssue[];
  /** CSV columns the request does not know, by header: carried through to the output. */
  extra?: Record<string, string>;
}

/** A row that passed the same validation the server applies. */
export interface ValidRow {
  line: number;
  id: string | null;
  /** As read (after defaults): what URL mode sends, so the server validates the caller's own data. */
  body: Record<string, unknown>;
  /** Validated and normalised: what in-process mode screens. */
  request: ScreenRequest;
  /** Optional fields left out because they were invalid: the name was screened without them. */
  warnings: FieldIssue[];
  extra?: Record<string, string>;
}

export interface SlotError {
  code: string;
  message: string;
  requestId?: string;
  details?: FieldIssue[];
}

export type SlotOutcome = { ok: true; response: ScreenResponse } | { ok: false; error: SlotError };

/** One output row: the input's line and id, what came of it, the fields left out, the carried columns. */
export type OutputRecord = { line: number; id: string | null; warnings?: FieldIssue[]; extra?: Record<string, string> } & SlotOutcome;

/** Counters shared by the screener and the run, for the progress bar and the summary. */
export interface RunStats {
  /** Calls repeated after a 5xx answer or a network error. */
  retries: number;
  /** 429 answers honoured by waiting for Retry-After. */
  waits: number;
  waitedMs: number;
  /** X-RateLimit-Remaining of the last answer, when the server sent one. */
  quotaRemaining: number | null;
  /** Short state for the progress bar, e.g. "waiting 30 s (429)"; empty when working normally. */
  note: string;
}

export function newRunStats(): RunStats {
  return { retries: 0, waits: 0, waitedMs: 0, quotaRemaining: null, note: '' };
}

export interface Screener {
  /** Answers one outcome per row, in order. Throws ScreenStopError when the run cannot go on. */
  screen(rows: readonly ValidRow[], signal: AbortSignal): Promise<SlotOutcome[]>;
  /** In-process: where each screening thread's time went (thread-stats.ts), asked before close. */
  threadStats?(): Promise<ThreadStats[]>;
  close(): Promise<void>;
}

/**
 * The run must stop (authentication refused, retries exhausted, interrupted). Everything written
 * before stays valid: rerunning the same command continues after the last completed batch.
 */
export class ScreenStopError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScreenStopError';
  }
}

/** A problem with the command line or the files (exit status 2): nothing was screened. */
export class ScreenUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScreenUsageError';
  }
}

/** What an --in-process run screens against (the loaded or cached list set), printed before the first row. */
export interface InProcessInfo {
  dir: string;
  /** True when LISTS_DIR had no list file and the bundled sample was loaded instead. */
  sample: boolean;
  entries: number;
  catalog: readonly ListStatus[];
}
