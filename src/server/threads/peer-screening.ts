/**
 * @module Batch slots screened on every worker (WORKERS>1). The worker that received a batch
 * offers its slots to its peer threads over MessagePorts the main thread set up; each slot is
 * claimed exactly once, by the sender or by one peer, with a compare-and-swap on shared memory. The
 * sender claims slots from the front, peers from the back, so an idle peer takes half the work and a
 * busy one (whose event loop reaches the offer late) finds every slot taken and does nothing: the
 * batch never waits for a busy thread. A peer claims a slot only to screen it at once and sends
 * what it screened before it yields, so the sender waits at most one slot and one message for a
 * peer's answer.
 *
 * Both sides pace themselves by time, per slot (batch-pacer.ts): after SLICE_MS of screening they
 * let their event loop run, and under contention leave other work twice the batch's time. Slots
 * are claimed one by one (they were chunks of 1/16 of the batch, screened whole before the loop
 * ran: crafted slots of 5-16 ms kept /healthz waiting 91-122 ms).
 *
 * Answers never mix list versions: the offer carries the sender's list version (ListsView.version,
 * the loaded set's catalog) and a peer whose loaded set differs declines (claims nothing), so the
 * sender screens those slots itself. Results travel as structured clones of plain objects, so the
 * sender's answer is byte-identical to one screened on a single thread. Only screening moves: the
 * quota charge, audit and answer stay with the sender.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ScreenRequest, ScreenResult, ScreeningEngine } from '../../engine/types.js';

import { BatchPacer } from './batch-pacer.js';

export { SLICE_MS } from './batch-pacer.js';

/** A slot's claim: nobody yet, the sender, or peer n at PEER_BASE + n. */
const UNCLAIMED = 0;
const SENDER = 1;
const PEER_BASE = 2;

type PeerMessage =
  /** Sender -> peer: screen whichever slots you can still claim, with lists of this version. */
  | { type: 'offer'; id: number; version: string; requests: ScreenRequest[]; claims: SharedArrayBuffer; claimant: number }
  /** Peer -> sender: results of slots it claimed (null: it failed there; the sender screens it). */
  | { type: 'slots'; id: number; slots: number[]; results: Array<ScreenResult | null> };

export interface BatchScreener {
  /**
   * Offers the slots of `requests` (to be screened with `engine`, of list version `version`) to the
   * idle peers at once, so they can start while this thread still waits (for the quota step);
   * `finish` screens the rest here and gives every result in order.
   */
  begin(engine: ScreeningEngine, version: string | null, requests: readonly ScreenRequest[]): BatchScreening;
}

export interface BatchScreening {
  finish(): Promise<ScreenResult[]>;
  /** The call will not be answered (refused by the quota step): peers stop claiming slots. */
  cancel(): void;
}

/** The loaded lists as the peer side needs them: the engine as built (not counted in metrics) with its version, or null before the first load. */
export interface PeerLists {
  engine(): ScreeningEngine | null;
  version(): string | null;
}

interface Pending {
  /** Results by slot, from the peers (undefined: not arrived; null: the peer failed there). */
  fromPeers: Array<ScreenResult | null | undefined>;
  /** Wakes the sender waiting for peers' answers (a message came or a peer closed). */
  wake: (() => void) | null;
}

/** Screens the slots in order on this thread alone, pacing itself per slot (batch-pacer.ts). */
export async function screenInSlices(engine: ScreeningEngine, requests: readonly ScreenRequest[]): Promise<ScreenResult[]> {
  return screenEachInSlices(requests.map((request) => ({ engine, request })));
}

/**
 * Screens each slot on its own engine (a batch's `changedSince` slots), in order on this thread,
 * with one pacer for all of them: slots shorter than a slice paced one by one would never yield,
 * and a hundred of them would hold the thread for the whole batch.
 */
export async function screenEachInSlices(slots: ReadonlyArray<{ engine: ScreeningEngine; request: ScreenRequest }>): Promise<ScreenResult[]> {
  const results: ScreenResult[] = [];
  const pacer = new BatchPacer();
  for (const { engine, request } of slots) {
    results.push(engine.screen(request));
    await pacer.afterSlot();
  }
  return results;
}

export class PeerScreening implements BatchScreener {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly open: boolean[];

  /**
   * `ports[n]` reaches peer n; `lists` is this thread's loaded lists (for the offers it gets);
   * `peerSlots` counts the slots of this thread's batches that peers screened. A peer screens with
   * its engine as built (no metrics), and the sender reports the peer's results to `observe` (the
   * screen and match counters) when it uses them: a withdrawn offer's work is never counted.
   */
  constructor(
    private readonly ports: readonly MessagePort[],
    private readonly lists: PeerLists,
    private readonly peerSlots: (count: number) => void = () => undefined,
    private readonly observe: (request: ScreenRequest, result: ScreenResult) => void = () => undefined,
  ) {
    this.open = ports.map(() => true);
    ports.forEach((port, n) => {
      port.on('message', (message: PeerMessage) => this.onMessage(port, message));
      port.on('close', () => this.closed(n));
      // A port keeps a thread alive: the worker's shutdown closes its apps and state; let it exit.
      port.unref();
    });
  }

  screen(engine: ScreeningEngine, version: string | null, requests: readonly ScreenRequest[]): Promise<ScreenResult[]> {
    return this.begin(engine, version, requests).finish();
  }

  begin(engine: ScreeningEngine, version: string | null, requests: readonly ScreenRequest[]): BatchScreening {
    if (!this.open.some(Boolean) || version === null || requests.length < 2) {
      return { finish: () => screenInSlices(engine, requests), cancel: () => undefined };
    }
    const claims = new Int32Array(new SharedArrayBuffer(requests.length * 4));
    const id = this.nextId++;
    const pending: Pending = { fromPeers: new Array(requests.length), wake: null };
    this.pending.set(id, pending);
    this.ports.forEach((port, n) => {
      if (!this.open[n]) return;
      port.postMessage({ type: 'offer', id, version, requests: requests as ScreenRequest[], claims: claims.buffer as SharedArrayBuffer, claimant: PEER_BASE + n } satisfies PeerMessage);
    });
    return {
      finish: () => this.finish(engine, requests, id, pending, claims),
      cancel: () => {
        // Every slot not yet claimed becomes the sender's, so peers stop; their answers are ignored.
        for (let slot = 0; slot < claims.length; slot++) Atomics.compareExchange(claims, slot, UNCLAIMED, SENDER);
        this.pending.delete(id);
      },
    };
  }

  /**
   * The sender's part: claim slots from the front and screen them, pacing per slot, then gather the
   * peers' slots. Peers claim from the back, each trying every slot on its way down, so every slot
   * after the first one the sender finds taken is a peer's.
   */
  private async finish(
    engine: ScreeningEngine, requests: readonly ScreenRequest[], id: number, pending: Pending, claims: Int32Array,
  ): Promise<ScreenResult[]> {
    try {
      const results: ScreenResult[] = new Array(requests.length);
      const pacer = new BatchPacer();
      let slot = 0;
      for (; slot < requests.length; slot++) {
        if (Atomics.compareExchange(claims, slot, UNCLAIMED, SENDER) !== UNCLAIMED) break;
        results[slot] = engine.screen(requests[slot]);
        await pacer.afterSlot();
      }
      await this.gather(engine, requests, pending, claims, slot, results, pacer);
      return results;
    } finally {
      this.pending.delete(id);
    }
  }

  /** Fills results[from..] with the peers' answers; slots of a peer that failed or closed are screened here. */
  private async gather(
    engine: ScreeningEngine, requests: readonly ScreenRequest[], pending: Pending, claims: Int32Array,
    from: number, results: ScreenResult[], pacer: BatchPacer,
  ): Promise<void> {
    let missing = requests.length - from;
    let used = 0;
    while (missing > 0) {
      let progressed = false;
      for (let slot = from; slot < requests.length; slot++) {
        if (results[slot] !== undefined) continue;
        const got = pending.fromPeers[slot];
        const peerGone = !this.open[Atomics.load(claims, slot) - PEER_BASE];
        if (got === undefined && !peerGone) continue;
        if (got != null) {
          results[slot] = got;
          this.observe(requests[slot], got);
          used++;
        } else {
          results[slot] = engine.screen(requests[slot]);
          await pacer.afterSlot();
        }
        missing--;
        progressed = true;
      }
      if (missing > 0 && !progressed) await new Promise<void>((resolve) => (pending.wake = resolve));
    }
    if (used > 0) this.peerSlots(used);
  }

  private onMessage(port: MessagePort, message: PeerMessage): void {
    if (message.type === 'offer') {
      void this.help(port, message);
      return;
    }
    const pending = this.pending.get(message.id);
    if (pending === undefined) return;
    message.slots.forEach((slot, i) => (pending.fromPeers[slot] = message.results[i]));
    const wake = pending.wake;
    pending.wake = null;
    wake?.();
  }

  /** An offer from a peer: claim slots from the back while any is left, screen each at once, send them before each yield. */
  private async help(port: MessagePort, offer: Extract<PeerMessage, { type: 'offer' }>): Promise<void> {
    const claims = new Int32Array(offer.claims);
    const { requests } = offer;
    const pacer = new BatchPacer();
    let slots: number[] = [];
    let results: Array<ScreenResult | null> = [];
    const send = (): void => {
      if (slots.length > 0) port.postMessage({ type: 'slots', id: offer.id, slots, results } satisfies PeerMessage);
      slots = [];
      results = [];
    };
    for (let slot = claims.length - 1; slot >= 0; slot--) {
      // Checked before every claim: a list swap between two slots must not mix versions.
      const engine = this.lists.engine();
      if (engine === null || this.lists.version() !== offer.version) break;
      const owner = Atomics.compareExchange(claims, slot, UNCLAIMED, offer.claimant);
      // The sender claims from the front: every slot before one of its own is taken too.
      if (owner === SENDER) break;
      if (owner !== UNCLAIMED) continue;
      slots.push(slot);
      try {
        results.push(engine.screen(requests[slot]));
      } catch {
        results.push(null);
      }
      if (!pacer.due()) continue;
      send();
      await pacer.yieldTurns();
    }
    send();
  }

  /** A peer is gone: slots it claimed and has not answered are screened here. */
  private closed(n: number): void {
    this.open[n] = false;
    for (const pending of this.pending.values()) {
      const wake = pending.wake;
      pending.wake = null;
      wake?.();
    }
  }
}
