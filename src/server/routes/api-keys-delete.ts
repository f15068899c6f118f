/**
 * @module DELETE /me/api-keys/{keyId}: revoke a key of the session's account. Idempotent; a key of
 * another account and an unknown ID both answer 404, so key IDs of other accounts never show.
 */
import { AppError } from '../../errors.js';
import { reply } from '../http/framing.js';
import type { Route } from '../http/route.js';
import { authenticateSession } from '../auth/session-auth.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const deleteApiKeyRoute: Route = {
  method: 'DELETE',
  pattern: '/me/api-keys/{keyId}',
  api: 'identity',
  async handle(ctx, deps) {
    const account = await authenticateSession(ctx, deps);
    const keyId = ctx.params.keyId.toLowerCase();
    const result = UUID.test(keyId) ? await deps.state.identity.revokeKey(account.accountId, keyId) : null;
    if (result === null || !result.ok) throw new AppError('not_found', undefined, 'No such API key.');
    ctx.log.keyId = result.key.keyId;
    return reply(200, result.key, ctx.format);
  },
};
