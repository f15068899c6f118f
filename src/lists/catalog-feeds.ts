/**
 * @module Reading every feed of a directory, reusing the previous result of any feed whose files
 * did not change (the server reloads on every change; parsing the unchanged 6 MB CSL again is waste).
 */
import { ListFormatError, type DropCounts, type ListEntry, type ListSource, type ParsedList } from './model.js';
import type { FeedMatch } from './registry.js';

export interface FeedResult {
  match: FeedMatch;
  /** Feed id plus file names: identifies "the same feed" across loads. */
  key: string;
  /** Names, sizes and modification times: equal means the files did not change. */
  signature: string;
  newestMtimeMs: number;
  parsed?: { format: string; publishedAt: string | null; dropped: DropCounts; bySource: Map<ListSource, ListEntry[]> };
  /** One line naming file and line, when the reader failed. */
  error?: string;
}

export type FeedCache = Map<string, FeedResult>;

export async function readFeeds(matches: readonly FeedMatch[], cache: FeedCache | undefined): Promise<FeedResult[]> {
  return Promise.all(
    matches.map((match) => {
      const key = `${match.feed.id}:${match.files.map((f) => f.name).join(',')}`;
      const signature = match.files.map((f) => `${f.name}/${f.size}/${Math.trunc(f.mtimeMs)}`).join(',');
      const cached = cache?.get(key);
      if (cached?.parsed && cached.signature === signature) return Promise.resolve({ ...cached, match });
      return readFeed(match, key, signature);
    }),
  );
}

async function readFeed(match: FeedMatch, key: string, signature: string): Promise<FeedResult> {
  const newestMtimeMs = Math.max(...match.files.map((f) => f.mtimeMs));
  const base = { match, key, signature, newestMtimeMs };
  try {
    const parsed = await match.feed.read(match);
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
  return { format: parsed.format, publishedAt: validIso(parsed.publishedAt), dropped, bySource };
}

function validIso(value: string | null): string | null {
  return value !== null && Number.isFinite(Date.parse(value)) ? value : null;
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

