/**
 * @module `rps screen --in-process --threads N` (N > 1): N worker threads, each with an engine of
 * its own over the lists and index prepared once here (read from the index cache or built) and shared
 * (shared-lists.ts, screen-worker.ts). A batch goes to an idle thread, or waits
 * in a queue the run bounds (run-screen.ts keeps at most `concurrency` batches in flight), so memory
 * stays bounded whatever the input size. Results are identical to one thread: each thread screens
 * with the same lists and the same code; only the requestIds and screenedAt differ, as between runs.
 */
import { Worker } from 'node:worker_threads';
import { siblingModule, workerEntry } from '../../worker-entry.js';
import type { InProcessInfo } from './screen-records.js';
import { prepareLists, type ListsOptions } from './shared-lists.js';
import { ScreenStopError, type Screener, type SlotOutcome, type ValidRow } from './screen-records.js';
import type { FromScreenWorker, ScreenWorkerData, ToScreenWorker } from './worker-protocol.js';

const WORKER_FILE = siblingModule(import.meta.url, 'screen-worker');

interface Job {
  rows: readonly ValidRow[];
  resolve: (outcomes: SlotOutcome[]) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: { id: number; job: Job } | null;
}

export async function createWorkerScreener(
  options: ListsOptions & { threads: number },
): Promise<{ screener: Screener; info: InProcessInfo; cacheNote: string | null }> {
  const { packed, info, cacheNote } = await prepareLists(options, true);
  const data: ScreenWorkerData = { packed: packed!, catalog: info.catalog };
  const workers = Array.from({ length: options.threads }, () => new Worker(workerEntry(WORKER_FILE), { workerData: data }));
  try {
    await Promise.all(workers.map(ready));
  } catch (error) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw error;
  }
  const threads: Thread[] = workers.map((worker) => ({ worker, busy: null }));
  const queue: Job[] = [];
  let nextId = 0;
  let broken: Error | null = null;

  const dispatch = (): void => {
    for (const thread of threads) {
      if (thread.busy !== null) continue;
      const job = queue.shift();
      if (job === undefined) return;
      const id = nextId++;
      thread.busy = { id, job };
      thread.worker.postMessage({ id, requests: job.rows.map((r) => r.request) } satisfies ToScreenWorker);
    }
  };
  for (const thread of threads) {
    thread.worker.on('message', (message: FromScreenWorker) => {
      const busy = thread.busy;
      if (message.kind === 'ready' || busy === null || message.id !== busy.id) return;
      thread.busy = null;
      if (message.kind === 'done') busy.job.resolve(message.outcomes);
      else busy.job.reject(new ScreenStopError(`a screening thread failed: ${message.message}`));
      dispatch();
    });
    // A thread that dies (out of memory, crash) fails its batch and stops the run: the checkpoint keeps what was written.
    thread.worker.on('error', (error) => fail(thread, error));
    thread.worker.on('exit', (code) => fail(thread, new Error(`exited with code ${code}`)));
  }
  function fail(thread: Thread, error: Error): void {
    broken ??= new ScreenStopError(`a screening thread stopped: ${error.message}`);
    thread.busy?.job.reject(broken);
    thread.busy = null;
    for (const job of queue.splice(0)) job.reject(broken);
  }

  const screener: Screener = {
    screen(rows) {
      if (broken !== null) return Promise.reject(broken);
      return new Promise<SlotOutcome[]>((resolve, reject) => {
        queue.push({ rows, resolve, reject });
        dispatch();
      });
    },
    async close() {
      broken ??= new ScreenStopError('closed');
      for (const thread of threads) thread.worker.removeAllListeners('exit');
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
  return { screener, info, cacheNote };
}

function ready(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromScreenWorker): void => {
      worker.off('error', reject);
      worker.off('message', onMessage);
      if (message.kind === 'ready') resolve();
      else reject(new Error(message.kind === 'failed' ? message.message : 'unexpected first message'));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}
