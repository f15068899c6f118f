/**
 * @module Response objects of the document: content in both body formats, the headers every answer
 * carries, and error responses grouped by status with the codes of errors.ts each route can give.
 */
import { ERROR_TABLE, type ErrorCode } from '../../errors.js';
import { REQUEST_ID_HEADER } from '../http/framing.js';
import { statusLine } from '../http/http-types.js';
import { RATE_LIMIT_HEADERS } from '../../contract/schemas/responses.js';
import { schemaRef, type JsonObject } from './components.js';
import { codeList } from './descriptions.js';

export const JSON_TYPE = 'application/json';
export const MSGPACK_TYPE = 'application/msgpack';

const integerHeader = (description: string, required: boolean): JsonObject =>
  ({ description, required, schema: { type: 'integer', minimum: 0 } });

export const HEADER_COMPONENTS: Record<string, JsonObject> = {
  [REQUEST_ID_HEADER]: {
    description: 'Identifies this exchange; equal to the `requestId` of the body (of an error too).',
    required: true,
    schema: { type: 'string', format: 'uuid' },
  },
  'X-RateLimit-Limit': integerHeader(RATE_LIMIT_HEADERS['X-RateLimit-Limit'], true),
  'X-RateLimit-Remaining': integerHeader(RATE_LIMIT_HEADERS['X-RateLimit-Remaining'], true),
  'X-RateLimit-Reset': {
    description: RATE_LIMIT_HEADERS['X-RateLimit-Reset'],
    required: true,
    schema: { type: 'string', format: 'date-time', examples: ['2027-02-01T00:00:00.000Z'] },
  },
  'Retry-After': integerHeader('Seconds to wait before retrying (RFC 9110).', true),
  'Retry-After-Optional': integerHeader('Seconds to wait before retrying (sent with `store_unavailable`).', false),
  'Idempotent-Replayed': {
    description: '`true` when this answer repeats the key created earlier under the same Idempotency-Key (no token).',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
  Allow: { description: 'The methods this path allows.', required: true, schema: { type: 'string', examples: ['GET, HEAD'] } },
  'WWW-Authenticate': {
    description: 'RFC 6750 challenge: `Bearer` when no usable credential came (`unauthorized`), '
      + '`Bearer error="invalid_token"` when a well-formed one was refused (`/metrics`: `Bearer realm="metrics"`).',
    required: true,
    schema: { type: 'string', pattern: '^Bearer( [a-z]+="[^"]*")?$' },
  },
};

export const headerRef = (name: string): JsonObject => ({ $ref: `#/components/headers/${name}` });

const requestIdHeader = (): JsonObject => ({ [REQUEST_ID_HEADER]: headerRef(REQUEST_ID_HEADER) });

export function rateLimitHeaders(): JsonObject {
  return Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, headerRef(name)]));
}

/** The same schema in JSON and MessagePack (chosen by Accept). */
export function negotiated(schema: JsonObject): JsonObject {
  return { [JSON_TYPE]: { schema }, [MSGPACK_TYPE]: { schema } };
}

export function successResponse(description: string, content: JsonObject, headers: JsonObject = {}): JsonObject {
  return { description, headers: { ...requestIdHeader(), ...headers }, content };
}

/** The error envelope, with `code` narrowed to the codes this response can carry. */
export function errorSchema(codes: readonly ErrorCode[]): JsonObject {
  return {
    allOf: [
      schemaRef('Error'),
      { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: [...codes] } } } } },
    ],
  };
}

/** One response per status among the codes, e.g. 401 with its four codes and their meaning. */
export function errorResponses(codes: readonly ErrorCode[], notes: Partial<Record<ErrorCode, string>> = {}): Record<string, JsonObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_TABLE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, JsonObject> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = errorResponse(status, group, {}, notes);
  }
  return out;
}

export function errorResponse(
  status: number,
  codes: readonly ErrorCode[],
  extraHeaders: JsonObject = {},
  notes: Partial<Record<ErrorCode, string>> = {},
): JsonObject {
  const headers: JsonObject = { ...requestIdHeader(), ...extraHeaders };
  if (codes.includes('quota_exceeded')) Object.assign(headers, rateLimitHeaders(), { 'Retry-After': headerRef('Retry-After') });
  if (codes.includes('store_unavailable')) headers['Retry-After'] = headerRef('Retry-After-Optional');
  if (status === 401) headers['WWW-Authenticate'] = headerRef('WWW-Authenticate');
  return {
    description: `${statusLine(status).slice(4)}.\n\n${codeList(codes, notes)}`,
    headers,
    content: negotiated(errorSchema(codes)),
  };
}

/** Answers of no operation: a path no route serves, and a served path asked with another method. */
export function sharedResponses(): Record<string, JsonObject> {
  return {
    UnknownPath: errorResponse(404, ['not_found', 'unknown_service']),
    MethodNotAllowed: errorResponse(405, ['method_not_allowed'], { Allow: headerRef('Allow') }),
  };
}
