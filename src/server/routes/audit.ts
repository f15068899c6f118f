/**
 * @module GET /sanctions-screening/v1/audit/{requestId}: the audit record of a screening while it is
 * kept (30 days). Costs no quota. Only keys of the account that made the screening see it: any other
 * account gets the same 404 as for an unknown ID, so the hash of a guessable body cannot be confirmed.
 */
import { AppError } from '../../errors.js';
import { SERVICE_ID } from '../deps.js';
import { reply } from '../http/framing.js';
import type { Route } from '../http/route.js';
import { authenticateKey, peekQuota, rateLimitHeaders } from '../auth/service-auth.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const auditRoute: Route = {
  method: 'GET',
  pattern: `/${SERVICE_ID}/v1/audit/{requestId}`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const requestId = ctx.params.requestId.toLowerCase();
    // Not a UUID: no such record can exist, and the store is not asked.
    const record = UUID.test(requestId) ? await deps.state.audit.get(key.accountId, requestId) : null;
    if (record === null) throw new AppError('not_found', undefined, 'No audit record for this requestId (records are kept 30 days).');
    const quota = await peekQuota(deps, key, SERVICE_ID);
    const { requestId: id, screenedAt, bodySha256, listsVersion, engineVersion, answerSha256 } = record;
    return reply(200, { requestId: id, screenedAt, bodySha256, listsVersion, engineVersion, answerSha256 }, ctx.format, rateLimitHeaders(quota));
  },
};
