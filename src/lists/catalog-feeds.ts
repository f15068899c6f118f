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
import { verifiedEntry, type Manifest } from './manifest.js';
import { ListFormatError, type DropCounts, type ListEntry, type ListSource, type ParsedList } from './model.js';
import { tierOf, type FeedMatch, type FeedReadOptions, type FeedSpec } from './registry.js';

export type PublishedAtSource = 'publisher' | 'http-last-modified' | 'file-time';

export interface ParsedFeed {
  format: string;
  /** The publisher's date on the file (ISO 8601 UTC), or null. */
  publishedAt: string | null;
  publishedAtBySource: Partial<Record<ListSource, string>>;
  /** The newest HTTP Last-Modified of the feed's files, when the manifest vouches for every one of them. */
  lastModified: string | null;
  dropped: DropCounts;
  bySource: Map<ListSource, ListEntry[]>;
}

export interface FeedResult {
  match: FeedMatch;
  /** Feed id plus file names: identifies "the same feed" across loads. */
  key: string;
  /** Names, sizes and modification times: equal means the files did not change. */
  signature: string;
  newestMtimeMs: number;
  /** Sources whose rows the reader was told to leave out (sorted; empty for most feeds). */
  skippedSources: readonly ListSource[];
  parsed?: ParsedFeed;
  /** One line naming file and line, when the reader failed. */
  error?: string;
}

export type FeedCache = Map<string, FeedResult>;

/**
 * Parses one feed. The default calls the feed's reader in this thread; the list pipeline passes one
 * that bounds each parse in time and memory (server/lists-pipeline/bounded-reader.ts).
 */
export type FeedReader = (match: FeedMatch, options?: FeedReadOptions) => Promise<ParsedList>;

const readInThread: FeedReader = (match, options) => match.feed.read(match, options);

export async function readFeeds(
  matches: readonly FeedMatch[], cache: FeedCache | undefined, manifest: Manifest, read: FeedReader = readInThread,
): Promise<FeedResult[]> {
  const results: FeedResult[] = new Array(matches.length);
  const readAt = (i: number, skip: readonly ListSource[]): Promise<void> =>
    readOrReuse(matches[i], skip, cache, manifest, read).then((result) => {
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

function readOrReuse(
  match: FeedMatch, skip: readonly ListSource[], cache: FeedCache | undefined, manifest: Manifest, read: FeedReader,
): Promise<FeedResult> {
  const key = `${match.feed.id}:${match.files.map((f) => f.name).join(',')}`;
  // The manifest entries are part of the signature: a new manifest may re-date unchanged files.
  const signature = match.files.map((f) => `${f.name}/${f.size}/${Math.trunc(f.mtimeMs)}/${JSON.stringify(manifest.files[f.name] ?? null)}`).join(',');
  const cached = cache?.get(key);
  if (cached?.parsed && cached.signature === signature && cached.skippedSources.join() === skip.join()) {
    return Promise.resolve({ ...cached, match });
  }
  return readFeed(match, { key, signature, skip, manifest, read });
}

interface ReadContext {
  key: string;
  signature: string;
  skip: readonly ListSource[];
  manifest: Manifest;
  read: FeedReader;
}

async function readFeed(match: FeedMatch, { key, signature, skip, manifest, read }: ReadContext): Promise<FeedResult> {
  const newestMtimeMs = Math.max(...match.files.map((f) => f.mtimeMs));
  const base = { match, key, signature, newestMtimeMs, skippedSources: skip };
  const unreadable = match.files.find((f) => f.unreadable !== undefined);
  if (unreadable) return { ...base, error: `${unreadable.name}: ${unreadable.unreadable}` };
  try {
    const parsed = await read(match, skip.length > 0 ? { skipSources: new Set(skip) } : undefined);
    const lastModified = parsed.publishedAt === null ? await manifestDate(match, manifest) : null;
    return { ...base, parsed: summarise(parsed, lastModified) };
  } catch (error) {
    return { ...base, error: describeFailure(match, error) };
  }
}

/** The newest Last-Modified of the feed's files, only when the manifest vouches for each file as it is. */
async function manifestDate(match: FeedMatch, manifest: Manifest): Promise<string | null> {
  const entries = await Promise.all(match.files.map((file) => verifiedEntry(manifest, file)));
  const dates = entries.map((e) => toTimestamp(e?.lastModified ?? null));
  if (dates.some((d) => d === null)) return null;
  return (dates as string[]).sort().at(-1) ?? null;
}

function summarise(parsed: ParsedList, lastModified: string | null): ParsedFeed {
  const bySource = new Map<ListSource, ListEntry[]>();
  for (const entry of parsed.entries) {
    let list = bySource.get(entry.listSource);
    if (!list) bySource.set(entry.listSource, (list = []));
    list.push(entry);
  }
  const dropped: DropCounts = { ...parsed.dropped };
  for (const [reason, count] of Object.entries(parsed.skipped)) dropped[`record skipped: ${reason}`] = count;
  const publishedAtBySource: ParsedFeed['publishedAtBySource'] = {};
  for (const [source, date] of Object.entries(parsed.publishedAtBySource ?? {})) {
    const at = toTimestamp(date);
    if (at !== null) publishedAtBySource[source as ListSource] = at;
  }
  return { format: parsed.format, publishedAt: toTimestamp(parsed.publishedAt), publishedAtBySource, lastModified, dropped, bySource };
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

