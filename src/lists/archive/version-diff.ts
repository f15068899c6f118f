/**
 * @module What changed between two versions of one list (API.md "GET .../lists/changes"): entries
 * added, changed (any content field differs: versions.ts entryContentHash) and removed, by entryId,
 * each sorted. The basis of the changes feed and of `changedSince` screening.
 */
import type { ListEntry } from '../model.js';
import { entryContentHash } from '../versions.js';

export interface VersionDiff {
  added: string[];
  changed: string[];
  removed: string[];
}

/** entryId -> content hash. */
export function entryHashes(entries: readonly ListEntry[]): Map<string, string> {
  return new Map(entries.map((e) => [e.entryId, entryContentHash(e)]));
}

export function diffVersions(from: ReadonlyMap<string, string>, to: ReadonlyMap<string, string>): VersionDiff {
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  for (const [id, hash] of to) {
    const before = from.get(id);
    if (before === undefined) added.push(id);
    else if (before !== hash) changed.push(id);
  }
  for (const id of from.keys()) if (!to.has(id)) removed.push(id);
  const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return { added: added.sort(byId), changed: changed.sort(byId), removed: removed.sort(byId) };
}
