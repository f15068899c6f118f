/**
 * @module Waiting before a retry, shared by the HTTP clients of the CLI (bulk `screen`, `lists update`):
 * a server's Retry-After (seconds or an HTTP date, RFC 9110) and exponential backoff with jitter.
 */

/** Milliseconds to wait, or null when the header is absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** base × 2^(attempt-1), ±20 % so that many clients failing together do not retry together; at most maxMs. */
export function backoffMs(attemptNumber: number, baseMs: number, maxMs: number): number {
  const exponential = baseMs * 2 ** (attemptNumber - 1);
  return Math.min(maxMs, Math.round(exponential * (0.8 + Math.random() * 0.4)));
}
