/**
 * @module The entry hashes of an archived list version, in a small file of their own beside the
 * version's entries: `<source>/<version>.hashes.json.gz`, `[[entryId, contentHash], ...]` ordered by
 * entryId. The changes feed and `changedSince` screening compare two versions by these hashes alone,
 * so a serving thread never parses a whole archived version for them.
 *
 * The file is written by the list pipeline before it hands a new version to the serving threads
 * (so the version being served always has one), atomically like every archive file. It is checked
 * when read: the hashes must give the version they are filed under (versions.ts listVersion hashes
 * exactly these rows), so a corrupt or altered file is never used; then, or when it is missing, the
 * hashes are rebuilt from the version's archived entries (checked in turn), else the version is gone.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { ListEntry, ListSource } from '../model.js';
import { entryContentHash, versionOfHashes } from '../versions.js';
import { ArchiveError, VERSION_PATTERN, writeAtomically, type VersionArchive } from './version-archive.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** entryId -> content hash (versions.ts entryContentHash). */
export type EntryHashes = ReadonlyMap<string, string>;

export function hashesFile(archive: VersionArchive, source: ListSource, version: string): string {
  if (!VERSION_PATTERN.test(version)) throw new ArchiveError('gone', `not a list version: ${version}`);
  return join(archive.dir, source, `${version}.hashes.json.gz`);
}

/** Writes the hashes file of a version unless it is there already; returns its size. */
export async function writeVersionHashes(archive: VersionArchive, source: ListSource, version: string, entries: readonly ListEntry[]): Promise<number> {
  const file = hashesFile(archive, source, version);
  const present = await stat(file).catch(() => null);
  if (present !== null) return present.size;
  const rows = entries.map((e) => [e.entryId, entryContentHash(e)] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const bytes = await gzipAsync(Buffer.from(JSON.stringify(rows), 'utf8'));
  await mkdir(join(archive.dir, source), { recursive: true });
  await writeAtomically(file, bytes);
  return bytes.length;
}

/** The entry hashes of an archived version, checked against the version; ArchiveError('gone') when neither file gives them. */
export async function readVersionHashes(archive: VersionArchive, source: ListSource, version: string): Promise<EntryHashes> {
  const fromFile = await readHashesFile(hashesFile(archive, source, version));
  if (fromFile !== null && versionOfHashes(fromFile) === version) return new Map(fromFile);
  // Missing or refused: the version's own entries (read() verifies them), the hashes file written anew.
  const entries = await archive.read(source, version);
  const rows = entries.map((e) => [e.entryId, entryContentHash(e)] as [string, string]);
  await writeVersionHashes(archive, source, version, entries).catch(() => undefined);
  return new Map(rows);
}

async function readHashesFile(file: string): Promise<[string, string][] | null> {
  try {
    const rows = JSON.parse((await gunzipAsync(await readFile(file))).toString('utf8')) as unknown;
    return Array.isArray(rows) ? (rows as [string, string][]) : null;
  } catch {
    return null;
  }
}
