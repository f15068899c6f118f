/**
 * @module POST, GET /sanctions-screening/v1/decisions and DELETE .../decisions/{decisionId}: an
 * account's decisions on matches (API.md, "Decisions on matches"). No quota unit (the rate-limit
 * headers are carried); each create and delete leaves an audit record under its requestId (SHA-256 of
 * the body received, of nothing for a delete), written in the same store step as the decision. Another account's decision answers 404 like an unknown one.
 */
import { AppError, type FieldIssue } from '../../errors.js';
import { CreateDecisionSchema, type CreateDecisionBody } from '../../contract/schemas/decision.js';
import { compileValidator } from '../../contract/validation.js';
import { isListSource } from '../../lists/model.js';
import type { DecisionQuery, StoredDecision } from '../../store/types.js';
import { sha256Hex } from '../answers/body-hash.js';
import { entryVersion } from '../answers/match-decisions.js';
import { authenticateKey, peekQuota, rateLimitHeaders } from '../auth/service-auth.js';
import { SERVICE_ID, type ServerDeps } from '../deps.js';
import type { RequestContext } from '../http/context.js';
import { decodeBody, reply } from '../http/framing.js';
import type { Route } from '../http/route.js';
import type { DecisionAudit } from '../../decisions/decision-service.js';

const validateCreate = compileValidator(CreateDecisionSchema);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MAX_DECISION_PAGE = 100;
const BASE = `/${SERVICE_ID}/v1/decisions`;

export const createDecisionRoute: Route = {
  method: 'POST',
  pattern: BASE,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const body = readCreate(decodeBody(ctx.request));
    const engine = deps.lists.engine();
    if (engine === null) throw new AppError('lists_unavailable');
    if (!isListSource(body.listSource)) throw new AppError('unknown_list');
    const entry = engine.entry(body.listSource, body.entryId);
    if (entry === null) throw new AppError('entry_not_found');
    const { subject } = body;
    const result = await deps.state.decisions.record({
      accountId: key.accountId,
      keyId: key.keyId,
      subject: { ...subject, ...(subject.nationality !== undefined && { nationality: subject.nationality.toUpperCase() }) },
      listSource: body.listSource,
      entryId: body.entryId,
      entryVersion: entryVersion(entry),
      decision: body.decision,
      ...(body.reference !== undefined && { reference: body.reference }),
    }, auditOf(ctx));
    if (!result.ok) throw new AppError('decision_limit_reached');
    return reply(200, result.decision, ctx.format, rateLimitHeaders(await peekQuota(deps, key, SERVICE_ID)));
  },
};

export const listDecisionsRoute: Route = {
  method: 'GET',
  pattern: BASE,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const page = await listPage(ctx, deps, key.accountId);
    return reply(200, page, ctx.format, rateLimitHeaders(await peekQuota(deps, key, SERVICE_ID)));
  },
};

export const deleteDecisionRoute: Route = {
  method: 'DELETE',
  pattern: `${BASE}/{decisionId}`,
  api: 'service',
  async handle(ctx, deps) {
    const key = await authenticateKey(ctx, deps, SERVICE_ID);
    const deleted = await deleteOne(ctx, deps, key.accountId);
    return reply(200, deleted, ctx.format, rateLimitHeaders(await peekQuota(deps, key, SERVICE_ID)));
  },
};

export const decisionRoutes: readonly Route[] = [createDecisionRoute, listDecisionsRoute, deleteDecisionRoute];

/** A page of the account's decisions as the query asks (shared with GET /me/decisions). */
export async function listPage(ctx: RequestContext, deps: ServerDeps, accountId: string): Promise<{ data: StoredDecision[]; hasMore: boolean }> {
  const query = readListQuery(ctx.request.query);
  if (query.startingAfter !== undefined && (await deps.state.decisions.get(accountId, query.startingAfter)) === null) {
    throw new AppError('invalid_request', [{ field: 'startingAfter', issue: 'must be the decisionId of a decision of this account' }]);
  }
  return deps.state.decisions.list(accountId, query);
}

/** Deletes the path's decision of the account with its audit record, or 404 (shared with DELETE /me/decisions/{decisionId}). */
export async function deleteOne(ctx: RequestContext, deps: ServerDeps, accountId: string): Promise<StoredDecision> {
  const decisionId = ctx.params.decisionId.toLowerCase();
  const deleted = UUID.test(decisionId) ? await deps.state.decisions.delete(accountId, decisionId, auditOf(ctx)) : null;
  if (deleted === null) throw new AppError('decision_not_found');
  return deleted;
}

/** The request's audit: its requestId and the SHA-256 of the body received (of nothing for a delete). */
export function auditOf(ctx: RequestContext): DecisionAudit {
  return { requestId: ctx.requestId, bodySha256: sha256Hex(ctx.request.body) };
}

function readCreate(data: unknown): CreateDecisionBody {
  const copy = typeof data === 'object' && data !== null && !Array.isArray(data) && !Buffer.isBuffer(data) ? { ...(data as Record<string, unknown>) } : data;
  if (copy !== data) {
    const record = copy as Record<string, unknown>;
    const subject = record.subject;
    if (typeof subject === 'object' && subject !== null && !Array.isArray(subject) && typeof (subject as { name?: unknown }).name === 'string') {
      record.subject = { ...subject, name: (subject as { name: string }).name.trim() };
    }
  }
  const result = validateCreate(copy);
  if (!result.ok) throw new AppError('invalid_request', result.issues);
  return result.value;
}

function readListQuery(text: string): DecisionQuery {
  const params = new URLSearchParams(text);
  const issues: FieldIssue[] = [];
  const known = new Set(['listSource', 'entryId', 'limit', 'startingAfter']);
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) issues.push({ field: name, issue: 'is not a known query parameter' });
    else if (params.getAll(name).length > 1) issues.push({ field: name, issue: 'must be given once' });
  }
  const limitText = params.get('limit');
  const limit = limitText === null ? MAX_DECISION_PAGE : Number(limitText);
  if (!/^\d{1,3}$/.test(limitText ?? '1') || limit < 1 || limit > MAX_DECISION_PAGE) {
    issues.push({ field: 'limit', issue: `must be a whole number from 1 to ${MAX_DECISION_PAGE}` });
  }
  const listSource = params.get('listSource') ?? undefined;
  if (listSource !== undefined && !isListSource(listSource)) issues.push({ field: 'listSource', issue: 'must be a listSource ID' });
  const entryId = params.get('entryId') ?? undefined;
  if (entryId !== undefined && (entryId.length < 1 || entryId.length > 100)) issues.push({ field: 'entryId', issue: 'must be 1..100 characters' });
  const startingAfter = params.get('startingAfter')?.toLowerCase() ?? undefined;
  if (startingAfter !== undefined && !UUID.test(startingAfter)) issues.push({ field: 'startingAfter', issue: 'must be a decisionId' });
  if (issues.length > 0) throw new AppError('invalid_request', issues);
  return { limit, ...(listSource !== undefined && { listSource }), ...(entryId !== undefined && { entryId }), ...(startingAfter !== undefined && { startingAfter }) };
}
