/**
 * @module Loading the list set and reloading it when LISTS_DIR changes (it runs in the list
 * pipeline's background process, lists-pipeline/pipeline-process.ts). The server listens before the
 * first load ends (readyz and screening answer 503 meanwhile); a failed load is logged in one line
 * and retried; a set without any entry is not installed.
 *
 * Each file is parsed by the reader given (bounded-reader.ts: in a worker thread, bounded in time
 * and memory); a reload does not wait for a file still being read, and loads again when it ends.
 *
 * A list whose file fails keeps its previous good entries (catalog.ts); the catalog decides when
 * such a list is `stale`, but only while loading, and an unchanged broken file triggers no load. So
 * the watch also reloads once a kept list has become old enough to turn stale.
 */
import type { FeedReader } from '../../lists/catalog-feeds.js';
import { currentFingerprint, loadListSet, type LoadedListSet, type LoadOptions } from '../../lists/catalog.js';
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
  /**
   * The feed reader of a load (bounded-reader.ts); `first` is true for the first load, which waits for
   * every file, while a reload may go on without a file still being read. Absent: parsed in this thread.
   */
  reader?(first: boolean): FeedReader;
  /** When a list version was first served before this process (the version archive): versionSince survives a restart. */
  firstSeen?: LoadOptions['firstSeen'];
  /** Told each time a scan of the directory completed (read and fingerprinted, before any load): the watchdog's heartbeat. */
  onScanned?(): void;
}

export interface ListWatch {
  /** Settles when the first load attempt has ended (loaded or failed). */
  readonly first: Promise<void>;
  /** Loads again as soon as the check in progress (if any) has ended: a file's parse ended late. */
  reloadSoon(): void;
  stop(): void;
}

export function watchListSet(options: ListWatchOptions): ListWatch {
  let current: LoadedListSet | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** A load was asked for (reloadSoon) and has not started yet. */
  let wanted = false;
  let checking = true;

  /** True when the load completed (installed, or nothing to install). */
  async function load(): Promise<boolean> {
    const started = performance.now();
    wanted = false;
    try {
      const set = await loadListSet({
        dir: options.dir, sampleDir: options.sampleDir, previous: current, staleAfterMs: options.staleAfterMs, maxCollapse: options.maxCollapse,
        read: options.reader?.(current === undefined), firstSeen: options.firstSeen,
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
      return true;
    } catch (error) {
      options.logger.error({ err: error, reason: oneLine(error) }, 'list load failed');
      return false;
    }
  }

  async function check(): Promise<void> {
    checking = true;
    try {
      // The directory read is the scan the watchdog waits for; the load after it is bounded on its own.
      const fingerprint = await currentFingerprint(options.dir, { sampleDir: options.sampleDir, previous: current });
      options.onScanned?.();
      if (wanted || current === undefined || turnsStale(current, Date.now(), options.staleAfterMs) || fingerprint !== current.fingerprint) await load();
    } catch (error) {
      options.logger.error({ err: error, reason: oneLine(error) }, 'list directory check failed');
    }
    checking = false;
    schedule();
  }

  function schedule(): void {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void check(), wanted ? 0 : options.intervalMs);
  }

  const first = load().then((completed) => {
    if (completed) options.onScanned?.();
    checking = false;
    schedule();
  });
  return {
    first,
    reloadSoon() {
      wanted = true;
      if (!checking) schedule();
    },
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
