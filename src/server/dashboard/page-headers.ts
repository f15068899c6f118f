/**
 * @module Response headers of every dashboard file. The page handles session tokens and API keys,
 * so the policy is strict: scripts and styles from this origin only (no inline code, no CDN),
 * fetches to this origin only, no framing, no referrer, and DOM sinks that parse HTML refused
 * (Trusted Types with no policy: the scripts build every node with createElement/textContent).
 */

export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "require-trusted-types-for 'script'",
].join('; ');

export function dashboardHeaders(contentType: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'Content-Security-Policy': DASHBOARD_CSP,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Small files; always revalidated so an upgrade never mixes old and new modules.
    'Cache-Control': 'no-cache',
  };
}
