/**
 * @module A coarse reply deadline for Redis operations: an operation without an answer after
 * `timeoutMs` fails with StoreUnavailableError (503 store_unavailable), so a Redis that accepts
 * connections but stopped answering (stalled, swapping, paused) cannot hang requests.
 *
 * Why not node-redis' per-command `timeout`: it arms an AbortSignal and a timer for every command,
 * which cost about a tenth of the server's CPU per screening. Here one interval timer sweeps every
 * `sweepMs` while operations are pending, so an operation fails between timeoutMs and
 * timeoutMs + sweepMs after it started (2-2.5 s by default). Operations share one timeout, so they
 * fall due in the order they started: a sweep stops at the first one not yet due.
 *
 * A command already written to Redis cannot be taken back: if a stalled Redis later runs a quota
 * charge whose request was answered 503, that unit stays consumed (over-charged, never over-allowed).
 */
import { StoreUnavailableError } from '../errors.js';

interface Pending {
  readonly dueMs: number;
  readonly fail: (error: unknown) => void;
}

export const DEFAULT_REPLY_TIMEOUT_MS = 2000;
export const DEFAULT_SWEEP_MS = 500;

export class ReplyDeadline {
  /** Insertion order is start order, hence due order. */
  readonly #pending = new Set<Pending>();
  #timer: NodeJS.Timeout | null = null;

  constructor(
    readonly timeoutMs = DEFAULT_REPLY_TIMEOUT_MS,
    readonly sweepMs = DEFAULT_SWEEP_MS,
    /** Maps an operation's own failure (e.g. to StoreUnavailableError). */
    readonly mapError: (error: unknown) => unknown = (error) => error,
  ) {}

  get pending(): number {
    return this.#pending.size;
  }

  /** Runs `operation`, failing it with StoreUnavailableError when it has not settled by the deadline. */
  run<T>(operation: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = { dueMs: Date.now() + this.timeoutMs, fail: reject };
      this.#pending.add(entry);
      this.#arm();
      let promise: Promise<T>;
      try {
        promise = operation();
      } catch (error) {
        this.#pending.delete(entry);
        reject(this.mapError(error));
        return;
      }
      promise.then(
        (value) => {
          this.#pending.delete(entry);
          resolve(value);
        },
        (error: unknown) => {
          this.#pending.delete(entry);
          reject(this.mapError(error));
        },
      );
    });
  }

  /** Fails everything still pending (the store is closing) and stops the timer. */
  close(): void {
    this.#stop();
    for (const entry of this.#pending) entry.fail(new StoreUnavailableError('the Redis store is closed'));
    this.#pending.clear();
  }

  #arm(): void {
    if (this.#timer !== null) return;
    this.#timer = setInterval(() => this.#sweep(), this.sweepMs);
    // The deadline must not keep a finished process (CLI, tests) alive.
    this.#timer.unref();
  }

  #sweep(): void {
    const now = Date.now();
    for (const entry of this.#pending) {
      if (entry.dueMs > now) break;
      this.#pending.delete(entry);
      entry.fail(new StoreUnavailableError(`Redis did not answer within ${this.timeoutMs} ms`));
    }
    // Idle: no timer at all until the next operation.
    if (this.#pending.size === 0) this.#stop();
  }

  #stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }
}
