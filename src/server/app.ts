/**
 * @module The socket-free HTTP application: request ID, routing, the handler, and the one place
 * where any failure becomes the error envelope. The uWS adapter only moves bytes to and from it.
 */
import { randomUUID } from 'node:crypto';
import { AppError, type ErrorCode } from '../errors.js';
import { isStoreUnavailable } from '../store/errors.js';
import type { RequestContext } from './context.js';
import { SERVICE_ID, type ApiSet, type ServerDeps } from './deps.js';
import { errorReply, replyFormat, REQUEST_ID_HEADER } from './framing.js';
import type { PlainRequest, PlainResult } from './http-types.js';
import type { RouteApi } from './route.js';
import { Router } from './router.js';
import { ROUTES } from './routes/index.js';

export interface HttpApp {
  handle(request: PlainRequest): Promise<PlainResult>;
  /** An error answer decided before the body is read (413 from the adapter). */
  reject(request: Omit<PlainRequest, 'body'>, code: ErrorCode): PlainResult;
}

const APIS: Record<ApiSet, readonly RouteApi[]> = {
  all: ['service', 'identity', 'ops'],
  service: ['service', 'ops'],
  identity: ['identity', 'ops'],
};

export function createHttpApp(deps: ServerDeps, apis: ApiSet = 'all'): HttpApp {
  const router = new Router(ROUTES.filter((r) => APIS[apis].includes(r.api)), [SERVICE_ID]);

  async function handle(request: PlainRequest): Promise<PlainResult> {
    const started = performance.now();
    const ctx: RequestContext = {
      requestId: randomUUID(),
      request,
      format: replyFormat(request.headers),
      params: {},
      log: {},
    };
    const match = router.match(request.method, request.path);
    let result: PlainResult;
    let route = '-';
    if (match.kind === 'route') {
      route = match.route.pattern;
      result = await run(() => match.route.handle({ ...ctx, params: match.params }, deps), ctx);
    } else if (match.kind === 'method_not_allowed') {
      result = errorReply('method_not_allowed', ctx.requestId, ctx.format, { headers: { Allow: match.allow.join(', ') } });
    } else {
      result = errorReply(match.kind, ctx.requestId, ctx.format);
    }
    result.headers[REQUEST_ID_HEADER] = ctx.requestId;
    deps.logger.info(
      { requestId: ctx.requestId, method: request.method, route, status: result.status,
        ms: Math.round((performance.now() - started) * 10) / 10, ...ctx.log },
      'request',
    );
    return result;
  }

  /** Runs the handler; maps AppError, store outages and anything unexpected to the envelope. */
  async function run(handler: () => Promise<PlainResult>, ctx: RequestContext): Promise<PlainResult> {
    try {
      return await handler();
    } catch (error) {
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

  function reject(request: Omit<PlainRequest, 'body'>, code: ErrorCode): PlainResult {
    const requestId = randomUUID();
    deps.logger.info({ requestId, method: request.method, route: '-', status: new AppError(code).status }, 'request');
    return errorReply(code, requestId, replyFormat(request.headers));
  }

  return { handle, reject };
}
