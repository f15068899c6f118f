/**
 * @module WORKERS=N: N HTTP worker threads behind one port. The main thread runs a uWS acceptor
 * app that only accepts connections and hands them round-robin to the workers' apps (uWS child
 * app descriptors), which works the same on every platform, unlike SO_REUSEPORT balancing.
 * Each worker holds its own engine and state connection (worker.ts); list sets reach them as one
 * shared-memory payload from the list pipeline, and GET /metrics on any worker merges all threads.
 */
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import uWS, { type TemplatedApp, type us_listen_socket } from 'uWebSockets.js';
import type { Config } from '../../config.js';
import type { ListsPayload } from '../lists-pipeline/lists-payload.js';
import type { Logger } from '../logging/logger.js';
import type { MetricsText } from '../deps.js';
import type { MetricsJson, ServiceMetrics } from '../metrics/service-metrics.js';
import { mergeMetrics, PendingAnswers } from '../metrics/thread-metrics.js';
import { DEFAULT_GRACE_MS, listen } from '../http/server.js';
import { siblingModule, workerEntry } from '../../worker-entry.js';
import type { FromWorker, ToWorker, WorkerData } from './worker-protocol.js';
import { relayArchived } from './archived-relay.js';
import type { LeaseArchived } from '../lists-pipeline/archived-lists.js';

export interface WorkerPool {
  readonly port: number;
  readonly identityPort: number | null;
  readonly metricsPort: number | null;
  /** Hands a list payload to each worker in turn; resolves when all have swapped it in. */
  install(payload: ListsPayload): Promise<void>;
  /** Tells every worker that the list watchdog tripped (why) or cleared (null). */
  setListsWatchdog(reason: string | null): void;
  /** The list pipeline's archived sets, relayed to the workers (audit reconstruction). */
  attachArchive(lease: LeaseArchived): void;
  close(graceMs?: number): Promise<void>;
}

type ChildApi = TemplatedApp & { addChildAppDescriptor(descriptor: unknown): void };

const WORKER_FILE = siblingModule(import.meta.url, 'worker');

/** `metrics` is the main thread's registry (process metrics, list pipeline), merged into every scrape. */
export async function startWorkerPool(config: Config, logger: Logger, metrics: ServiceMetrics): Promise<WorkerPool> {
  const acceptors = {
    main: uWS.App() as ChildApi,
    identity: config.identityPort === null ? null : (uWS.App() as ChildApi),
    metrics: config.metricsPort === null ? null : (uWS.App() as ChildApi),
  };
  // A channel between every two workers: a batch's slots are screened on all of them.
  const peers: MessagePort[][] = Array.from({ length: config.workers }, () => []);
  for (let a = 0; a < config.workers; a++) {
    for (let b = a + 1; b < config.workers; b++) {
      const { port1, port2 } = new MessageChannel();
      peers[a].push(port1);
      peers[b].push(port2);
    }
  }
  const workers = Array.from({ length: config.workers }, (_, index) =>
    new Worker(workerEntry(WORKER_FILE), { workerData: { config, index, peers: peers[index] } satisfies WorkerData, transferList: peers[index] }));
  const exited = workers.map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve())));
  try {
    for (const ready of await Promise.all(workers.map(readyMessage))) {
      acceptors.main.addChildAppDescriptor(ready.main);
      if (acceptors.identity !== null) acceptors.identity.addChildAppDescriptor(ready.identity);
      if (acceptors.metrics !== null) acceptors.metrics.addChildAppDescriptor(ready.metrics);
    }
  } catch (error) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw error;
  }
  const sockets: us_listen_socket[] = [await listen(acceptors.main, config.host, config.port)];
  if (acceptors.identity !== null) sockets.push(await listen(acceptors.identity, config.host, config.identityPort ?? 0));
  if (acceptors.metrics !== null) sockets.push(await listen(acceptors.metrics, config.host, config.metricsPort ?? 0));
  const ports = sockets.map((s) => uWS.us_socket_local_port(s as unknown as uWS.us_socket));
  logger.info({ workers: workers.length }, 'workers ready');
  answerMetricsRequests(workers, metrics);
  let archivedLease: LeaseArchived | null = null;
  relayArchived(workers, () => archivedLease);

  let closing: Promise<void> | null = null;
  return {
    port: ports[0],
    identityPort: acceptors.identity === null ? null : ports[1],
    metricsPort: acceptors.metrics === null ? null : ports[ports.length - 1],
    async install(payload) {
      // One worker at a time: swaps running side by side would compete for the same cores, and
      // the workers not swapping meanwhile answer at full speed.
      for (const w of workers) {
        const installed = nextMessage(w, 'lists-installed');
        w.postMessage({ type: 'lists', payload } satisfies ToWorker);
        await installed;
      }
      // Only now may any worker call itself ready: a probe's one 200 sends traffic to all of them.
      for (const w of workers) w.postMessage({ type: 'pool-ready' } satisfies ToWorker);
    },
    setListsWatchdog(reason) {
      for (const w of workers) w.postMessage({ type: 'lists-watchdog', reason } satisfies ToWorker);
    },
    attachArchive(lease) {
      archivedLease = lease;
    },
    close(graceMs = DEFAULT_GRACE_MS) {
      closing ??= (async () => {
        for (const socket of sockets) uWS.us_listen_socket_close(socket);
        for (const w of workers) w.postMessage({ type: 'shutdown', graceMs } satisfies ToWorker);
        await Promise.all(exited);
        // Only once every child app is gone: closing the acceptor first would free what they use.
        acceptors.main.close();
        acceptors.identity?.close();
        acceptors.metrics?.close();
      })();
      return closing;
    },
  };
}

/** A worker asks for the merged metrics: gather every worker's registry and the main thread's. */
function answerMetricsRequests(workers: readonly Worker[], metrics: ServiceMetrics): void {
  const snapshots = new PendingAnswers<MetricsJson>();
  const merged = async (): Promise<MetricsText> => {
    const parts = await Promise.all(workers.map((w, index) =>
      snapshots.ask((id) => w.postMessage({ type: 'metrics-collect', id } satisfies ToWorker), `metrics of worker ${index}`)));
    return mergeMetrics([await metrics.snapshot(), ...parts]);
  };
  for (const worker of workers) {
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'metrics-snapshot') snapshots.answer(message.id, message.metrics);
      if (message.type !== 'metrics-request') return;
      const { id } = message;
      merged().then(
        (text) => worker.postMessage({ type: 'metrics-text', id, text } satisfies ToWorker),
        (error: unknown) => worker.postMessage({ type: 'metrics-text', id, text: null, reason: error instanceof Error ? error.message : 'unknown' } satisfies ToWorker),
      );
    });
  }
}

async function readyMessage(worker: Worker): Promise<Extract<FromWorker, { type: 'ready' }>> {
  const message = await nextMessage(worker, 'ready');
  return message as Extract<FromWorker, { type: 'ready' }>;
}

/** The next message of `type`; rejects on 'failed', an error or an early exit of the worker. */
function nextMessage(worker: Worker, type: FromWorker['type']): Promise<FromWorker> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromWorker): void => {
      if (message.type === type) done(() => resolve(message));
      else if (message.type === 'failed') done(() => reject(new Error(`worker failed: ${message.reason}`)));
    };
    const onError = (error: Error): void => done(() => reject(error));
    const onExit = (code: number): void => done(() => reject(new Error(`worker exited with code ${code}`)));
    const done = (settle: () => void): void => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      settle();
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}
