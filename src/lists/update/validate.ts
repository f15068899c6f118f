/**
 * @module Is a downloaded list good enough to replace the current copy? It must parse with its reader,
 * hold entries, and not lose more than `maxCollapse` of any list's entries compared with the copy
 * in LISTS_DIR (a half-published or error-page download usually parses but is short).
 */
import { LIST_SOURCES, type ListSource, type ParsedList } from '../model.js';
import { matchFeeds, type FeedMatch, type ListFile } from '../registry.js';
import { scanListDir } from '../catalog-scan.js';
import { collapseReason } from '../collapse.js';
import type { UpdateUnit } from './official-files.js';

export type SourceCounts = Partial<Record<ListSource, number>>;

export type Validation =
  | { ok: true; counts: SourceCounts; before: SourceCounts | null }
  | { ok: false; reason: string };

export interface ValidateOptions {
  /** 0..1: the largest accepted relative drop of a list's entry count. */
  maxCollapse: number;
  force: boolean;
}

export async function validateDownload(
  unit: UpdateUnit,
  downloaded: readonly ListFile[],
  listsDir: string,
  options: ValidateOptions,
): Promise<Validation> {
  const match = matchFeeds(downloaded).find((m) => m.feed.id === unit.feed);
  if (!match) {
    return { ok: false, reason: `${downloaded.map((f) => f.name).join(', ')}: not recognised as ${unit.feed} files` };
  }
  let parsed: ParsedList;
  try {
    parsed = await match.feed.read(match);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
  const counts = countBySource(parsed, match);
  if (parsed.entries.length === 0 && !options.force) {
    return { ok: false, reason: `${match.files[0].name}: parsed but holds no entries; rerun with --force to accept` };
  }
  const before = await currentCounts(unit, listsDir);
  const collapse = options.force || !before ? null : findCollapse(before, counts, options.maxCollapse);
  if (collapse) return { ok: false, reason: `${match.files[0].name}: ${collapse}; rerun with --force to accept` };
  return { ok: true, counts, before };
}

function countBySource(parsed: ParsedList, match: FeedMatch): SourceCounts {
  const counts: SourceCounts = {};
  if (match.feed.complete) for (const source of match.feed.sources) counts[source] = 0;
  for (const entry of parsed.entries) counts[entry.listSource] = (counts[entry.listSource] ?? 0) + 1;
  return counts;
}

/**
 * Counts of the copy now in LISTS_DIR, in whichever format the unit replaces (a legacy OFAC family
 * before its first XML download); null when there is none or it does not parse (nothing to protect).
 */
async function currentCounts(unit: UpdateUnit, listsDir: string): Promise<SourceCounts | null> {
  const scan = await scanListDir(listsDir);
  const held = scan.matches.filter((m) => unit.replaces(m.files[0].name));
  const match = held.find((m) => m.feed.id === unit.feed) ?? held[0];
  if (!match) return null;
  try {
    return countBySource(await match.feed.read(match), match);
  } catch {
    return null;
  }
}

function findCollapse(before: SourceCounts, after: SourceCounts, maxCollapse: number): string | null {
  for (const source of LIST_SOURCES) {
    const reason = collapseReason(source, before[source] ?? 0, after[source] ?? 0, maxCollapse);
    if (reason) return reason;
  }
  return null;
}
