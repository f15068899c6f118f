/**
 * @module Refunds that must happen even though the store cannot take them now. A charge whose reply
 * never came (stalled or lost Redis) may have been applied, and its request was answered 503; a
 * refund after a failed or undelivered answer may meet the same outage. Either way the refund is
 * kept here and retried with backoff until the store answers. The store's refund is idempotent by
 * requestId (it gives back only a charge whose audit records exist, and voids the charge so it
 * cannot apply later), so trying again, or refunding a charge that never applied, is always safe.
 */
import { isStoreUnavailable } from '../store/errors.js';
import type { CounterStore } from '../store/types.js';
import type { Charge } from './types.js';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;
/** Bound on what one process remembers during a long outage (each entry is a few IDs). */
const MAX_PENDING = 100_000;

export class PendingRefunds {
  readonly #pending = new Set<Charge>();
  #timer: NodeJS.Timeout | null = null;
  #delayMs = FIRST_RETRY_MS;

  constructor(readonly counters: CounterStore) {}

  get size(): number {
    return this.#pending.size;
  }

  /** Refunds now; when the store is unreachable, keeps the charge to retry. Other errors propagate. */
  async refund(charge: Charge): Promise<void> {
    try {
      await this.#apply(charge);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      this.retryLater(charge);
      throw error;
    }
  }

  retryLater(charge: Charge): void {
    if (this.#pending.size >= MAX_PENDING) return;
    this.#pending.add(charge);
    this.#arm();
  }

  /** Stops retrying (the store is closing); what is still pending stays charged. */
  stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending.clear();
  }

  #apply(charge: Charge): Promise<void> {
    const { accountId, keyId, serviceId, period, units, requestIds } = charge;
    return this.counters.refundCharge({ accountId, keyId, serviceId, period }, units, requestIds);
  }

  #arm(): void {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => void this.#retry(), this.#delayMs);
    // Never keeps a finished process (CLI, tests) alive.
    this.#timer.unref();
  }

  async #retry(): Promise<void> {
    this.#timer = null;
    for (const charge of [...this.#pending]) {
      try {
        await this.#apply(charge);
        this.#pending.delete(charge);
      } catch {
        // Still unreachable: back off and try the rest later, in order.
        this.#delayMs = Math.min(this.#delayMs * 2, MAX_RETRY_MS);
        this.#arm();
        return;
      }
    }
    this.#delayMs = FIRST_RETRY_MS;
  }
}
