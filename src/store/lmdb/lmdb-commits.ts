/**
 * @module How the embedded store commits, and what a failed commit becomes.
 *
 * Durability: with a sync interval (the default, 1 s) the environment is opened without a flush per
 * commit. A commit is then in the file (the OS page cache) when its promise resolves, so a killed
 * process loses nothing; a timer flushes the file to disk once per interval when anything was
 * written, so a power loss loses at most the steps of the last interval (plus one flush). Concurrent
 * requests share one commit: lmdb-js batches the transactions queued in one event-loop turn, and
 * those queued while a commit runs, into one write transaction. Interval 0 keeps lmdb's flush per
 * commit (overlapping sync): every answer waits for its own flush.
 *
 * Failure: a commit that fails (ENOSPC, MDB_MAP_FULL...) becomes StoreUnavailableError (503); lmdb
 * itself recovers, so the next commit after space is back succeeds.
 */
import type { RootDatabase } from 'lmdb';
import { StoreUnavailableError } from '../errors.js';

/** lmdb-js sets this on the error of every write of a failed commit: a promise of the cause. */
interface CommitFailure extends Error {
  readonly commitError: Promise<unknown>;
}

function isCommitFailure(error: unknown): error is CommitFailure {
  return error instanceof Error && (error as Partial<CommitFailure>).commitError instanceof Promise;
}

let guardInstalled = false;

/**
 * lmdb-js 3.5.6 drops the promise of its event-turn batch (write.js, `writeBatchStart()`), so every
 * failed commit also rejects a promise nobody holds; Node ends the process on it. This listener
 * (one per thread) swallows exactly those rejections and rethrows anything else, which Node then
 * treats as it would have without a listener: an uncaught exception.
 */
function installCommitFailureGuard(): void {
  if (guardInstalled) return;
  guardInstalled = true;
  process.on('unhandledRejection', (reason: unknown) => {
    if (!isCommitFailure(reason)) throw reason;
    reason.commitError.catch(() => undefined);
  });
}

/** Options the environment must be opened with for this sync interval. */
export function envSyncOptions(syncIntervalMs: number): { noSync: boolean } {
  return { noSync: syncIntervalMs > 0 };
}

/** lmdb-js has `sync(callback)` (mdb_env_sync on a libuv thread) but does not declare it. */
interface SyncableEnv {
  sync(callback: (error?: unknown) => void): void;
}

export class LmdbCommits {
  readonly #env: RootDatabase;
  readonly #periodic: boolean;
  readonly #timer: NodeJS.Timeout | null;
  /** Writes committed since the last flush started. */
  #dirty = false;
  #flushing: Promise<void> | null = null;
  /** The last flush reported an error. */
  #failed = false;

  constructor(env: RootDatabase, syncIntervalMs: number) {
    installCommitFailureGuard();
    this.#env = env;
    this.#periodic = syncIntervalMs > 0;
    this.#timer = syncIntervalMs > 0 ? setInterval(() => void this.flush(), syncIntervalMs) : null;
    // The timer must not keep a finished process (CLI, tests) alive; close() flushes what is left.
    this.#timer?.unref();
  }

  /** Runs a write, mapping a failed commit to StoreUnavailableError (503). */
  async write<T>(operation: () => Promise<T>): Promise<T> {
    try {
      const result = await operation();
      this.#dirty = true;
      return result;
    } catch (error) {
      if (!isCommitFailure(error)) throw error;
      error.commitError.catch(() => undefined);
      // The cause names a file position, never data: safe to keep as the cause for the log.
      throw new StoreUnavailableError('the embedded store cannot write (disk full or unwritable)', { cause: error });
    }
  }

  /** Flushes the file to disk when anything was committed since the last flush. Never rejects. */
  flush(): Promise<void> {
    if (this.#flushing !== null || !this.#dirty || !this.#periodic) return this.#flushing ?? Promise.resolve();
    this.#dirty = false;
    this.#flushing = new Promise<void>((resolve) => {
      const done = (error?: unknown): void => {
        // A failed flush leaves the data in the page cache; the next tick tries again.
        this.#failed = Boolean(error);
        if (error) this.#dirty = true;
        this.#flushing = null;
        resolve();
      };
      try {
        (this.#env as unknown as SyncableEnv).sync(done);
      } catch (error) {
        done(error); // the environment is already closed
      }
    });
    return this.#flushing;
  }

  /**
   * Stops the timer and flushes what is left, unless the last flush failed (a full or failing
   * disk): another one would fail too, and lmdb's native completion of a failed sync builds its
   * error with a call that aborts the whole process (FATAL napi_throw) when it lands while the
   * thread is being torn down, as a shutdown that does not wait for it lets happen. The data stays
   * in the page cache either way.
   */
  async close(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    await this.#flushing;
    if (!this.#failed) await this.flush();
  }
}
