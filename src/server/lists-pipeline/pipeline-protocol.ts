/**
 * @module Messages between the main thread and the list pipeline's background thread.
 */
import type { LogLevel } from '../../config.js';
import type { ListsPayload } from './lists-payload.js';

export interface PipelineWorkerData {
  dir: string;
  staleAfterMs: number;
  intervalMs: number;
  logLevel: LogLevel;
}

export type ToPipeline =
  /** Every serving thread swapped in the payload `seq`. */
  | { type: 'installed'; seq: number }
  /** A serving thread could not install it; the pipeline logs the load as failed and retries. */
  | { type: 'install-failed'; seq: number; reason: string };

export type FromPipeline =
  /** One pino line, re-emitted by the main thread's logger (one log stream, one destination). */
  | { type: 'log'; line: string }
  /** A list set loaded and indexed, ready to install. */
  | { type: 'loaded'; payload: ListsPayload }
  /** The first load attempt has ended (installed, empty or failed). */
  | { type: 'first-done' };
