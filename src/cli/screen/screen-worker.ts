/**
 * @module One screening thread of `rps screen --in-process --threads N` (worker-screener.ts):
 * unpacks the lists and index the main thread built once (shared-lists.ts) into an engine of its
 * own (a WASM core per thread), then answers each batch of requests with the response values
 * POST /screen/batch would give (one requestId per row, one screenedAt per batch). Batches arrive
 * ahead of need (worker-screener.ts keeps up to two per thread): the next waits in this thread's
 * port while one is screened, so the thread never idles waiting for the main thread's reply.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { engineFromIndex } from '../../engine/index.js';
import { answerWith } from './in-process-screener.js';
import { unpackSharedLists } from './shared-lists.js';
import { ThreadMeter } from './thread-stats.js';
import type { ToScreenWorker, FromScreenWorker, ScreenWorkerData } from './worker-protocol.js';

const port = parentPort;
if (port === null) throw new Error('screen-worker.ts runs only as a worker thread');
const data = workerData as ScreenWorkerData;
const meter = new ThreadMeter(data.name);

const post = (message: FromScreenWorker): void => port.postMessage(message);

try {
  const { index, entries } = await unpackSharedLists(data.packed);
  const answer = answerWith(await engineFromIndex(index, { entries, catalog: data.catalog }), data.catalog);
  meter.ready();
  post({ kind: 'ready' });
  port.on('message', (message: ToScreenWorker) => {
    if (message.kind === 'stats') return post({ kind: 'stats', stats: meter.read() });
    try {
      post({ kind: 'done', id: message.id, outcomes: meter.screen(message.requests.length, () => answer(message.requests)) });
    } catch (error) {
      post({ kind: 'failed', id: message.id, message: (error as Error).message });
    }
  });
} catch (error) {
  post({ kind: 'failed', id: -1, message: (error as Error).message });
}
