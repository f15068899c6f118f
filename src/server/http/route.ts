/**
 * @module A route: method, path pattern, which API it belongs to, and its handler.
 * Handlers read straight (authenticate, validate, call, shape) and throw AppError for refusals.
 */
import type { RequestContext } from './context.js';
import type { ServerDeps } from '../deps.js';
import type { PlainResult } from './http-types.js';

export type RouteMethod = 'GET' | 'POST' | 'DELETE';

/**
 * service: /{service}/v1/...; identity: /me/...; ops: /healthz, /readyz (served on every listener);
 * metrics: GET /metrics (every listener, or only the METRICS_PORT one when that is set).
 */
export type RouteApi = 'service' | 'identity' | 'ops' | 'metrics';

export interface Route {
  readonly method: RouteMethod;
  /** Literal segments and `{param}` segments, e.g. "/me/api-keys/{keyId}". */
  readonly pattern: string;
  readonly api: RouteApi;
  handle(ctx: RequestContext, deps: ServerDeps): Promise<PlainResult>;
}
