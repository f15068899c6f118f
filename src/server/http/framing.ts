/**
 * @module Body formats both ways: JSON or MessagePack in (by Content-Type), JSON or MessagePack out
 * (by Accept), and the one place that writes the error envelope.
 */
import { Packr, Unpackr } from 'msgpackr';
import { PreparedJson } from '../../contract/prepared-json.js';
import { AppError, errorBody, statusOf, type ErrorCode, type FieldIssue } from '../../errors.js';
import type { PlainRequest, PlainResult } from './http-types.js';
import { decodedKeyCount, jsonDuplicate, jsonKeyCount, msgpackDuplicate } from './duplicate-keys.js';
import { MAX_MSGPACK_DEPTH, scanMsgpack, type MsgpackCounts } from './msgpack-text.js';

export type BodyFormat = 'json' | 'msgpack';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const JSON_TYPE = 'application/json; charset=utf-8';
const MSGPACK_TYPE = 'application/msgpack';
const MSGPACK_NAMES = new Set(['application/msgpack', 'application/x-msgpack', 'application/vnd.msgpack']);

// Plain maps and no record extension, so any MessagePack library can read what we write;
// msgpackr also renames a "__proto__" key on decode, so a crafted map cannot set a prototype.
const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: true });
const packr = new Packr({ useRecords: false });
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The media type of a Content-Type header without parameters ("; charset=utf-8" is allowed). */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0].trim().toLowerCase();
}

export function requestFormat(headers: PlainRequest['headers']): BodyFormat | null {
  const type = mediaType(headers['content-type']);
  if (type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'))) return 'json';
  if (MSGPACK_NAMES.has(type)) return 'msgpack';
  return null;
}

/** MessagePack only when the client ranks it above JSON; JSON for absent, "*\/*" or anything else. */
export function replyFormat(headers: PlainRequest['headers']): BodyFormat {
  const accept = headers['accept'];
  if (accept === undefined) return 'json';
  let json = -1;
  let msgpack = -1;
  for (const range of accept.split(',')) {
    const [typePart, ...params] = range.split(';');
    const type = typePart.trim().toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (MSGPACK_NAMES.has(type)) msgpack = Math.max(msgpack, q);
    else if (type === 'application/json') json = Math.max(json, q);
  }
  return msgpack > 0 && msgpack > json ? 'msgpack' : 'json';
}

/**
 * Parses the body by its Content-Type; throws AppError 415 / 400 naming the problem. A body is
 * read as sent: a Content-Encoding other than identity, or a JSON charset other than UTF-8, would
 * be read as something it is not (compressed bytes, UTF-16 text), so both are 415.
 */
export function decodeBody(request: PlainRequest): unknown {
  const format = requestFormat(request.headers);
  if (format === null) throw new AppError('unsupported_media_type');
  refuseEncoding(request.headers['content-encoding']);
  if (format === 'json') refuseCharset(request.headers['content-type']);
  if (request.body.length === 0) {
    throw new AppError('invalid_request', [{ field: 'body', issue: 'must not be empty' }], 'The request body is empty.');
  }
  return format === 'json' ? decodeJson(request.body) : decodeMsgpack(request.body);
}

function refuseEncoding(header: string | undefined): void {
  if (header === undefined) return;
  const codings = header.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '');
  if (codings.every((c) => c === 'identity')) return;
  throw new AppError('unsupported_media_type', [{ field: 'content-encoding', issue: 'must be absent or identity (request bodies are not decompressed)' }],
    'Request bodies are read as sent: send them without Content-Encoding.');
}

/** The charset parameter of a JSON Content-Type, when given, must name UTF-8 (RFC 8259 §8.1). */
function refuseCharset(header: string | undefined): void {
  for (const param of (header ?? '').split(';').slice(1)) {
    const [name, ...rest] = param.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const value = rest.join('=').trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    if (value === 'utf-8' || value === 'utf8') continue;
    throw new AppError('unsupported_media_type', [{ field: 'content-type', issue: 'charset must be utf-8' }], 'JSON bodies are read as UTF-8.');
  }
}

/** Throws 400 naming the key when the body writes more keys than its decoded value holds. */
function refuseDuplicates(written: number, value: unknown, name: () => FieldIssue): void {
  const decoded = decodedKeyCount(value);
  if (decoded >= 0 && written !== decoded) throw new AppError('invalid_request', [name()], 'The request body gives a key more than once.');
}

function decodeJson(body: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new AppError('invalid_json', [{ field: 'body', issue: 'is not valid UTF-8' }]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message may quote the body ("Unexpected token 's', "{"name": s..." is not valid JSON"),
    // so only the position, when given, is passed on.
    const position = error instanceof Error ? /at position (\d+)/.exec(error.message)?.[1] : undefined;
    const issue = position === undefined ? 'is not valid JSON' : `is not valid JSON (at position ${position})`;
    throw new AppError('invalid_json', [{ field: 'body', issue }]);
  }
  // Only a \uD800-\uDFFF escape can make an unpaired surrogate (raw ones are invalid UTF-8 above),
  // so the walk is skipped for nearly every body.
  if (SURROGATE_ESCAPE.test(text)) refuseForeign(value);
  refuseDuplicates(jsonKeyCount(text), value, () => jsonDuplicate(text));
  return value;
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NOT_UNICODE = 'must be valid Unicode text (it has an unpaired surrogate)';
const NOT_JSON_VALUE = 'must be a map, array, string, number, boolean or nil (no binary, timestamp or extension)';

/** Throws 400 naming the first value or key no JSON text could carry. */
function refuseForeign(value: unknown): void {
  const foreign = firstForeignValue(value);
  if (foreign !== null) throw new AppError('invalid_request', [foreign]);
}

function decodeMsgpack(body: Buffer): unknown {
  const counts: MsgpackCounts = { mapKeys: 0 };
  const problem = scanMsgpack(body, counts);
  if (problem === 'not-utf8') {
    // The same refusal as a JSON body with invalid UTF-8 (invalid_json would name the wrong format).
    throw new AppError('invalid_request', [{ field: 'body', issue: 'is not valid UTF-8' }]);
  }
  if (problem === 'too-deep') {
    // Refused before the (recursive) decoder sees it; no request nests anywhere near this deep.
    throw new AppError('invalid_request', [{ field: 'body', issue: `nests maps and arrays deeper than ${MAX_MSGPACK_DEPTH}` }],
      'The request body is not valid MessagePack.');
  }
  let value: unknown;
  try {
    value = unpackr.unpack(body);
  } catch {
    // Truncated data, trailing bytes, or nesting deep enough to exhaust the stack (RangeError).
    throw new AppError('invalid_request', [{ field: 'body', issue: 'is not valid MessagePack' }],
      'The request body is not valid MessagePack.');
  }
  // Every string was valid UTF-8 (so no unpaired surrogate): only a foreign token needs the walk,
  // which names the field.
  if (problem === 'foreign') refuseForeign(value);
  refuseDuplicates(counts.mapKeys, value, () => msgpackDuplicate(body));
  return value;
}

/**
 * The first value JSON could not carry (binary, timestamp, extension, the reserved 0xC1 byte,
 * which msgpackr decodes to an object with a `name`) or string or key with an unpaired surrogate,
 * by path; or null. Iterative: the depth is the client's choice. NaN and Infinity pass here and
 * are refused by the schema, naming the field.
 */
function firstForeignValue(root: unknown): FieldIssue | null {
  // Paths are built only for the value refused: building one per value made a body of 100,000
  // small strings cost ~1 s, and deep nesting quadratic (each path repeats its parent's).
  const stack: Visit[] = [{ value: root, parent: null, key: '' }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const value = visit.value;
    if (typeof value === 'string') {
      if (UNPAIRED_SURROGATE.test(value)) return { field: pathOf(visit), issue: NOT_UNICODE };
      continue;
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push({ value: value[i], parent: visit, key: i });
      continue;
    }
    const proto = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
    if (proto !== Object.prototype && proto !== null) return { field: pathOf(visit), issue: NOT_JSON_VALUE };
    for (const key in value as object) {
      if (!Object.hasOwn(value as object, key)) continue;
      if (UNPAIRED_SURROGATE.test(key)) return { field: pathOf(visit), issue: `has a key that ${NOT_UNICODE}` };
      stack.push({ value: (value as Record<string, unknown>)[key], parent: visit, key });
    }
  }
  return null;
}

/** A value met by firstForeignValue: its parent and its key there (the root has no parent). */
interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string | number;
}

/** "body", "aliases[2]", "address.city": the path of a visited value. */
function pathOf(visit: Visit): string {
  const keys: Array<string | number> = [];
  for (let v: Visit | null = visit; v !== null && v.parent !== null; v = v.parent) keys.push(v.key);
  if (keys.length === 0) return 'body';
  let path = '';
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i];
    path = typeof key === 'number' ? `${path === '' ? 'body' : path}[${key}]` : path === '' ? key : `${path}.${key}`;
  }
  return path;
}

/**
 * JSON stays a string: the adapter hands it to uWS, which writes it as UTF-8, so no Buffer is
 * allocated and filled per reply.
 */
export function encodePayload(payload: unknown, format: BodyFormat): { contentType: string; body: Buffer | string } {
  if (payload instanceof PreparedJson) {
    return format === 'msgpack' ? { contentType: MSGPACK_TYPE, body: packr.pack(payload.value()) } : { contentType: JSON_TYPE, body: payload.json() };
  }
  if (format === 'msgpack') return { contentType: MSGPACK_TYPE, body: packr.pack(payload) };
  return { contentType: JSON_TYPE, body: JSON.stringify(payload) };
}

/** `headers` becomes the result's own header object (callers pass a fresh one), so it is not copied. */
export function reply(
  status: number,
  payload: unknown,
  format: BodyFormat,
  headers: Record<string, string> = {},
): PlainResult {
  const { contentType, body } = encodePayload(payload, format);
  headers['Content-Type'] = contentType;
  return { status, headers, body };
}

/** A reply whose body was already encoded (its bytes hashed for the audit record before the charge). */
export function replyEncoded(status: number, encoded: { contentType: string; body: Buffer | string }, headers: Record<string, string> = {}): PlainResult {
  headers['Content-Type'] = encoded.contentType;
  return { status, headers, body: encoded.body };
}

/**
 * The RFC 6750 challenge of a 401: a bare `Bearer` when no usable credential came, and
 * `error="invalid_token"` when a well-formed one was refused (unknown, revoked, expired).
 */
export function bearerChallenge(code: ErrorCode): string | undefined {
  if (statusOf(code) !== 401) return undefined;
  return code === 'unauthorized' ? 'Bearer' : 'Bearer error="invalid_token"';
}

export function errorReply(
  code: ErrorCode,
  requestId: string,
  format: BodyFormat,
  options: { details?: FieldIssue[]; message?: string; headers?: Record<string, string> } = {},
): PlainResult {
  const headers: Record<string, string> = { ...options.headers, [REQUEST_ID_HEADER]: requestId };
  const challenge = bearerChallenge(code);
  if (challenge !== undefined) headers['WWW-Authenticate'] ??= challenge; // a route may name its realm
  return reply(statusOf(code), errorBody(code, requestId, options.details, options.message), format, headers);
}
