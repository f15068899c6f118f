/**
 * @module GET /healthz (the process answers) and GET /readyz (lists loaded and store reachable;
 * 503 with the reasons otherwise). No key needed: load balancers and orchestrators call them.
 *
 * A stale list (its refresh keeps failing, LISTS_STALE_AFTER_MS) is still loaded and screened
 * against, so the instance stays ready: 200 with status "degraded" and the stale sources named,
 * for monitoring to alert on without a load balancer taking every instance out at once.
 */
import type { FieldIssue } from '../../errors.js';
import { errorReply, reply } from '../framing.js';
import type { Route } from '../route.js';

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
    const problems: FieldIssue[] = [];
    const engine = deps.lists.engine();
    if (engine === null) problems.push({ field: 'lists', issue: 'no list is loaded yet' });
    try {
      await withTimeout(deps.state.store.ping(), PING_TIMEOUT_MS);
    } catch {
      problems.push({ field: 'store', issue: `the ${deps.state.store.kind} store does not answer` });
    }
    if (problems.length > 0) {
      const code = problems[0].field === 'lists' ? 'lists_unavailable' : 'store_unavailable';
      return errorReply(code, ctx.requestId, ctx.format, { details: problems });
    }
    const stale = (deps.lists.catalog() ?? []).filter((s) => s.status === 'stale').map((s) => s.source);
    const status = stale.length > 0 ? 'degraded' : 'ready';
    return reply(200, { status, entries: engine?.size ?? 0, store: deps.state.store.kind, ...(stale.length > 0 && { stale }) }, ctx.format);
  },
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
