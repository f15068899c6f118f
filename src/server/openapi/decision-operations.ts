/**
 * @module The decisions on matches (API.md, "Decisions on matches") in the OpenAPI document,
 * including what a decision stores and what it does not.
 */
import { SERVICE_ID } from '../deps.js';
import { schemaRef, type JsonObject } from './components.js';
import { API_KEY_ERRORS, BODY_ERRORS, OTHER_PORT_NOTE, pathParameter, queryParameter, STORE_ROUTE_ERRORS, type OperationDoc } from './operation-doc.js';
import { JSON_TYPE, MSGPACK_TYPE, negotiated, rateLimitHeaders, successResponse } from './response-objects.js';

const BASE = `/${SERVICE_ID}/v1/decisions`;

export const DECISIONS_DESCRIPTION = `An analyst's decision on a match, so that the same subject is not reviewed
again against the same, unchanged entry. **What is stored**: \`{decisionId, subjectKey, listSource, entryId,
entryVersion, decision, reference, decidedAt, keyId, expiresAt}\` and nothing else of the subject:
\`subjectKey\` is an HMAC-SHA256, under a secret of the account that is never shown, of the subject as
normalised for matching (the name's words in any order, date of birth, nationality, kind as given), and
\`entryVersion\` the entry's content hash when decided. \`reference\` is a case ID (1..64 of
\`[A-Za-z0-9._:-]\`); no free text is accepted. A later screening of the same subject shows the decision on
that match (\`decision\`); while the entry is unchanged a \`false-positive\` no longer drives
\`recommendedAction\` and a \`true-match\` makes it at least \`manual-review\`; once the entry changed the
decision is \`lapsed\` and the match counts as undecided. A new decision on the same subject and entry
replaces the previous one. Decisions live DECISIONS_RETENTION_DAYS (default 365); an account holds at most
DECISIONS_LIMIT (default 10,000; 409 \`decision_limit_reached\`). No quota unit; each create and delete is
audited under its requestId. Another account's decision answers 404 and never applies.`;

const body = (schema: JsonObject): JsonObject => ({
  description: 'The decision.', required: true,
  content: {
    [JSON_TYPE]: { schema, examples: { falsePositive: { value: { subject: { name: 'Ivan Petrov', dateOfBirth: '1980-02-01', nationality: 'DE' }, listSource: 'ofac-sdn', entryId: '12345', decision: 'false-positive', reference: 'CASE-2031-0042' } } } },
    [MSGPACK_TYPE]: { schema },
  },
});

const SESSION_NOTE = 'The same as with an API key under /decisions, authenticated with a session JWT as /me/api-keys is (the dashboard\'s key page).';

export const DECISION_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  [`POST ${BASE}`]: {
    operationId: 'createDecision', tag: 'Decisions', summary: 'Record a decision on a match',
    description: DECISIONS_DESCRIPTION, auth: 'apiKey',
    requestBody: body(schemaRef('DecisionRequest')),
    responses: { 200: successResponse('Recorded (replacing a previous decision on the same subject and entry).', negotiated(schemaRef('Decision')), rateLimitHeaders()) },
    errors: [...BODY_ERRORS, ...API_KEY_ERRORS, 'not_found', 'unknown_list', 'entry_not_found', 'decision_limit_reached', 'lists_unavailable', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: OTHER_PORT_NOTE, entry_not_found: 'No such entry on the loaded list: a decision is on an entry as listed now.' },
  },
  [`GET ${BASE}`]: listDoc('listDecisions', 'apiKey'),
  [`DELETE ${BASE}/{decisionId}`]: deleteDoc('deleteDecision', 'apiKey'),
  // The dashboard's key page, signed in with a session token (identity API): the same answers.
  'GET /me/decisions': listDoc('listMyDecisions', 'session'),
  'DELETE /me/decisions/{decisionId}': deleteDoc('deleteMyDecision', 'session'),
};

function listDoc(operationId: string, auth: 'apiKey' | 'session'): OperationDoc {
  return {
    operationId, tag: auth === 'apiKey' ? 'Decisions' : 'API keys', summary: "The account's decisions, newest first",
    description: `Live decisions of the account, newest first, a page at a time; filtered by \`listSource\` and \`entryId\` when given. No quota unit.${auth === 'session' ? ` ${SESSION_NOTE}` : ''}`,
    auth,
    parameters: [
      queryParameter('listSource', 'Only decisions on this list.', { type: 'string' }),
      queryParameter('entryId', 'Only decisions on this entry.', { type: 'string' }),
      queryParameter('limit', 'Page size, 1..100 (default 100).', { type: 'integer', minimum: 1, maximum: 100 }),
      queryParameter('startingAfter', 'The last `decisionId` of the previous page.', { type: 'string', format: 'uuid' }),
    ],
    responses: { 200: successResponse('A page of decisions.', negotiated(schemaRef('DecisionList')), auth === 'apiKey' ? rateLimitHeaders() : {}) },
    errors: ['invalid_request', ...(auth === 'apiKey' ? API_KEY_ERRORS : ['unauthorized' as const]), 'not_found', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: OTHER_PORT_NOTE },
  };
}

function deleteDoc(operationId: string, auth: 'apiKey' | 'session'): OperationDoc {
  return {
    operationId, tag: auth === 'apiKey' ? 'Decisions' : 'API keys', summary: 'Delete a decision',
    description: `Deletes the decision: later screenings of the subject show the match undecided. Audited under its requestId, in the same store step. No quota unit.${auth === 'session' ? ` ${SESSION_NOTE}` : ''}`,
    auth,
    parameters: [pathParameter('decisionId', 'The `decisionId`.', { type: 'string', format: 'uuid' })],
    responses: { 200: successResponse('The deleted decision.', negotiated(schemaRef('Decision')), auth === 'apiKey' ? rateLimitHeaders() : {}) },
    errors: [...(auth === 'apiKey' ? API_KEY_ERRORS : ['unauthorized' as const]), 'not_found', 'decision_not_found', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: OTHER_PORT_NOTE, decision_not_found: "No such decision: never made, deleted, expired, or another account's." },
  };
}
