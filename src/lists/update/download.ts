/**
 * @module Downloading one file with Node's fetch: an idle timeout (a stalled server fails instead of
 * hanging; a big SAM extract on a slow line still finishes), byte counting for the progress bar, and
 * a Content-Length check, so a connection cut mid-file is reported as truncated, never kept.
 */
import { open } from 'node:fs/promises';
import { redactUrl } from './official-files.js';

export interface DownloadProgress {
  start(total: number | null): void;
  advance(bytes: number): void;
}

export interface DownloadOptions {
  timeoutMs: number;
  progress?: DownloadProgress;
}

/** A download that failed; `status` is set for HTTP errors (the SAM fallback tries another day on 404). */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

const USER_AGENT = 'restricted-party-screening/0.1 (lists update)';

export async function downloadFile(url: string, target: string, options: DownloadOptions): Promise<number> {
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const resetTimer = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), options.timeoutMs);
  };
  try {
    const response = await fetch(url, { signal: controller.signal, headers: { 'user-agent': USER_AGENT } });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new DownloadError(`HTTP ${response.status} ${response.statusText} from ${redactUrl(url)}`.trim(), response.status);
    }
    const expected = expectedLength(response);
    options.progress?.start(expected);
    const received = await writeBody(response.body, target, (bytes) => {
      resetTimer();
      options.progress?.advance(bytes);
    });
    if (expected !== null && received !== expected) {
      throw new DownloadError(`truncated download: received ${received} of ${expected} bytes`);
    }
    if (received === 0) throw new DownloadError(`empty response from ${redactUrl(url)}`);
    return received;
  } catch (error) {
    throw asDownloadError(error, url, controller.signal.aborted, options.timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** Content-Length counts encoded bytes; fetch decodes gzip, so the length is only checkable unencoded. */
function expectedLength(response: Response): number | null {
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding !== 'identity') return null;
  const header = response.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header)) return null;
  return Number(header);
}

async function writeBody(body: ReadableStream<Uint8Array>, target: string, onChunk: (bytes: number) => void): Promise<number> {
  const file = await open(target, 'w');
  let received = 0;
  try {
    for await (const chunk of body) {
      await file.write(chunk);
      received += chunk.byteLength;
      onChunk(chunk.byteLength);
    }
    await file.sync();
  } finally {
    await file.close();
  }
  return received;
}

/** One line, no URL secrets: undici reports a cut connection as "terminated" with the cause inside. */
function asDownloadError(error: unknown, url: string, aborted: boolean, timeoutMs: number): DownloadError {
  if (error instanceof DownloadError) return error;
  if (aborted) return new DownloadError(`no data for ${Math.round(timeoutMs / 1000)} s from ${redactUrl(url)}: timed out`);
  const err = error as Error & { cause?: { message?: string; code?: string } };
  const cause = err.cause?.code ?? err.cause?.message;
  const message = `${err.message ?? String(error)}${cause ? ` (${cause})` : ''}`;
  const reason = /terminated/.test(err.message ?? '')
    ? `connection closed before the end of the file${cause ? ` (${cause})` : ''}`
    : message;
  return new DownloadError(`${redactUrl(reason.split('\n')[0])} while fetching ${redactUrl(url)}`);
}
