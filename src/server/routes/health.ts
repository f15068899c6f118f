/**
 * @module GET /healthz (the process answers) and GET /readyz (lists loaded and store reachable;
 * 503 with the reasons otherwise). No key needed: load balancers and orchestrators call them.
 *
 * 200 `ready` only when every list is `ok` and dated. A list that is missing, stale (its refresh keeps
 * failing or would have collapsed it), undated (a file without a date of its own and no recorded
 * Last-Modified: `undated`) or only the bundled sample gives 200 `degraded`, naming them: the
 * instance still screens (every answer says so in `coverage`), so a load balancer does not take every
 * instance out at once, while monitoring can alert. 503 when nothing is loaded, when a LISTS_REQUIRED
 * list is missing or stale (screening refuses meanwhile), when the store does not answer, and, with
 * several workers, until every worker has its lists. When no scan of the list directory has completed
 * for LISTS_STALE_AFTER_MS (the list watchdog), every list is stale and `reason` says why.
 */
import type { FieldIssue } from '../../errors.js';
import { errorReply, reply } from '../http/framing.js';
import type { ServerDeps } from '../deps.js';
import type { Route } from '../http/route.js';

export const healthzRoute: Route = {
  method: 'GET',
  pattern: '/healthz',
  api: 'ops',
  async handle(ctx) {
    return reply(200, { status: 'ok' }, ctx.format);
  },
};

/** Readiness must answer promptly even when the store hangs instead of failing. */
const PING_TIMEOUT_MS = 3_000;

export const readyzRoute: Route = {
  method: 'GET',
  pattern: '/readyz',
  api: 'ops',
  async handle(ctx, deps) {
    const problems = listProblems(deps.lists);
    try {
      await withTimeout(deps.state.store.ping(), PING_TIMEOUT_MS);
    } catch {
      problems.push({ field: 'store', issue: `the ${deps.state.store.kind} store does not answer` });
    }
    if (problems.length > 0) {
      const code = problems[0].field === 'store' ? 'store_unavailable' : 'lists_unavailable';
      return errorReply(code, ctx.requestId, ctx.format, { details: problems });
    }
    const catalog = deps.lists.catalog() ?? [];
    const missing = catalog.filter((s) => s.status === 'missing').map((s) => s.source);
    const stale = catalog.filter((s) => s.status === 'stale').map((s) => s.source);
    const sample = catalog.some((s) => s.status === 'sample');
    // Loaded from a file that carries no date (publishedAtSource file-time): its age is unknown.
    const undated = catalog.filter((s) => s.status !== 'missing' && s.publishedAtSource === 'file-time').map((s) => s.source);
    const status = catalog.every((s) => s.status === 'ok') && undated.length === 0 ? 'ready' : 'degraded';
    const entries = deps.lists.engine()?.size ?? 0;
    const reason = deps.lists.watchdog?.() ?? null;
    const body = { status, entries, store: deps.state.store.kind, missing, stale, undated, sample, ...(reason === null ? {} : { reason }) };
    return reply(200, body, ctx.format);
  },
};

/** Why the lists keep this instance out of service; empty when they do not. */
function listProblems(lists: ServerDeps['lists']): FieldIssue[] {
  if (lists.engine() === null) return [{ field: 'lists', issue: 'no list is loaded yet' }];
  if (!lists.poolReady()) return [{ field: 'lists', issue: 'not every worker has its lists yet' }];
  const required = lists.coverage()?.requiredIssues ?? [];
  const reason = lists.watchdog?.() ?? null;
  return reason !== null && required.length > 0 ? [...required, { field: 'lists', issue: reason }] : [...required];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
