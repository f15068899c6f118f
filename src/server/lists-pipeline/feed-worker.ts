/**
 * @module Entry of a feed-parsing worker thread (bounded-reader.ts): parses the feeds it is sent,
 * one at a time, with the registry's readers and posts each ParsedList back (structured clone). Its
 * heap is capped by the Worker's resourceLimits and the parent terminates it when a parse runs too
 * long, so a hostile file costs this thread, never the list pipeline. It says `ready` once its
 * modules are loaded: the time bound counts parsing, not start-up.
 */
import { parentPort } from 'node:worker_threads';
import { ListFormatError, type ListSource, type ParsedList } from '../../lists/model.js';
import { FEEDS, type ListFile } from '../../lists/registry.js';

export interface FeedJob {
  feedId: string;
  files: ListFile[];
  skip: ListSource[];
}

export type FeedJobAnswer =
  | { ok: true; parsed: ParsedList }
  | { ok: false; format?: { file: string; line: number; reason: string }; message: string };

export type FromFeedWorker = { type: 'ready' } | { type: 'answer'; answer: FeedJobAnswer };

const post = (message: FromFeedWorker): void => parentPort!.postMessage(message);

async function parse(job: FeedJob): Promise<FeedJobAnswer> {
  try {
    const feed = FEEDS.find((f) => f.id === job.feedId);
    if (feed === undefined) throw new Error(`unknown feed ${job.feedId}`);
    const parsed = await feed.read({ feed, files: job.files }, job.skip.length > 0 ? { skipSources: new Set(job.skip) } : undefined);
    return { ok: true, parsed };
  } catch (error) {
    if (error instanceof ListFormatError) return { ok: false, format: { file: error.file, line: error.line, reason: error.reason }, message: error.message };
    return { ok: false, message: error instanceof Error ? error.message.split('\n', 1)[0] : String(error) };
  }
}

parentPort!.on('message', (job: FeedJob) => void parse(job).then((answer) => post({ type: 'answer', answer })));
post({ type: 'ready' });
