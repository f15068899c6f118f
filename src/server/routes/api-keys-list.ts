/**
 * @module GET /me/api-keys: every key of the session's account, newest first, without tokens,
 * each with its use of this server's service in the current UTC month (read, never consumed).
 */
import type { ApiKeyRecord } from '../../identity/types.js';
import { SERVICE_ID, type ServerDeps } from '../deps.js';
import { reply } from '../framing.js';
import type { Route } from '../route.js';
import { authenticateSession } from '../session-auth.js';

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
    const keys = await deps.state.identity.listKeys(account.accountId);
    const data = await Promise.all(keys.map(async (key) => ({ ...key, usage: await usageOf(account.accountId, key, deps) })));
    return reply(200, { data }, ctx.format);
  },
};

/** Only the service this server counts: other platform services keep their own counters. */
async function usageOf(accountId: string, key: ApiKeyRecord, deps: ServerDeps): Promise<KeyUsage[]> {
  const allowed = key.allowedServiceIds.includes('*') || key.allowedServiceIds.includes(SERVICE_ID);
  if (!allowed) return [];
  const quota = await deps.state.quota.peek({ accountId, keyId: key.keyId }, SERVICE_ID, key.monthlyLimit, deps.now());
  return [{ serviceId: SERVICE_ID, used: quota.used, limit: quota.limit, resetAt: quota.resetAt }];
}
