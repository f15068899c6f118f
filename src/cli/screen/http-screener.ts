/**
 * @module URL mode of the bulk `screen` command: POST {url}/sanctions-screening/v1/screen/batch with
 * up to 100 entities per call (API.md), honouring 429 + Retry-After and retrying 5xx and network
 * failures a bounded number of times with exponential backoff. Any other refusal (401, 403, 400...)
 * stops the run at once with the server's error code: retrying cannot fix it.
 *
 * The API key goes only into the Authorization header; no message here ever contains it or a name.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { backoffMs as jitteredBackoffMs, retryAfterMs } from '../../retry.js';
import { slotsFrom, type ApiError } from './http-answers.js';
import { ScreenStopError, type RunStats, type Screener, type SlotOutcome, type ValidRow } from './screen-records.js';

export const BATCH_PATH = '/sanctions-screening/v1/screen/batch';
/** The contract's limits: 100 entities per call, bodies up to MAX_BODY_BYTES (1 MiB by default). */
export const MAX_ENTITIES_PER_CALL = 100;
const MAX_CALL_BYTES = 1_000_000;
/** A server answering 429 this often in a row for one call is not going to let it through. */
const MAX_CONSECUTIVE_429 = 30;
const MAX_BACKOFF_MS = 30_000;

export interface HttpScreenerOptions {
  /** Server base URL, e.g. http://127.0.0.1:8080 (a trailing /sanctions-screening/v1 is accepted). */
  url: string;
  apiKey: string;
  stats: RunStats;
  /** Attempts after the first for a 5xx answer or a network failure. */
  maxRetries: number;
  /** Longest Retry-After honoured; a longer one (monthly quota spent) stops the run. */
  maxWaitMs: number;
  timeoutMs: number;
  retryBaseMs: number;
  userAgent: string;
}

export function batchEndpoint(url: string): string {
  const base = url.replace(/\/+$/, '').replace(/\/sanctions-screening\/v1$/, '');
  return `${base}${BATCH_PATH}`;
}

export function createHttpScreener(options: HttpScreenerOptions): Screener {
  const endpoint = batchEndpoint(options.url);
  // With several calls in flight, one 429 pauses them all: the others would only collect 429s too.
  let pausedUntil = 0;

  async function call(entities: readonly Record<string, unknown>[], signal: AbortSignal): Promise<SlotOutcome[]> {
    const body = JSON.stringify({ entities });
    let failures = 0;
    let tooMany = 0;
    for (;;) {
      await pause(pausedUntil - Date.now(), signal);
      const answer = await attempt(body, signal);
      if (answer.kind === 'slots') return slotsFrom(answer.data, entities.length);
      if (answer.kind === 'rate-limited') {
        tooMany += 1;
        const waitMs = answer.retryAfterMs ?? backoffMs(tooMany);
        if (waitMs > options.maxWaitMs) throw quotaStop(answer.error, waitMs, answer.reset);
        if (tooMany > MAX_CONSECUTIVE_429) throw new ScreenStopError(`the server answered 429 ${answer.error.code} ${tooMany} times in a row`);
        options.stats.waits += 1;
        options.stats.waitedMs += waitMs;
        pausedUntil = Math.max(pausedUntil, Date.now() + waitMs);
        options.stats.note = `waiting ${Math.ceil(waitMs / 1000)} s (429 ${answer.error.code})`;
        continue;
      }
      if (answer.kind === 'refused') throw new ScreenStopError(`the server refused the batch: ${describe(answer.status, answer.error)}`);
      failures += 1;
      if (failures > options.maxRetries) {
        throw new ScreenStopError(`giving up after ${failures} failed attempts at one batch: ${answer.reason}`);
      }
      options.stats.retries += 1;
      const waitMs = Math.min(answer.retryAfterMs ?? backoffMs(failures), options.maxWaitMs);
      options.stats.note = `retrying in ${(waitMs / 1000).toFixed(1)} s (${answer.reason})`;
      await pause(waitMs, signal);
    }
  }

  type Answer =
    | { kind: 'slots'; data: unknown }
    | { kind: 'rate-limited'; error: ApiError; retryAfterMs: number | null; reset: string | null }
    | { kind: 'refused'; status: number; error: ApiError }
    | { kind: 'retry'; reason: string; retryAfterMs: number | null };

  async function attempt(body: string, signal: AbortSignal): Promise<Answer> {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': options.userAgent,
        },
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      const remaining = Number.parseInt(response.headers.get('x-ratelimit-remaining') ?? '', 10);
      if (Number.isInteger(remaining)) options.stats.quotaRemaining = remaining;
      // Read inside the try (a connection dropped mid-body is retried), parse outside it.
      const data = parseJson(await response.text());
      options.stats.note = '';
      if (response.status === 200) return { kind: 'slots', data };
      const error = apiError(data, response.status);
      const retryAfter = retryAfterMs(response.headers.get('retry-after'), Date.now());
      if (response.status === 429) {
        return { kind: 'rate-limited', error, retryAfterMs: retryAfter, reset: response.headers.get('x-ratelimit-reset') };
      }
      if (response.status >= 500 || response.status === 408) {
        return { kind: 'retry', reason: describe(response.status, error), retryAfterMs: retryAfter };
      }
      return { kind: 'refused', status: response.status, error };
    } catch (error) {
      if (signal.aborted) throw new ScreenStopError('interrupted');
      return { kind: 'retry', reason: networkReason(error, options.timeoutMs), retryAfterMs: null };
    }
  }

  const backoffMs = (attemptNumber: number): number => jitteredBackoffMs(attemptNumber, options.retryBaseMs, MAX_BACKOFF_MS);

  return {
    async screen(rows, signal) {
      const outcomes: SlotOutcome[] = [];
      for (const group of callGroups(rows)) outcomes.push(...(await call(group, signal)));
      return outcomes;
    },
    async close() {},
  };
}

/** Splits a batch into calls of at most 100 entities and MAX_CALL_BYTES of JSON each. */
function callGroups(rows: readonly ValidRow[]): Record<string, unknown>[][] {
  const groups: Record<string, unknown>[][] = [];
  let current: Record<string, unknown>[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = Buffer.byteLength(JSON.stringify(row.body)) + 1;
    if (current.length === MAX_ENTITIES_PER_CALL || (current.length > 0 && bytes + size > MAX_CALL_BYTES)) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row.body);
    bytes += size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return;
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw new ScreenStopError('interrupted');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function apiError(data: unknown, status: number): ApiError {
  const error = (data as { error?: Partial<ApiError> } | null)?.error;
  return {
    code: typeof error?.code === 'string' ? error.code : `http_${status}`,
    message: typeof error?.message === 'string' ? error.message : 'no error body',
  };
}

function describe(status: number, error: ApiError): string {
  return `HTTP ${status} ${error.code}: ${error.message}`;
}

function quotaStop(error: ApiError, waitMs: number, reset: string | null): ScreenStopError {
  const resets = reset === null ? '' : `; quota resets at ${reset}`;
  return new ScreenStopError(`the server asks to wait ${waitText(waitMs)} (429 ${error.code}${resets}), more than --max-wait allows`);
}

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return seconds < 172_800 ? `${(seconds / 3600).toFixed(1)} h` : `${(seconds / 86_400).toFixed(1)} days`;
}

function networkReason(error: unknown, timeoutMs: number): string {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  return err.cause?.code ?? err.cause?.message ?? err.message;
}
