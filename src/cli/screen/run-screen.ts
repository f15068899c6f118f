/**
 * @module The bulk run: input rows -> batches of 100 -> screener -> output in input order.
 *
 * Up to `concurrency` batches are screened at once, but a batch is written only after every batch
 * before it, so the output (and the checkpoint) always covers a gap-free prefix of the input. A stop
 * (interrupt, retries exhausted, key refused) loses only the batches still in flight, which a rerun
 * screens again.
 */
import { resolve } from 'node:path';
import type { Tally } from './checkpoint.js';
import { readRows, scanInput, type InputScan } from './input-file.js';
import { lockOutput } from './output-lock.js';
import { prepareRow, type RowDefaults } from './prepare-rows.js';
import type { ProgressView } from './progress-view.js';
import { ResultSink } from './result-sink.js';
import type { ThreadStats } from './thread-stats.js';
import {
  ScreenStopError,
  type InputFormat, type InputRow, type OutputFormat, type OutputRecord, type RunStats, type Screener, type ValidRow,
} from './screen-records.js';

export interface RunOptions {
  input: string;
  inputFormat: InputFormat;
  /** CSV delimiter; detected from the header row when absent. */
  delimiter?: string;
  /** Told what the first pass over the input found (rows, delimiter, carried columns). */
  onInput?: (scan: InputScan) => void;
  output: string;
  outputFormat: OutputFormat;
  defaults: RowDefaults;
  /** Called only when there is work left, so a finished or refused run loads no lists and reads no key. */
  openScreener: () => Promise<Screener>;
  stats: RunStats;
  concurrency: number;
  batchSize: number;
  /** Stop after this many batches in this run (the rest is left for a rerun); null: no limit. */
  maxBatches: number | null;
  restart: boolean;
  signal: AbortSignal;
  progress: ProgressView;
}

export type RunStatus = 'complete' | 'already-complete' | 'partial' | 'stopped';

export interface RunOutcome {
  status: RunStatus;
  /** Why the run stopped early (status "stopped"). */
  reason: string | null;
  inputRows: number;
  /** Rows already in the output when this run started. */
  resumedFrom: number;
  rowsThisRun: number;
  tally: Tally;
  stats: RunStats;
  elapsedMs: number;
  /** In-process: where each screening thread's time went (null: HTTP mode, or nothing was screened). */
  threads: ThreadStats[] | null;
}

export async function runScreen(options: RunOptions): Promise<RunOutcome> {
  const started = Date.now();
  const scan = await scanInput(options.input, options.inputFormat, options.delimiter);
  options.onInput?.(scan);
  const release = await lockOutput(options.output);
  try {
    const sink = await ResultSink.open({
      output: options.output,
      format: options.outputFormat,
      extraColumns: scan.layout?.extraColumns ?? [],
      input: { path: resolve(options.input), size: scan.size, sha256: scan.sha256, rows: scan.rows },
      settings: {
        inputFormat: options.inputFormat,
        outputFormat: options.outputFormat,
        defaults: options.defaults,
        ...(scan.layout ? { delimiter: scan.layout.delimiter } : {}),
      },
      restart: options.restart,
    });
    let threads: ThreadStats[] | null = null;
    const outcome = (status: RunStatus, reason: string | null): RunOutcome => ({
      status, reason, inputRows: scan.rows, resumedFrom: sink.resumedFrom, rowsThisRun: sink.rowsDone - sink.resumedFrom,
      tally: { ...sink.tally }, stats: options.stats, elapsedMs: Date.now() - started, threads,
    });
    try {
      if (sink.complete) return outcome('already-complete', null);
      const screener = await options.openScreener();
      try {
        options.progress.start(scan.rows, sink.rowsDone);
        const ended = await pump(options, screener, sink, scan.layout?.delimiter);
        options.progress.stop();
        if (ended.status === 'complete') await sink.finish();
        threads = (await screener.threadStats?.()) ?? null;
        return outcome(ended.status, ended.reason);
      } finally {
        options.progress.stop();
        await screener.close();
      }
    } finally {
      await sink.close();
    }
  } finally {
    await release();
  }
}

async function pump(
  options: RunOptions,
  screener: Screener,
  sink: ResultSink,
  delimiter: string | undefined,
): Promise<{ status: RunStatus; reason: string | null }> {
  const committer = orderedCommitter(sink, options.progress);
  const inflight = new Set<Promise<void>>();
  let failure: unknown = null;
  let started = 0;
  let partial = false;
  for await (const batch of batchesOf(readRows(options.input, options.inputFormat, delimiter), sink.rowsDone, options.batchSize)) {
    if (failure !== null || options.signal.aborted) break;
    if (options.maxBatches !== null && started >= options.maxBatches) {
      partial = true;
      break;
    }
    const index = started++;
    const task: Promise<void> = screenBatch(batch, screener, options)
      .then((records) => committer.deliver(index, records))
      .catch((error: unknown) => void (failure ??= error))
      .finally(() => inflight.delete(task));
    inflight.add(task);
    while (inflight.size >= options.concurrency) await Promise.race(inflight);
  }
  await Promise.all(inflight);
  if (failure instanceof ScreenStopError) return { status: 'stopped', reason: failure.message };
  if (failure !== null) throw failure;
  if (options.signal.aborted) return { status: 'stopped', reason: 'interrupted' };
  return partial ? { status: 'partial', reason: `stopped after --max-batches ${options.maxBatches}` } : { status: 'complete', reason: null };
}

/** Rows in batches, skipping the rows a previous run already wrote. */
async function* batchesOf(rows: AsyncIterable<InputRow>, skip: number, size: number): AsyncGenerator<InputRow[]> {
  let seen = 0;
  let batch: InputRow[] = [];
  for await (const row of rows) {
    seen += 1;
    if (seen <= skip) continue;
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function screenBatch(batch: readonly InputRow[], screener: Screener, options: RunOptions): Promise<OutputRecord[]> {
  const prepared = batch.map((row) => prepareRow(row, options.defaults));
  const valid: ValidRow[] = prepared.flatMap((p) => (p.valid ? [p.row] : []));
  const outcomes = valid.length > 0 ? await screener.screen(valid, options.signal) : [];
  let next = 0;
  return prepared.map((p) => {
    if (!p.valid) return p.record;
    const { line, id, warnings, extra } = p.row;
    return { line, id, ...(warnings.length > 0 ? { warnings } : {}), ...(extra ? { extra } : {}), ...outcomes[next++] };
  });
}

/**
 * Writes batches strictly in order, whatever order they finish in. Every batch ready to follow the
 * output goes in one append (one write, one fsync, one checkpoint): while an append waits for the
 * disk, the threads finish more batches, and the next append takes them all.
 */
function orderedCommitter(sink: ResultSink, progress: ProgressView) {
  const ready = new Map<number, OutputRecord[]>();
  let next = 0;
  let chain: Promise<void> = Promise.resolve();
  async function drain(): Promise<void> {
    const records: OutputRecord[] = [];
    for (let batch = ready.get(next); batch !== undefined; batch = ready.get(next)) {
      ready.delete(next);
      for (const record of batch) records.push(record);
      next += 1;
    }
    if (records.length === 0) return;
    await sink.append(records);
    progress.update(sink.rowsDone);
  }
  return {
    deliver(index: number, records: OutputRecord[]): Promise<void> {
      ready.set(index, records);
      chain = chain.then(drain);
      return chain;
    },
  };
}
