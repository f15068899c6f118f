/**
 * @module GET /sanctions-screening/v1/lists: the catalog, one line per listSource. Costs no quota
 * but carries the rate-limit headers like every service answer.
 */
import { AppError } from '../../errors.js';
import type { ListStatus } from '../../lists/catalog.js';
import { SERVICE_ID } from '../deps.js';
import { reply } from '../framing.js';
import type { Route } from '../route.js';
import { authenticateKey, peekQuota, rateLimitHeaders } from '../service-auth.js';

/** The public fields only: file paths and loader errors are for operators (CLI), not API users. */
export type PublicListStatus = Pick<ListStatus,
  'source' | 'name' | 'publisher' | 'entryCount' | 'publishedAt' | 'lastRefresh' | 'status' | 'sourceUrl'>;

export const listsRoute: Route = {
  method: 'GET',
  pattern: `/${SERVICE_ID}/v1/lists`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const catalog = deps.lists.catalog();
    if (catalog === null) throw new AppError('lists_unavailable');
    const quota = await peekQuota(deps, key, SERVICE_ID);
    return reply(200, { data: catalog.map(publicStatus) }, ctx.format, rateLimitHeaders(quota));
  },
};

function publicStatus(s: ListStatus): PublicListStatus {
  return {
    source: s.source,
    name: s.name,
    publisher: s.publisher,
    entryCount: s.entryCount,
    publishedAt: s.publishedAt,
    lastRefresh: s.lastRefresh,
    status: s.status,
    sourceUrl: s.sourceUrl,
  };
}
