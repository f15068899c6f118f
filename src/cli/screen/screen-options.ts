/**
 * @module The options of the bulk `screen` command and their parsers: a bad value is refused by
 * commander with the option named, before any file is opened.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { DEFAULT_FUZZINESS, FUZZINESS_MODES, type Fuzziness } from '../../engine/types.js';
import { isListSource, LIST_SOURCES, type ListSource } from '../../lists/model.js';
import { MAX_LIMIT } from '../../contract/schemas/screen-request.js';
import { parseSince, SINCE_ISSUE } from '../../lists/archive/changes-since.js';
import type { RowDefaults } from './prepare-rows.js';
import type { InputFormat } from './screen-records.js';

export interface ScreenFlags {
  input: string;
  output: string;
  url?: string;
  apiKeyEnv?: string;
  apiKeyFile?: string;
  inProcess?: boolean;
  listsDir?: string;
  /** --index-cache DIR, or false for --no-index-cache; absent: the default directory. */
  indexCache?: string | false;
  inputFormat?: InputFormat;
  delimiter?: string;
  outputFormat?: InputFormat;
  fuzziness?: Fuzziness;
  threshold?: number;
  limit?: number;
  lists?: ListSource[];
  changedSince?: string;
  concurrency: number;
  threads?: number;
  retries: number;
  maxWait: number;
  timeout: number;
  maxBatches?: number;
  restart?: boolean;
  quiet?: boolean;
}

export function screenOptions(command: Command): Command {
  return command
    .requiredOption('-i, --input <file>', 'parties to screen: .csv (with a header row) or .jsonl')
    .requiredOption('-o, --output <file>', 'results: .jsonl (full matches) or .csv (top match)')
    .option('--url <url>', 'server base URL, e.g. http://127.0.0.1:8080', httpUrl)
    // Checked in screen-command.ts, not by a commander parser: commander echoes refused values, and a
    // key pasted here by mistake must not be printed.
    .option('--api-key-env <name>', 'environment variable holding the API key (default: RPS_API_KEY)')
    .option('--api-key-file <path>', 'file holding the API key')
    .option('--in-process', 'screen in this process against LISTS_DIR (no server)')
    .option('--lists-dir <dir>', 'list directory for --in-process (default: LISTS_DIR or data/lists)')
    .option('--index-cache <dir>', 'keep the built list index here for the next --in-process run on the same list files (default: DATA_DIR/index-cache, else ~/.cache/rps/index-cache)')
    .option('--no-index-cache', 'load and build the lists every run, without reading or writing the index cache')
    .addOption(new Option('--input-format <format>', 'when the extension does not tell').choices(['csv', 'jsonl']))
    .addOption(new Option('--output-format <format>', 'when the extension does not tell').choices(['csv', 'jsonl']))
    .addOption(new Option('--delimiter <char>', 'CSV input delimiter (default: detected from the header row)').choices([',', ';', 'tab', '|']))
    .addOption(new Option('--fuzziness <mode>', `for rows that set none (server default: ${DEFAULT_FUZZINESS})`).choices(FUZZINESS_MODES))
    .option('--threshold <0..1>', 'review threshold for rows that set none', fraction)
    .option('--limit <n>', `most matches per row, 1..${MAX_LIMIT} (server default: 10)`, integerIn(1, MAX_LIMIT))
    .option('--lists <sources>', 'screen only against these lists (comma-separated listSource IDs)', listSources)
    .option('--changed-since <version|time>', 'with --url: screen only against entries added or changed since this listsVersion or ISO 8601 UTC time', changedSince)
    .option('--concurrency <n>', 'batches in flight with --url, 1..8', integerIn(1, 8), 2)
    .option('--threads <n>', 'screening threads with --in-process, 1..64 (default: the cores available)', integerIn(1, 64))
    .option('--retries <n>', 'retries of a batch after a 5xx answer or network error, 0..20', integerIn(0, 20), 5)
    .option('--max-wait <seconds>', 'longest Retry-After to wait for; longer stops the run', integerIn(1, 86_400), 300)
    .option('--timeout <seconds>', 'per call with --url', integerIn(1, 3600), 60)
    .option('--max-batches <n>', 'stop after n batches of 100 (run again to continue)', integerIn(1, Number.MAX_SAFE_INTEGER))
    .option('--restart', 'discard an existing output and its checkpoint and start over')
    .option('-q, --quiet', 'no progress bar and no summary (errors are still printed)');
}

export function rowDefaults(flags: ScreenFlags): RowDefaults {
  const defaults: RowDefaults = {};
  if (flags.fuzziness !== undefined) defaults.fuzziness = flags.fuzziness;
  if (flags.threshold !== undefined) defaults.threshold = flags.threshold;
  if (flags.limit !== undefined) defaults.limit = flags.limit;
  if (flags.lists !== undefined) defaults.lists = flags.lists;
  if (flags.changedSince !== undefined) defaults.changedSince = flags.changedSince;
  return defaults;
}

function httpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('must be an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidArgumentError('must be an http:// or https:// URL');
  // Credentials in the URL would end up in process listings and in messages.
  if (url.username !== '' || url.password !== '') throw new InvalidArgumentError('must not contain credentials; use --api-key-env');
  if (url.search !== '' || url.hash !== '') throw new InvalidArgumentError('must not have a query or fragment');
  return value;
}

function fraction(value: string): number {
  const parsed = Number(value);
  if (!/^\d*\.?\d+$/.test(value) || parsed > 1) throw new InvalidArgumentError('must be a number from 0 to 1');
  return parsed;
}

function integerIn(min: number, max: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
    return parsed;
  };
}

function changedSince(value: string): string {
  if (parseSince(value) === null) throw new InvalidArgumentError(SINCE_ISSUE);
  return value;
}

function listSources(value: string): ListSource[] {
  const names = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  const unknown = names.filter((n) => !isListSource(n));
  if (names.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(`unknown list ${unknown.join(', ') || '(none given)'}; known: ${LIST_SOURCES.join(', ')}`);
  }
  return [...new Set(names)] as ListSource[];
}
