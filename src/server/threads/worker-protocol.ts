/**
 * @module Messages between the main thread (acceptor) and the HTTP worker threads.
 */
import type { Config } from '../../config.js';
import type { ListsPayload } from '../lists-pipeline/lists-payload.js';
import type { MetricsText } from '../deps.js';
import type { MetricsJson } from '../metrics/service-metrics.js';
import type { MessagePort } from 'node:worker_threads';

export interface WorkerData {
  config: Config;
  index: number;
  /** One port to each other worker, for screening batch slots together (peer-screening.ts). */
  peers: MessagePort[];
}

export type ToWorker =
  /** A list set indexed by the pipeline (shared memory): unpack it between requests and swap it in. */
  | { type: 'lists'; payload: ListsPayload }
  /** Every worker has installed the lists: this one may now answer /readyz with 200. */
  | { type: 'pool-ready' }
  /** The list watchdog tripped (every list is to be reported stale, and why) or cleared (null). */
  | { type: 'lists-watchdog'; reason: string | null }
  /** The main thread gathers metrics: answer with this thread's registry. */
  | { type: 'metrics-collect'; id: number }
  /** The merged metrics this worker asked for, or why there are none. */
  | { type: 'metrics-text'; id: number; text: MetricsText | null; reason?: string }
  /** Stop: finish what is in flight (at most graceMs), close connections and state, exit. */
  | { type: 'shutdown'; graceMs: number };

export type FromWorker =
  /** The worker's apps, to be added to the acceptors as child apps. */
  | { type: 'ready'; main: unknown; identity: unknown | null; metrics: unknown | null }
  | { type: 'lists-installed'; seq: number }
  /** GET /metrics arrived here: merge every thread's registry. */
  | { type: 'metrics-request'; id: number }
  | { type: 'metrics-snapshot'; id: number; metrics: MetricsJson }
  | { type: 'failed'; reason: string };
