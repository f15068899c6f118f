/**
 * @module The output file and its checkpoint, which make a bulk run resumable.
 *
 * Rows are appended a run of completed batches at a time, in input order, and fsynced; then the checkpoint
 * (`<output>.checkpoint.json`: rows done, output length, tallies) is replaced atomically. After a
 * crash the output may hold a batch the checkpoint does not count: a resumed run truncates the output
 * to the checkpoint's length and redoes that batch, so no row is lost or written twice. The
 * checkpoint holds counts and the input's SHA-256, never a name.
 */
import { open, rename, rm, stat, truncate, type FileHandle } from 'node:fs/promises';
import { formatRecord, outputPreamble, suppressedMatches } from './output-format.js';
import { readCheckpoint, resumeProblem, type Checkpoint, type CheckpointInput, type RunSettings, type Tally } from './checkpoint.js';
import { ScreenUsageError, type OutputFormat, type OutputRecord } from './screen-records.js';

export interface SinkOptions {
  output: string;
  format: OutputFormat;
  /** Input columns carried through (CSV output: after the result columns). */
  extraColumns: readonly string[];
  input: CheckpointInput;
  settings: RunSettings;
  /** Discard an existing output and checkpoint and start over. */
  restart: boolean;
}

export class ResultSink {
  readonly resumedFrom: number;

  private constructor(
    private readonly options: SinkOptions,
    private readonly handle: FileHandle | null,
    private state: Checkpoint,
  ) {
    this.resumedFrom = state.rowsDone;
  }

  static async open(options: SinkOptions): Promise<ResultSink> {
    const path = checkpointPath(options.output);
    if (options.restart) await Promise.all([rm(options.output, { force: true }), rm(path, { force: true })]);
    const previous = await readCheckpoint(path);
    if (previous === null) return ResultSink.start(options);
    const problem = resumeProblem(previous, options.input, options.settings);
    if (problem !== null) throw new ScreenUsageError(`cannot resume ${options.output}: ${problem}; pass --restart to screen the file again from the start`);
    const size = await sizeOf(options.output);
    if (size === null || size < previous.outputBytes) {
      throw new ScreenUsageError(`cannot resume: ${options.output} is missing or shorter than its checkpoint says; pass --restart to start over`);
    }
    if (previous.complete) return new ResultSink(options, null, previous);
    await truncate(options.output, previous.outputBytes);
    return new ResultSink(options, await open(options.output, 'a'), previous);
  }

  private static async start(options: SinkOptions): Promise<ResultSink> {
    const size = await sizeOf(options.output);
    if (size !== null && size > 0) {
      throw new ScreenUsageError(`${options.output} already exists and has no checkpoint; pass --restart to overwrite it, or choose another --output`);
    }
    const handle = await open(options.output, 'w');
    const preamble = outputPreamble(options.format, options.extraColumns);
    await handle.write(preamble);
    await handle.sync();
    const sink = new ResultSink(options, handle, {
      version: 1,
      input: options.input,
      settings: options.settings,
      rowsDone: 0,
      outputBytes: Buffer.byteLength(preamble),
      tally: { rows: 0, clear: 0, manualReview: 0, block: 0, errors: 0, warnings: 0, suppressed: 0 },
      complete: false,
      updatedAt: new Date().toISOString(),
    });
    await sink.save();
    return sink;
  }

  get complete(): boolean {
    return this.state.complete;
  }

  get tally(): Readonly<Tally> {
    return this.state.tally;
  }

  get rowsDone(): number {
    return this.state.rowsDone;
  }

  /** Appends rows (in input order; one or more batches) durably, then moves the checkpoint past them. */
  async append(records: readonly OutputRecord[]): Promise<void> {
    if (this.handle === null) throw new Error('the output is complete');
    const text = records.map((r) => formatRecord(r, this.options.format)).join('');
    await this.handle.write(text);
    await this.handle.sync();
    const tally = { ...this.state.tally };
    for (const record of records) countInto(tally, record);
    this.state = {
      ...this.state,
      rowsDone: this.state.rowsDone + records.length,
      outputBytes: this.state.outputBytes + Buffer.byteLength(text),
      tally,
      updatedAt: new Date().toISOString(),
    };
    await this.save();
  }

  /** Marks the run complete: rerunning the same command then reports it instead of redoing it. */
  async finish(): Promise<void> {
    this.state = { ...this.state, complete: true, updatedAt: new Date().toISOString() };
    await this.save();
  }

  async close(): Promise<void> {
    await this.handle?.close();
  }

  private async save(): Promise<void> {
    const path = checkpointPath(this.options.output);
    const temp = `${path}.tmp`;
    const file = await open(temp, 'w');
    try {
      await file.write(`${JSON.stringify(this.state, null, 2)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  }
}

export const checkpointPath = (output: string): string => `${output}.checkpoint.json`;

function countInto(tally: Tally, record: OutputRecord): void {
  tally.rows += 1;
  if (record.ok && record.warnings !== undefined) tally.warnings = (tally.warnings ?? 0) + 1;
  if (record.ok) tally.suppressed = (tally.suppressed ?? 0) + suppressedMatches(record.response);
  if (!record.ok) tally.errors += 1;
  else if (record.response.summary.recommendedAction === 'block') tally.block += 1;
  else if (record.response.summary.recommendedAction === 'manual-review') tally.manualReview += 1;
  else tally.clear += 1;
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
