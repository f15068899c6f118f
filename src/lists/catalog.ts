/**
 * @module The list catalog: loads every list file of LISTS_DIR (or the bundled sample) into one
 * entry set, with one status line per list source for `GET /lists`.
 *
 * Which file feeds which source is decided in registry.ts (tiers) and catalog-select.ts (freshness).
 * A file that fails to parse never takes the others down: its sources keep the previous good copy
 * when there is one (turning `stale` after `staleAfterMs`), else fall back to the next file that
 * offers them, else are `missing`; the one-line error is in `error` either way.
 *
 * A reload never installs a list that shrank by more than `maxCollapse` against the copy being
 * served, nor drops a list whose file disappeared: the served copy stays, `stale` at once, with the
 * reason in `error`. A directory that held real lists never falls back to the bundled sample.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIST_SOURCES, type DropCounts, type ListEntry, type ListSource } from './model.js';
import { LIST_INFO } from './sources.js';
import { fingerprintOf, scanListDir, waitForUpdate, type DirScan } from './catalog-scan.js';
import { readFeeds, type FeedCache, type FeedReader, type FeedResult, type PublishedAtSource } from './catalog-feeds.js';
import { collapseReason, DEFAULT_MAX_COLLAPSE } from './collapse.js';
import { readManifest } from './manifest.js';
import { pickSource, type SourcePick } from './catalog-select.js';
import { listVersion } from './versions.js';

export type ListStatusValue = 'ok' | 'stale' | 'missing' | 'sample';

export interface ListStatus {
  source: ListSource;
  name: string;
  publisher: string;
  entryCount: number;
  /** The publisher's date on the file, else the download's Last-Modified, else the newest file's mtime. */
  publishedAt: string | null;
  /** Which of the three `publishedAt` is; null while the list is missing. */
  publishedAtSource: PublishedAtSource | null;
  /** When this process last loaded the list successfully. */
  lastRefresh: string | null;
  /** The content version (versions.ts listVersion); null while the list is missing. */
  version: string | null;
  /** When this service first loaded that content (kept across reloads of the same content). */
  versionSince: string | null;
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
  /** The bundled sample, used when `dir` holds no list file; null: never (LISTS_DIR set explicitly). */
  sampleDir?: string | null;
  previous?: LoadedListSet;
  staleAfterMs?: number;
  /** Largest relative drop of a list's entry count a reload installs (LISTS_MAX_COLLAPSE). */
  maxCollapse?: number;
  now?: () => Date;
  /** When a list version was first served, if known from before this process (the version archive). */
  firstSeen?: (source: ListSource, version: string) => string | null;
  /** How each feed is parsed; the list pipeline bounds each parse in time and memory. */
  read?: FeedReader;
}

/** The bundled sample set, resolved from this file so it works from src/ (tsx) and dist/ alike. */
export const DEFAULT_SAMPLE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../data/sample');
export const DEFAULT_STALE_AFTER_MS = 24 * 3600_000;

/** Parsed feeds of each loaded set, so the next load re-reads only files that changed. */
const feedCaches = new WeakMap<LoadedListSet, FeedCache>();

export async function loadListSet(options: LoadOptions): Promise<LoadedListSet> {
  const now = options.now ?? (() => new Date());
  await waitForUpdate(resolve(options.dir));
  const { scan, sample } = await chooseDirectory(options.dir, sampleDirOf(options));
  const previous = options.previous?.sample === sample ? options.previous : undefined;
  const manifest = await readManifest(scan.dir);
  const results = await readFeeds(scan.matches, previous ? feedCaches.get(previous) : undefined, manifest, options.read);

  const context: BuildContext = {
    loadedAt: now().toISOString(),
    nowMs: now().getTime(),
    sample,
    previous,
    staleAfterMs: options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS,
    maxCollapse: options.maxCollapse ?? DEFAULT_MAX_COLLAPSE,
    firstSeen: options.firstSeen,
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
export async function currentFingerprint(dir: string, options: Pick<LoadOptions, 'sampleDir' | 'previous'> = {}): Promise<string> {
  const { scan, sample } = await chooseDirectory(dir, sampleDirOf(options));
  return fingerprintOf(scan, sample);
}

/**
 * The directory a load of `dir` would read (the bundled sample when it holds no list file) and the
 * list files found there, without parsing anything: what the bulk CLI's index cache is keyed on.
 */
export async function listFilesOf(dir: string, options: Pick<LoadOptions, 'sampleDir'> = {}): Promise<{ scan: DirScan; sample: boolean }> {
  await waitForUpdate(resolve(dir));
  return chooseDirectory(dir, sampleDirOf(options));
}

/** No sample when the caller forbids it, nor once real lists were loaded: their files vanishing is not "no lists". */
function sampleDirOf(options: Pick<LoadOptions, 'sampleDir' | 'previous'>): string | null {
  if (options.sampleDir === null || (options.previous !== undefined && !options.previous.sample)) return null;
  return options.sampleDir ?? DEFAULT_SAMPLE_DIR;
}

async function chooseDirectory(dir: string, sampleDir: string | null): Promise<{ scan: DirScan; sample: boolean }> {
  const scan = await scanListDir(resolve(dir));
  if (scan.matches.length > 0 || sampleDir === null) return { scan, sample: false };
  const sampleScan = await scanListDir(resolve(sampleDir));
  return sampleScan.matches.length > 0 ? { scan: sampleScan, sample: true } : { scan, sample: false };
}

interface BuildContext {
  loadedAt: string;
  nowMs: number;
  sample: boolean;
  previous?: LoadedListSet;
  staleAfterMs: number;
  maxCollapse: number;
  firstSeen?: LoadOptions['firstSeen'];
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
  if (pick.chosen?.parsed) return guardCollapse(fromFeed(source, pick.chosen, error, context), context);
  const gone = `no file supplies ${source} any more; the copy loaded before is kept`;
  return keepPrevious(source, error ?? gone, context, true) ?? { status: missing(source, error), entries: [] };
}

/** A reload that lost more than maxCollapse of the served copy's entries keeps the served copy, stale. */
function guardCollapse(built: BuiltSource, context: BuildContext): BuiltSource {
  const { source } = built.status;
  const served = context.previous?.catalog.find((s) => s.source === source);
  const reason = served && collapseReason(source, served.entryCount, built.status.entryCount, context.maxCollapse);
  if (!reason) return built;
  const file = built.status.files?.[0];
  return keepPrevious(source, `${file ? `${file}: ` : ''}${reason} (LISTS_MAX_COLLAPSE); the served copy is kept`, context, true) ?? built;
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
    ...publicationOf(source, result),
    lastRefresh: context.loadedAt,
    ...versionOf(source, entries, context),
    status: context.sample ? 'sample' : 'ok',
    format: parsed.format,
    files: result.match.files.map((f) => f.name),
  };
  if (Object.keys(parsed.dropped).length > 0) status.dropped = parsed.dropped;
  if (error !== undefined) status.error = error;
  return { status, entries };
}

/** The content version, and since when it is served: the previous load's time when its content was the same. */
function versionOf(source: ListSource, entries: readonly ListEntry[], context: BuildContext): Pick<ListStatus, 'version' | 'versionSince'> {
  const version = listVersion(entries);
  const before = context.previous?.catalog.find((s) => s.source === source);
  const since = before?.version === version ? before.versionSince : null;
  return { version, versionSince: since ?? context.firstSeen?.(source, version) ?? context.loadedAt };
}

/** The publisher's date for this source, else the download's Last-Modified (manifest), else the file time. */
function publicationOf(source: ListSource, result: FeedResult): Pick<ListStatus, 'publishedAt' | 'publishedAtSource'> {
  const parsed = result.parsed!;
  const publisher = parsed.publishedAtBySource[source] ?? parsed.publishedAt;
  if (publisher !== null) return { publishedAt: publisher, publishedAtSource: 'publisher' };
  if (parsed.lastModified !== null) return { publishedAt: parsed.lastModified, publishedAtSource: 'http-last-modified' };
  return { publishedAt: new Date(result.newestMtimeMs).toISOString(), publishedAtSource: 'file-time' };
}

/**
 * The previous good copy of a source whose preferred file now fails, `stale` once it is old enough,
 * or at once (`staleNow`) when the new file would lose its entries (collapse, file gone).
 */
function keepPrevious(source: ListSource, error: string, context: BuildContext, staleNow = false): BuiltSource | undefined {
  const before = context.previous?.catalog.find((s) => s.source === source);
  if (!context.previous || !before || (before.status !== 'ok' && before.status !== 'stale')) return undefined;
  if (staleNow && before.entryCount === 0) return undefined;
  const age = before.lastRefresh === null ? Infinity : context.nowMs - Date.parse(before.lastRefresh);
  const stale = staleNow || before.status === 'stale' || age >= context.staleAfterMs;
  const entries = context.previous.entries.filter((e) => e.listSource === source);
  return { status: { ...before, status: stale ? 'stale' : 'ok', error }, entries };
}

function missing(source: ListSource, error: string | undefined): ListStatus {
  const status: ListStatus = {
    ...listIdentity(source), entryCount: 0, publishedAt: null, publishedAtSource: null, lastRefresh: null, version: null, versionSince: null,
    status: 'missing',
  };
  if (error !== undefined) status.error = error;
  return status;
}
