/**
 * @module Batch slots screened on every worker (WORKERS>1). The worker that received a batch
 * splits its slots into chunks and offers them to its peer threads over MessagePorts the main
 * thread set up; each chunk is claimed exactly once, by the sender or by one peer, with a
 * compare-and-swap on shared memory. The sender claims chunks from the front, peers from the back,
 * so an idle peer takes half the work and a busy one (whose event loop reaches the offer late)
 * finds every chunk taken and does nothing: the batch never waits for a busy thread. A peer claims
 * a chunk only to screen it at once, in the same synchronous step, so the sender waits at most one
 * chunk for a peer's answer.
 *
 * Answers never mix list versions: the offer carries the sender's list version (ListsView.version,
 * the loaded set's catalog) and a peer whose loaded set differs declines (claims nothing), so the
 * sender screens those slots itself. Results travel as structured clones of plain objects, so the
 * sender's answer is byte-identical to one screened on a single thread. Only screening moves: the
 * quota charge, audit and answer stay with the sender.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ScreenRequest, ScreenResult, ScreeningEngine } from '../../engine/types.js';

/** Screening time after which a thread lets the event loop run before its next slot or chunk. */
export const SLICE_MS = 4;

/** A chunk's claim: nobody yet, the sender, or peer n at PEER_BASE + n. */
const UNCLAIMED = 0;
const SENDER = 1;
const PEER_BASE = 2;

/** Chunks per batch: enough for an even split, few enough that messages cost little. */
const CHUNKS = 16;

type PeerMessage =
  /** Sender -> peer: screen whichever chunks you can still claim, with lists of this version. */
  | { type: 'offer'; id: number; version: string; requests: ScreenRequest[]; chunkSize: number; claims: SharedArrayBuffer; claimant: number }
  /** Peer -> sender: the results of a chunk it claimed (null: it failed; the sender screens it). */
  | { type: 'chunk'; id: number; chunk: number; results: ScreenResult[] | null };

export interface BatchScreener {
  /**
   * Offers the chunks of `requests` (to be screened with `engine`, of list version `version`) to the
   * idle peers at once, so they can start while this thread still waits (for the quota step);
   * `finish` screens the rest here and gives every result in order.
   */
  begin(engine: ScreeningEngine, version: string | null, requests: readonly ScreenRequest[]): BatchScreening;
}

export interface BatchScreening {
  finish(): Promise<ScreenResult[]>;
  /** The call will not be answered (refused by the quota step): peers stop claiming chunks. */
  cancel(): void;
}

/** The loaded lists as the peer side needs them: the engine as built (not counted in metrics) with its version, or null before the first load. */
export interface PeerLists {
  engine(): ScreeningEngine | null;
  version(): string | null;
}

interface Pending {
  /** Chunk index -> settle with the peer's results (null: screen it here). */
  waiting: Map<number, (results: ScreenResult[] | null) => void>;
  /** Results that arrived before the sender's loop reached their chunk. */
  early: Map<number, ScreenResult[] | null>;
}

const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** Screens the slots in order on this thread alone, yielding every SLICE_MS of screening. */
export async function screenInSlices(engine: ScreeningEngine, requests: readonly ScreenRequest[]): Promise<ScreenResult[]> {
  const results: ScreenResult[] = [];
  let sliceStart = performance.now();
  for (const request of requests) {
    results.push(engine.screen(request));
    if (performance.now() - sliceStart < SLICE_MS) continue;
    await yieldToLoop();
    sliceStart = performance.now();
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
    const peers = this.ports.filter((_, n) => this.open[n]);
    if (peers.length === 0 || version === null || requests.length < 2) {
      return { finish: () => screenInSlices(engine, requests), cancel: () => undefined };
    }
    const chunkSize = Math.max(1, Math.ceil(requests.length / CHUNKS));
    const chunks = Math.ceil(requests.length / chunkSize);
    const claims = new Int32Array(new SharedArrayBuffer(chunks * 4));
    const id = this.nextId++;
    const pending: Pending = { waiting: new Map(), early: new Map() };
    this.pending.set(id, pending);
    this.ports.forEach((port, n) => {
      if (!this.open[n]) return;
      port.postMessage({ type: 'offer', id, version, requests: requests as ScreenRequest[], chunkSize, claims: claims.buffer as SharedArrayBuffer, claimant: PEER_BASE + n } satisfies PeerMessage);
    });
    return {
      finish: () => this.finish(engine, requests, id, pending, claims, chunkSize),
      cancel: () => {
        // Every chunk not yet claimed becomes the sender's, so peers stop; their answers are ignored.
        for (let chunk = 0; chunk < chunks; chunk++) Atomics.compareExchange(claims, chunk, UNCLAIMED, SENDER);
        this.pending.delete(id);
      },
    };
  }

  /** The sender's part: claim chunks from the front and screen them, then gather the peers' chunks. */
  private async finish(
    engine: ScreeningEngine, requests: readonly ScreenRequest[], id: number, pending: Pending, claims: Int32Array, chunkSize: number,
  ): Promise<ScreenResult[]> {
    try {
      const results: ScreenResult[] = new Array(requests.length);
      const fromPeers: Promise<void>[] = [];
      let sliceStart = performance.now();
      for (let chunk = 0; chunk < claims.length; chunk++) {
        const first = chunk * chunkSize;
        const end = Math.min(requests.length, first + chunkSize);
        const owner = Atomics.compareExchange(claims, chunk, UNCLAIMED, SENDER);
        if (owner !== UNCLAIMED) {
          // A peer claimed it and screened it at once: its results come (or came) as a message.
          fromPeers.push(this.peerChunk(pending, chunk, owner).then((peerResults) => {
            const got = peerResults ?? requests.slice(first, end).map((r) => engine.screen(r));
            if (peerResults !== null) {
              this.peerSlots(got.length);
              for (let i = 0; i < got.length; i++) this.observe(requests[first + i], got[i]);
            }
            for (let i = 0; i < got.length; i++) results[first + i] = got[i];
          }));
          continue;
        }
        for (let i = first; i < end; i++) results[i] = engine.screen(requests[i]);
        if (performance.now() - sliceStart < SLICE_MS) continue;
        await yieldToLoop();
        sliceStart = performance.now();
      }
      await Promise.all(fromPeers);
      return results;
    } finally {
      this.pending.delete(id);
    }
  }

  /** The results of `chunk`, which peer `owner - PEER_BASE` claimed. */
  private peerChunk(pending: Pending, chunk: number, owner: number): Promise<ScreenResult[] | null> {
    if (!this.open[owner - PEER_BASE]) return Promise.resolve(null);
    return new Promise((resolve) => {
      if (pending.early.has(chunk)) return resolve(pending.early.get(chunk)!);
      pending.waiting.set(chunk, resolve);
    });
  }

  private onMessage(port: MessagePort, message: PeerMessage): void {
    if (message.type === 'offer') {
      void this.help(port, message);
      return;
    }
    const pending = this.pending.get(message.id);
    if (pending === undefined) return;
    const waiting = pending.waiting.get(message.chunk);
    if (waiting !== undefined) {
      pending.waiting.delete(message.chunk);
      waiting(message.results);
      return;
    }
    // The answer came before the sender reached that chunk in its own loop: keep it for then.
    pending.early.set(message.chunk, message.results);
  }

  /** An offer from a peer: claim chunks from the back while any is left, screen each at once, send it. */
  private async help(port: MessagePort, offer: Extract<PeerMessage, { type: 'offer' }>): Promise<void> {
    const claims = new Int32Array(offer.claims);
    const { requests, chunkSize } = offer;
    let sliceStart = performance.now();
    for (let chunk = claims.length - 1; chunk >= 0; chunk--) {
      // Checked before every claim: a list swap between two chunks must not mix versions.
      const engine = this.lists.engine();
      if (engine === null || this.lists.version() !== offer.version) return;
      const owner = Atomics.compareExchange(claims, chunk, UNCLAIMED, offer.claimant);
      // The sender claims from the front: every chunk before one of its own is taken too.
      if (owner === SENDER) return;
      if (owner !== UNCLAIMED) continue;
      const first = chunk * chunkSize;
      let results: ScreenResult[] | null;
      try {
        results = requests.slice(first, first + chunkSize).map((r) => engine.screen(r));
      } catch {
        results = null;
      }
      port.postMessage({ type: 'chunk', id: offer.id, chunk, results } satisfies PeerMessage);
      if (performance.now() - sliceStart < SLICE_MS) continue;
      await yieldToLoop();
      sliceStart = performance.now();
    }
  }

  /** A peer is gone: chunks it claimed and has not answered are screened here. */
  private closed(n: number): void {
    this.open[n] = false;
    for (const pending of this.pending.values()) {
      for (const [chunk, resolve] of pending.waiting) {
        pending.waiting.delete(chunk);
        resolve(null);
      }
    }
  }
}
