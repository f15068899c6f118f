/**
 * @module The screening service's operations (keyed "METHOD pattern" like the route table).
 */
import { SERVICE_ID } from '../deps.js';
import { MAX_BATCH } from '../../contract/schemas/screen-request.js';
import { schemaRef, type JsonObject } from './components.js';
import { BATCH_DESCRIPTION, SCREENING_DESCRIPTION } from './descriptions.js';
import {
  BATCH_REQUEST_EXAMPLES,
  BATCH_RESPONSE_EXAMPLES,
  SCREEN_REQUEST_EXAMPLES,
  SCREEN_RESPONSE_EXAMPLES,
} from './examples.js';
import {
  API_KEY_ERRORS,
  BODY_ERRORS,
  OTHER_PORT_NOTE,
  pathParameter,
  queryParameter,
  STORE_ROUTE_ERRORS,
  type OperationDoc,
} from './operation-doc.js';
import { JSON_TYPE, MSGPACK_TYPE, negotiated, rateLimitHeaders, successResponse } from './response-objects.js';

const BASE = `/${SERVICE_ID}/v1`;

/** Both body formats with the same schema; examples on the JSON one (MessagePack carries the same values). */
function body(description: string, schema: JsonObject, examples: JsonObject): JsonObject {
  return {
    description,
    required: true,
    content: { [JSON_TYPE]: { schema, examples }, [MSGPACK_TYPE]: { schema } },
  };
}

function withExamples(content: JsonObject, examples: JsonObject): JsonObject {
  const json = content[JSON_TYPE] as JsonObject;
  return { ...content, [JSON_TYPE]: { ...json, examples } };
}

const LISTS_UNAVAILABLE_NOTE = 'No list loaded yet, a LISTS_REQUIRED list missing or stale (fail closed), or `lists` naming only lists without entries (named in `details`); nothing is charged.';

const CHANGED_SINCE_GONE_NOTE = '`changedSince` is older than the version archive (LISTS_ARCHIVE_DAYS), or a listsVersion this server never served; nothing is charged.';

export const SERVICE_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  [`POST ${BASE}/screen`]: {
    operationId: 'screen',
    tag: 'Screening',
    summary: 'Screen one party',
    description: SCREENING_DESCRIPTION,
    auth: 'apiKey',
    requestBody: body('The party to screen.', schemaRef('ScreenRequest'), SCREEN_REQUEST_EXAMPLES),
    responses: {
      200: successResponse('Screened; `requestId` equals `X-Request-Id`.',
        withExamples(negotiated(schemaRef('ScreenResponse')), SCREEN_RESPONSE_EXAMPLES), rateLimitHeaders()),
    },
    errors: [...BODY_ERRORS, ...API_KEY_ERRORS, 'not_found', 'list_version_gone', 'quota_exceeded', 'lists_unavailable', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: OTHER_PORT_NOTE, lists_unavailable: LISTS_UNAVAILABLE_NOTE, list_version_gone: CHANGED_SINCE_GONE_NOTE },
  },
  [`POST ${BASE}/screen/batch`]: {
    operationId: 'screenBatch',
    tag: 'Screening',
    summary: `Screen 1 to ${MAX_BATCH} parties`,
    description: BATCH_DESCRIPTION,
    auth: 'apiKey',
    requestBody: body(`1..${MAX_BATCH} parties, as {"entities": [...]} or a bare array.`, schemaRef('BatchRequest'), BATCH_REQUEST_EXAMPLES),
    responses: {
      200: successResponse('One slot per entity, in submission order: a screening answer or an error envelope.',
        withExamples(negotiated(schemaRef('BatchResponse')), BATCH_RESPONSE_EXAMPLES), rateLimitHeaders()),
    },
    errors: [...BODY_ERRORS, ...API_KEY_ERRORS, 'not_found', 'quota_exceeded', 'lists_unavailable', ...STORE_ROUTE_ERRORS],
    errorNotes: {
      not_found: OTHER_PORT_NOTE,
      lists_unavailable: `${LISTS_UNAVAILABLE_NOTE} A slot whose \`lists\` names only lists without entries gets this error in its slot.`,
      invalid_request: `The body is invalid; an invalid slot, or a slot whose \`changedSince\` the version archive does not reach (410 \`list_version_gone\`), gets its error in its slot.`,
    },
  },
  [`GET ${BASE}/lists`]: {
    operationId: 'listLists',
    tag: 'Lists',
    summary: 'The list catalog',
    description: `Every listSource with its entry count and freshness. \`publishedAt\` (also a match's
\`listFreshness\`) is the date the publisher put on the list where the file carries one, else the download's
HTTP Last-Modified, else the file's modification time; \`publishedAtSource\` says which (\`publisher\`,
\`http-last-modified\`, \`file-time\`). Always an ISO 8601 UTC timestamp (a list dated by day gives that
day's midnight UTC). \`ageDays\` counts whole days since it; \`outdated\` is true beyond the server's
LISTS_MAX_AGE_DAYS (default 30). \`status\`: \`ok\`; \`stale\` when refreshing it keeps failing or would
have shrunk it by more than LISTS_MAX_COLLAPSE (the served copy is kept); \`missing\` when no file supplies
it; \`sample\` when the server runs on its bundled sample data. Uses no quota but carries the
rate-limit headers.`,
    auth: 'apiKey',
    responses: { 200: successResponse('The catalog.', negotiated(schemaRef('ListsResponse')), rateLimitHeaders()) },
    errors: [...API_KEY_ERRORS, 'not_found', 'lists_unavailable', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: OTHER_PORT_NOTE },
  },
  [`GET ${BASE}/lists/changes`]: {
    operationId: 'listChanges',
    tag: 'Lists',
    summary: 'What changed in the lists since a version or a time',
    description: `Per list, the \`entryId\`s added, changed (any field differs) and removed since \`since\`: a
\`coverage.listsVersion\` of an earlier answer (over every list, or over the lists its \`lists\` filter named)
or an ISO 8601 UTC time. Answered from the server's version archive, which keeps every list version
served for LISTS_ARCHIVE_DAYS (default 35) after it stopped being served. \`to\` is the \`since\` to use
next time. Each entry resolves at \`GET /lists/{listSource}/entries/{entryId}\` while served. Uses no
quota but carries the rate-limit headers.`,
    auth: 'apiKey',
    parameters: [{ ...queryParameter('since', 'A listsVersion (16 hex) or an ISO 8601 UTC time (2026-03-02T00:00:00Z).', { type: 'string' }), required: true }],
    responses: { 200: successResponse('The changes.', negotiated(schemaRef('ListChanges')), rateLimitHeaders()) },
    errors: [...API_KEY_ERRORS, 'invalid_request', 'not_found', 'list_version_gone', 'lists_unavailable', ...STORE_ROUTE_ERRORS],
    errorNotes: {
      not_found: OTHER_PORT_NOTE,
      invalid_request: '`since` missing, repeated, or neither a listsVersion nor an ISO 8601 UTC time.',
      list_version_gone: '`since` is older than the version archive, or a listsVersion this server never served.',
    },
  },
  [`GET ${BASE}/lists/{listSource}/entries/{entryId}`]: {
    operationId: 'getListedRecord',
    tag: 'Lists',
    summary: 'One entry as listed',
    description: `The record behind a match, for manual review: names with their types, dates and places
of birth, nationalities, addresses, identifiers (each with the type it is compared as and the type as
listed), programs, remarks, other publisher fields (\`details\`), the source URL and the list's
\`publishedAt\`. A field the list does not carry is absent. Every match's \`listSource\` and \`entryId\`
resolve here while that list version is served. Uses no quota but carries the rate-limit headers.`,
    auth: 'apiKey',
    parameters: [
      pathParameter('listSource', 'A listSource ID, as in a match.', { type: 'string' }),
      pathParameter('entryId', "The entry's `entryId`, as in a match.", { type: 'string' }),
    ],
    responses: { 200: successResponse('The entry.', negotiated(schemaRef('ListedRecord')), rateLimitHeaders()) },
    errors: [...API_KEY_ERRORS, 'not_found', 'unknown_list', 'entry_not_found', 'lists_unavailable', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: OTHER_PORT_NOTE },
  },
  [`GET ${BASE}/audit/{requestId}`]: {
    operationId: 'getAuditRecord',
    tag: 'Audit',
    summary: 'The audit record of a screening',
    description: `What is kept of a screening for 30 days: its \`requestId\`, \`screenedAt\` and \`bodySha256\`,
the SHA-256 of the raw HTTP body for \`POST /screen\`, or of the canonical JSON of the entity (keys
sorted at every level, no whitespace) for a batch slot, so the caller can prove what was screened
by recomputing it. Any key of the service may read a record (records hold no account data and
request IDs are random). Uses no quota. After 30 days, or for an ID that was never issued: 404.`,
    auth: 'apiKey',
    parameters: [pathParameter('requestId', 'The `requestId` of a screening answer (or batch slot).', { type: 'string', format: 'uuid' })],
    responses: { 200: successResponse('The record.', negotiated(schemaRef('AuditRecord')), rateLimitHeaders()) },
    errors: [...API_KEY_ERRORS, 'not_found', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: `No record with this ID: never issued, or older than 30 days. ${OTHER_PORT_NOTE}` },
  },
};
