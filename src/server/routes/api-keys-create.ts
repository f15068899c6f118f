/**
 * @module POST /me/api-keys: create a key for the session's account. Answers the record with the
 * token, which is never shown again. With an Idempotency-Key, a repeat of the same body within
 * 24 h answers the first key without its token and `Idempotent-Replayed: true`.
 */
import { AppError } from '../../errors.js';
import type { CreateKeyInput, IdempotentCreateResult } from '../../identity/types.js';
import { decodeBody, reply } from '../http/framing.js';
import type { Route } from '../http/route.js';
import { CreateApiKeySchema } from '../../contract/schemas/api-key.js';
import { authenticateSession } from '../auth/session-auth.js';
import { compileValidator } from '../../contract/validation.js';

const validateCreate = compileValidator(CreateApiKeySchema);

export const createApiKeyRoute: Route = {
  method: 'POST',
  pattern: '/me/api-keys',
  api: 'identity',
  async handle(ctx, deps) {
    const account = await authenticateSession(ctx, deps);
    const idempotencyKey = readIdempotencyKey(ctx.request.headers['idempotency-key']);
    const input = readCreateInput(decodeBody(ctx.request));
    const identity = deps.state.identity;
    const result: IdempotentCreateResult = idempotencyKey === undefined
      ? await identity.createKey(account.accountId, input)
      : await identity.createKeyIdempotent(account.accountId, input, idempotencyKey);
    if (!result.ok) {
      if (result.code === 'invalid_request') throw new AppError('invalid_request', [...result.details], result.message);
      throw new AppError(result.code, undefined, result.message);
    }
    ctx.log.keyId = result.key.keyId;
    const replayed = 'replayed' in result && result.replayed;
    return reply(200, result.key, ctx.format, replayed ? { [REPLAYED_HEADER]: 'true' } : {});
  },
};

export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** Absent, or 1..255 printable ASCII characters (a UUID is the usual choice). */
function readIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value) || value.trim() === '') {
    throw new AppError('invalid_request', [{ field: 'idempotency-key', issue: `must be 1..${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters` }]);
  }
  return value;
}

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
