/**
 * @module Entry of the list pipeline's background process: watches LISTS_DIR, parses the lists and
 * builds the index here, at the lowest CPU priority and in its own heap (its garbage collection
 * never pauses a serving thread), writes the packed result to the spool directory, tells the main
 * thread, and waits until the serving threads have installed it before looking again.
 */
import { rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildIndex } from '../../engine/index-builder.js';
import type { LoadedListSet } from '../../lists/catalog.js';
import { BoundedReader } from './bounded-reader.js';
import { watchListSet } from './list-watch.js';
import { archivedSince, archiveServedSet, DEFAULT_ARCHIVE_DAYS, VersionArchive } from '../../lists/archive/version-archive.js';
import { recordServedSet } from '../../lists/archive/served-history.js';
import { createLogger } from '../logging/logger.js';
import { packLists } from './lists-payload.js';
import { packArchivedSet } from './archived-payload.js';
import { ServedSetLog } from '../../lists/archive/served-sets.js';
import { lowerProcessPriority } from './low-priority.js';
import type { FromPipeline, PipelineOptions, ToPipeline } from './pipeline-protocol.js';

const options = JSON.parse(process.argv[2] ?? '{}') as PipelineOptions;
const post = (message: FromPipeline): void => void process.send?.(message);
const logger = createLogger({ level: options.logLevel, destination: { write: (line: string) => post({ type: 'log', line }) } });
// Without the main process there is nobody to serve: leave with it, and take the spool along.
process.on('disconnect', () => {
  rmSync(options.spoolDir, { recursive: true, force: true });
  process.exit(0);
});

if (!lowerProcessPriority()) logger.warn('the list pipeline could not lower its CPU priority; reloads compete with requests');

let seq = 0;
const archive = options.archiveDir === undefined ? null : new VersionArchive(options.archiveDir);
/** `${source}/${version}` -> when first served, from the archive: a restart with the same content keeps its versionSince. */
const firstSeen = archive === null ? new Map<string, string>() : await archivedSince(archive);
/** The install the pipeline waits for: at most one at a time. */
let pending: { seq: number; resolve(): void; reject(error: Error): void } | null = null;

const servedSets = options.archiveDir === undefined ? null : new ServedSetLog(options.archiveDir);

process.on('message', (message: ToPipeline) => {
  if (message.type === 'load-archived') {
    void packArchivedSet(archive, message.set, options.spoolDir, message.id).then(post);
    return;
  }
  if (pending === null || message.seq !== pending.seq) return;
  const { resolve, reject } = pending;
  pending = null;
  if (message.type === 'installed') resolve();
  else reject(new Error(`install failed: ${message.reason}`));
});

/** Called by the watch with each newly loaded set; throwing makes the watch log it and retry. */
async function indexAndHandOver(set: LoadedListSet, loadMs: number): Promise<void> {
  const started = performance.now();
  const index = buildIndex(set.entries);
  const buildMs = Math.round(performance.now() - started);
  const { header, stats, blob } = packLists(set, index, { seq: ++seq, loadMs, buildMs });
  const file = join(options.spoolDir, `lists-${process.pid}-${seq}.bin`);
  await writeFile(file, blob);
  logger.info({ seq, entries: stats.entries, buildMs, packMs: stats.packMs, bytes: stats.bytes }, 'index built');
  await recordVersions(set);
  await new Promise<void>((resolve, reject) => {
    pending = { seq, resolve, reject };
    post({ type: 'loaded', header, stats, file });
  });
  await archiveServed(set);
}

/** Before hand-over: the versions' entry hashes and the served history (the changes feed reads them). */
async function recordVersions(set: LoadedListSet): Promise<void> {
  if (archive === null) return;
  try {
    await recordServedSet(archive, set, new Date(), options.archiveDays ?? DEFAULT_ARCHIVE_DAYS);
  } catch (error) {
    logger.warn({ error: error instanceof Error ? error.message.split('\n', 1)[0] : String(error) }, 'served list versions not recorded; retried at the next load');
  }
}

/** Keeps every served version for reconstruction and the changes feed, here in the background process. */
async function archiveServed(set: LoadedListSet): Promise<void> {
  if (archive === null) return;
  const started = performance.now();
  const now = new Date();
  const days = options.archiveDays ?? DEFAULT_ARCHIVE_DAYS;
  const failures = await archiveServedSet(archive, set, now, days);
  await logServedSet(set, now, days).catch((error: unknown) =>
    logger.warn({ error: error instanceof Error ? error.message.split('\n', 1)[0] : String(error) }, 'served list set not recorded; recorded at the next load'));
  for (const s of set.catalog) if (s.version !== null && s.versionSince !== null) firstSeen.set(`${s.source}/${s.version}`, s.versionSince);
  for (const f of failures) logger.warn({ source: f.source, error: f.error }, 'list version not archived; retried at the next load');
  logger.info({ ms: Math.round(performance.now() - started), failed: failures.length }, 'list versions archived');
}

/** Which set was served (for reconstruction: the versions of all its lists and the facts answers showed). */
async function logServedSet(set: LoadedListSet, now: Date, days: number): Promise<void> {
  if (servedSets === null || set.sample) return;
  const recorded = await servedSets.record(set.catalog, set.loadedAt, now);
  await servedSets.prune(recorded.id, now, days);
}

/** Each file parsed in a worker thread, bounded; a parse that ends after a reload stopped waiting asks for another. */
const reader = new BoundedReader({ timeoutMs: options.parseTimeoutMs, maxHeapMb: options.parseMaxMb }, () => watch.reloadSoon());

const watch = watchListSet({
  dir: options.dir,
  sampleDir: options.sampleFallback ? undefined : null,
  staleAfterMs: options.staleAfterMs,
  maxCollapse: options.maxCollapse,
  intervalMs: options.intervalMs,
  logger,
  onLoaded: indexAndHandOver,
  // The first load waits for every file (until its bounds); a reload waits one refresh interval at most.
  reader: (first) => reader.forLoad(first ? Infinity : options.intervalMs),
  onScanned: () => post({ type: 'scanned' }),
  firstSeen: (source, version) => firstSeen.get(`${source}/${version}`) ?? null,
});
void watch.first.then(() => post({ type: 'first-done' }));
