/**
 * @module Messages between the bulk run and its screening threads (worker-screener.ts, screen-worker.ts).
 * Only the validated requests go (structured-cloned, the least to copy); answers come back as SlotOutcome.
 */
import type { Packed } from '../../engine/sliced-transfer.js';
import type { ListStatus } from '../../lists/catalog.js';
import type { ScreenRequest } from '../../engine/types.js';
import type { SlotOutcome } from './screen-records.js';
import type { ThreadStats } from './thread-stats.js';

/** The lists and index the main thread prepared once (shared-lists.ts): the blob is a SharedArrayBuffer. */
export interface ScreenWorkerData {
  packed: Packed;
  catalog: readonly ListStatus[];
  /** "screen 1", "screen 2", ...: names the thread in its ThreadStats. */
  name: string;
}

export type ToScreenWorker =
  | { kind: 'screen'; id: number; requests: readonly ScreenRequest[] }
  /** Where this thread's time went so far (thread-stats.ts). */
  | { kind: 'stats' };

export type FromScreenWorker =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; outcomes: SlotOutcome[] }
  /** id -1: the thread could not unpack the lists or load its engine. */
  | { kind: 'failed'; id: number; message: string }
  | { kind: 'stats'; stats: ThreadStats };
