/**
 * @module The list sets a service has served, as an answer's coverage and matches saw them (API.md
 * "List versions, reconstruction and changes"). An audit record names only the `listsVersion` of the
 * lists a request was screened against; rebuilding its answer needs more: the version of every list
 * of the set (the index's token weights are computed over all of them, so a `lists` filter does not
 * make the other lists irrelevant to scores) and the catalog facts an answer carries (publication
 * date, its source, status, entry count). Each served set is one small file,
 * `<archive>/served-sets/<id>.json`, `id` = 16 hex of SHA-256 over those facts, so instances sharing
 * the archive write the same file for the same set; `since` is the set's load time (before it was
 * installed, so every answer given from it is screened at or after it) and `lastServed` is updated
 * at every load that serves it. Pruned with the versions: after `days` without being served.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PublishedAtSource } from '../catalog-feeds.js';
import type { ListStatusValue } from '../catalog.js';
import type { ListEntry, ListSource } from '../model.js';
import { ArchiveError, writeAtomically, type VersionArchive } from './version-archive.js';

const DAY_MS = 86_400_000;
const ID = /^[0-9a-f]{16}\.json$/;

/** What an answer shows of one list of the set (contract/coverage.ts CoverageItem) and what matching reads of it. */
export interface ServedList {
  source: ListSource;
  publishedAt: string | null;
  publishedAtSource: PublishedAtSource | null;
  status: ListStatusValue;
  entryCount: number;
  version: string | null;
}

export interface ServedSet {
  id: string;
  /** When the set was loaded (its first answers come after). */
  since: string;
  lastServed: string;
  /** Every list of the catalog, in its order (missing ones too: they show in coverage). */
  lists: ServedList[];
}

/** The facts kept of a catalog line, in the key order coverage writes them. */
export function servedList(s: ServedList): ServedList {
  return { source: s.source, publishedAt: s.publishedAt, publishedAtSource: s.publishedAtSource, status: s.status, entryCount: s.entryCount, version: s.version };
}

export function servedSetId(lists: readonly ServedList[]): string {
  return createHash('sha256').update(JSON.stringify(lists.map(servedList))).digest('hex').slice(0, 16);
}

export class ServedSetLog {
  readonly dir: string;

  constructor(archiveDir: string) {
    this.dir = join(archiveDir, 'served-sets');
  }

  /** Records that the set with this catalog is served (loaded at `since`), now. */
  async record(catalog: readonly ServedList[], since: string, now: Date): Promise<ServedSet> {
    const lists = catalog.map(servedList);
    const id = servedSetId(lists);
    const before = await this.get(id);
    const set: ServedSet = { id, since: before?.since ?? since, lastServed: now.toISOString(), lists };
    await mkdir(this.dir, { recursive: true });
    await writeAtomically(join(this.dir, `${id}.json`), Buffer.from(JSON.stringify(set)));
    return set;
  }

  async get(id: string): Promise<ServedSet | null> {
    try {
      return JSON.parse(await readFile(join(this.dir, `${id}.json`), 'utf8')) as ServedSet;
    } catch {
      return null;
    }
  }

  /** Every recorded set, newest `since` first; unreadable files are skipped (a set not found answers 410). */
  async all(): Promise<ServedSet[]> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((n) => ID.test(n));
    const sets = await Promise.all(names.map((n) => this.get(n.slice(0, 16))));
    return sets.filter((s): s is ServedSet => s !== null && Array.isArray(s.lists)).sort((a, b) => b.since.localeCompare(a.since));
  }

  /** Drops sets last served more than `days` ago (never `keep`); returns how many. */
  async prune(keep: string, now: Date, days: number): Promise<number> {
    const cutoff = now.getTime() - days * DAY_MS;
    const gone = (await this.all()).filter((s) => s.id !== keep && Date.parse(s.lastServed) < cutoff);
    for (const s of gone) await rm(join(this.dir, `${s.id}.json`), { force: true });
    return gone.length;
  }
}

/**
 * The served set an answer with `listsVersion` (over the lists its request named) was screened
 * against: among the sets whose lists give that listsVersion, the latest loaded at or before
 * `screenedAt` (the one being served then), else the earliest loaded after it (a clock skew
 * between instances sharing the archive); null when none does.
 */
export function findServedSet(sets: readonly ServedSet[], listsVersion: string, screenedAt: string,
  versionOf: (lists: readonly ServedList[]) => string): ServedSet | null {
  const matching = sets.filter((s) => versionOf(s.lists) === listsVersion);
  const before = matching.filter((s) => s.since <= screenedAt).sort((a, b) => b.since.localeCompare(a.since));
  return before[0] ?? [...matching].sort((a, b) => a.since.localeCompare(b.since))[0] ?? null;
}

/**
 * The entries of a served set read back from the archive, list by list in the catalog's order (the
 * order a load concatenates them in, so the index built from them is the one that was served).
 * Each list's file is verified by VersionArchive.read; a list not archived (a bundled sample is
 * never archived) throws ArchiveError 'gone', a corrupt one 'corrupt'.
 */
export async function readServedSet(archive: VersionArchive, set: ServedSet): Promise<ListEntry[]> {
  const entries: ListEntry[] = [];
  for (const list of set.lists) {
    if (list.status === 'missing' || list.version === null) continue;
    if (list.status === 'sample') throw new ArchiveError('gone', `${list.source}: the bundled sample is not archived`);
    entries.push(...(await archive.read(list.source, list.version)));
  }
  return entries;
}
