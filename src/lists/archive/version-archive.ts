/**
 * @module The list version archive (API.md "List versions, reconstruction and changes"): every list
 * version served is kept as its parsed entries, gzip-compressed, one file per (source, version), under
 * `<DATA_DIR>/lists-archive/<source>/<version>.json.gz`, with `index.json` per source recording when
 * each version was first and last served, its size and the SHA-256 of its file.
 *
 * Failure rules: a version is written to a temporary file, fsynced, then renamed, so a crash mid-write
 * leaves at worst an orphan `*.tmp` (removed by the next prune), never a truncated archive file; a
 * full disk fails the write, which is logged by the caller and retried at the next load: the version
 * being served is in memory and never depends on the archive. A read verifies the file's SHA-256
 * against the index and its content against the version itself (listVersion over the entries read),
 * so a corrupt or altered file is refused (`ArchiveError`), never used for a wrong reconstruction.
 * Pruning drops versions that stopped being served more than `LISTS_ARCHIVE_DAYS` ago.
 *
 * Sharing: the directory may live on a volume every instance mounts (docs/list-archive.md); writes
 * are idempotent (same content, same name) and renames atomic, so instances may write concurrently.
 */
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { LIST_SOURCES, type ListEntry, type ListSource } from '../model.js';
import { listVersion } from '../versions.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const DEFAULT_ARCHIVE_DAYS = 35;
const DAY_MS = 86_400_000;

export interface ArchivedVersion {
  version: string;
  /** When this service first served the version. */
  since: string;
  /** When it was last seen served (updated at every load that serves it); null before the first record. */
  lastServed: string;
  /** Size of the compressed file. */
  bytes: number;
  entryCount: number;
  sha256: string;
}

export interface SourceIndex {
  source: ListSource;
  versions: ArchivedVersion[];
}

export class ArchiveError extends Error {
  constructor(readonly code: 'gone' | 'corrupt', message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

export const VERSION_PATTERN = /^[0-9a-f]{16}$/;

export class VersionArchive {
  constructor(readonly dir: string) {}

  private sourceDir(source: ListSource): string {
    return join(this.dir, source);
  }

  private fileOf(source: ListSource, version: string): string {
    if (!VERSION_PATTERN.test(version)) throw new ArchiveError('gone', `not a list version: ${version}`);
    return join(this.sourceDir(source), `${version}.json.gz`);
  }

  async index(source: ListSource): Promise<SourceIndex> {
    try {
      const parsed = JSON.parse(await readFile(join(this.sourceDir(source), 'index.json'), 'utf8')) as SourceIndex;
      return { source, versions: Array.isArray(parsed.versions) ? parsed.versions : [] };
    } catch {
      // Absent or unreadable: nothing known (archived files without an entry are re-recorded when served again).
      return { source, versions: [] };
    }
  }

  /**
   * Records that `version` of `source` is served at `now`, writing its entries first when the
   * archive does not hold them yet. Returns the version's record.
   */
  async record(source: ListSource, version: string, entries: readonly ListEntry[], now: Date, since?: string | null): Promise<ArchivedVersion> {
    const index = await this.index(source);
    let item = index.versions.find((v) => v.version === version);
    if (item === undefined || !(await this.present(source, item))) {
      const written = await this.write(source, version, entries);
      // `since`: when the catalog says the version began to be served (its versionSince), kept across restarts.
      item = { version, since: item?.since ?? since ?? now.toISOString(), lastServed: now.toISOString(), entryCount: entries.length, ...written };
      index.versions = [...index.versions.filter((v) => v.version !== version), item];
    } else {
      item.lastServed = now.toISOString();
    }
    await this.writeIndex(index);
    return item;
  }

  /** The entries of an archived version, verified (file checksum and content version); ArchiveError otherwise. */
  async read(source: ListSource, version: string): Promise<ListEntry[]> {
    const item = (await this.index(source)).versions.find((v) => v.version === version);
    if (item === undefined) throw new ArchiveError('gone', `${source} version ${version} is not archived`);
    let bytes: Buffer;
    try {
      bytes = await readFile(this.fileOf(source, version));
    } catch {
      throw new ArchiveError('gone', `${source} version ${version}: archive file missing`);
    }
    if (sha256(bytes) !== item.sha256) throw new ArchiveError('corrupt', `${source} version ${version}: archive file checksum mismatch`);
    let entries: ListEntry[];
    try {
      entries = JSON.parse((await gunzipAsync(bytes)).toString('utf8')) as ListEntry[];
    } catch {
      throw new ArchiveError('corrupt', `${source} version ${version}: archive file unreadable`);
    }
    if (listVersion(entries) !== version) throw new ArchiveError('corrupt', `${source} version ${version}: content does not match its version`);
    return entries;
  }

  /** Drops versions last served more than `days` ago (never `keep`, the ones served now) and orphan temp files. */
  async prune(source: ListSource, keep: ReadonlySet<string>, now: Date, days = DEFAULT_ARCHIVE_DAYS): Promise<number> {
    const index = await this.index(source);
    const cutoff = now.getTime() - days * DAY_MS;
    const gone = index.versions.filter((v) => !keep.has(v.version) && Date.parse(v.lastServed) < cutoff);
    for (const v of gone) {
      await rm(this.fileOf(source, v.version), { force: true });
      await rm(join(this.sourceDir(source), `${v.version}.hashes.json.gz`), { force: true });
    }
    const names = await readdir(this.sourceDir(source)).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.tmp'))) await rm(join(this.sourceDir(source), name), { force: true });
    if (gone.length > 0) await this.writeIndex({ source, versions: index.versions.filter((v) => !gone.includes(v)) });
    return gone.length;
  }

  /** Total compressed bytes archived for a source. */
  async size(source: ListSource): Promise<number> {
    return (await this.index(source)).versions.reduce((sum, v) => sum + v.bytes, 0);
  }

  private async present(source: ListSource, item: ArchivedVersion): Promise<boolean> {
    const info = await stat(this.fileOf(source, item.version)).catch(() => null);
    return info !== null && info.size === item.bytes;
  }

  private async write(source: ListSource, version: string, entries: readonly ListEntry[]): Promise<{ bytes: number; sha256: string }> {
    // In the order served (not sorted): a reconstruction rebuilds the index from the same sequence.
    const bytes = await gzipAsync(Buffer.from(JSON.stringify(entries), 'utf8'));
    await mkdir(this.sourceDir(source), { recursive: true });
    await writeAtomically(this.fileOf(source, version), bytes);
    return { bytes: bytes.length, sha256: sha256(bytes) };
  }

  private async writeIndex(index: SourceIndex): Promise<void> {
    await mkdir(this.sourceDir(index.source), { recursive: true });
    await writeAtomically(join(this.sourceDir(index.source), 'index.json'), Buffer.from(JSON.stringify(index, null, 1)));
  }
}

/** Temp file, fsync, rename: readers see the old file or the whole new one, never a part. */
export async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, path);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What archiveServedSet needs of a loaded set (lists/catalog.ts LoadedListSet satisfies it). */
export interface ServedSet {
  entries: readonly ListEntry[];
  catalog: ReadonlyArray<{ source: ListSource; version: string | null; status: string; versionSince?: string | null }>;
}

/**
 * Archives every list version of a set being served (those not archived yet are written) and prunes
 * versions last served more than `days` ago. A failure (full disk) is reported per source and never
 * stops the others: the served set lives in memory and does not depend on the archive.
 */
export async function archiveServedSet(archive: VersionArchive, set: ServedSet, now: Date, days: number): Promise<{ source: ListSource; error: string }[]> {
  const failures: { source: ListSource; error: string }[] = [];
  for (const status of set.catalog) {
    if (status.version === null || status.status === 'missing' || status.status === 'sample') continue;
    try {
      await archive.record(status.source, status.version, set.entries.filter((e) => e.listSource === status.source), now, status.versionSince);
      await archive.prune(status.source, new Set([status.version]), now, days);
    } catch (error) {
      failures.push({ source: status.source, error: error instanceof Error ? error.message.split('\n', 1)[0] : String(error) });
    }
  }
  return failures;
}

/** When each archived version was first served, `${source}/${version}` -> time (catalog.ts LoadOptions.firstSeen). */
export async function archivedSince(archive: VersionArchive): Promise<Map<string, string>> {
  const since = new Map<string, string>();
  for (const source of LIST_SOURCES) {
    for (const v of (await archive.index(source)).versions) since.set(`${source}/${v.version}`, v.since);
  }
  return since;
}
