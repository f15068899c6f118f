/**
 * @module The changes feed and `changedSince` screening on a serving thread (API.md "List versions,
 * reconstruction and changes"): resolves a `since` through the version archive's served history,
 * compares entry hashes (lists/archive/changes-since.ts), and builds the engine over the entries
 * added or changed (engine/changed-only.ts).
 *
 * Everything read is kept for the next request: the served history for a second (the pipeline
 * appends to it when it hands over a new set), each version's entry hashes and each restricted
 * engine while the same lists are served (a few of each: a bulk run asks the same `since` again and
 * again). Reading a version's hashes is asynchronous file I/O and a JSON parse (a few ms a list).
 */
import { AppError } from '../../errors.js';
import type { ScreeningEngine } from '../../engine/types.js';
import { entryKey } from '../../engine/entry-lookup.js';
import type { ListStatus } from '../../lists/catalog.js';
import type { ListSource } from '../../lists/model.js';
import { changesBetween, parseSince, SINCE_ISSUE, versionsSince, type ListChanges } from '../../lists/archive/changes-since.js';
import { archiveBytes, servedHistory, type ServedSet } from '../../lists/archive/served-history.js';
import { ArchiveError, type VersionArchive } from '../../lists/archive/version-archive.js';
import { readVersionHashes, type EntryHashes } from '../../lists/archive/version-hashes.js';

const HISTORY_TTL_MS = 1_000;
const SIZES_TTL_MS = 10_000;
const MAX_HASHES = 32;
const MAX_ENGINES = 4;

/** A changedSince screening's engine and what its coverage says. */
export interface ChangedOnly {
  engine: ScreeningEngine;
  /** The listsVersion screened since (ListChanges.from). */
  from: string;
  /** Entries screened against. */
  entries: number;
}

export class ListChangesService {
  private history: { read: number; sets: Promise<ServedSet[]> } | null = null;
  private readonly hashes = new Map<string, Promise<EntryHashes>>();
  /** Restricted engines of the engine they were made from, by `since` and lists filter. */
  private engines = new WeakMap<ScreeningEngine, Map<string, Promise<ChangedOnly>>>();

  constructor(readonly archive: VersionArchive) {}

  /** GET .../lists/changes: 400 for a malformed since (`field` names it), 410 when the archive does not reach it. */
  async changes(since: string, catalog: readonly ListStatus[], field = 'since'): Promise<ListChanges> {
    const parsed = parseSince(since);
    if (parsed === null) throw new AppError('invalid_request', [{ field, issue: SINCE_ISSUE }]);
    const now = new Map(catalog.map((s) => [s.source, s.version] as const));
    try {
      // A since not found in the history read a moment ago may be in the one written since: read it again once.
      const from = await this.servedSets(false).then((sets) => versionsSince(sets, parsed))
        .catch(async () => versionsSince(await this.servedSets(true), parsed));
      return await changesBetween(from, now, (source, version) => this.hashesOf(source, version));
    } catch (error) {
      if (error instanceof ArchiveError) throw new AppError('list_version_gone', [{ field, issue: error.message }]);
      throw error;
    }
  }

  /** The engine over the entries of `lists` (all when absent) added or changed since `since`. */
  changedOnly(engine: ScreeningEngine, catalog: readonly ListStatus[], since: string, lists: readonly ListSource[] | undefined): Promise<ChangedOnly> {
    let cache = this.engines.get(engine);
    if (cache === undefined) this.engines.set(engine, (cache = new Map()));
    const key = `${since} ${lists?.join(',') ?? '*'}`;
    let made = cache.get(key);
    if (made === undefined) {
      made = this.restrict(engine, catalog, since, lists);
      remember(cache, key, made, MAX_ENGINES);
      made.catch(() => cache.delete(key));
    }
    return made;
  }

  private async restrict(engine: ScreeningEngine, catalog: readonly ListStatus[], since: string, lists: readonly ListSource[] | undefined): Promise<ChangedOnly> {
    const changes = await this.changes(since, catalog, 'changedSince');
    const keys = new Set<string>();
    const wanted = lists === undefined || lists.length === 0 ? null : new Set(lists);
    // A list the `since` does not cover (a listsVersion of another `lists` filter): all of it is new.
    const covered = new Set(changes.lists.map((l) => l.source));
    for (const l of changes.lists) {
      if (wanted !== null && !wanted.has(l.source)) continue;
      for (const id of [...l.added, ...l.changed]) keys.add(entryKey(l.source, id));
    }
    for (const s of catalog) {
      if (covered.has(s.source) || (wanted !== null && !wanted.has(s.source)) || s.version === null) continue;
      for (const id of (await this.hashesOf(s.source, s.version)).keys()) keys.add(entryKey(s.source, id));
    }
    if (engine.restrictedTo === undefined) throw new Error('this engine cannot screen some entries only');
    return { engine: await engine.restrictedTo(keys), from: changes.from, entries: keys.size };
  }

  private hashesOf(source: ListSource, version: string): Promise<EntryHashes> {
    const key = `${source}/${version}`;
    let found = this.hashes.get(key);
    if (found === undefined) {
      found = readVersionHashes(this.archive, source, version);
      remember(this.hashes, key, found, MAX_HASHES);
      found.catch(() => this.hashes.delete(key));
    }
    return found;
  }

  /** Bytes archived per list source (GET /lists and /metrics), read again after SIZES_TTL_MS. */
  archiveBytes(): Promise<Map<ListSource, number>> {
    if (this.sizes === null || Date.now() - this.sizes.read >= SIZES_TTL_MS) this.sizes = { read: Date.now(), bytes: archiveBytes(this.archive) };
    return this.sizes.bytes;
  }

  private sizes: { read: number; bytes: Promise<Map<ListSource, number>> } | null = null;

  /** The served history, read again after HISTORY_TTL_MS (or when `reread`). */
  private servedSets(reread: boolean): Promise<ServedSet[]> {
    if (reread || this.history === null || Date.now() - this.history.read >= HISTORY_TTL_MS) {
      this.history = { read: Date.now(), sets: servedHistory(this.archive) };
    }
    return this.history.sets;
  }
}

/** Adds to a map kept to `max` items, the oldest first out. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
