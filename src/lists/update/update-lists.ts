/**
 * @module `lists update`: download the official files, validate each unit with its reader, and swap
 * the good ones into LISTS_DIR together. Downloads go to a temporary directory beside LISTS_DIR (same
 * file system, so the final rename is atomic) that is removed afterwards, whatever happened.
 * One unit failing never blocks the others.
 */
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../../config.js';
import type { ListFile } from '../registry.js';
import { downloadFile, DownloadError } from './download.js';
import { redactUrl, selectUnits, type DownloadFile, type UpdateUnit, type UpdateUnitId } from './official-files.js';
import { SILENT_PROGRESS, type UpdateProgress } from './progress.js';
import { swapIntoPlace, type StagedUnit } from './swap.js';
import { validateDownload, type SourceCounts } from './validate.js';

export interface UpdateOptions {
  config: Readonly<Config>;
  /** Defaults to config.listsDir. */
  listsDir?: string;
  /** Unit ids or list source ids; all units when absent. */
  only?: readonly string[];
  /** Accept a collapsed or empty list. */
  force?: boolean;
  progress?: UpdateProgress;
  now?: () => Date;
}

export interface UnitOutcome {
  unit: UpdateUnitId;
  status: 'updated' | 'failed' | 'skipped';
  /** One line: the reason for failed/skipped, naming file and line where known. */
  message: string;
  files: string[];
  counts?: SourceCounts;
  before?: SourceCounts | null;
}

export interface UpdateReport {
  listsDir: string;
  outcomes: UnitOutcome[];
  /** True when no unit failed (skipped units, e.g. SAM without an API key, are not failures). */
  ok: boolean;
}

export class UpdateUsageError extends Error {}

export async function updateLists(options: UpdateOptions): Promise<UpdateReport> {
  const units = selectUnits(options.only);
  if ('unknown' in units) throw new UpdateUsageError(`unknown list or unit: ${units.unknown.join(', ')}`);
  const listsDir = resolve(options.listsDir ?? options.config.listsDir);
  await mkdir(listsDir, { recursive: true });
  const tempRoot = await mkdtemp(join(dirname(listsDir), '.lists-download-'));
  const progress = options.progress ?? SILENT_PROGRESS;
  try {
    const prepared = await Promise.all(units.map((unit) => prepareUnit(unit, listsDir, tempRoot, options, progress)));
    progress.stop();
    const staged = prepared.filter((p): p is Prepared & { staged: StagedUnit } => p.staged !== undefined);
    try {
      await swapIntoPlace(listsDir, staged.map((p) => p.staged));
    } catch (error) {
      const reason = `could not move files into ${listsDir}: ${(error as Error).message}`;
      for (const p of staged) Object.assign(p.outcome, { status: 'failed', message: reason });
    }
    const outcomes = prepared.map((p) => p.outcome);
    return { listsDir, outcomes, ok: outcomes.every((o) => o.status !== 'failed') };
  } finally {
    progress.stop();
    await rm(tempRoot, { recursive: true, force: true });
  }
}

interface Prepared {
  outcome: UnitOutcome;
  staged?: StagedUnit;
}

async function prepareUnit(
  unit: UpdateUnit,
  listsDir: string,
  tempRoot: string,
  options: UpdateOptions,
  progress: UpdateProgress,
): Promise<Prepared> {
  const plan = unit.plan(options.config, (options.now ?? (() => new Date()))());
  if ('skip' in plan) return { outcome: { unit: unit.id, status: 'skipped', message: plan.skip, files: [] } };
  const dir = join(tempRoot, unit.id);
  await mkdir(dir);
  const fetched: ListFile[] = [];
  for (const file of plan) {
    const result = await fetchOne(file, dir, options.config, progress);
    if ('error' in result) return failed(unit, result.error, fetched);
    fetched.push(result.file);
  }
  const validation = await validateDownload(unit, fetched, listsDir, {
    maxCollapse: options.config.listsMaxCollapse,
    force: options.force ?? false,
  });
  if (!validation.ok) return failed(unit, validation.reason.replaceAll(`${dir}/`, ''), fetched);
  const names = fetched.map((f) => f.name);
  return {
    outcome: { unit: unit.id, status: 'updated', message: describeCounts(validation.counts, validation.before), files: names, counts: validation.counts, before: validation.before },
    staged: { unit, files: fetched.map((f) => ({ fileName: f.name, path: f.path })) },
  };
}

function failed(unit: UpdateUnit, message: string, fetched: readonly ListFile[]): Prepared {
  return { outcome: { unit: unit.id, status: 'failed', message, files: fetched.map((f) => f.name) } };
}

/** Tries the attempts in order; only "not there" (404, or 400 from SAM for an unknown file name) moves on. */
async function fetchOne(
  file: DownloadFile,
  dir: string,
  config: Readonly<Config>,
  progress: UpdateProgress,
): Promise<{ file: ListFile } | { error: string }> {
  let lastError = '';
  for (const attempt of file.attempts) {
    const path = join(dir, attempt.fileName);
    const bar = progress.file(attempt.fileName);
    try {
      const size = await downloadFile(attempt.url, path, { timeoutMs: config.listsDownloadTimeoutMs, progress: bar });
      bar.finish('ok');
      const info = await stat(path);
      return { file: { name: attempt.fileName, path, size, mtimeMs: info.mtimeMs } };
    } catch (error) {
      bar.finish('failed');
      await rm(path, { force: true });
      lastError = `${attempt.fileName}: ${hideSecret(error instanceof Error ? error.message : String(error), config)}`;
      const notThere = error instanceof DownloadError && (error.status === 404 || error.status === 400);
      if (!notThere) break;
    }
  }
  return { error: lastError };
}

/** Belt and braces: the SAM key never reaches a message, whatever form an error quotes the URL in. */
function hideSecret(message: string, config: Readonly<Config>): string {
  const redacted = redactUrl(message);
  return config.samApiKey ? redacted.replaceAll(config.samApiKey, '***') : redacted;
}

function describeCounts(counts: SourceCounts, before: SourceCounts | null): string {
  return Object.entries(counts)
    .map(([source, count]) => {
      const old = before?.[source as keyof SourceCounts];
      return old === undefined ? `${source} ${count}` : `${source} ${count} (was ${old})`;
    })
    .join(', ');
}
