/**
 * @module The `lists` command group: `lists update` (download, validate, swap) and `lists show`
 * (the catalog of a directory as a table).
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { loadListSet, type ListStatus } from '../lists/catalog.js';
import { UPDATE_UNITS } from '../lists/update/official-files.js';
import { SILENT_PROGRESS, terminalProgress } from '../lists/update/progress.js';
import { updateLists, type UnitOutcome } from '../lists/update/update-lists.js';
import { formatTable } from './text-table.js';

export function registerListsCommand(program: Command): void {
  const lists = program.command('lists').description('download and inspect the restricted-party list files');
  registerUpdate(lists);
  registerShow(lists);
}

const UNIT_HELP = UPDATE_UNITS.map((u) => `  ${u.id.padEnd(18)} ${u.sources.join(', ')}`).join('\n');

function registerUpdate(lists: Command): void {
  lists
    .command('update')
    .description('download the official list files, validate them and swap them into LISTS_DIR')
    .option('--only <lists>', 'update only these units or list sources (comma-separated)', splitList)
    .option('--dir <path>', 'list directory (default: LISTS_DIR or data/lists)')
    .option('--force', 'accept a list whose entry count collapsed or that is empty')
    .option('-q, --quiet', 'no progress bar and no lines for lists that went well')
    .addHelpText(
      'after',
      `
Units (--only takes a unit or any list source it carries):
${UNIT_HELP}

Each unit is downloaded into a temporary directory beside LISTS_DIR, parsed with its reader, and
rejected when it does not parse or its entry count falls by more than LISTS_MAX_COLLAPSE (default
0.5) unless --force. Good units replace the files in LISTS_DIR atomically; the replaced files are
kept in LISTS_DIR/.previous/. A failing unit never touches the others or the current copy.

OFAC is fetched as the classic XML (sdn.xml, consolidated.xml: they carry the publication date); a
legacy CSV family in LISTS_DIR is still read and is replaced by the first update.
LISTS_DIR/.manifest.json records each download's URL, time, Last-Modified, ETag, SHA-256 and size;
the next run asks conditionally (If-None-Match / If-Modified-Since) and a 304 leaves the file as it
is ("unchanged"). HTTPS_PROXY / HTTP_PROXY / NO_PROXY are honoured; network errors, timeouts and
5xx/408/429 answers are retried LISTS_DOWNLOAD_RETRIES times (default 4) with exponential backoff.

gsa-sam needs SAM_API_KEY (a SAM.gov API key); without it, it is skipped. URLs can be overridden
with LISTS_URL_OFAC, LISTS_URL_CSL, LISTS_URL_DPL, LISTS_URL_SAM and LISTS_URL_UFLPA.

Exit status: 0 when nothing failed, 1 when a unit failed, 2 on a usage or configuration error.`,
    )
    .action(runUpdate);
}

interface UpdateFlags {
  only?: string[];
  dir?: string;
  force?: boolean;
  quiet?: boolean;
}

async function runUpdate(flags: UpdateFlags): Promise<void> {
  const config = loadConfig();
  const showProgress = !flags.quiet && process.stderr.isTTY === true;
  const report = await updateLists({
    config,
    listsDir: flags.dir,
    only: flags.only,
    force: flags.force,
    progress: showProgress ? terminalProgress() : SILENT_PROGRESS,
  });
  for (const outcome of report.outcomes) {
    if (outcome.status === 'failed') process.stderr.write(`${outcomeLine(outcome)}\n`);
    else if (!flags.quiet) process.stdout.write(`${outcomeLine(outcome)}\n`);
  }
  if (!report.ok) process.exitCode = 1;
}

function outcomeLine(outcome: UnitOutcome): string {
  const label = outcome.status === 'failed' ? 'FAILED' : outcome.status;
  const files = outcome.status === 'updated' ? `${outcome.files.join(', ')}: ` : '';
  return `${label.padEnd(8)} ${outcome.unit.padEnd(18)} ${files}${outcome.message}`;
}

function registerShow(lists: Command): void {
  lists
    .command('show')
    .alias('status')
    .description('load a list directory and print its catalog (what GET /lists would answer)')
    .option('--dir <path>', 'list directory (default: LISTS_DIR or data/lists)')
    .option('--json', 'print the catalog as JSON')
    .action(runShow);
}

async function runShow(flags: { dir?: string; json?: boolean }): Promise<void> {
  const config = loadConfig();
  const set = await loadListSet({ dir: flags.dir ?? config.listsDir, staleAfterMs: config.listsStaleAfterMs });
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ dir: set.dir, sample: set.sample, data: set.catalog }, null, 2)}\n`);
    return;
  }
  const where = set.sample ? `${set.dir} (bundled sample: no list file in ${flags.dir ?? config.listsDir})` : set.dir;
  process.stdout.write(`${where}\n\n${catalogTable(set.catalog)}\n`);
  const errors = set.catalog.filter((s) => s.error !== undefined);
  if (errors.length > 0) process.stdout.write(`\n${errors.map((s) => `${s.source}: ${s.error}`).join('\n')}\n`);
}

export function catalogTable(catalog: readonly ListStatus[]): string {
  return formatTable<ListStatus>(
    [
      { header: 'SOURCE', value: (s) => s.source },
      { header: 'STATUS', value: (s) => s.status },
      { header: 'ENTRIES', value: (s) => s.entryCount },
      { header: 'PUBLISHED (UTC)', value: (s) => (s.publishedAtSource === 'file-time' ? `date unknown (file time ${shortTimestamp(s.publishedAt)})` : shortTimestamp(s.publishedAt)) },
      { header: 'VERSION', value: (s) => s.version ?? '-' },
      { header: 'FORMAT', value: (s) => s.format ?? '-' },
      { header: 'FILES', value: (s) => s.files?.join(', ') ?? '-' },
    ],
    catalog,
  );
}

/** "2023-11-28T00:00:00.000Z" -> "2023-11-28", "2025-12-01T14:05:09.000Z" -> "2025-12-01 14:05": the table is for people. */
function shortTimestamp(iso: string | null): string {
  if (iso === null) return '-';
  const [day, time = ''] = iso.split('T');
  const minutes = time.slice(0, 5);
  return minutes === '' || minutes === '00:00' ? day : `${day} ${minutes}`;
}

function splitList(value: string, previous: string[] | undefined): string[] {
  const names = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  return [...(previous ?? []), ...names];
}

