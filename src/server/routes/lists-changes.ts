/**
 * @module GET /sanctions-screening/v1/lists/changes?since=<listsVersion or ISO 8601 UTC time>: per
 * list, the entryIds added, changed and removed since then (API.md "List versions, reconstruction
 * and changes"). No quota unit; the rate-limit headers as on every service answer. 400 for a
 * malformed or missing `since`, 410 list_version_gone when the version archive does not reach it.
 */
import { AppError } from '../../errors.js';
import { SERVICE_ID } from '../deps.js';
import { reply } from '../http/framing.js';
import type { Route } from '../http/route.js';
import { authenticateKey, peekQuota, rateLimitHeaders } from '../auth/service-auth.js';

export const listsChangesRoute: Route = {
  method: 'GET',
  pattern: `/${SERVICE_ID}/v1/lists/changes`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const since = sinceOf(ctx.request.query);
    const catalog = deps.lists.catalog();
    if (catalog === null) throw new AppError('lists_unavailable');
    if (deps.changes === undefined) throw new AppError('list_version_gone', [{ field: 'since', issue: 'this server keeps no version archive' }]);
    const changes = await deps.changes.changes(since, catalog);
    return reply(200, changes, ctx.format, rateLimitHeaders(await peekQuota(deps, key, SERVICE_ID)));
  },
};

/** The one `since` parameter; 400 when absent, repeated or empty. */
function sinceOf(query: string): string {
  const values = new URLSearchParams(query).getAll('since');
  if (values.length !== 1 || values[0] === '') {
    throw new AppError('invalid_request', [{ field: 'since', issue: 'required once: a listsVersion or an ISO 8601 UTC time' }]);
  }
  return values[0];
}
