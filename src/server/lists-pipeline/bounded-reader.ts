/**
 * @module Parsing each list feed in a worker thread of its own, bounded in time and memory
 * (LISTS_PARSE_TIMEOUT_MS, LISTS_PARSE_MAX_MB), so that one hostile or broken file fails that file
 * only (issue 28: a UFLPA page nested a million deep kept the parser busy for minutes; a SAM ZIP
 * inflating to 1.9 GiB took the list process to 4.4 GB, an abort and a restart loop; either stopped
 * every refresh).
 *
 * A failure by a bound is remembered for the file as it is (name, size, time): an unchanged bad file
 * is not parsed again at every load. A reload waits for a parse at most `patienceMs`: a file still
 * being read then fails for this load only ("still being read"; its list keeps the copy served), its
 * parse goes on, and `onSettled` asks for another load when it ends. So a change to another list is
 * served without waiting for a slow file's bound.
 *
 * Threads are reused from one parse to the next (their modules load once); a thread that overran a
 * bound is terminated. The time bound starts when the thread has loaded its modules.
 */
import { Worker } from 'node:worker_threads';
import type { FeedReader } from '../../lists/catalog-feeds.js';
import { ListFormatError, type ListSource, type ParsedList } from '../../lists/model.js';
import type { FeedMatch } from '../../lists/registry.js';
import { siblingModule, workerEntry } from '../../worker-entry.js';
import type { FeedJob, FeedJobAnswer, FromFeedWorker } from './feed-worker.js';

const ENTRY = workerEntry(siblingModule(import.meta.url, 'feed-worker'));
/** Idle parsing threads kept: about one per feed of a full directory. */
const MAX_IDLE = 8;

export interface ParseBounds {
  /** A parse still running after this long is stopped and its file fails (LISTS_PARSE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Heap of the parsing thread; a parse needing more is stopped and its file fails (LISTS_PARSE_MAX_MB). */
  maxHeapMb: number;
}

type Outcome = { parsed: ParsedList } | { error: Error; bound: boolean };

interface Job {
  signature: string;
  startedAt: number;
  outcome: Promise<Outcome>;
  settled: Outcome | null;
  /** A load stopped waiting for it: its end must trigger another load. */
  abandoned: boolean;
  cancel(): void;
}

export class BoundedReader {
  /** The parse of each feed (by feed id and file names): running, or ended and not yet taken. */
  private readonly jobs = new Map<string, Job>();

  constructor(
    private readonly bounds: ParseBounds,
    private readonly onSettled: () => void,
  ) {}

  /** The reader for one load: it waits for each parse at most `patienceMs` (Infinity: until a bound ends it). */
  forLoad(patienceMs: number): FeedReader {
    return (match, options) => this.read(match, [...(options?.skipSources ?? [])].sort(), patienceMs);
  }

  /** Stops every parse (the pipeline is stopping). */
  stop(): void {
    for (const job of this.jobs.values()) job.cancel();
    this.jobs.clear();
    for (const worker of this.idle.splice(0)) void worker.terminate();
  }

  private async read(match: FeedMatch, skip: ListSource[], patienceMs: number): Promise<ParsedList> {
    // One job per feed and skip set: the CSL is asked with other skips while a preferred file is
    // still being read, and restarting its parse at each such change would never let it end.
    const feedKey = `${match.feed.id}:${match.files.map((f) => f.name).join(',')}`;
    const key = `${feedKey}|${skip.join()}`;
    const signature = match.files.map((f) => `${f.name}/${f.size}/${Math.trunc(f.mtimeMs)}`).join(',');
    let job = this.jobs.get(key);
    if (job === undefined || job.signature !== signature) {
      this.cancelOlder(feedKey, signature);
      job = this.start(match, skip, signature);
      this.jobs.set(key, job);
    }
    const outcome = job.settled ?? (await within(job.outcome, patienceMs));
    if (outcome === null) {
      job.abandoned = true;
      const ms = Math.round(performance.now() - job.startedAt);
      throw new ListFormatError(match.files[0].name, 0, `still being read after ${ms} ms; the other lists did not wait for it`);
    }
    // Bound failures stay, so the unchanged file is not parsed again; anything else is taken once.
    if (!('bound' in outcome && outcome.bound) && this.jobs.get(key) === job) this.jobs.delete(key);
    if ('error' in outcome) throw outcome.error;
    return outcome.parsed;
  }

  /** Stops the parses of an older version of the feed's files (the files changed since). */
  private cancelOlder(feedKey: string, signature: string): void {
    for (const [key, job] of this.jobs) {
      if (key.startsWith(`${feedKey}|`) && job.signature !== signature) {
        job.cancel();
        this.jobs.delete(key);
      }
    }
  }

  /** Parsing threads waiting for a job: a thread is reused, so its modules load once, not per parse. */
  private readonly idle: Worker[] = [];

  private start(match: FeedMatch, skip: ListSource[], signature: string): Job {
    const file = match.files[0].name;
    const data: FeedJob = { feedId: match.feed.id, files: match.files, skip };
    const reused = this.idle.pop();
    const worker = reused ?? new Worker(ENTRY, { resourceLimits: { maxOldGenerationSizeMb: this.bounds.maxHeapMb } });
    worker.ref();
    let cancelled = false;
    let timer: NodeJS.Timeout | undefined;
    let resolveOutcome!: (outcome: Outcome) => void;
    const job: Job = {
      signature, startedAt: performance.now(), settled: null, abandoned: false,
      outcome: new Promise<Outcome>((resolve) => (resolveOutcome = resolve)),
      cancel: () => {
        cancelled = true;
        finish({ error: new ListFormatError(file, 0, 'replaced before its read ended'), bound: false }, false);
      },
    };
    const bound = (reason: string): Outcome => ({ error: new ListFormatError(file, 0, reason), bound: true });
    const run = (): void => {
      timer = setTimeout(() => finish(bound(`reading took longer than ${this.bounds.timeoutMs} ms (LISTS_PARSE_TIMEOUT_MS); stopped`), false), this.bounds.timeoutMs);
      worker.postMessage(data);
    };
    const onMessage = (message: FromFeedWorker): void => {
      if (message.type === 'ready') run();
      else finish(answerOutcome(message.answer), true);
    };
    const onError = (error: Error & { code?: string }): void => finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? bound(`reading needed more than ${this.bounds.maxHeapMb} MB of memory (LISTS_PARSE_MAX_MB); stopped`)
      : { error, bound: false }, false);
    const onExit = (code: number): void => finish({ error: new ListFormatError(file, 0, `its reader stopped (exit code ${code})`), bound: false }, false);
    /** `reusable`: the thread answered and may take the next job; otherwise it is terminated. */
    const finish = (outcome: Outcome, reusable: boolean): void => {
      if (job.settled !== null) return;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable && !cancelled && this.idle.length < MAX_IDLE) {
        worker.unref();
        this.idle.push(worker);
      } else {
        void worker.terminate();
      }
      job.settled = outcome;
      resolveOutcome(outcome);
      if (job.abandoned && !cancelled) this.onSettled();
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    if (reused) run();
    return job;
  }
}

function answerOutcome(answer: FeedJobAnswer): Outcome {
  if (answer.ok) return { parsed: answer.parsed };
  const { format } = answer;
  return { error: format ? new ListFormatError(format.file, format.line, format.reason) : new Error(answer.message), bound: false };
}

/** The promise's value, or null when it takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  if (ms === Infinity) return promise;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
