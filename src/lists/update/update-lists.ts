/**
 * @module `lists update`: download the official files, validate each unit with its reader, and swap
 * the good ones into LISTS_DIR together. Downloads go to a temporary directory beside LISTS_DIR (same
 * file system, so the final rename is atomic) that is removed afterwards, whatever happened.
 * One unit failing never blocks the others.
 *
 * Requests go through HTTPS_PROXY / HTTP_PROXY unless NO_PROXY names the host; a network error, a
 * timeout, a cut file or a 5xx/408/429 answer is retried LISTS_DOWNLOAD_RETRIES times with
 * exponential backoff (or the server's Retry-After). A file the manifest (.manifest.json) describes,
 * whose bytes are still those recorded, is asked for conditionally (If-None-Match, If-Modified-Since):
 * a 304 leaves it in place, and a unit whose files all answer 304 is `unchanged`.
 */
import { copyFile, link, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.js';
import { backoffMs } from '../../retry.js';
import { fileSha256, readManifest, type Manifest, type ManifestEntry } from '../manifest.js';
import type { ListFile } from '../registry.js';
import { downloadFile, DownloadError, type HeldCopy } from './download.js';
import { redactUrl, selectUnits, type DownloadAttempt, type DownloadFile, type UpdateUnit, type UpdateUnitId } from './official-files.js';
import { SILENT_PROGRESS, type UpdateProgress } from './progress.js';
import { proxyDispatchers, type ProxyChoice } from './proxy.js';
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
  /** HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read from here (default: process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** First retry delay; doubled per retry (default 1 s). */
  retryBaseMs?: number;
}

export interface UnitOutcome {
  unit: UpdateUnitId;
  status: 'updated' | 'unchanged' | 'failed' | 'skipped';
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

/** A Retry-After longer than this is not waited for: the unit fails and the next run tries again. */
const MAX_RETRY_WAIT_MS = 120_000;

/** What every download of one run shares. */
interface RunContext {
  options: UpdateOptions;
  listsDir: string;
  manifest: Manifest;
  proxies: ProxyChoice;
  progress: UpdateProgress;
}

export async function updateLists(options: UpdateOptions): Promise<UpdateReport> {
  const units = selectUnits(options.only);
  if ('unknown' in units) throw new UpdateUsageError(`unknown list or unit: ${units.unknown.join(', ')}`);
  const listsDir = resolve(options.listsDir ?? options.config.listsDir);
  await mkdir(listsDir, { recursive: true });
  const tempRoot = await mkdtemp(join(dirname(listsDir), '.lists-download-'));
  const progress = options.progress ?? SILENT_PROGRESS;
  const proxies = proxyDispatchers(options.env ?? process.env);
  const context: RunContext = { options, listsDir, manifest: await readManifest(listsDir), proxies, progress };
  try {
    const prepared = await Promise.all(units.map((unit) => prepareUnit(unit, tempRoot, context)));
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
    await proxies.close();
    await rm(tempRoot, { recursive: true, force: true });
  }
}

interface Prepared {
  outcome: UnitOutcome;
  staged?: StagedUnit;
}

/** A file of the unit, ready in the temporary directory: downloaded now, or the held copy (304). */
interface Fetched {
  file: ListFile;
  /** The manifest entry for the file; unchanged for a 304. */
  entry: ManifestEntry;
  notModified: boolean;
}

async function prepareUnit(unit: UpdateUnit, tempRoot: string, context: RunContext): Promise<Prepared> {
  const { options } = context;
  const plan = unit.plan(options.config, (options.now ?? (() => new Date()))());
  if ('skip' in plan) return { outcome: { unit: unit.id, status: 'skipped', message: plan.skip, files: [] } };
  const dir = join(tempRoot, unit.id);
  await mkdir(dir);
  const fetched: Fetched[] = [];
  for (const file of plan) {
    const result = await fetchOne(file, dir, context);
    if ('error' in result) return failed(unit, result.error, fetched);
    fetched.push(result);
  }
  if (fetched.every((f) => f.notModified)) return unchanged(unit, fetched);
  const validation = await validateDownload(unit, fetched.map((f) => f.file), context.listsDir, {
    maxCollapse: options.config.listsMaxCollapse,
    force: options.force ?? false,
  });
  if (!validation.ok) return failed(unit, validation.reason.replaceAll(`${dir}/`, ''), fetched);
  const names = fetched.map((f) => f.file.name);
  return {
    outcome: { unit: unit.id, status: 'updated', message: describeCounts(validation.counts, validation.before), files: names, counts: validation.counts, before: validation.before },
    staged: {
      unit,
      files: fetched.map((f) => ({ fileName: f.file.name, path: f.file.path })),
      manifest: Object.fromEntries(fetched.map((f) => [f.file.name, f.entry])),
    },
  };
}

function failed(unit: UpdateUnit, message: string, fetched: readonly Fetched[]): Prepared {
  return { outcome: { unit: unit.id, status: 'failed', message, files: fetched.map((f) => f.file.name) } };
}

function unchanged(unit: UpdateUnit, fetched: readonly Fetched[]): Prepared {
  const since = fetched.map((f) => f.entry.lastModified ?? f.entry.fetchedAt).sort().at(-1);
  return {
    outcome: { unit: unit.id, status: 'unchanged', message: `not modified since ${since}`, files: fetched.map((f) => f.file.name) },
  };
}

/** Tries the attempts in order; only "not there" (404, or 400 from SAM for an unknown file name) moves on. */
async function fetchOne(file: DownloadFile, dir: string, context: RunContext): Promise<Fetched | { error: string }> {
  const { config } = context.options;
  let lastError = '';
  for (const attempt of file.attempts) {
    const path = join(dir, attempt.fileName);
    try {
      return await fetchWithRetries(attempt, path, context);
    } catch (error) {
      await rm(path, { force: true });
      lastError = `${attempt.fileName}: ${hideSecret(error instanceof Error ? error.message : String(error), config)}`;
      const notThere = error instanceof DownloadError && (error.status === 404 || error.status === 400);
      if (!notThere) break;
    }
  }
  return { error: lastError };
}

async function fetchWithRetries(attempt: DownloadAttempt, path: string, context: RunContext): Promise<Fetched> {
  const { config } = context.options;
  const held = await heldCopy(attempt, context);
  for (let retry = 0; ; retry++) {
    const bar = context.progress.file(retry === 0 ? attempt.fileName : `${attempt.fileName} (retry ${retry})`);
    try {
      const fetchedAt = new Date().toISOString();
      const result = await downloadFile(attempt.url, path, {
        timeoutMs: config.listsDownloadTimeoutMs,
        progress: bar,
        dispatcher: context.proxies.dispatcherFor(attempt.url),
        ...(held ? { held: held.validators } : {}),
      });
      bar.finish(result.status === 'downloaded' ? 'ok' : 'not modified');
      if (result.status === 'not-modified' && held) return await useHeldCopy(attempt, path, held.entry, context.listsDir);
      if (result.status === 'not-modified') throw new DownloadError('HTTP 304 to an unconditional request');
      const { status: _status, ...download } = result;
      const entry: ManifestEntry = { url: redactUrl(attempt.url), fetchedAt, ...download };
      return { file: await listFile(attempt.fileName, path), entry, notModified: false };
    } catch (error) {
      bar.finish('failed');
      const wait = retryWait(error, retry + 1, context);
      if (wait === null) throw error;
      await sleep(wait);
    }
  }
}

/** Milliseconds to wait before the next try, or null when the error is final or the retries are spent. */
function retryWait(error: unknown, retryNumber: number, context: RunContext): number | null {
  if (!(error instanceof DownloadError) || !error.retryable) return null;
  if (retryNumber > context.options.config.listsDownloadRetries) return null;
  const wait = error.retryAfterMs ?? backoffMs(retryNumber, context.options.retryBaseMs ?? 1000, MAX_RETRY_WAIT_MS);
  return wait > MAX_RETRY_WAIT_MS ? null : wait;
}

/**
 * The manifest's validators for the copy in LISTS_DIR, when it came from the same URL and its bytes
 * are still those recorded (a file replaced by hand is downloaded again, not kept because of a 304).
 */
async function heldCopy(attempt: DownloadAttempt, context: RunContext): Promise<{ entry: ManifestEntry; validators: HeldCopy } | null> {
  const entry = context.manifest.files[attempt.fileName];
  if (entry === undefined || entry.url !== redactUrl(attempt.url)) return null;
  if (entry.etag === undefined && entry.lastModified === undefined) return null;
  const current = join(context.listsDir, attempt.fileName);
  if ((await fileSha256(current).catch(() => null)) !== entry.sha256) return null;
  const validators: HeldCopy = {};
  if (entry.etag !== undefined) validators.etag = entry.etag;
  if (entry.lastModified !== undefined) validators.lastModified = entry.lastModified;
  return { entry, validators };
}

/** A 304: the held file joins the unit's download directory, so a family still validates whole. */
async function useHeldCopy(attempt: DownloadAttempt, path: string, entry: ManifestEntry, listsDir: string): Promise<Fetched> {
  const current = join(listsDir, attempt.fileName);
  try {
    await link(current, path);
  } catch {
    await copyFile(current, path);
  }
  return { file: await listFile(attempt.fileName, path), entry, notModified: true };
}

async function listFile(name: string, path: string): Promise<ListFile> {
  const info = await stat(path);
  return { name, path, size: info.size, mtimeMs: info.mtimeMs };
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
