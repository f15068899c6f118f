/**
 * @module Which file supplies each list source. Exactly one file supplies a source: entries of two
 * files are never mixed, because two publications of one list disagree on IDs and spellings.
 */
import type { ListSource } from './model.js';
import { FEEDS, tierOf } from './registry.js';
import { offers, type FeedResult } from './catalog-feeds.js';

const SAME_FETCH_MS = 10 * 60_000;

export interface SourcePick {
  /** The file that supplies the source, if any parsed. */
  chosen?: FeedResult;
  /** Files that failed and would have been preferred to `chosen`: their errors concern this source. */
  failures: FeedResult[];
}

export function pickSource(source: ListSource, results: readonly FeedResult[]): SourcePick {
  const candidates = results
    .filter((r) => tierOf(source, r.match.feed.id) >= 0 && offers(r, source))
    .sort((a, b) => compareCandidates(source, a, b));
  const index = candidates.findIndex((r) => r.parsed !== undefined);
  if (index < 0) return { failures: candidates };
  return { chosen: candidates[index], failures: candidates.slice(0, index) };
}

/** Higher tier first; then the fresher file; then registry order, so ties resolve the same way every time. */
function compareCandidates(source: ListSource, a: FeedResult, b: FeedResult): number {
  return (
    tierOf(source, a.match.feed.id) - tierOf(source, b.match.feed.id) ||
    compareFreshness(a, b) ||
    feedOrder(a) - feedOrder(b) ||
    a.match.files[0].name.localeCompare(b.match.files[0].name)
  );
}

/**
 * Fresher first. The publisher's dates are compared only with each other: a publication date and a
 * download time are not comparable, so when either file carries no date the download times decide.
 * Files fetched by the same update run (minutes apart) count as equally fresh: the order in which
 * parallel downloads finished must not decide.
 */
function compareFreshness(a: FeedResult, b: FeedResult): number {
  const aPublished = a.parsed?.publishedAt;
  const bPublished = b.parsed?.publishedAt;
  if (aPublished && bPublished) return Date.parse(bPublished) - Date.parse(aPublished);
  const difference = b.newestMtimeMs - a.newestMtimeMs;
  return Math.abs(difference) < SAME_FETCH_MS ? 0 : difference;
}

function feedOrder(result: FeedResult): number {
  return FEEDS.findIndex((f) => f.id === result.match.feed.id);
}
