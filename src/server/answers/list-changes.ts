/**
 * @module The changes feed and `changedSince` screening on a serving thread (API.md "List versions,
 * reconstruction and changes"): resolves a `since` through the version archive's served history,
 * compares entry hashes (lists/archive/changes-since.ts), and builds the engine over the entries
 * added or changed (engine/changed-only.ts).
 *
 * Everything read is kept for the next request: the served history for a second (the pipeline
 * appends to it when it hands over a new set), each version's entry hashes, each diff, each
 * listsVersion's resolution (found or not) and the changedSince engines while the same lists are
 * served. Reading a version's hashes is asynchronous file I/O and a JSON parse (a few ms a list).
 *
 * What a caller writes never decides what is built: engines are kept by the versions a `since`
 * resolves to (not its text: a time a millisecond later names the same versions), and they all
 * screen over one small index per list set served, built at most INDEX_BUILDS times (Restricted):
 * building one costs the serving thread about 0.1 ms an entry, uncharged.
 */
import { AppError } from '../../errors.js';
import type { ScreeningEngine } from '../../engine/types.js';
import { entryKey } from '../../engine/entry-lookup.js';
import { onlyEntries, RESTRICTED_MAX } from '../../engine/changed-only.js';
import { DEFAULT_LIMIT } from '../../engine/engine.js';
import type { ListStatus } from '../../lists/catalog.js';
import { LIST_SOURCES, type ListSource } from '../../lists/model.js';
import { changesBetween, parseSince, SINCE_ISSUE, versionsSince, type ListChanges, type Since } from '../../lists/archive/changes-since.js';
import { ListsVersionIndex } from '../../lists/archive/lists-version-index.js';
import { archiveBytes, servedHistory, type ServedSet } from '../../lists/archive/served-history.js';
import { ArchiveError, type VersionArchive } from '../../lists/archive/version-archive.js';
import { readVersionHashes, type EntryHashes } from '../../lists/archive/version-hashes.js';

const HISTORY_TTL_MS = 1_000;
const SIZES_TTL_MS = 10_000;
const MAX_HASHES = 32;
/** Diffs kept, by the versions compared (each the ids of a day's changes, or of a whole list at worst). */
const MAX_CHANGES = 8;
/** changedSince engines kept per engine served, by the versions resolved and the lists filter (each a set of keys over a shared index). */
const MAX_SINCE = 64;
/** listsVersion resolutions kept (found or not) while the served history's content is the same. */
const MAX_RESOLVED = 1_024;
/**
 * Indexes built per engine served (per list set): a build costs about 0.1 ms an entry on the serving
 * thread (buildIndex; the WASM module is compiled once per process), up to RESTRICTED_MAX entries.
 * Past this many, a changedSince set the index built does not hold is screened by the full engine
 * filtered (never more than a full screening), so no caller can make the thread build again and again.
 */
export const INDEX_BUILDS = 4;

/** A changedSince screening's engine and what its coverage says. */
export interface ChangedOnly {
  engine: ScreeningEngine;
  /** The listsVersion screened since (ListChanges.from). */
  from: string;
  /** Entries screened against. */
  entries: number;
}

/** What the service reports (rps_changed_since_index_build_duration_seconds), and its bound. */
export interface ChangesOptions {
  /** An index built on this thread for changedSince screening, and how long it took. */
  indexBuilt?(seconds: number): void;
  /** Largest set of entries given the shared index (RESTRICTED_MAX; tests of the full engine filtered set it lower). */
  restrictedMax?: number;
}

/**
 * changedSince screening of one engine served. Every changedSince is screened against the entries
 * of one index built over a few entries (`index`): the union of the sets asked so far while it holds
 * at most RESTRICTED_MAX (the scores are the full engine's: token rarity is the full index's), each
 * set a filter over it (onlyEntries). So the index depends on neither the `since` written (a time a
 * millisecond later, a listsVersion of a `lists` filter) nor the request's `lists` (the engine masks
 * the lists at screening), and it is built at most INDEX_BUILDS times, one build at a time.
 */
interface Restricted {
  index: { keys: ReadonlySet<string>; engine: ScreeningEngine } | null;
  /** The build in flight: a request needing another waits for it, then looks again. */
  building: Promise<void> | null;
  builds: number;
  bySince: Map<string, Promise<ChangedOnly>>;
}

export class ListChangesService {
  private history: { read: number; sets: Promise<ServedSet[]> } | null = null;
  private readonly hashes = new Map<string, Promise<EntryHashes>>();
  /** Diffs by the versions compared (`from` resolved and the versions served). */
  private readonly diffs = new Map<string, Promise<ListChanges>>();
  private restricted = new WeakMap<ScreeningEngine, Restricted>();
  /** listsVersion -> the versions it names (null: none), for the served history of content `history`. */
  private resolved: { history: string; found: Map<string, Map<ListSource, string | null> | null> } = { history: '', found: new Map() };
  /** listsVersions looked for in the served history (not found in the kept answers): diagnostics and tests. */
  searches = 0;
  /** The served sets' subset tables (a listsVersion may be of any lists filter). */
  readonly listsVersions = new ListsVersionIndex();

  constructor(readonly archive: VersionArchive, private readonly options: ChangesOptions = {}) {}

  /** GET .../lists/changes: 400 for a malformed since (`field` names it), 410 when the archive does not reach it. */
  async changes(since: string, catalog: readonly ListStatus[], field = 'since'): Promise<ListChanges> {
    return this.changesFrom(await this.resolve(since, field), catalog, field);
  }

  /** The versions a `since` stands for, per list it covers; 400 when malformed, 410 when the archive does not reach it. */
  private async resolve(since: string, field: string): Promise<Map<ListSource, string | null>> {
    const parsed = parseSince(since);
    if (parsed === null) throw new AppError('invalid_request', [{ field, issue: SINCE_ISSUE }]);
    try {
      // A since not found in the history read a moment ago may be in the one written since: read it again once.
      return await this.servedSets(false).then((sets) => this.versionsIn(sets, parsed))
        .catch(async () => this.versionsIn(await this.servedSets(true), parsed));
    } catch (error) {
      if (error instanceof ArchiveError) throw new AppError('list_version_gone', [{ field, issue: error.message }]);
      throw error;
    }
  }

  /**
   * versionsSince, a listsVersion found through the subset tables (lists-version-index.ts: each served
   * set's 4,095 subsets hashed once, not per request), and each value's answer, found or not, kept
   * while the history's content is the same: a value asked again (a bad one too) costs a map lookup.
   */
  private async versionsIn(sets: readonly ServedSet[], since: Since): Promise<Map<ListSource, string | null>> {
    if (since.kind === 'time') return versionsSince(sets, since);
    // Items are only appended (a set served) and dropped from the front (pruned): their count and ends tell the content.
    const history = `${sets.length} ${sets[0]?.at} ${sets.at(-1)?.at}`;
    if (this.resolved.history !== history) this.resolved = { history, found: new Map() };
    const resolved = this.resolved;
    let found = resolved.found.get(since.listsVersion);
    if (found === undefined) {
      this.searches++;
      found = await this.listsVersions.find(sets, since.listsVersion);
      remember(resolved.found, since.listsVersion, found, MAX_RESOLVED);
    }
    if (found === null) throw new ArchiveError('gone', `listsVersion ${since.listsVersion} is not in the archive's history`);
    return found;
  }

  /** The diff from the versions `from` to those served now, computed once per pair of version sets. */
  private changesFrom(from: ReadonlyMap<ListSource, string | null>, catalog: readonly ListStatus[], field: string): Promise<ListChanges> {
    const now = new Map(catalog.map((s) => [s.source, s.version] as const));
    const key = `${versionsKey(from)} > ${versionsKey(now)}`;
    let found = this.diffs.get(key);
    if (found === undefined) {
      found = changesBetween(from, now, (source, version) => this.hashesOf(source, version)).catch((error: unknown) => {
        this.diffs.delete(key);
        if (error instanceof ArchiveError) throw new AppError('list_version_gone', [{ field, issue: error.message }]);
        throw error;
      });
      remember(this.diffs, key, found, MAX_CHANGES);
    }
    return found;
  }

  /**
   * The engine over the entries of `lists` (all when absent) added or changed since `since`, made
   * once per versions `since` resolves to and lists filter; every one over the same index (Restricted).
   */
  async changedOnly(engine: ScreeningEngine, catalog: readonly ListStatus[], since: string, lists: readonly ListSource[] | undefined): Promise<ChangedOnly> {
    const from = await this.resolve(since, 'changedSince');
    let restricted = this.restricted.get(engine);
    if (restricted === undefined) this.restricted.set(engine, (restricted = { index: null, building: null, builds: 0, bySince: new Map() }));
    const wanted = lists === undefined || lists.length === 0 ? null : new Set(lists);
    const key = `${versionsKey(from)} lists=${wanted === null ? '*' : LIST_SOURCES.filter((s) => wanted.has(s)).join(',')}`;
    const cache = restricted.bySince;
    let made = cache.get(key);
    if (made === undefined) {
      made = this.restrict(engine, restricted, catalog, from, wanted);
      remember(cache, key, made, MAX_SINCE);
      made.catch(() => cache.delete(key));
    }
    return made;
  }

  private async restrict(
    engine: ScreeningEngine, restricted: Restricted, catalog: readonly ListStatus[], from: ReadonlyMap<ListSource, string | null>, wanted: ReadonlySet<ListSource> | null,
  ): Promise<ChangedOnly> {
    if (engine.restrictedTo === undefined) throw new Error('this engine cannot screen some entries only');
    const changes = await this.changesFrom(from, catalog, 'changedSince');
    // The lists filter is applied here only to count what is new to this request (and so keep the set
    // small); the shared index holds other lists too, which the request's lists mask leaves out.
    const inFilter = (source: ListSource): boolean => wanted === null || wanted.has(source);
    const lists = changes.lists.filter((l) => inFilter(l.source));
    // A list the `since` does not cover (a listsVersion of another `lists` filter): all of it is new.
    const whole = catalog.filter((s) => !from.has(s.source) && inFilter(s.source) && s.version !== null);
    const count = lists.reduce((n, l) => n + l.added.length + l.changed.length, 0) + whole.reduce((n, s) => n + s.entryCount, 0);
    if (count > (this.options.restrictedMax ?? RESTRICTED_MAX)) {
      // The full engine filtered: the entries named without listing whole lists (nor reading their hashes) per request.
      const all = this.changedKeys(changes);
      const newLists = new Set(whole.map((s) => s.source));
      const keys = { size: count, has: (key: string) => { const source = key.slice(0, key.indexOf('/')) as ListSource; return newLists.has(source) || (inFilter(source) && all.has(key)); } };
      return { engine: onlyEntries(engine, keys, DEFAULT_LIMIT), from: changes.from, entries: count };
    }
    const keys = new Set<string>();
    for (const l of lists) for (const id of [...l.added, ...l.changed]) keys.add(entryKey(l.source, id));
    for (const s of whole) for (const id of (await this.hashesOf(s.source, s.version!)).keys()) keys.add(entryKey(s.source, id));
    return { engine: await this.engineOver(engine, restricted, keys), from: changes.from, entries: keys.size };
  }

  /** The entries added or changed in every list of a diff, made once per diff (shared by every lists filter). */
  private changedKeys(changes: ListChanges): ReadonlySet<string> {
    let keys = this.keysOfChanges.get(changes);
    if (keys === undefined) {
      keys = new Set(changes.lists.flatMap((l) => [...l.added, ...l.changed].map((id) => entryKey(l.source, id))));
      this.keysOfChanges.set(changes, keys);
    }
    return keys;
  }

  private readonly keysOfChanges = new WeakMap<ListChanges, ReadonlySet<string>>();

  /** An engine screening the entries `keys` only: over the shared index when it holds them (built, or grown, when it may be). */
  private async engineOver(engine: ScreeningEngine, restricted: Restricted, keys: ReadonlySet<string>): Promise<ScreeningEngine> {
    if (keys.size > RESTRICTED_MAX) return onlyEntries(engine, keys, DEFAULT_LIMIT);
    for (;;) {
      const index = restricted.index;
      if (index !== null && [...keys].every((k) => index.keys.has(k))) {
        return index.keys.size === keys.size ? index.engine : onlyEntries(index.engine, keys, DEFAULT_LIMIT);
      }
      // One build at a time: a request needing another waits for it, then looks again (it may hold the keys).
      if (restricted.building !== null) {
        await restricted.building;
        continue;
      }
      if (restricted.builds >= INDEX_BUILDS) return onlyEntries(engine, keys, DEFAULT_LIMIT);
      // The union of the sets asked so far while it stays small enough, else these keys alone.
      const union = new Set([...(index?.keys ?? []), ...keys]);
      const chosen = union.size <= RESTRICTED_MAX ? union : keys;
      restricted.builds++;
      const started = performance.now();
      restricted.building = engine.restrictedTo!(chosen).then((built) => {
        this.options.indexBuilt?.((performance.now() - started) / 1000);
        restricted.index = { keys: chosen, engine: built };
      }).finally(() => {
        restricted.building = null;
      });
      await restricted.building;
    }
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

/** The versions of each list in `versions`, in ranking order: a cache key. */
function versionsKey(versions: ReadonlyMap<ListSource, string | null>): string {
  return LIST_SOURCES.filter((s) => versions.has(s)).map((s) => `${s}=${versions.get(s) ?? '-'}`).join(' ');
}

/** Adds to a map kept to `max` items, the oldest first out. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}
