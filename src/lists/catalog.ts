/**
 * @module The list catalog: loads every list file of LISTS_DIR (or the bundled sample) into one
 * entry set, with one status line per list source for `GET /lists`.
 *
 * Which file feeds which source is decided in registry.ts (tiers) and catalog-select.ts (freshness).
 * A file that fails to parse never takes the others down: its sources keep the previous good copy
 * when there is one (turning `stale` after `staleAfterMs`), else fall back to the next file that
 * offers them, else are `missing`; the one-line error is in `error` either way.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIST_SOURCES, type DropCounts, type ListEntry, type ListSource } from './model.js';
import { LIST_INFO } from './sources.js';
import { fingerprintOf, scanListDir, waitForUpdate, type DirScan } from './catalog-scan.js';
import { readFeeds, type FeedCache, type FeedResult } from './catalog-feeds.js';
import { pickSource, type SourcePick } from './catalog-select.js';

export type ListStatusValue = 'ok' | 'stale' | 'missing' | 'sample';

export interface ListStatus {
  source: ListSource;
  name: string;
  publisher: string;
  entryCount: number;
  /** The publisher's date on the file, else the download time (mtime) of the newest file used. */
  publishedAt: string | null;
  /** When this process last loaded the list successfully. */
  lastRefresh: string | null;
  status: ListStatusValue;
  sourceUrl: string;
  /** Reader id of the file used, e.g. "ofac-legacy-csv". */
  format?: string;
  files?: string[];
  /**
   * Fields and records the reader dropped, for the whole file (which may feed other lists too). A
   * CSL file's rows of lists that a preferred file supplies are not mapped, so not counted here.
   */
  dropped?: DropCounts;
  /** One line naming file and line of the last failure concerning this list. */
  error?: string;
}

export interface LoadedListSet {
  entries: ListEntry[];
  catalog: ListStatus[];
  loadedAt: string;
  dir: string;
  sample: boolean;
  fingerprint: string;
}

export interface LoadOptions {
  dir: string;
  sampleDir?: string;
  previous?: LoadedListSet;
  staleAfterMs?: number;
  now?: () => Date;
}

/** The bundled sample set, resolved from this file so it works from src/ (tsx) and dist/ alike. */
export const DEFAULT_SAMPLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../data/sample');
export const DEFAULT_STALE_AFTER_MS = 24 * 3600_000;

/** Parsed feeds of each loaded set, so the next load re-reads only files that changed. */
const feedCaches = new WeakMap<LoadedListSet, FeedCache>();

export async function loadListSet(options: LoadOptions): Promise<LoadedListSet> {
  const now = options.now ?? (() => new Date());
  await waitForUpdate(resolve(options.dir));
  const { scan, sample } = await chooseDirectory(options.dir, options.sampleDir ?? DEFAULT_SAMPLE_DIR);
  const previous = options.previous?.sample === sample ? options.previous : undefined;
  const results = await readFeeds(scan.matches, previous ? feedCaches.get(previous) : undefined);

  const context: BuildContext = {
    loadedAt: now().toISOString(),
    nowMs: now().getTime(),
    sample,
    previous,
    staleAfterMs: options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS,
  };
  const built = LIST_SOURCES.map((source) => buildSource(source, pickSource(source, results), context));
  const set: LoadedListSet = {
    entries: built.flatMap((b) => b.entries),
    catalog: built.map((b) => b.status),
    loadedAt: context.loadedAt,
    dir: scan.dir,
    sample,
    fingerprint: fingerprintOf(scan, sample),
  };
  feedCaches.set(set, new Map(results.filter((r) => r.parsed).map((r) => [r.key, r])));
  return set;
}

/** Cheap check for a watcher: the fingerprint a load would get now, without parsing anything. */
export async function currentFingerprint(dir: string, sampleDir: string = DEFAULT_SAMPLE_DIR): Promise<string> {
  const { scan, sample } = await chooseDirectory(dir, sampleDir);
  return fingerprintOf(scan, sample);
}

async function chooseDirectory(dir: string, sampleDir: string): Promise<{ scan: DirScan; sample: boolean }> {
  const scan = await scanListDir(resolve(dir));
  if (scan.matches.length > 0) return { scan, sample: false };
  const sampleScan = await scanListDir(resolve(sampleDir));
  return sampleScan.matches.length > 0 ? { scan: sampleScan, sample: true } : { scan, sample: false };
}

interface BuildContext {
  loadedAt: string;
  nowMs: number;
  sample: boolean;
  previous?: LoadedListSet;
  staleAfterMs: number;
}

interface BuiltSource {
  status: ListStatus;
  entries: ListEntry[];
}

function buildSource(source: ListSource, pick: SourcePick, context: BuildContext): BuiltSource {
  const error = pick.failures[0]?.error;
  if (error !== undefined) {
    const kept = keepPrevious(source, error, context);
    if (kept) return kept;
  }
  if (pick.chosen?.parsed) return fromFeed(source, pick.chosen, error, context);
  return { status: missing(source, error), entries: [] };
}

function listIdentity(source: ListSource): Pick<ListStatus, 'source' | 'name' | 'publisher' | 'sourceUrl'> {
  const { name, publisher, sourceUrl } = LIST_INFO[source];
  return { source, name, publisher, sourceUrl };
}

function fromFeed(source: ListSource, result: FeedResult, error: string | undefined, context: BuildContext): BuiltSource {
  const parsed = result.parsed!;
  const entries = parsed.bySource.get(source) ?? [];
  const status: ListStatus = {
    ...listIdentity(source),
    entryCount: entries.length,
    publishedAt: parsed.publishedAt ?? new Date(result.newestMtimeMs).toISOString(),
    lastRefresh: context.loadedAt,
    status: context.sample ? 'sample' : 'ok',
    format: parsed.format,
    files: result.match.files.map((f) => f.name),
  };
  if (Object.keys(parsed.dropped).length > 0) status.dropped = parsed.dropped;
  if (error !== undefined) status.error = error;
  return { status, entries };
}

/** The previous good copy of a source whose preferred file now fails, `stale` once it is old enough. */
function keepPrevious(source: ListSource, error: string, context: BuildContext): BuiltSource | undefined {
  const before = context.previous?.catalog.find((s) => s.source === source);
  if (!context.previous || !before || (before.status !== 'ok' && before.status !== 'stale')) return undefined;
  const age = before.lastRefresh === null ? Infinity : context.nowMs - Date.parse(before.lastRefresh);
  const stale = before.status === 'stale' || age >= context.staleAfterMs;
  const entries = context.previous.entries.filter((e) => e.listSource === source);
  return { status: { ...before, status: stale ? 'stale' : 'ok', error }, entries };
}

function missing(source: ListSource, error: string | undefined): ListStatus {
  const status: ListStatus = { ...listIdentity(source), entryCount: 0, publishedAt: null, lastRefresh: null, status: 'missing' };
  if (error !== undefined) status.error = error;
  return status;
}
