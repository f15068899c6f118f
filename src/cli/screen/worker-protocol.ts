/**
 * @module Messages between the bulk run and its screening threads (worker-screener.ts, screen-worker.ts).
 * Only the validated requests go (structured-cloned, the least to copy); answers come back as SlotOutcome.
 */
import type { InProcessInfo } from './in-process-screener.js';
import type { ScreenRequest } from '../../engine/types.js';
import type { SlotOutcome } from './screen-records.js';

export interface ScreenWorkerData {
  listsDir: string;
  staleAfterMs: number;
}

export interface ToScreenWorker {
  id: number;
  requests: readonly ScreenRequest[];
}

export type FromScreenWorker =
  | { kind: 'ready'; info: InProcessInfo }
  | { kind: 'done'; id: number; outcomes: SlotOutcome[] }
  /** id -1: the thread could not load the lists or build its engine. */
  | { kind: 'failed'; id: number; message: string };
