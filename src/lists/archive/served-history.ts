/**
 * @module Which list versions were served when: `<archive>/served.json`, one item per set of
 * versions served, from the time it was first served until the next item's. The changes feed and
 * `changedSince` resolve a `since` through it: a time to the versions served then, a listsVersion
 * (coverage.listsVersion, over every list or over a `lists` filter) to the versions it names.
 *
 * Written by the list pipeline when it hands a new set to the serving threads; an item is appended
 * only when a version changed. Items that stopped being served more than LISTS_ARCHIVE_DAYS ago are
 * dropped with the versions themselves. Instances sharing the archive each append what they serve;
 * the file is replaced atomically, and a lost append (two instances at the same moment) loses a
 * point in time, never a version.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LIST_SOURCES, type ListEntry, type ListSource } from '../model.js';
import { listsVersionOf } from '../versions.js';
import { writeAtomically, type VersionArchive } from './version-archive.js';
import { writeVersionHashes } from './version-hashes.js';

/** The version of each list source served from `at` (null: the list was missing). */
export interface ServedSet {
  at: string;
  versions: Partial<Record<ListSource, string | null>>;
}

const DAY_MS = 86_400_000;
const historyFile = (archive: VersionArchive): string => join(archive.dir, 'served.json');

export async function servedHistory(archive: VersionArchive): Promise<ServedSet[]> {
  try {
    const parsed = JSON.parse(await readFile(historyFile(archive), 'utf8')) as { sets?: ServedSet[] };
    return Array.isArray(parsed.sets) ? parsed.sets : [];
  } catch {
    return [];
  }
}

/** Appends the versions served from `now` when they differ from the last item; drops items older than `days`. */
export async function recordServed(archive: VersionArchive, versions: ServedSet['versions'], now: Date, days: number): Promise<void> {
  const sets = await servedHistory(archive);
  const last = sets.at(-1);
  const same = last !== undefined && LIST_SOURCES.every((s) => (last.versions[s] ?? null) === (versions[s] ?? null));
  if (same) return;
  sets.push({ at: now.toISOString(), versions });
  const cutoff = now.getTime() - days * DAY_MS;
  // An item stopped being served when the next one began.
  const kept = sets.filter((_, i) => i === sets.length - 1 || Date.parse(sets[i + 1].at) >= cutoff);
  await writeAtomically(historyFile(archive), Buffer.from(JSON.stringify({ sets: kept }, null, 1)));
}

/** The set served at `time` (the last one begun by then); null when the history begins later. */
export function servedAt(sets: readonly ServedSet[], time: number): ServedSet | null {
  let found: ServedSet | null = null;
  for (const set of sets) if (Date.parse(set.at) <= time) found = set;
  return found;
}

/**
 * The list versions a listsVersion names: the lists of some served set, all of them or those of a
 * `lists` filter (coverage.listsVersion hashes the filtered lists in ranking order). Null if none.
 * A filter is found by trying the subsets of each served set, newest first (4,095 hashes a set).
 */
export function versionsOfListsVersion(sets: readonly ServedSet[], listsVersion: string): Map<ListSource, string | null> | null {
  for (const set of [...sets].reverse()) {
    const items = LIST_SOURCES.map((source) => ({ source, version: set.versions[source] ?? null }));
    for (let mask = (1 << items.length) - 1; mask > 0; mask--) {
      const chosen = items.filter((_, i) => (mask & (1 << i)) !== 0);
      if (listsVersionOf(chosen) === listsVersion) return new Map(chosen.map((c) => [c.source, c.version]));
    }
  }
  return null;
}

/** What recordServedSet needs of a loaded set (lists/catalog.ts LoadedListSet satisfies it). */
export interface LoadedVersions {
  entries: readonly ListEntry[];
  catalog: ReadonlyArray<{ source: ListSource; version: string | null; status: string }>;
}

/**
 * Before a set is served: the entry hashes of each of its versions (sample lists aside: never
 * archived) and the served history, so the changes feed knows the version served now from its first
 * request on. Throws on a write failure (the caller logs it; serving does not depend on it).
 */
export async function recordServedSet(archive: VersionArchive, set: LoadedVersions, now: Date, days: number): Promise<void> {
  for (const s of set.catalog) {
    if (s.version === null || s.status === 'missing' || s.status === 'sample') continue;
    await writeVersionHashes(archive, s.source, s.version, set.entries.filter((e) => e.listSource === s.source));
  }
  await recordServed(archive, Object.fromEntries(set.catalog.map((s) => [s.source, s.version])), now, days);
}

/** Bytes the archive holds per list source (every kept version: entries, hashes and index files). */
export async function archiveBytes(archive: VersionArchive): Promise<Map<ListSource, number>> {
  const sizes = new Map<ListSource, number>();
  for (const source of LIST_SOURCES) {
    const dir = join(archive.dir, source);
    const names = await readdir(dir).catch(() => [] as string[]);
    let total = 0;
    for (const name of names) total += (await stat(join(dir, name)).catch(() => null))?.size ?? 0;
    if (names.length > 0) sizes.set(source, total);
  }
  return sizes;
}
