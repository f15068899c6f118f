/**
 * @module GET /sanctions-screening/v1/lists/{listSource}/entries/{entryId}: one entry as listed, for
 * the analyst deciding a manual review. Every match's (listSource, entryId) resolves here. Costs no
 * quota but carries the rate-limit headers, like GET /lists.
 */
import { AppError } from '../../errors.js';
import { isListSource } from '../../lists/model.js';
import { SERVICE_ID } from '../deps.js';
import { reply } from '../http/framing.js';
import { listedRecord } from '../answers/listed-record.js';
import type { Route } from '../http/route.js';
import { authenticateKey, peekQuota, rateLimitHeaders } from '../auth/service-auth.js';

export const listEntryRoute: Route = {
  method: 'GET',
  pattern: `/${SERVICE_ID}/v1/lists/{listSource}/entries/{entryId}`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const { listSource, entryId } = ctx.params;
    if (!isListSource(listSource)) throw new AppError('unknown_list');
    const engine = deps.lists.engine();
    if (engine === null) throw new AppError('lists_unavailable');
    const entry = engine.entry(listSource, entryId);
    if (entry === null) throw new AppError('entry_not_found');
    const list = deps.lists.catalog()?.find((c) => c.source === listSource);
    const quota = await peekQuota(deps, key, SERVICE_ID);
    return reply(200, listedRecord(entry, list?.publishedAt ?? null, list?.publishedAtSource), ctx.format, rateLimitHeaders(quota));
  },
};
