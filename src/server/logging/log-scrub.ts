/**
 * @module The second safety net of the logger (the first is pino's path redaction): credentials
 * recognisable by their form are masked in any string value of a log line, whatever its field:
 * API keys (svc_live_...), Bearer credentials, JWTs and `api_key=` URL parameters (the SAM.gov
 * extract URL carries the SAM key that way).
 */

const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/\bsvc_[a-z]+_[A-Z2-7]{8,}/g, 'svc_[redacted]'],
  [/\bBearer\s+[A-Za-z0-9\-._~+/]+=*/gi, 'Bearer [redacted]'],
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted-jwt]'],
  [/([?&](?:api_key|apikey|token|access_token)=)[^&#\s]+/gi, '$1[redacted]'],
  [/(\/\/[^/:@\s]*:)[^@/\s]+@/g, '$1[redacted]@'],
];
/** Nested objects deeper than this are left to path redaction (log objects are shallow). */
const MAX_DEPTH = 4;

export function scrubString(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of the log object with every string value scrubbed; the input is not modified. */
export function scrubLogObject(value: Record<string, unknown>): Record<string, unknown> {
  return scrub(value, 0) as Record<string, unknown>;
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  // Errors keep their identity: the err serializer reads them (and logs no message anyway).
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = scrub(field, depth + 1);
  return out;
}
