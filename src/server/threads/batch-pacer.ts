/**
 * @module How a batch shares its thread (issue 28): it screens slot by slot and, once it has
 * screened for SLICE_MS, lets the event loop run, and keeps letting it run while other work
 * (single screenings, /healthz, another connection's batch) takes the thread, until that work has
 * had OTHERS_SHARE times the batch's own time (in wall time once any was seen) or the loop comes
 * back idle at once. So one connection's
 * batches take at most 1 / (1 + OTHERS_SHARE) of a thread that others need, and all of an idle one.
 *
 * Time, not slot counts: crafted slots cost 5-16 ms each (ordinary ones ~0.5 ms), so a thread that
 * yielded only between chunks of slots kept /healthz waiting 91-122 ms. One slot cannot be split:
 * the engine's per-request work bound is what bounds a single wait.
 */

/** Screening time after which a batch lets the event loop run before its next slot. */
export const SLICE_MS = 4;

/** Under contention, other work gets this many times the time the batch screened. */
export const OTHERS_SHARE = 2;

/** A loop turn shorter than this did nothing else: the thread is idle, the batch may go on. */
const IDLE_TURN_MS = 0.5;

/** The batch never owes more than this: a long slot is not paid back for ever. */
const MAX_OWED_MS = 100;

const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
const pause = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 1));

export class BatchPacer {
  private sliceStart = performance.now();

  /** True when the batch has screened a whole slice since it last yielded. */
  due(): boolean {
    return performance.now() - this.sliceStart >= SLICE_MS;
  }

  /** Call after each slot: yields (see the module note) when the slice is used up. */
  async afterSlot(): Promise<void> {
    if (this.due()) await this.yieldTurns();
  }

  /**
   * Lets the event loop run until other work has had its share, or the loop is idle. Once other
   * work was seen, the share is counted in wall time and idle moments wait a millisecond instead of
   * ending the wait: closed-loop clients are idle between their answer and their next request, and
   * a batch that went on at each such gap took 74 % of the thread from eight such connections.
   */
  async yieldTurns(): Promise<void> {
    let owed = Math.min(MAX_OWED_MS, (performance.now() - this.sliceStart) * OTHERS_SHARE);
    let contended = false;
    while (owed > 0) {
      const start = performance.now();
      await (contended ? pause() : nextTurn());
      const took = performance.now() - start;
      if (!contended && took < IDLE_TURN_MS) break;
      contended = true;
      owed -= took;
    }
    this.sliceStart = performance.now();
  }
}
