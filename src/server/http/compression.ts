/**
 * @module Response compression when the client asks (Accept-Encoding): brotli, else gzip, for
 * bodies of at least 1 KiB (below that the headers and the CPU cost more than the bytes saved).
 * Synchronous zlib: answers are at most a few hundred KiB and this keeps one code path; brotli at
 * quality 4, which is near gzip's speed with smaller output (quality 11 takes ~100x longer).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { PlainRequest, PlainResult } from './http-types.js';

export const COMPRESS_MIN_BYTES = 1024;

type Coding = 'br' | 'gzip';

/** The preferred coding the client accepts (q > 0), or null. `*` counts for both. */
export function acceptedCoding(header: string | undefined): Coding | null {
  if (header === undefined) return null;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (name !== '' && Number.isFinite(value)) q[name] = value;
  }
  const of = (coding: Coding): number => q[coding] ?? q['*'] ?? 0;
  if (of('br') > 0 && of('br') >= of('gzip')) return 'br';
  return of('gzip') > 0 ? 'gzip' : null;
}

/** Compresses the result in place when asked and worth it; marks every such answer Vary: Accept-Encoding. */
export function compressResult(request: PlainRequest, result: PlainResult): PlainResult {
  // A string of 1,024 UTF-16 units or more has at least as many UTF-8 bytes: not counted then.
  const body = result.body;
  const size = typeof body === 'string' ? (body.length >= COMPRESS_MIN_BYTES ? body.length : Buffer.byteLength(body)) : body.length;
  if (size < COMPRESS_MIN_BYTES || result.headers['Content-Encoding'] !== undefined) return result;
  addVary(result, 'Accept-Encoding');
  const coding = acceptedCoding(request.headers['accept-encoding']);
  if (coding === null) return result;
  const input = typeof result.body === 'string' ? Buffer.from(result.body) : result.body;
  result.body = coding === 'br'
    ? brotliCompressSync(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } })
    : gzipSync(input);
  result.headers['Content-Encoding'] = coding;
  return result;
}

export function addVary(result: PlainResult, name: string): void {
  const current = result.headers['Vary'];
  result.headers['Vary'] = current === undefined ? name : `${current}, ${name}`;
}
