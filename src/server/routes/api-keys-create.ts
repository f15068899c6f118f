/**
 * @module POST /me/api-keys: create a key for the session's account. Answers the record with the
 * token, which is never shown again.
 */
import { AppError } from '../../errors.js';
import type { CreateKeyInput } from '../../identity/types.js';
import { decodeBody, reply } from '../framing.js';
import type { Route } from '../route.js';
import { CreateApiKeySchema } from '../schemas/api-key.js';
import { authenticateSession } from '../session-auth.js';
import { compileValidator } from '../validation.js';

const validateCreate = compileValidator(CreateApiKeySchema);

export const createApiKeyRoute: Route = {
  method: 'POST',
  pattern: '/me/api-keys',
  api: 'identity',
  async handle(ctx, deps) {
    const account = await authenticateSession(ctx, deps);
    const input = readCreateInput(decodeBody(ctx.request));
    const result = await deps.state.identity.createKey(account.accountId, input);
    if (!result.ok) {
      if (result.code === 'key_limit_reached') throw new AppError('key_limit_reached', undefined, result.message);
      throw new AppError('invalid_request', [...result.details], result.message);
    }
    ctx.log.keyId = result.key.keyId;
    return reply(200, result.key, ctx.format);
  },
};

function readCreateInput(body: unknown): CreateKeyInput {
  const trimmed = isObject(body) && typeof body.name === 'string' ? { ...body, name: body.name.trim() } : body;
  const result = validateCreate(trimmed);
  if (!result.ok) throw new AppError('invalid_request', result.issues);
  const ids = result.value.allowedServiceIds;
  if (ids.includes('*') && ids.length > 1) {
    throw new AppError('invalid_request', [{ field: 'allowedServiceIds', issue: '"*" must be the only item when present' }]);
  }
  return result.value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
