/**
 * @module Answers of the API reference page and its files: security headers, caching, and gzip when
 * the client accepts it.
 *
 * The policy lets the viewer run from this origin only: scripts and styles are our files (no inline
 * code, no eval), the document is fetched from here, and "Try it out" calls go here too. Images
 * allow data: URIs because the viewer's stylesheet draws its icons as inline SVG data (no script
 * can run from an image). No Trusted Types: the viewer renders sanitised Markdown through innerHTML.
 */
import type { PlainRequest, PlainResult } from '../http/http-types.js';
import type { DocsFile } from './docs-page.js';

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': DOCS_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The page is always revalidated (it names the current file versions); a file asked with its
 * current `?v=` may be cached for a year, any other request for it is revalidated.
 */
export function docsResult(file: DocsFile, request: Pick<PlainRequest, 'headers' | 'query'>, kind: 'page' | 'asset'): PlainResult {
  const current = kind === 'asset' && new URLSearchParams(request.query).get('v') === file.version;
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'Content-Type': file.contentType,
    'Cache-Control': current ? IMMUTABLE : 'no-cache',
  };
  if (file.gzipped === null) return { status: 200, headers, body: file.body };
  headers.Vary = 'Accept-Encoding';
  if (!acceptsGzip(request.headers['accept-encoding'])) return { status: 200, headers, body: file.body };
  return { status: 200, headers: { ...headers, 'Content-Encoding': 'gzip' }, body: file.gzipped };
}

/** RFC 9110 Accept-Encoding: gzip with a q above 0, or failing any mention of gzip, `*` so. */
export function acceptsGzip(header: string | undefined): boolean {
  let gzipQ: number | undefined;
  let anyQ: number | undefined;
  for (const item of (header ?? '').split(',')) {
    const [coding, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (coding === 'gzip' || coding === 'x-gzip') gzipQ = Math.max(gzipQ ?? 0, q);
    else if (coding === '*') anyQ = q;
  }
  return (gzipQ ?? anyQ ?? 0) > 0;
}
