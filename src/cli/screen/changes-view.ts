/**
 * @module `screen --changed-since`: before the run, what changed in the server's lists since then
 * (GET /lists/changes), printed per list with the versions screened against and the
 * `--changed-since` to use next time (the feed's `to`). Each row is sent with `changedSince`, so
 * the server screens it against the entries added or changed only: a `clear` row means "no new
 * match since". A `since` the server's version archive no longer reaches stops the run (usage error).
 */
import { ScreenUsageError } from './screen-records.js';

const CHANGES_PATH = '/sanctions-screening/v1/lists/changes';

export interface ChangesSeen {
  from: string;
  to: string;
  lists: Array<{ source: string; fromVersion: string | null; toVersion: string | null; added: string[]; changed: string[]; removed: string[] }>;
}

export async function fetchChanges(baseUrl: string, apiKey: string, since: string, timeoutMs: number): Promise<ChangesSeen> {
  const url = `${baseUrl.replace(/\/+$/, '').replace(/\/sanctions-screening\/v1$/, '')}${CHANGES_PATH}?since=${encodeURIComponent(since)}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  const body = (await response.json().catch(() => null)) as (ChangesSeen & { error?: { code: string; message: string } }) | null;
  if (response.status === 410) {
    throw new ScreenUsageError(`--changed-since ${since}: the server's version archive no longer reaches it (410 list_version_gone); screen without --changed-since`);
  }
  if (response.status === 400) throw new ScreenUsageError(`--changed-since ${since}: ${body?.error?.message ?? 'refused'} (a listsVersion or an ISO 8601 UTC time)`);
  if (!response.ok || body === null || !Array.isArray(body.lists)) throw new ScreenUsageError(`GET ${CHANGES_PATH} answered HTTP ${response.status}`);
  return body;
}

/** One line per list that changed, the versions, and the next --changed-since. */
export function changesSummary(changes: ChangesSeen, since: string): string {
  const changed = changes.lists.filter((l) => l.added.length + l.changed.length + l.removed.length > 0);
  const lines = [`changed since ${since} (lists version ${changes.from}): screening only the entries added or changed`];
  for (const l of changed) {
    lines.push(`  ${l.source}: ${l.added.length} added, ${l.changed.length} changed, ${l.removed.length} removed (version ${l.fromVersion ?? '-'} -> ${l.toVersion ?? '-'})`);
  }
  if (changed.length === 0) lines.push('  no list changed: every row will be clear');
  lines.push(`screened against lists version ${changes.to}; next time use --changed-since ${changes.to}`);
  return lines.join('\n');
}
