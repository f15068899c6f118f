/**
 * @module Authenticating a service call with an API key, and the quota step that follows it.
 * Outcomes from identity and quota are values; this module turns the refusals into AppErrors,
 * and gives a charge back when the call fails after it.
 */
import type { AuditRecord } from '../../audit/types.js';
import { AppError } from '../../errors.js';
import type { VerifiedKey } from '../../identity/types.js';
import type { Charge, QuotaStatus } from '../../quota/types.js';
import { readBearer } from './bearer.js';
import type { RequestContext } from '../http/context.js';
import type { ServerDeps } from '../deps.js';

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

/**
 * Consumes one unit of the key's monthly quota per audit record and writes the records, in one
 * atomic store step; or throws 429 with the headers, nothing consumed and nothing audited.
 */
export async function chargeQuota(
  ctx: RequestContext,
  deps: ServerDeps,
  key: VerifiedKey,
  serviceId: string,
  audit: readonly AuditRecord[],
): Promise<{ quota: QuotaStatus; charge: Charge }> {
  const units = audit.length;
  const { quota, charge } = await deps.state.quota.chargeWithAudit(key, serviceId, key.monthlyLimit, audit, deps.now());
  if (charge === null) {
    const headers = { ...rateLimitHeaders(quota), 'Retry-After': String(quota.retryAfterSeconds) };
    const message = units > 1
      ? `This call needs ${units} units but ${quota.remaining} remain this month.`
      : undefined;
    throw new AppError('quota_exceeded', undefined, message, headers);
  }
  ctx.log.units = units;
  return { quota, charge };
}

/**
 * Runs the paid part of a call (screening, encoding the answer). Should it fail, or the answer be
 * undeliverable (the connection is gone: a client that left, or a pipelined request uWS refused by
 * closing), the charge is given back and its audit records deleted: a client is never billed for,
 * nor audited as having, a screening it did not receive.
 */
export async function refundingOnFailure<T>(ctx: RequestContext, deps: ServerDeps, charge: Charge, work: () => T | Promise<T>): Promise<T> {
  let result: T;
  try {
    // Awaited inside the try, so that asynchronous work (a batch screened in slices) is refunded too.
    result = await work();
  } catch (error) {
    await refund(ctx, deps, charge);
    throw error;
  }
  // Nothing can be written to a connection that is gone: this is the last point to know it.
  if (ctx.request.undeliverable?.() === true) await refund(ctx, deps, charge);
  return result;
}

async function refund(ctx: RequestContext, deps: ServerDeps, charge: Charge): Promise<void> {
  await deps.state.quota.refundCharge(charge).catch((refundError: unknown) => {
    // The quota service retries it until the store answers again (idempotent by requestId).
    deps.logger.warn({ requestId: ctx.requestId, err: refundError }, 'refund deferred: the store did not answer');
  });
}

/**
 * Refuses (429, nothing consumed) a call whose units already exceed what the key has left, before
 * any work: a batch is screened before its charge (its audit records hold the answers' hashes), so a
 * batch the quota would refuse is not screened at all. The atomic charge still decides afterwards.
 */
export async function refuseOverQuota(deps: ServerDeps, key: VerifiedKey, serviceId: string, units: number): Promise<void> {
  const quota = await peekQuota(deps, key, serviceId);
  if (quota.remaining >= units) return;
  const headers = { ...rateLimitHeaders(quota), 'Retry-After': String(quota.retryAfterSeconds) };
  throw new AppError('quota_exceeded', undefined, `This call needs ${units} units but ${quota.remaining} remain this month.`, headers);
}

/** Usage without consuming, for calls that cost nothing but still carry the headers. */
export async function peekQuota(deps: ServerDeps, key: VerifiedKey, serviceId: string): Promise<QuotaStatus> {
  return deps.state.quota.peek(key, serviceId, key.monthlyLimit, deps.now());
}
