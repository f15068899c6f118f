/**
 * @module Entry of the list pipeline's background thread: watches LISTS_DIR, parses the lists and
 * builds the index here, off every serving thread, and posts the packed result to the main thread,
 * waiting until the serving threads have installed it before looking again.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildIndex } from '../../engine/index-builder.js';
import type { LoadedListSet } from '../../lists/catalog.js';
import { watchListSet } from '../list-watch.js';
import { createLogger } from '../logger.js';
import { packLists } from './lists-payload.js';
import type { FromPipeline, PipelineWorkerData, ToPipeline } from './pipeline-protocol.js';

const options = workerData as PipelineWorkerData;
const port = parentPort!;
const post = (message: FromPipeline): void => port.postMessage(message);
const logger = createLogger({ level: options.logLevel, destination: { write: (line: string) => post({ type: 'log', line }) } });

let seq = 0;
/** The install the pipeline waits for: at most one at a time. */
let pending: { seq: number; resolve(): void; reject(error: Error): void } | null = null;

port.on('message', (message: ToPipeline) => {
  if (pending === null || message.seq !== pending.seq) return;
  const { resolve, reject } = pending;
  pending = null;
  if (message.type === 'installed') resolve();
  else reject(new Error(`install failed: ${message.reason}`));
});

/** Called by the watch with each newly loaded set; throwing makes the watch log it and retry. */
async function indexAndHandOver(set: LoadedListSet, loadMs: number): Promise<void> {
  const started = performance.now();
  const index = buildIndex(set.entries);
  const buildMs = Math.round(performance.now() - started);
  const payload = packLists(set, index, { seq: ++seq, loadMs, buildMs });
  logger.info({ seq, entries: payload.stats.entries, buildMs, packMs: payload.stats.packMs, bytes: payload.stats.bytes }, 'index built');
  await new Promise<void>((resolve, reject) => {
    pending = { seq, resolve, reject };
    post({ type: 'loaded', payload });
  });
}

const watch = watchListSet({
  dir: options.dir,
  staleAfterMs: options.staleAfterMs,
  intervalMs: options.intervalMs,
  logger,
  onLoaded: indexAndHandOver,
});
void watch.first.then(() => post({ type: 'first-done' }));
