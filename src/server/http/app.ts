/**
 * @module The socket-free HTTP application: request ID, routing, the handler, and the one place
 * where any failure becomes the error envelope. The uWS adapter only moves bytes to and from it.
 */
import { randomUUID } from 'node:crypto';
import { AppError, statusOf, type ErrorCode, type FieldIssue } from '../../errors.js';
import { isStoreUnavailable } from '../../store/errors.js';
import type { RequestContext } from './context.js';
import { SERVICE_ID, type ApiSet, type ServerDeps } from '../deps.js';
import { errorReply, replyFormat, REQUEST_ID_HEADER } from './framing.js';
import { compressResult } from './compression.js';
import { createCors } from './cors.js';
import type { PlainRequest, PlainResult } from './http-types.js';
import type { Route, RouteApi } from './route.js';
import { Router } from './router.js';
import { ROUTES } from '../routes/index.js';

export interface HttpApp {
  handle(request: PlainRequest): Promise<PlainResult>;
  /** An error answer decided before the body is read (413, conflicting Content-Length, from the adapter). */
  reject(request: Omit<PlainRequest, 'body'>, code: ErrorCode, details?: FieldIssue[]): PlainResult;
}

/** The error code a request was answered with, for the metrics (auth failures, quota rejections). */
interface Answered {
  code?: ErrorCode;
}

const APIS: Record<ApiSet, readonly RouteApi[]> = {
  all: ['service', 'identity', 'ops', 'metrics'],
  service: ['service', 'ops', 'metrics'],
  identity: ['identity', 'ops', 'metrics'],
  metrics: ['metrics'],
};

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** `metricsApart`: METRICS_PORT is set, so only the 'metrics' listener serves GET /metrics. */
export function createHttpApp(deps: ServerDeps, apis: ApiSet = 'all', metricsApart = false): HttpApp {
  const served = APIS[apis].filter((api) => !(metricsApart && api === 'metrics' && apis !== 'metrics'));
  const router = new Router(ROUTES.filter((r) => served.includes(r.api)), [SERVICE_ID]);
  const cors = createCors(deps.corsOrigins ?? []);

  async function handle(request: PlainRequest): Promise<PlainResult> {
    const started = performance.now();
    const preflight = cors?.preflight(request);
    if (preflight) return preflight;
    const match = router.match(request.method, request.path);
    // One context object per request, built with its params (no copy for the handler).
    const ctx: RequestContext = {
      requestId: randomUUID(),
      request,
      format: replyFormat(request.headers),
      params: match.kind === 'route' ? match.params : NO_PARAMS,
      log: {},
    };
    const answered: Answered = {};
    let result: PlainResult;
    let route = '-';
    if (match.kind === 'route') {
      route = match.route.pattern;
      result = await run(match.route, ctx, answered);
    } else if (match.kind === 'method_not_allowed') {
      answered.code = 'method_not_allowed';
      result = errorReply('method_not_allowed', ctx.requestId, ctx.format, { headers: { Allow: match.allow.join(', ') } });
    } else {
      answered.code = match.kind;
      result = errorReply(match.kind, ctx.requestId, ctx.format);
    }
    result.headers[REQUEST_ID_HEADER] = ctx.requestId;
    cors?.decorate(request, result);
    compressResult(request, result);
    const seconds = (performance.now() - started) / 1000;
    deps.metrics?.observeRequest({ method: request.method, route, status: result.status, seconds, code: answered.code });
    // The line is built only when it will be written (LOG_LEVEL=warn in production benches).
    if (deps.logger.isLevelEnabled('info')) deps.logger.info(
      { requestId: ctx.requestId, method: request.method, route, status: result.status,
        ms: Math.round(seconds * 10_000) / 10, ...ctx.log },
      'request',
    );
    return result;
  }

  /** Runs the handler; maps AppError, store outages and anything unexpected to the envelope. */
  async function run(route: Route, ctx: RequestContext, answered: Answered): Promise<PlainResult> {
    try {
      return await route.handle(ctx, deps);
    } catch (error) {
      answered.code = error instanceof AppError ? error.code : isStoreUnavailable(error) ? 'store_unavailable' : 'internal';
      if (error instanceof AppError) {
        return errorReply(error.code, ctx.requestId, ctx.format,
          { details: error.details, message: error.message, headers: { ...error.headers } });
      }
      if (isStoreUnavailable(error)) {
        deps.logger.warn({ requestId: ctx.requestId, err: error }, 'store unavailable');
        return errorReply('store_unavailable', ctx.requestId, ctx.format, { headers: { 'Retry-After': '5' } });
      }
      // Logged by request ID and stack only: the message of an unknown error could quote the body.
      deps.logger.error({ requestId: ctx.requestId, err: error }, 'unhandled error');
      return errorReply('internal', ctx.requestId, ctx.format);
    }
  }

  function reject(request: Omit<PlainRequest, 'body'>, code: ErrorCode, details?: FieldIssue[]): PlainResult {
    const requestId = randomUUID();
    const status = statusOf(code);
    deps.metrics?.observeRequest({ method: request.method, route: '-', status, seconds: 0, code });
    deps.logger.info({ requestId, method: request.method, route: '-', status }, 'request');
    return errorReply(code, requestId, replyFormat(request.headers), { details });
  }

  return { handle, reject };
}
