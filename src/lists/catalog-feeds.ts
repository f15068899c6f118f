/**
 * @module Reading every feed of a directory, reusing the previous result of any feed whose files
 * did not change (the server reloads on every change; parsing the unchanged 6 MB CSL again is waste).
 *
 * Feeds that can skip sources (the CSL exports) are read after the others, told to skip every source
 * that a parsed file of a higher tier already supplies: pickSource would never take those rows from
 * them, and mapping the CSL's ~10,500 Treasury rows only to discard them slowed every load. When a preferred
 * file fails, nothing is skipped and the CSL's copy is there to fall back on. Skipped rows are not
 * "records skipped": the counts of such a feed cover the rows it mapped.
 */
import { ListFormatError, type DropCounts, type ListEntry, type ListSource, type ParsedList } from './model.js';
import { tierOf, type FeedMatch, type FeedSpec } from './registry.js';

export interface FeedResult {
  match: FeedMatch;
  /** Feed id plus file names: identifies "the same feed" across loads. */
  key: string;
  /** Names, sizes and modification times: equal means the files did not change. */
  signature: string;
  newestMtimeMs: number;
  /** Sources whose rows the reader was told to leave out (sorted; empty for most feeds). */
  skippedSources: readonly ListSource[];
  parsed?: { format: string; publishedAt: string | null; dropped: DropCounts; bySource: Map<ListSource, ListEntry[]> };
  /** One line naming file and line, when the reader failed. */
  error?: string;
}

export type FeedCache = Map<string, FeedResult>;

export async function readFeeds(matches: readonly FeedMatch[], cache: FeedCache | undefined): Promise<FeedResult[]> {
  const results: FeedResult[] = new Array(matches.length);
  const readAt = (i: number, skip: readonly ListSource[]): Promise<void> =>
    readOrReuse(matches[i], skip, cache).then((result) => {
      results[i] = result;
    });
  const indexes = matches.map((_, i) => i);
  await Promise.all(indexes.filter((i) => !matches[i].feed.skipsSources).map((i) => readAt(i, [])));
  const first = results.filter((r) => r !== undefined);
  const later = indexes.filter((i) => matches[i].feed.skipsSources);
  await Promise.all(later.map((i) => readAt(i, suppliedAbove(matches[i].feed, first))));
  return results;
}

/** Sources of `feed` that a parsed feed of a higher tier offers, so `feed` can never supply them. */
function suppliedAbove(feed: FeedSpec, results: readonly FeedResult[]): ListSource[] {
  return feed.sources
    .filter((source) => {
      const own = tierOf(source, feed.id);
      return results.some((r) => {
        const tier = tierOf(source, r.match.feed.id);
        return r.parsed !== undefined && tier >= 0 && tier < own && offers(r, source);
      });
    })
    .sort();
}

function readOrReuse(match: FeedMatch, skip: readonly ListSource[], cache: FeedCache | undefined): Promise<FeedResult> {
  const key = `${match.feed.id}:${match.files.map((f) => f.name).join(',')}`;
  const signature = match.files.map((f) => `${f.name}/${f.size}/${Math.trunc(f.mtimeMs)}`).join(',');
  const cached = cache?.get(key);
  if (cached?.parsed && cached.signature === signature && cached.skippedSources.join() === skip.join()) {
    return Promise.resolve({ ...cached, match });
  }
  return readFeed(match, key, signature, skip);
}

async function readFeed(match: FeedMatch, key: string, signature: string, skip: readonly ListSource[]): Promise<FeedResult> {
  const newestMtimeMs = Math.max(...match.files.map((f) => f.mtimeMs));
  const base = { match, key, signature, newestMtimeMs, skippedSources: skip };
  try {
    const parsed = await match.feed.read(match, skip.length > 0 ? { skipSources: new Set(skip) } : undefined);
    return { ...base, parsed: summarise(parsed) };
  } catch (error) {
    return { ...base, error: describeFailure(match, error) };
  }
}

function summarise(parsed: ParsedList): NonNullable<FeedResult['parsed']> {
  const bySource = new Map<ListSource, ListEntry[]>();
  for (const entry of parsed.entries) {
    let list = bySource.get(entry.listSource);
    if (!list) bySource.set(entry.listSource, (list = []));
    list.push(entry);
  }
  const dropped: DropCounts = { ...parsed.dropped };
  for (const [reason, count] of Object.entries(parsed.skipped)) dropped[`record skipped: ${reason}`] = count;
  return { format: parsed.format, publishedAt: toTimestamp(parsed.publishedAt), dropped, bySource };
}

/**
 * One form for callers: publishers date some files by day ("2023-11-15": dpl.txt, the SAM extract,
 * OFAC's Enhanced XML) and others to the second; every publishedAt leaves here as an ISO 8601 UTC
 * timestamp (a day becomes its midnight UTC), so `publishedAt` and `listFreshness` always parse the same way.
 */
export function toTimestamp(value: string | null): string | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/**
 * ListFormatError already reads "file:line: reason". Anything else (I/O, a reader bug) is reported on
 * the primary file; the message is cut to one line because some errors carry stack-like detail.
 */
function describeFailure(match: FeedMatch, error: unknown): string {
  if (error instanceof ListFormatError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `${match.files[0].name}: ${message.split('\n')[0]}`;
}

/** Does this parsed feed offer `source`? Complete feeds offer their sources even when empty. */
export function offers(result: FeedResult, source: ListSource): boolean {
  if (!result.match.feed.sources.includes(source)) return false;
  if (!result.parsed) return true; // a failure still counts, so its error is reported on the source
  return result.match.feed.complete || (result.parsed.bySource.get(source)?.length ?? 0) > 0;
}

