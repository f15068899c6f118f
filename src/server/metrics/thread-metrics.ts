/**
 * @module Metrics with WORKERS=N. prom-client's AggregatorRegistry gathers over `cluster` only,
 * so the threads do it by message: the worker that receives GET /metrics asks the main thread,
 * the main thread asks every worker for its registry as JSON, merges them with its own (process
 * metrics, list pipeline) using each metric's aggregator, and sends the text back.
 * Scrapes are rare (seconds apart), so nothing is paid per request.
 */
import { AggregatorRegistry } from 'prom-client';
import type { MetricsText } from '../deps.js';
import type { MetricsJson } from './service-metrics.js';

/** A worker's registry must answer within this, or the scrape fails (rather than report a partial sum). */
const GATHER_TIMEOUT_MS = 2_000;

export async function mergeMetrics(snapshots: readonly MetricsJson[]): Promise<MetricsText> {
  const registry = AggregatorRegistry.aggregate(snapshots as MetricsJson[]);
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** Correlates requests and answers by ID over a message channel; rejects after the timeout. */
export class PendingAnswers<T> {
  private next = 0;
  private readonly waiting = new Map<number, { resolve(value: T): void; reject(error: Error): void; timer: NodeJS.Timeout }>();

  ask(send: (id: number) => void, what: string): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${what}: no answer within ${GATHER_TIMEOUT_MS} ms`));
      }, GATHER_TIMEOUT_MS);
      this.waiting.set(id, { resolve, reject, timer });
      send(id);
    });
  }

  answer(id: number, value: T): void {
    const waiter = this.waiting.get(id);
    if (waiter === undefined) return;
    this.waiting.delete(id);
    clearTimeout(waiter.timer);
    waiter.resolve(value);
  }

  fail(id: number, error: Error): void {
    const waiter = this.waiting.get(id);
    if (waiter === undefined) return;
    this.waiting.delete(id);
    clearTimeout(waiter.timer);
    waiter.reject(error);
  }
}
