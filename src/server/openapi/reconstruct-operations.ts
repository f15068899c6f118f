/**
 * @module POST .../audit/{requestId}/reconstruct in the OpenAPI document (routes/audit-reconstruct.ts).
 */
import { SERVICE_ID } from '../deps.js';
import { schemaRef, type JsonObject } from './components.js';
import { API_KEY_ERRORS, BODY_ERRORS, OTHER_PORT_NOTE, pathParameter, STORE_ROUTE_ERRORS, type OperationDoc } from './operation-doc.js';
import { JSON_TYPE, MSGPACK_TYPE, negotiated, rateLimitHeaders, successResponse } from './response-objects.js';

const BASE = `/${SERVICE_ID}/v1`;

const DESCRIPTION = `Screens the original request again against the list versions it was screened against, to
show what stood behind an answer ("on 2 March, why was this payment cleared?"). The body is the original
request body: for \`POST /screen\` the same bytes (its SHA-256 must equal the record's \`bodySha256\`),
for a batch slot the slot's entity (compared as canonical JSON); otherwise 409 \`body_mismatch\`. The
lists are read back from the version archive (kept \`LISTS_ARCHIVE_DAYS\` after they stopped being
served, default 35) in the background, without disturbing screening; one old list set is loaded at a
time, so a concurrent reconstruction against another set waits its turn. A version no longer archived,
or an archive file failing its checksum, answers 410 \`list_version_gone\`: never a wrong reconstruction.

\`answer\` is the answer rebuilt with the original \`requestId\`, \`screenedAt\` and coverage, and
\`identical\` says whether its bytes in the original framing (JSON, MessagePack or a batch slot's canonical
JSON) hash to the record's \`answerSha256\`; it is expected whenever the engine version is the same. The
account's decisions apply as they were at \`screenedAt\` (later ones are left out); a decision deleted or
replaced since cannot be restored, and the answer then differs. In a JSON reply, \`answer\` is written with
the rebuilt answer's exact JSON text. **Quota**: one unit; audited as a screening of its own.`;

const body = (schema: JsonObject): JsonObject => ({
  description: 'The original request body (a batch slot: its entity).', required: true,
  content: { [JSON_TYPE]: { schema }, [MSGPACK_TYPE]: { schema } },
});

export const RECONSTRUCT_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  [`POST ${BASE}/audit/{requestId}/reconstruct`]: {
    operationId: 'reconstructScreening', tag: 'Audit', summary: 'Rebuild a screening against the lists it was screened against',
    description: DESCRIPTION, auth: 'apiKey',
    parameters: [pathParameter('requestId', 'The `requestId` of a screening answer (or batch slot).', { type: 'string', format: 'uuid' })],
    requestBody: body(schemaRef('ScreenRequest')),
    responses: { 200: successResponse('The rebuilt answer.', negotiated(schemaRef('Reconstruction')), rateLimitHeaders()) },
    errors: [...BODY_ERRORS, ...API_KEY_ERRORS, 'not_found', 'body_mismatch', 'list_version_gone', 'quota_exceeded', 'lists_unavailable', ...STORE_ROUTE_ERRORS],
    errorNotes: {
      not_found: `No record with this ID for this account: never issued, another account's, or older than 30 days. ${OTHER_PORT_NOTE}`,
      lists_unavailable: 'Also when the archived lists cannot be loaded now (the list pipeline restarting).',
    },
  },
};
