/**
 * @module What changed in the lists since a `since` (API.md "GET .../lists/changes" and the
 * `changedSince` screening field): a listsVersion (coverage.listsVersion, of every list or of a
 * `lists` filter) or an ISO 8601 UTC time, resolved through the served history (served-history.ts)
 * to the list versions it stands for, each compared with the version served now by their entry
 * hashes (version-hashes.ts). A `since` the archive no longer reaches (older than its first record,
 * a version pruned, a listsVersion never served) is ArchiveError 'gone': 410 list_version_gone.
 */
import { LIST_SOURCES, type ListSource } from '../model.js';
import { listsVersionOf } from '../versions.js';
import { ArchiveError } from './version-archive.js';
import { servedAt, versionsOfListsVersion, type ServedSet } from './served-history.js';
import { diffVersions, type VersionDiff } from './version-diff.js';
import type { EntryHashes } from './version-hashes.js';

export type Since = { kind: 'lists-version'; listsVersion: string } | { kind: 'time'; at: number };

const LISTS_VERSION = /^[0-9a-f]{16}$/;
/** ISO 8601 in UTC, to the minute at least: 2026-03-02T00:00Z, 2026-03-02T09:30:00.000Z. */
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/;
export const SINCE_ISSUE = 'must be a listsVersion (16 lowercase hex) or an ISO 8601 UTC time (2026-03-02T00:00:00Z)';

/** The `since` written, or null when it is neither form. */
export function parseSince(text: string): Since | null {
  if (LISTS_VERSION.test(text)) return { kind: 'lists-version', listsVersion: text };
  if (!UTC_TIME.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : { kind: 'time', at };
}

/** The versions `since` stands for, per list source it covers (null: the list was missing then). */
export function versionsSince(history: readonly ServedSet[], since: Since): Map<ListSource, string | null> {
  if (since.kind === 'lists-version') {
    const found = versionsOfListsVersion(history, since.listsVersion);
    if (found === null) throw new ArchiveError('gone', `listsVersion ${since.listsVersion} is not in the archive's history`);
    return found;
  }
  const set = servedAt(history, since.at);
  if (set === null) throw new ArchiveError('gone', 'the time is before the archive\'s first record');
  return new Map(LIST_SOURCES.map((s) => [s, set.versions[s] ?? null]));
}

export interface ListChange extends VersionDiff {
  source: ListSource;
  fromVersion: string | null;
  toVersion: string | null;
}

export interface ListChanges {
  /** listsVersion of the versions `since` stands for, over the lists it covers. */
  from: string;
  /** listsVersion of the versions served now, over the same lists: the next `since` to use. */
  to: string;
  lists: ListChange[];
}

/** Reads a version's entry hashes (version-hashes.ts readVersionHashes, cached by the caller). */
export type HashesOf = (source: ListSource, version: string) => Promise<EntryHashes>;

const NONE: EntryHashes = new Map();
const EMPTY_DIFF: VersionDiff = { added: [], changed: [], removed: [] };

/** Each covered list's entries added, changed and removed between the versions `from` and `now`. */
export async function changesBetween(
  from: ReadonlyMap<ListSource, string | null>, now: ReadonlyMap<ListSource, string | null>, hashesOf: HashesOf,
): Promise<ListChanges> {
  const sources = LIST_SOURCES.filter((s) => from.has(s));
  const lists: ListChange[] = [];
  for (const source of sources) {
    const fromVersion = from.get(source) ?? null;
    const toVersion = now.get(source) ?? null;
    const diff = fromVersion === toVersion ? EMPTY_DIFF : diffVersions(
      fromVersion === null ? NONE : await hashesOf(source, fromVersion),
      toVersion === null ? NONE : await hashesOf(source, toVersion),
    );
    lists.push({ source, fromVersion, toVersion, ...diff });
  }
  return {
    from: listsVersionOf(sources.map((source) => ({ source, version: from.get(source) ?? null }))),
    to: listsVersionOf(sources.map((source) => ({ source, version: now.get(source) ?? null }))),
    lists,
  };
}
