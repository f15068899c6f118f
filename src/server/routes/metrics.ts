/**
 * @module GET /metrics: Prometheus text exposition of every thread's metrics. Served on each
 * listener like /healthz; with METRICS_TOKEN set it needs `Authorization: Bearer <METRICS_TOKEN>`
 * (401 unauthorized otherwise), without it anyone who can reach the port may scrape. The figures
 * hold no personal data and no key IDs, only counts per route, list and code.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../errors.js';
import { readBearer } from '../auth/bearer.js';
import type { Route } from '../http/route.js';

export const metricsRoute: Route = {
  method: 'GET',
  pattern: '/metrics',
  api: 'metrics',
  async handle(ctx, deps) {
    const metrics = deps.metrics;
    if (metrics === undefined) throw new AppError('not_found');
    if (metrics.token !== null && !sameSecret(readBearer(ctx.request.headers), metrics.token)) {
      throw new AppError('unauthorized', undefined, 'GET /metrics needs "Authorization: Bearer <METRICS_TOKEN>".',
        { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    const text = await metrics.render();
    return { status: 200, headers: { 'Content-Type': text.contentType, 'Cache-Control': 'no-store' }, body: Buffer.from(text.body) };
  },
};

/** Constant-time: both sides hashed to the same length first, so neither length nor prefix leaks. */
function sameSecret(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
