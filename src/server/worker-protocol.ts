/**
 * @module Messages between the main thread (acceptor) and the HTTP worker threads.
 */
import type { Config } from '../config.js';
import type { LoadedListSet } from '../lists/catalog.js';

export interface WorkerData {
  config: Config;
  index: number;
}

export type ToWorker =
  /** A newly loaded list set (structured clone): build an engine from it and swap it in. */
  | { type: 'lists'; set: LoadedListSet }
  /** Stop: finish what is in flight (at most graceMs), close connections and state, exit. */
  | { type: 'shutdown'; graceMs: number };

export type FromWorker =
  /** The worker's apps, to be added to the acceptors as child apps. */
  | { type: 'ready'; main: unknown; identity: unknown | null }
  | { type: 'lists-installed' }
  | { type: 'failed'; reason: string };
