/**
 * @module Messages between the bulk run and its screening threads (worker-screener.ts, screen-worker.ts).
 * Rows go as ValidRow (plain data, structured-cloned); answers come back as SlotOutcome.
 */
import type { InProcessInfo } from './in-process-screener.js';
import type { SlotOutcome, ValidRow } from './screen-records.js';

export interface ScreenWorkerData {
  listsDir: string;
  staleAfterMs: number;
}

export interface ToScreenWorker {
  id: number;
  rows: readonly ValidRow[];
}

export type FromScreenWorker =
  | { kind: 'ready'; info: InProcessInfo }
  | { kind: 'done'; id: number; outcomes: SlotOutcome[] }
  /** id -1: the thread could not load the lists or build its engine. */
  | { kind: 'failed'; id: number; message: string };
