/**
 * @module Entry of a feed-parsing worker thread (bounded-reader.ts): parses one feed with the
 * registry's reader and posts the ParsedList back (structured clone). Its heap is capped by the
 * Worker's resourceLimits and the parent terminates it when it runs too long, so a hostile file
 * costs this thread, never the list pipeline.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ListFormatError, type ListSource } from '../../lists/model.js';
import { FEEDS, type ListFile } from '../../lists/registry.js';

export interface FeedJob {
  feedId: string;
  files: ListFile[];
  skip: ListSource[];
}

export type FeedJobAnswer =
  | { ok: true; parsed: import('../../lists/model.js').ParsedList }
  | { ok: false; format?: { file: string; line: number; reason: string }; message: string };

const job = workerData as FeedJob;
const post = (answer: FeedJobAnswer): void => parentPort!.postMessage(answer);

try {
  const feed = FEEDS.find((f) => f.id === job.feedId);
  if (feed === undefined) throw new Error(`unknown feed ${job.feedId}`);
  const parsed = await feed.read({ feed, files: job.files }, job.skip.length > 0 ? { skipSources: new Set(job.skip) } : undefined);
  post({ ok: true, parsed });
} catch (error) {
  if (error instanceof ListFormatError) post({ ok: false, format: { file: error.file, line: error.line, reason: error.reason }, message: error.message });
  else post({ ok: false, message: error instanceof Error ? error.message.split('\n', 1)[0] : String(error) });
}
