/**
 * @module The main thread's handle on the list pipeline: starts the background thread, re-emits
 * its log lines, hands each payload to the serving threads (`install`) and reports back. Should the
 * thread die (a crash while parsing, say), serving goes on with the lists installed and a new
 * pipeline thread starts after one refresh interval.
 */
import { Worker } from 'node:worker_threads';
import type { Config } from '../../config.js';
import type { Logger } from '../logger.js';
import { siblingModule, workerEntry } from '../worker-entry.js';
import type { ListsPayload, PayloadStats } from './lists-payload.js';
import type { FromPipeline, PipelineWorkerData, ToPipeline } from './pipeline-protocol.js';
import { relog } from './relog.js';

const WORKER_FILE = siblingModule(import.meta.url, 'pipeline-worker');

export interface ListPipelineOptions {
  config: Pick<Config, 'listsDir' | 'listsStaleAfterMs' | 'listsRefreshIntervalMs' | 'logLevel'>;
  logger: Logger;
  /** Swaps the payload in on every serving thread; resolves when all have. */
  install(payload: ListsPayload): Promise<void>;
  /** Told of every load, installed or not (metrics). */
  onLoad?(stats: PayloadStats, installed: boolean): void;
}

export interface ListPipeline {
  /** Settles when the first load attempt has ended. */
  readonly first: Promise<void>;
  /** Stops watching; a load in progress is abandoned (nothing of it is kept). */
  stop(): Promise<void>;
}

export function startListPipeline(options: ListPipelineOptions): ListPipeline {
  const { config, logger } = options;
  const data: PipelineWorkerData = {
    dir: config.listsDir, staleAfterMs: config.listsStaleAfterMs, intervalMs: config.listsRefreshIntervalMs, logLevel: config.logLevel,
  };
  let stopped = false;
  let worker: Worker;
  let restartTimer: NodeJS.Timeout | undefined;
  let firstDone: () => void;
  const first = new Promise<void>((resolve) => (firstDone = resolve));

  function start(): void {
    worker = new Worker(workerEntry(WORKER_FILE), { workerData: data });
    const post = (message: ToPipeline): void => worker.postMessage(message);
    worker.on('message', (message: FromPipeline) => {
      if (message.type === 'log') relog(logger, message.line);
      else if (message.type === 'first-done') firstDone();
      else if (message.type === 'loaded') handOver(message.payload, post);
    });
    worker.on('error', (error) => logger.error({ err: error }, 'list pipeline failed'));
    worker.on('exit', (code) => {
      if (stopped) return;
      firstDone();
      logger.error({ code, restartInMs: config.listsRefreshIntervalMs }, 'list pipeline stopped unexpectedly; serving the lists installed');
      restartTimer = setTimeout(start, config.listsRefreshIntervalMs);
    });
  }

  function handOver(payload: ListsPayload, post: (message: ToPipeline) => void): void {
    const { seq } = payload.stats;
    options.install(payload).then(
      () => {
        options.onLoad?.(payload.stats, true);
        post({ type: 'installed', seq });
      },
      (error: unknown) => {
        options.onLoad?.(payload.stats, false);
        post({ type: 'install-failed', seq, reason: error instanceof Error ? error.message.split('\n', 1)[0] : 'unknown error' });
      },
    );
  }

  start();
  return {
    first,
    async stop() {
      stopped = true;
      clearTimeout(restartTimer);
      await worker.terminate();
    },
  };
}
