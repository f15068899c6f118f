/**
 * @module GET /me/api-keys: every key of the session's account, newest first, without tokens.
 */
import { reply } from '../framing.js';
import type { Route } from '../route.js';
import { authenticateSession } from '../session-auth.js';

export const listApiKeysRoute: Route = {
  method: 'GET',
  pattern: '/me/api-keys',
  api: 'identity',
  async handle(ctx, deps) {
    const account = await authenticateSession(ctx, deps);
    const keys = await deps.state.identity.listKeys(account.accountId);
    return reply(200, { data: keys }, ctx.format);
  },
};
