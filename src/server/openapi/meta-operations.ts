/**
 * @module Operations outside both APIs: health probes, this document and the reference page. None
 * needs a credential.
 */
import { schemaRef, type JsonObject } from './components.js';
import { DOCS_ASSET_NAMES, DOCS_PATH, OPENAPI_PATH } from './docs-page.js';
import { DOCS_CSP } from './docs-response.js';
import { pathParameter, type OperationDoc } from './operation-doc.js';
import { JSON_TYPE, negotiated, successResponse } from './response-objects.js';

const text = { type: 'string' };

/** The document and the page live under the service's path, so only the service's port serves them. */
const SERVICE_PORT_NOTE = 'Also on the identity port, when the operator split the APIs over two ports (IDENTITY_PORT).';

const DOCS_HEADERS: JsonObject = {
  'Content-Security-Policy': { description: `Always \`${DOCS_CSP}\`.`, required: true, schema: { type: 'string' } },
  'Cache-Control': { description: 'no-cache, or one year for a file asked with its current `?v=`.', schema: { type: 'string' } },
  'Content-Encoding': { description: 'gzip when the client accepts it (not for images).', schema: { type: 'string', enum: ['gzip'] } },
};

export const META_OPERATIONS: Readonly<Record<string, OperationDoc>> = {
  'GET /healthz': {
    operationId: 'healthz',
    tag: 'Operations',
    summary: 'Liveness',
    description: 'Answers 200 while the process runs. For load balancers; needs no key; served on every listener. HEAD works too.',
    auth: 'none',
    responses: { 200: successResponse('The process is up.', negotiated(schemaRef('Health'))) },
    errors: ['internal'],
  },
  'GET /readyz': {
    operationId: 'readyz',
    tag: 'Operations',
    summary: 'Readiness',
    description: `200 \`{"status": "ready"}\` only when every list is \`ok\`; 200 \`degraded\` with \`missing\`,
\`stale\` and \`sample\` when some list is missing, stale or only the bundled sample (the instance still
screens; every answer's \`coverage\` says so). 503 with the reasons in \`details\` when no list is loaded,
a LISTS_REQUIRED list is missing or stale, not every worker has its lists yet, or the store does not
answer within 3 s. Needs no key; served on every listener.`,
    auth: 'none',
    responses: { 200: successResponse('Ready to screen.', negotiated(schemaRef('Readiness'))) },
    errors: ['lists_unavailable', 'store_unavailable', 'internal'],
  },
  'GET /metrics': {
    operationId: 'metrics',
    tag: 'Operations',
    summary: 'Prometheus metrics',
    description: `Prometheus text exposition: requests per route and status with latency histograms,
screenings per mode and action, matches per list, quota rejections, list ages. Counts only: no
names, no key IDs. Needs \`Authorization: Bearer <METRICS_TOKEN>\` when the operator set
METRICS_TOKEN (401 otherwise); 404 when metrics are turned off.`,
    auth: 'metricsToken',
    responses: { 200: successResponse('The metrics.', { 'text/plain': { schema: text } }) },
    errors: ['unauthorized', 'not_found', 'internal'],
  },
  [`GET ${OPENAPI_PATH}`]: {
    operationId: 'getOpenApiDocument',
    tag: 'Reference',
    summary: 'This OpenAPI document',
    description: `The OpenAPI 3.1 description of both APIs, generated from the server's validation schemas.
Public (no key, no quota); always JSON.`,
    auth: 'none',
    responses: { 200: successResponse('The document.', { [JSON_TYPE]: { schema: schemaRef('OpenApiDocument') } }) },
    errors: ['not_found', 'internal'],
    errorNotes: { not_found: SERVICE_PORT_NOTE },
  },
  [`GET ${DOCS_PATH}`]: {
    operationId: 'getApiReference',
    tag: 'Reference',
    summary: 'The API reference page',
    description: 'A human-readable reference of this document (Swagger UI, served by this server; nothing is loaded from elsewhere).',
    auth: 'none',
    responses: { 200: successResponse('The page.', { 'text/html': { schema: text } }, DOCS_HEADERS) },
    errors: ['not_found', 'internal'],
    errorNotes: { not_found: SERVICE_PORT_NOTE },
  },
  [`GET ${DOCS_PATH}/{asset}`]: {
    operationId: 'getApiReferenceAsset',
    tag: 'Reference',
    summary: 'A file of the reference page',
    description: 'Scripts, stylesheet and icon of the reference page.',
    auth: 'none',
    parameters: [pathParameter('asset', 'File name.', { type: 'string', enum: [...DOCS_ASSET_NAMES] })],
    responses: {
      200: successResponse('The file.', {
        'text/javascript': { schema: text },
        'text/css': { schema: text },
        'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
      }, DOCS_HEADERS),
    },
    errors: ['not_found', 'internal'],
    errorNotes: { not_found: `No such file. ${SERVICE_PORT_NOTE}` },
  },
};
