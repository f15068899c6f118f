/**
 * @module GET /me/api-keys: the keys of the session's account, newest first, without tokens, a page
 * at a time (`limit`, `startingAfter` = the last keyId of the previous page; `hasMore`), each with its
 * use of this server's service in the current UTC month (read, never consumed).
 */
import { AppError, type FieldIssue } from '../../errors.js';
import type { ApiKeyRecord } from '../../identity/types.js';
import { SERVICE_ID, type ServerDeps } from '../deps.js';
import { reply } from '../http/framing.js';
import type { Route } from '../http/route.js';
import { authenticateSession } from '../auth/session-auth.js';

/** Use of one service by one key in the current UTC month. */
export interface KeyUsage {
  serviceId: string;
  used: number;
  limit: number;
  /** ISO 8601 UTC start of the next month, when `used` resets. */
  resetAt: string;
}

export const listApiKeysRoute: Route = {
  method: 'GET',
  pattern: '/me/api-keys',
  api: 'identity',
  async handle(ctx, deps) {
    const account = await authenticateSession(ctx, deps);
    const page = readPageQuery(ctx.request.query);
    const keys = await deps.state.identity.listKeys(account.accountId);
    const { items, hasMore } = pageOf(keys, page);
    // Usage is read for the page only: the work of one call is bounded by `limit`, not by the account.
    const data = await Promise.all(items.map(async (key) => ({ ...key, usage: await usageOf(account.accountId, key, deps) })));
    return reply(200, { data, hasMore }, ctx.format);
  },
};

export const MAX_PAGE_SIZE = 100;

interface PageQuery {
  limit: number;
  startingAfter: string | null;
}

/** `limit` 1..100 (default 100), `startingAfter` a keyId; anything else in the query is refused. */
function readPageQuery(query: string): PageQuery {
  const params = new URLSearchParams(query);
  const issues: FieldIssue[] = [];
  for (const name of new Set(params.keys())) {
    if (name !== 'limit' && name !== 'startingAfter') issues.push({ field: name, issue: 'is not a known query parameter' });
    else if (params.getAll(name).length > 1) issues.push({ field: name, issue: 'must be given once' });
  }
  const limitText = params.get('limit');
  const limit = limitText === null ? MAX_PAGE_SIZE : Number(limitText);
  if (!/^\d{1,3}$/.test(limitText ?? '1') || limit < 1 || limit > MAX_PAGE_SIZE) {
    issues.push({ field: 'limit', issue: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` });
  }
  if (issues.length > 0) throw new AppError('invalid_request', issues);
  return { limit, startingAfter: params.get('startingAfter') };
}

/** The keys (newest first) after `startingAfter`; a keyId not of this account is refused like a bad value. */
function pageOf(keys: readonly ApiKeyRecord[], page: PageQuery): { items: ApiKeyRecord[]; hasMore: boolean } {
  let start = 0;
  if (page.startingAfter !== null) {
    const at = keys.findIndex((key) => key.keyId === page.startingAfter);
    if (at < 0) throw new AppError('invalid_request', [{ field: 'startingAfter', issue: 'must be the keyId of a key of this account' }]);
    start = at + 1;
  }
  return { items: keys.slice(start, start + page.limit), hasMore: start + page.limit < keys.length };
}

/** Only the service this server counts: other platform services keep their own counters. */
async function usageOf(accountId: string, key: ApiKeyRecord, deps: ServerDeps): Promise<KeyUsage[]> {
  const allowed = key.allowedServiceIds.includes('*') || key.allowedServiceIds.includes(SERVICE_ID);
  if (!allowed) return [];
  const quota = await deps.state.quota.peek({ accountId, keyId: key.keyId }, SERVICE_ID, key.monthlyLimit, deps.now());
  return [{ serviceId: SERVICE_ID, used: quota.used, limit: quota.limit, resetAt: quota.resetAt }];
}
