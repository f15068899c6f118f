/**
 * @module Authenticating an identity-API call with a session JWT. An API key is refused here
 * with a clear message: a key never manages keys, so a leaked key cannot revoke or mint others.
 */
import { AppError } from '../../errors.js';
import type { Account } from '../../identity/types.js';
import { looksLikeApiKey, readBearer } from './bearer.js';
import type { RequestContext } from '../http/context.js';
import type { ServerDeps } from '../deps.js';

export async function authenticateSession(ctx: RequestContext, deps: ServerDeps): Promise<Account> {
  const token = readBearer(ctx.request.headers);
  if (token === null) throw new AppError('unauthorized');
  if (looksLikeApiKey(token)) {
    throw new AppError('unauthorized', [{ field: 'authorization', issue: 'API keys are not accepted here; send a session token' }],
      'The identity API accepts session tokens only.');
  }
  const result = await deps.state.identity.verifySession(token);
  if (!result.ok) {
    throw new AppError('unauthorized', [{ field: 'authorization', issue: result.reason }], 'The session token is not valid.');
  }
  return result.account;
}
