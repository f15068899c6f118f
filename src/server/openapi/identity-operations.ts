/**
 * @module The identity API's operations (/me/api-keys), authenticated with a session JWT.
 */
import { schemaRef } from './components.js';
import { CREATE_KEY_EXAMPLES } from './examples.js';
import { BODY_ERRORS, headerParameter, OTHER_PORT_NOTE, pathParameter, queryParameter, STORE_ROUTE_ERRORS, type OperationDoc } from './operation-doc.js';
import { headerRef, JSON_TYPE, MSGPACK_TYPE, negotiated, successResponse } from './response-objects.js';

const SESSION_NOTE = `Authenticated with a session JWT (\`sub\` = account ID); an API key is refused with 401,
so a key can never manage keys. The account is created on first use.`;

export const IDENTITY_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'POST /me/api-keys': {
    operationId: 'createApiKey',
    tag: 'API keys',
    summary: 'Create an API key',
    description: `Creates a key for the session's account and answers the full record with \`token\` and
\`status: "active"\`. **The token is shown only in this answer**: the server keeps its SHA-256 alone.

- \`name\`: 1..100 printable characters (trimmed).
- \`allowedServiceIds\`: service IDs of the platform (lowercase slugs, including services this server
  does not run), or \`["*"]\` alone for every service. The account's subscriptions still apply.
- \`expiresAt\`: a future ISO 8601 UTC time, at most 3 years ahead; default 365 days.
- \`monthlyLimit\`: calls per service per UTC month, 1..the account cap; default 20000.

An account has at most 10 active keys (configurable per account): one more answers 409
\`key_limit_reached\`.

\`Idempotency-Key\` (optional, 1..255 printable ASCII characters, e.g. a UUID): a retry with the same
key and the same body within 24 h creates nothing and answers 200 with the key made the first time,
**without \`token\`** (only its SHA-256 was kept) and with \`Idempotent-Replayed: true\`. The same key
with another body answers 409 \`idempotency_key_reused\`; a retry while the first request is still
running answers 409 \`idempotency_key_in_use\`. A create that made no key (400, 409 limit, 503)
binds nothing: retrying it may create the key. ${SESSION_NOTE}`,
    auth: 'session',
    parameters: [
      headerParameter('Idempotency-Key', 'Makes retries safe: same key and body within 24 h answer the first key (without token).',
        { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' }),
    ],
    requestBody: {
      description: 'The new key.',
      required: true,
      content: {
        [JSON_TYPE]: { schema: schemaRef('CreateApiKeyRequest'), examples: CREATE_KEY_EXAMPLES },
        [MSGPACK_TYPE]: { schema: schemaRef('CreateApiKeyRequest') },
      },
    },
    responses: {
      200: successResponse(
        'The created key, with its token (shown once); on an Idempotency-Key replay the same key without token.',
        negotiated({ anyOf: [schemaRef('CreatedApiKey'), schemaRef('ApiKey')] }),
        { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') },
      ),
    },
    errors: [...BODY_ERRORS, 'unauthorized', 'not_found', 'key_limit_reached', 'idempotency_key_reused', 'idempotency_key_in_use', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: OTHER_PORT_NOTE },
  },
  'GET /me/api-keys': {
    operationId: 'listApiKeys',
    tag: 'API keys',
    summary: "List the account's API keys",
    description: `The keys of the account, newest first, each with \`status\` (\`active\`, \`revoked\` or
\`expired\`) and \`revokedAt\` when revoked. Never includes a token. A page at a time: \`limit\` keys
(default and most 100) after \`startingAfter\`; \`hasMore\` says whether to ask again. An unknown query
parameter, or a \`startingAfter\` that is no key of this account, answers 400. ${SESSION_NOTE}`,
    auth: 'session',
    parameters: [
      queryParameter('limit', 'Keys per page, 1..100 (default 100).', { type: 'integer', minimum: 1, maximum: 100 }),
      queryParameter('startingAfter', 'The last `keyId` of the previous page.', { type: 'string', format: 'uuid' }),
    ],
    responses: { 200: successResponse('The keys.', negotiated(schemaRef('ApiKeyList'))) },
    errors: ['invalid_request', 'unauthorized', 'not_found', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: OTHER_PORT_NOTE },
  },
  'DELETE /me/api-keys/{keyId}': {
    operationId: 'revokeApiKey',
    tag: 'API keys',
    summary: 'Revoke an API key',
    description: `Revokes the key and answers its record (\`status: "revoked"\`, \`revokedAt\`); every service
refuses it within 60 s. Idempotent: revoking again answers the same record. A key of another
account and an unknown ID both answer 404, so other accounts' key IDs are never revealed.
${SESSION_NOTE}`,
    auth: 'session',
    parameters: [pathParameter('keyId', 'The `keyId` of the key.', { type: 'string', format: 'uuid' })],
    responses: { 200: successResponse('The revoked key.', negotiated(schemaRef('ApiKey'))) },
    errors: ['unauthorized', 'not_found', ...STORE_ROUTE_ERRORS],
    errorNotes: { not_found: `No such key in this account (another account's key included). ${OTHER_PORT_NOTE}` },
  },
};
