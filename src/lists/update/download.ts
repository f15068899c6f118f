/**
 * @module Downloading one file with undici (the HTTP client behind Node's fetch), through the proxy
 * that HTTPS_PROXY / HTTP_PROXY / NO_PROXY name (see proxy.ts): an idle timeout (a stalled server
 * fails instead of hanging; a big SAM extract on a slow line still finishes), byte counting for the
 * progress bar, SHA-256 of the bytes kept, and a Content-Length check, so a connection cut mid-file is
 * reported as truncated, never kept. With the validators of the copy we have (ETag, Last-Modified)
 * the request is conditional: 304 means that copy is still the current one.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { fetch, type Dispatcher, type Response } from 'undici';
import { retryAfterMs } from '../../retry.js';
import { redactUrl } from './official-files.js';

export interface DownloadProgress {
  start(total: number | null): void;
  advance(bytes: number): void;
}

/** The validators of the copy already held, from the manifest. */
export interface HeldCopy {
  etag?: string;
  /** ISO 8601; sent as an HTTP date in If-Modified-Since. */
  lastModified?: string;
}

export interface DownloadOptions {
  timeoutMs: number;
  progress?: DownloadProgress;
  dispatcher?: Dispatcher;
  held?: HeldCopy;
}

export type DownloadResult =
  | { status: 'downloaded'; bytes: number; sha256: string; etag?: string; lastModified?: string }
  | { status: 'not-modified' };

/**
 * A download that failed. `status` is set for HTTP errors (the SAM fallback tries another day on
 * 404); `retryable` marks what may succeed a moment later (network, timeouts, 5xx, 408, 429).
 */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryable = false,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

const USER_AGENT = 'restricted-party-screening/0.1 (lists update)';

export async function downloadFile(url: string, target: string, options: DownloadOptions): Promise<DownloadResult> {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const resetTimer = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), options.timeoutMs);
  };
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      headers: requestHeaders(options.held),
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    if (response.status === 304 && options.held !== undefined) {
      await response.body?.cancel();
      return { status: 'not-modified' };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw httpError(response, url);
    }
    const expected = expectedLength(response);
    options.progress?.start(expected);
    const { bytes, sha256 } = await writeBody(response.body, target, (chunk) => {
      resetTimer();
      options.progress?.advance(chunk);
    });
    if (expected !== null && bytes !== expected) {
      throw new DownloadError(`truncated download: received ${bytes} of ${expected} bytes`, undefined, true);
    }
    if (bytes === 0) throw new DownloadError(`empty response from ${redactUrl(url)}`);
    return { status: 'downloaded', bytes, sha256, ...validators(response) };
  } catch (error) {
    throw asDownloadError(error, url, controller.signal.aborted, options.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

function requestHeaders(held: HeldCopy | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  if (held?.etag !== undefined) headers['if-none-match'] = held.etag;
  if (held?.lastModified !== undefined) headers['if-modified-since'] = new Date(held.lastModified).toUTCString();
  return headers;
}

function httpError(response: Response, url: string): DownloadError {
  const { status } = response;
  const retryable = status >= 500 || status === 408 || status === 429;
  const message = `HTTP ${status} ${response.statusText} from ${redactUrl(url)}`.replace(/ +from/, ' from');
  return new DownloadError(message, status, retryable, retryAfterMs(response.headers.get('retry-after'), Date.now()));
}

/** ETag as sent; Last-Modified as ISO 8601 UTC (the manifest's form), dropped when unreadable. */
function validators(response: Response): { etag?: string; lastModified?: string } {
  const out: { etag?: string; lastModified?: string } = {};
  const etag = response.headers.get('etag');
  if (etag !== null && etag.length <= 512) out.etag = etag;
  const lastModified = Date.parse(response.headers.get('last-modified') ?? '');
  if (!Number.isNaN(lastModified)) out.lastModified = new Date(lastModified).toISOString();
  return out;
}

/** Content-Length counts encoded bytes; fetch decodes gzip, so the length is only checkable unencoded. */
function expectedLength(response: Response): number | null {
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding !== 'identity') return null;
  const header = response.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header)) return null;
  return Number(header);
}

async function writeBody(
  body: AsyncIterable<Uint8Array>,
  target: string,
  onChunk: (bytes: number) => void,
): Promise<{ bytes: number; sha256: string }> {
  const file = await open(target, 'w');
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of body) {
      await file.write(chunk);
      hash.update(chunk);
      bytes += chunk.byteLength;
      onChunk(chunk.byteLength);
    }
    await file.sync();
  } finally {
    await file.close();
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** One line, no URL secrets: undici reports a cut connection as "terminated" with the cause inside. */
function asDownloadError(error: unknown, url: string, aborted: boolean, timeoutMs: number): DownloadError {
  if (error instanceof DownloadError) return error;
  if (aborted) return new DownloadError(`no data for ${Math.round(timeoutMs / 1000)} s from ${redactUrl(url)}: timed out`, undefined, true);
  const err = error as Error & { cause?: { message?: string; code?: string } };
  const cause = err.cause?.code ?? err.cause?.message;
  const message = `${err.message ?? String(error)}${cause ? ` (${cause})` : ''}`;
  const reason = /terminated/.test(err.message ?? '')
    ? `connection closed before the end of the file${cause ? ` (${cause})` : ''}`
    : message;
  return new DownloadError(`${redactUrl(reason.split('\n')[0])} while fetching ${redactUrl(url)}`, undefined, true);
}
