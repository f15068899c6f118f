/**
 * @module GET /me/decisions and DELETE /me/decisions/{decisionId}: the decisions of the session's
 * account, for the dashboard's key page, which is signed in with a session token as /me/api-keys
 * is (the /sanctions-screening/v1/decisions routes take an API key). The same pages, filters and
 * answers as those routes; a delete is audited under its requestId in the same store step. No quota.
 */
import { reply } from '../http/framing.js';
import type { Route } from '../http/route.js';
import { authenticateSession } from '../auth/session-auth.js';
import { deleteOne, listPage } from './decisions.js';

export const listMyDecisionsRoute: Route = {
  method: 'GET',
  pattern: '/me/decisions',
  api: 'identity',
  async handle(ctx, deps) {
    const account = await authenticateSession(ctx, deps);
    return reply(200, await listPage(ctx, deps, account.accountId), ctx.format);
  },
};

export const deleteMyDecisionRoute: Route = {
  method: 'DELETE',
  pattern: '/me/decisions/{decisionId}',
  api: 'identity',
  async handle(ctx, deps) {
    const account = await authenticateSession(ctx, deps);
    return reply(200, await deleteOne(ctx, deps, account.accountId), ctx.format);
  },
};
