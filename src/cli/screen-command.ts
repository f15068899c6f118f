/**
 * @module `screen --input people.csv --output results.jsonl`: bulk screening for batch callers,
 * against a running service (--url, 100 entities per call) or in this process (--in-process).
 * Resumable: rerunning the same command continues after the last completed batch.
 *
 * The API key comes from an environment variable or a file, never from the command line (argv is
 * visible to every user of the machine and lands in shell history). Nothing printed here contains
 * the key or a screened name.
 */
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { coverageFromCatalog, coverageSummary, coverageTable, coverageWarnings, fetchCoverage, type Coverage } from './screen/coverage-view.js';
import { CSV_COLUMNS_HELP, DELIMITERS } from './screen/csv-input.js';
import { createHttpScreener } from './screen/http-screener.js';
import { changesSummary, fetchChanges } from './screen/changes-view.js';
import { createInProcessScreener } from './screen/in-process-screener.js';
import { createWorkerScreener } from './screen/worker-screener.js';
import { defaultIndexCacheDir } from './screen/index-cache.js';
import { formatOf, type InputScan } from './screen/input-file.js';
import { NO_PROGRESS, terminalProgress } from './screen/progress-view.js';
import { runScreen, type RunOutcome } from './screen/run-screen.js';
import { newRunStats, ScreenUsageError, type RunStats, type Screener } from './screen/screen-records.js';
import { rowDefaults, screenOptions, type ScreenFlags } from './screen/screen-options.js';
import type { ListsOptions } from './screen/shared-lists.js';
import { statusLine, summaryTable } from './screen/summary-table.js';
import type { ThreadStats } from './screen/thread-stats.js';
import { PROCESS_IO, type CliIo } from './session-command.js';

export interface ScreenIo extends CliIo {
  /** Where the progress bar goes; null (not a terminal, or a test) shows none. */
  readonly progressStream: NodeJS.WritableStream | null;
  /** Stop gracefully on Ctrl-C (the process entry point only). */
  readonly handleSignals: boolean;
  readonly setExitCode: (code: number) => void;
  /** In-process runs: where each screening thread's time went (bench/bulk.bench.ts prints it); nothing is printed otherwise. */
  readonly threadStats?: (stats: readonly ThreadStats[]) => void;
}

const PROCESS_SCREEN_IO: ScreenIo = {
  ...PROCESS_IO,
  progressStream: process.stderr.isTTY === true ? process.stderr : null,
  handleSignals: true,
  setExitCode: (code) => void (process.exitCode = code),
};

const EXAMPLES = `
Modes (exactly one):
  --url URL          POST batches of 100 to URL/sanctions-screening/v1/screen/batch; the API key is
                     read from the variable named by --api-key-env (default RPS_API_KEY) or from
                     --api-key-file, never from the command line.
  --in-process       load LISTS_DIR (or --lists-dir) and screen here: no server, key or quota.

Input: .csv with a header row (delimiter ",", ";", tab or "|", detected from the header unless
--delimiter names it); column names in any case, spaces, "_" and "-" ignored:
  ${CSV_COLUMNS_HELP}
Other columns are not screened: they are carried through to the output unchanged.
Or .jsonl: one request object per line as the API takes it, plus an optional "id".
Output, one row per input row in input order: line, id, requestId, recommendedAction, match count
and top match (listSource, entryId, matchedName, confidence), warnings, coverage status, then the
carried columns; .jsonl adds every match with its evidence. An invalid optional field (a date of
birth such as 1990-02-30, a bad country code or identifier) is left out and named in the warnings
column: the name is still screened. An invalid name or setting makes an error row; the run goes on.
The lists screened against (status, entries, publication date) are printed before the first row
and in the summary; sample, missing or stale lists are called out.

Resuming: rows are written batch by batch with a checkpoint beside the output
(OUTPUT.checkpoint.json). After an interruption, a refused key or exhausted retries, run the same
command again: it continues after the last completed batch. --restart starts over.
A 429 is honoured by waiting for its Retry-After (up to --max-wait); 5xx answers and network errors
are retried --retries times with exponential backoff, then the run stops (resumable).

Examples:
  export RPS_API_KEY=svc_live_...
  rps screen --input people.csv --output results.csv --url https://screening.example.com
  rps screen -i people.jsonl -o results.jsonl --url http://127.0.0.1:8080 --api-key-file ~/.rps-key
  rps screen -i people.csv -o results.jsonl --in-process --lists-dir /srv/lists --fuzziness strict
  rps screen -i customers.csv -o new-matches.csv --url http://127.0.0.1:8080 --changed-since 5c1e0a7d93b2f468
    (only the list entries added or changed since that lists version; prints the next --changed-since)

Exit status: 0 done (or --max-batches reached), 1 stopped early (resumable), 2 usage error,
130 interrupted.`;

export function registerScreenCommand(program: Command, io: ScreenIo = PROCESS_SCREEN_IO): void {
  const command = program
    .command('screen')
    .description('screen a CSV or JSONL file of parties in bulk, against a server or in-process (resumable)');
  screenOptions(command).addHelpText('after', EXAMPLES).action(async (flags: ScreenFlags) => {
    try {
      io.setExitCode(await runCommand(flags, io));
    } catch (error) {
      if (!(error instanceof ScreenUsageError)) throw error;
      io.err(`error: ${error.message}\n`);
      io.setExitCode(2);
    }
  });
}

async function runCommand(flags: ScreenFlags, io: ScreenIo): Promise<number> {
  if (resolve(flags.input) === resolve(flags.output)) throw new ScreenUsageError('--output must not be the --input file');
  if (!existsSync(dirname(resolve(flags.output)))) throw new ScreenUsageError(`the directory of --output ${flags.output} does not exist`);
  const stats = newRunStats();
  const seen: { coverage: Coverage | null } = { coverage: null };
  const openScreener = await screenerFor(flags, stats, io, (coverage) => (seen.coverage = coverage));
  const controller = new AbortController();
  const onSigint = () => (controller.signal.aborted ? process.exit(130) : controller.abort());
  if (io.handleSignals) process.on('SIGINT', onSigint);
  try {
    const outcome = await runScreen({
      input: flags.input,
      inputFormat: formatOf(flags.input, flags.inputFormat, '--input-format'),
      ...(flags.delimiter !== undefined ? { delimiter: DELIMITERS[flags.delimiter] } : {}),
      onInput: (scan) => describeInput(scan, flags, io),
      output: flags.output,
      outputFormat: formatOf(flags.output, flags.outputFormat, '--output-format'),
      defaults: rowDefaults(flags),
      openScreener,
      stats,
      concurrency: flags.url !== undefined ? flags.concurrency : inFlightBatches(threadsOf(flags)),
      batchSize: 100,
      maxBatches: flags.maxBatches ?? null,
      restart: flags.restart === true,
      signal: controller.signal,
      progress: io.progressStream !== null && flags.quiet !== true ? terminalProgress(io.progressStream, stats) : NO_PROGRESS,
    });
    if (outcome.threads !== null) io.threadStats?.(outcome.threads);
    return report(outcome, flags, io, seen.coverage);
  } finally {
    if (io.handleSignals) process.off('SIGINT', onSigint);
  }
}

/** Before the run: the delimiter found and the columns that are carried, not screened. */
function describeInput(scan: InputScan, flags: ScreenFlags, io: ScreenIo): void {
  if (flags.quiet === true || scan.layout === null) return;
  const delimiter = scan.layout.delimiter === '\t' ? 'tab' : `"${scan.layout.delimiter}"`;
  const carried = scan.layout.extraColumns.length > 0 ? `; carried to the output, not screened: ${scan.layout.extraColumns.join(', ')}` : '';
  io.err(`input: ${scan.rows} rows, delimiter ${delimiter}${carried}\n`);
}

function report(outcome: RunOutcome, flags: ScreenFlags, io: ScreenIo, coverage: Coverage | null): number {
  const lists = coverage === null ? null : coverageSummary(coverage);
  if (flags.quiet !== true || outcome.status === 'stopped') io.out(`${summaryTable(outcome, lists)}\n\n`);
  const line = `${statusLine(outcome, flags.output)}\n`;
  if (outcome.status !== 'stopped') {
    io.out(line);
    return 0;
  }
  io.err(line);
  return outcome.reason === 'interrupted' ? 130 : 1;
}

/**
 * Checks the mode's flags and reads the API key up front (a usage error should not wait for a large
 * input to be counted); the lists of --in-process are loaded only when there is work left.
 */
async function screenerFor(
  flags: ScreenFlags,
  stats: RunStats,
  io: ScreenIo,
  onCoverage: (coverage: Coverage) => void,
): Promise<() => Promise<Screener>> {
  if ((flags.url === undefined) === (flags.inProcess !== true)) {
    throw new ScreenUsageError('choose one mode: --url <server> or --in-process');
  }
  if (flags.url === undefined) {
    if (flags.apiKeyEnv !== undefined || flags.apiKeyFile !== undefined) {
      throw new ScreenUsageError('--api-key-env and --api-key-file go with --url, not --in-process');
    }
    if (flags.changedSince !== undefined) throw new ScreenUsageError('--changed-since goes with --url (the server keeps the version archive), not --in-process');
    return () => localScreener(flags, io, onCoverage);
  }
  if (flags.listsDir !== undefined) throw new ScreenUsageError('--lists-dir goes with --in-process, not --url');
  if (flags.changedSince !== undefined && flags.url === undefined) throw new ScreenUsageError('--changed-since goes with --url (the server keeps the version archive)');
  if (flags.indexCache !== undefined) throw new ScreenUsageError('--index-cache goes with --in-process, not --url');
  if (flags.threads !== undefined) throw new ScreenUsageError('--threads goes with --in-process; with --url use --concurrency');
  const { url } = flags;
  const apiKey = await readApiKey(flags, io);
  const screener = httpScreener(flags, url, stats, apiKey);
  return async () => {
    const coverage = await fetchCoverage(url, apiKey, flags.timeout * 1000);
    showCoverage(coverage, `screening against ${url}`, flags, io);
    if (flags.changedSince !== undefined) io.err(`${changesSummary(await fetchChanges(url, apiKey, flags.changedSince, flags.timeout * 1000), flags.changedSince)}\n`);
    onCoverage(coverage);
    return screener;
  };
}

function showCoverage(coverage: Coverage, heading: string, flags: ScreenFlags, io: ScreenIo): void {
  if (flags.quiet !== true) io.err(`${heading}\n${coverageTable(coverage)}\n`);
  for (const warning of coverageWarnings(coverage)) io.err(`${warning}\n`);
}

function httpScreener(flags: ScreenFlags, url: string, stats: RunStats, apiKey: string): Screener {
  return createHttpScreener({
    url,
    apiKey,
    stats,
    maxRetries: flags.retries,
    maxWaitMs: flags.maxWait * 1000,
    timeoutMs: flags.timeout * 1000,
    retryBaseMs: 500,
    userAgent: 'rps-screen',
  });
}

/** The API key from --api-key-file or the variable --api-key-env names (default RPS_API_KEY); ScreenUsageError otherwise. */
export async function readApiKey(flags: Pick<ScreenFlags, 'apiKeyEnv' | 'apiKeyFile'>, io: CliIo): Promise<string> {
  let key: string;
  if (flags.apiKeyFile !== undefined) {
    if (flags.apiKeyEnv !== undefined) throw new ScreenUsageError('pass --api-key-env or --api-key-file, not both');
    key = await readFile(flags.apiKeyFile, 'utf8').then((t) => t.trim(), (e: NodeJS.ErrnoException) => {
      throw new ScreenUsageError(`cannot read the API key file ${flags.apiKeyFile}: ${e.code ?? e.message}`);
    });
    if (key === '') throw new ScreenUsageError(`the API key file ${flags.apiKeyFile} is empty`);
  } else {
    const name = flags.apiKeyEnv ?? 'RPS_API_KEY';
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) || /^svc_/i.test(name)) {
      throw new ScreenUsageError('--api-key-env takes the NAME of an environment variable holding the API key, not the key itself');
    }
    key = io.env[name]?.trim() ?? '';
    if (key === '') throw new ScreenUsageError(`no API key: set ${name}, or pass --api-key-env NAME or --api-key-file PATH`);
  }
  // Checked without echoing the key: a stray newline or space would break the Authorization header.
  if (!/^[\x21-\x7e]+$/.test(key)) throw new ScreenUsageError('the API key must be one token of printable characters without spaces');
  return key;
}

async function localScreener(flags: ScreenFlags, io: ScreenIo, onCoverage: (coverage: Coverage) => void): Promise<Screener> {
  const config = loadConfig(io.env);
  const lists: ListsOptions = {
    listsDir: flags.listsDir ?? config.listsDir,
    staleAfterMs: config.listsStaleAfterMs,
    cacheDir: flags.indexCache === false ? null : (flags.indexCache ?? defaultIndexCacheDir(io.env)),
    warn: (line) => io.err(`${line}\n`),
  };
  const threads = threadsOf(flags);
  const { screener, info, cacheNote } = threads > 1 ? await createWorkerScreener({ ...lists, threads }) : await createInProcessScreener(lists);
  const coverage = coverageFromCatalog(info.catalog);
  // With no list file the set is the bundled sample: the coverage warning names every list as SAMPLE.
  const where = info.sample ? `${info.dir} (no list file in ${flags.listsDir ?? config.listsDir}: the bundled sample)` : info.dir;
  showCoverage(coverage, `screening in-process against ${where} (${info.entries} list entries)`, flags, io);
  if (cacheNote !== null && flags.quiet !== true) io.err(`${cacheNote}\n`);
  onCoverage(coverage);
  return screener;
}

/** --threads, or one per core the process may use. */
function threadsOf(flags: ScreenFlags): number {
  return flags.threads ?? availableParallelism();
}

/**
 * Batches in flight in-process: one thread screens in line as before; N threads get 16N. A batch
 * stays in flight until it is written (output in input order), and an append waits for the disk
 * (fsync) while the threads go on: the window must hold what they finish meanwhile, or they run out
 * of batches. Measured with 2 threads on a loaded machine (100,000 rows, load 16-17): with 8N a
 * screening thread was idle 4-17 % of its time, with 16N 2-3 %; with 4N (and one append per batch)
 * 15-25 %. This window is what bounds memory (16N x 100 rows and their answers).
 */
function inFlightBatches(threads: number): number {
  return threads > 1 ? threads * 16 : 1;
}
