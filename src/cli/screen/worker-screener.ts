/**
 * @module `rps screen --in-process --threads N` (N > 1): N worker threads, each with an engine of
 * its own over the lists and index prepared once here (read from the index cache or built) and shared
 * (shared-lists.ts, screen-worker.ts). The main thread reads and validates the rows, hands batches
 * out and writes the answers in input order. Results are identical to one thread: each thread
 * screens with the same lists and the same code; only the requestIds and screenedAt differ, as
 * between runs.
 *
 * Each thread is sent up to AHEAD batches, so the next one waits in its port while it screens one: a
 * thread sent a batch only when idle waited for the main thread's turn after every batch (on a loaded
 * machine 25 % of each thread's time was idle; 1-4 % now, measured with thread-stats.ts). A thread
 * starts screening as soon as it is ready, not when the slowest one is. run-screen.ts keeps at most
 * `concurrency` batches in flight, so memory stays bounded whatever the input size.
 *
 * The main thread does not screen as well (tried with 2 threads on 2 cores: the main thread and one
 * worker): the same CPU time (its engine is compiled and optimised like a worker's), but each batch it
 * screened held back the file writes queued behind it, and the run took about twice as long.
 */
import { Worker } from 'node:worker_threads';
import { siblingModule, workerEntry } from '../../worker-entry.js';
import type { InProcessInfo } from './screen-records.js';
import { prepareLists, type ListsOptions } from './shared-lists.js';
import { ScreenStopError, type Screener, type SlotOutcome, type ValidRow } from './screen-records.js';
import { ThreadMeter, type ThreadStats } from './thread-stats.js';
import type { FromScreenWorker, ScreenWorkerData, ToScreenWorker } from './worker-protocol.js';

const WORKER_FILE = siblingModule(import.meta.url, 'screen-worker');

/** Batches sent to a thread ahead of its answers: one it screens, one waiting in its port. */
const AHEAD = 2;

interface Job {
  rows: readonly ValidRow[];
  resolve: (outcomes: SlotOutcome[]) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  stopped: boolean;
  /** Batches sent and not yet answered, by message id. */
  sent: Map<number, Job>;
  /** Waiting for this thread's ThreadStats. */
  statsWaiters: Array<(stats: ThreadStats | null) => void>;
}

export async function createWorkerScreener(
  options: ListsOptions & { threads: number },
): Promise<{ screener: Screener; info: InProcessInfo; cacheNote: string | null }> {
  const meter = new ThreadMeter('main');
  const { packed, info, cacheNote } = await prepareLists(options, true);
  const threads: Thread[] = Array.from({ length: options.threads }, (_, i) => ({
    worker: new Worker(workerEntry(WORKER_FILE), {
      workerData: { packed: packed!, catalog: info.catalog, name: `screen ${i + 1}` } satisfies ScreenWorkerData,
    }),
    ready: false,
    stopped: false,
    sent: new Map(),
    statsWaiters: [],
  }));
  meter.ready();
  const queue: Job[] = [];
  let nextId = 0;
  let broken: Error | null = null;

  const dispatch = (): void => {
    for (const thread of threads) {
      while (thread.ready && !thread.stopped && thread.sent.size < AHEAD && queue.length > 0) {
        const job = queue.shift()!;
        const id = nextId++;
        thread.sent.set(id, job);
        thread.worker.postMessage({ kind: 'screen', id, requests: job.rows.map((r) => r.request) } satisfies ToScreenWorker);
      }
    }
  };
  for (const thread of threads) {
    thread.worker.on('message', (message: FromScreenWorker) => {
      if (message.kind === 'ready') {
        thread.ready = true;
        return dispatch();
      }
      if (message.kind === 'stats') {
        for (const waiter of thread.statsWaiters.splice(0)) waiter(message.stats);
        return;
      }
      if (message.kind === 'failed' && message.id === -1) return fail(thread, new Error(message.message));
      const job = thread.sent.get(message.id);
      if (job === undefined) return;
      thread.sent.delete(message.id);
      if (message.kind === 'done') job.resolve(message.outcomes);
      else job.reject(new ScreenStopError(`a screening thread failed: ${message.message}`));
      dispatch();
    });
    // A thread that dies (out of memory, crash) fails its batches and stops the run: the checkpoint keeps what was written.
    thread.worker.on('error', (error) => fail(thread, error));
    thread.worker.on('exit', (code) => fail(thread, new Error(`exited with code ${code}`)));
  }
  function fail(thread: Thread, error: Error): void {
    broken ??= new ScreenStopError(`a screening thread stopped: ${error.message}`);
    thread.stopped = true;
    for (const job of thread.sent.values()) job.reject(broken);
    thread.sent.clear();
    for (const job of queue.splice(0)) job.reject(broken);
    for (const waiter of thread.statsWaiters.splice(0)) waiter(null);
  }

  const screener: Screener = {
    screen(rows) {
      if (broken !== null) return Promise.reject(broken);
      return new Promise<SlotOutcome[]>((resolve, reject) => {
        queue.push({ rows, resolve, reject });
        dispatch();
      });
    },
    async threadStats() {
      const workers = await Promise.all(threads.map((thread) => new Promise<ThreadStats | null>((resolve) => {
        if (thread.stopped) return resolve(null);
        thread.statsWaiters.push(resolve);
        thread.worker.postMessage({ kind: 'stats' } satisfies ToScreenWorker);
      })));
      return [meter.read(), ...workers.filter((s): s is ThreadStats => s !== null)];
    },
    async close() {
      broken ??= new ScreenStopError('closed');
      for (const thread of threads) thread.worker.removeAllListeners('exit');
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
  return { screener, info, cacheNote };
}
