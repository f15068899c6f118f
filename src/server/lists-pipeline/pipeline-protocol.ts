/**
 * @module Messages between the main thread and the list pipeline's background process (IPC with
 * the "advanced" serialisation, i.e. structured clone).
 */
import type { LogLevel } from '../../config.js';
import type { PackHeader } from '../../engine/sliced-transfer.js';
import type { PayloadStats } from './lists-payload.js';
import type { ServedSet } from '../../lists/archive/served-sets.js';

/** Passed as the process's one argument (JSON). */
export interface PipelineOptions {
  dir: string;
  /** False when LISTS_DIR was set explicitly: never fall back to the bundled sample. */
  sampleFallback: boolean;
  staleAfterMs: number;
  maxCollapse: number;
  intervalMs: number;
  logLevel: LogLevel;
  /** Bounds of each file's parse (LISTS_PARSE_TIMEOUT_MS, LISTS_PARSE_MAX_MB). */
  parseTimeoutMs: number;
  parseMaxMb: number;
  /** Where the process writes each payload's blob for the main thread to read (and delete). */
  spoolDir: string;
  /** The list version archive (DATA_DIR/lists-archive) and how long it keeps versions no longer served; absent: none. */
  archiveDir?: string;
  archiveDays?: number;
}

export type ToPipeline =
  /** Every serving thread swapped in the payload `seq`. */
  | { type: 'installed'; seq: number }
  /** A serving thread could not install it; the pipeline logs the load as failed and retries. */
  | { type: 'install-failed'; seq: number; reason: string }
  /** Read a served set back from the archive and index it, for an audit reconstruction (archived-payload.ts). */
  | { type: 'load-archived'; id: number; set: ServedSet };

export type FromPipeline =
  /** One pino line, re-emitted by the main thread's logger (one log stream, one destination). */
  | { type: 'log'; line: string }
  /** A list set loaded and indexed; its blob is in `file`. */
  | { type: 'loaded'; header: PackHeader; stats: PayloadStats; file: string }
  /** The first load attempt has ended (installed, empty or failed). */
  | { type: 'first-done' }
  /** A scan of LISTS_DIR completed (loaded, or found nothing changed): the watchdog's heartbeat. */
  | { type: 'scanned' }
  /** The archived set `id` asked for, indexed; its blob is in `file`. */
  | { type: 'archived'; id: number; header: PackHeader; stats: PayloadStats; file: string }
  /** It could not be: not archived ('gone'), failing its checksum ('corrupt'), or another failure. */
  | { type: 'archived-failed'; id: number; code: 'gone' | 'corrupt' | 'failed'; message: string };
