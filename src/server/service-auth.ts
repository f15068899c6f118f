/**
 * @module Authenticating a service call with an API key, and the quota step that follows it.
 * Outcomes from identity and quota are values; this module turns the refusals into AppErrors.
 */
import { AppError } from '../errors.js';
import type { VerifiedKey } from '../identity/types.js';
import type { QuotaStatus } from '../quota/types.js';
import { readBearer } from './bearer.js';
import type { RequestContext } from './context.js';
import type { ServerDeps } from './deps.js';

export async function authenticateKey(ctx: RequestContext, deps: ServerDeps, serviceId: string): Promise<VerifiedKey> {
  const token = readBearer(ctx.request.headers);
  if (token === null) throw new AppError('unauthorized');
  const result = await deps.state.identity.verifyKey(token, serviceId);
  if (!result.ok) throw new AppError(result.code);
  ctx.log.keyId = result.key.keyId;
  return result.key;
}

export function rateLimitHeaders(quota: QuotaStatus): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(quota.limit),
    'X-RateLimit-Remaining': String(quota.remaining),
    'X-RateLimit-Reset': quota.resetAt,
  };
}

/** Consumes `units` of the key's monthly quota, or throws 429 with the headers and nothing consumed. */
export async function consumeQuota(
  ctx: RequestContext,
  deps: ServerDeps,
  key: VerifiedKey,
  serviceId: string,
  units: number,
): Promise<QuotaStatus> {
  const quota = await deps.state.quota.checkAndIncrement(key.keyId, serviceId, units, key.monthlyLimit, deps.now());
  if (!quota.allowed) {
    const headers = { ...rateLimitHeaders(quota), 'Retry-After': String(quota.retryAfterSeconds) };
    const message = units > 1
      ? `This call needs ${units} units but ${quota.remaining} remain this month.`
      : undefined;
    throw new AppError('quota_exceeded', undefined, message, headers);
  }
  ctx.log.units = units;
  return quota;
}

/** Usage without consuming, for calls that cost nothing but still carry the headers. */
export async function peekQuota(deps: ServerDeps, key: VerifiedKey, serviceId: string): Promise<QuotaStatus> {
  return deps.state.quota.peek(key.keyId, serviceId, key.monthlyLimit, deps.now());
}
