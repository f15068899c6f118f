/**
 * @module Loading the list set and reloading it when LISTS_DIR changes (it runs in the list
 * pipeline's background process, lists-pipeline/pipeline-process.ts). The server listens before the
 * first load ends (readyz and screening answer 503 meanwhile); a failed load is logged in one line
 * and retried; a set without any entry is not installed.
 *
 * A list whose file fails keeps its previous good entries (catalog.ts); the catalog decides when
 * such a list is `stale`, but only while loading, and an unchanged broken file triggers no load. So
 * the watch also reloads once a kept list has become old enough to turn stale.
 */
import { currentFingerprint, loadListSet, type LoadedListSet } from '../../lists/catalog.js';
import type { Logger } from '../logging/logger.js';

export interface ListWatchOptions {
  dir: string;
  /** The bundled sample when `dir` holds no list file; null: never (LISTS_DIR set explicitly). */
  sampleDir?: string | null;
  staleAfterMs: number;
  /** A reload that shrinks a list by more than this keeps the served copy, stale (LISTS_MAX_COLLAPSE). */
  maxCollapse: number;
  logger: Logger;
  /** How often the directory is checked for changed files (and a failed load retried). */
  intervalMs: number;
  /** Receives every set loaded (first load and reloads) and the parse time; errors thrown here are logged. */
  onLoaded(set: LoadedListSet, loadMs: number): Promise<void>;
}

export interface ListWatch {
  /** Settles when the first load attempt has ended (loaded or failed). */
  readonly first: Promise<void>;
  stop(): void;
}

export function watchListSet(options: ListWatchOptions): ListWatch {
  let current: LoadedListSet | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function load(): Promise<void> {
    const started = performance.now();
    try {
      const set = await loadListSet({
        dir: options.dir, sampleDir: options.sampleDir, previous: current, staleAfterMs: options.staleAfterMs, maxCollapse: options.maxCollapse,
      });
      const ms = Math.round(performance.now() - started);
      if (set.entries.length === 0) {
        options.logger.warn({ dir: set.dir, ms }, 'no list entry could be loaded; screening answers 503 lists_unavailable');
      } else {
        await options.onLoaded(set, ms);
        options.logger.info({ dir: set.dir, sample: set.sample, entries: set.entries.length, ms }, 'lists loaded');
      }
      for (const s of set.catalog) {
        if (s.error !== undefined) options.logger.warn({ source: s.source, status: s.status, reason: s.error }, 'list file failed');
      }
      current = set;
    } catch (error) {
      options.logger.error({ err: error, reason: oneLine(error) }, 'list load failed');
    }
  }

  async function check(): Promise<void> {
    try {
      if (current === undefined || turnsStale(current, Date.now(), options.staleAfterMs)) await load();
      else if ((await currentFingerprint(options.dir, { sampleDir: options.sampleDir, previous: current })) !== current.fingerprint) await load();
    } catch (error) {
      options.logger.error({ err: error, reason: oneLine(error) }, 'list directory check failed');
    }
    schedule();
  }

  function schedule(): void {
    if (!stopped) timer = setTimeout(() => void check(), options.intervalMs);
  }

  const first = load().then(schedule);
  return {
    first,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** A list kept from an earlier load (its refresh failed) that is now old enough to be reported stale. */
function turnsStale(set: LoadedListSet, nowMs: number, staleAfterMs: number): boolean {
  return set.catalog.some((s) =>
    s.status === 'ok' && s.error !== undefined && s.lastRefresh !== null && s.lastRefresh !== set.loadedAt
    && nowMs - Date.parse(s.lastRefresh) >= staleAfterMs);
}

/** List errors are one line naming file and line (ListFormatError); they quote no list data. */
function oneLine(error: unknown): string {
  return error instanceof Error ? error.message.split('\n', 1)[0].slice(0, 300) : 'unknown error';
}
