/**
 * @module GET /sanctions-screening/v1/lists: the catalog, one line per listSource. Costs no quota
 * but carries the rate-limit headers like every service answer.
 */
import { AppError } from '../../errors.js';
import type { ListStatus } from '../../lists/catalog.js';
import { SERVICE_ID } from '../deps.js';
import { reply } from '../http/framing.js';
import type { Route } from '../http/route.js';
import { authenticateKey, peekQuota, rateLimitHeaders } from '../auth/service-auth.js';

/**
 * The public fields only: file paths and loader errors are for operators (CLI), not API users.
 * `ageDays` (whole days since publishedAt) and `outdated` (older than LISTS_MAX_AGE_DAYS) are
 * computed per request: they change with the clock, not with the lists.
 */
export type PublicListStatus = Pick<ListStatus,
  'source' | 'name' | 'publisher' | 'entryCount' | 'publishedAt' | 'publishedAtSource' | 'lastRefresh' | 'status' | 'sourceUrl' | 'version' | 'versionSince'>
  & { ageDays: number | null; outdated: boolean | null; archiveBytes?: number };

const DAY_MS = 86_400_000;

export const listsRoute: Route = {
  method: 'GET',
  pattern: `/${SERVICE_ID}/v1/lists`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const catalog = deps.lists.catalog();
    if (catalog === null) throw new AppError('lists_unavailable');
    const quota = await peekQuota(deps, key, SERVICE_ID);
    const nowMs = deps.now().getTime();
    const archived = await deps.changes?.archiveBytes().catch(() => null);
    const data = catalog.map((s) => withArchiveBytes(publicStatus(s, nowMs, deps.lists.policy.maxAgeDays), archived?.get(s.source)));
    return reply(200, { data }, ctx.format, rateLimitHeaders(quota));
  },
};

function publicStatus(s: ListStatus, nowMs: number, maxAgeDays: number): PublicListStatus {
  // A date in the future (clock skew, a bad file date) is age 0, never negative. A file time is no
  // publication date: a list without one has an unknown age, never "published today".
  const undated = s.publishedAt === null || s.publishedAtSource === 'file-time';
  const ageDays = undated ? null : Math.max(0, Math.floor((nowMs - Date.parse(s.publishedAt!)) / DAY_MS));
  return {
    source: s.source,
    name: s.name,
    publisher: s.publisher,
    entryCount: s.entryCount,
    publishedAt: s.publishedAt,
    publishedAtSource: s.publishedAtSource,
    ageDays,
    outdated: s.publishedAtSource === 'file-time' ? null : ageDays !== null && ageDays > maxAgeDays,
    lastRefresh: s.lastRefresh,
    status: s.status,
    sourceUrl: s.sourceUrl,
    version: s.version ?? null,
    versionSince: s.versionSince ?? null,
  };
}

/** The version archive's size for the list, when it holds any (an unreadable archive leaves it out). */
function withArchiveBytes(status: PublicListStatus, bytes: number | undefined): PublicListStatus {
  return bytes === undefined ? status : { ...status, archiveBytes: bytes };
}
