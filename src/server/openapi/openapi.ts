/**
 * @module The OpenAPI 3.1 document of both APIs, built from the route table (paths and methods),
 * the TypeBox validation schemas (components), the error table (error responses per route) and
 * the operation notes of this folder.
 */
import { createRequire } from 'node:module';
import type { Route } from '../http/route.js';
import { buildComponentSchemas, type JsonObject } from './components.js';
import { INFO_DESCRIPTION } from './descriptions.js';
import type { OperationAuth, OperationDoc } from './operation-doc.js';
import { OPERATIONS, routeKey, TAGS } from './operations.js';
import { errorResponses, HEADER_COMPONENTS, sharedResponses } from './response-objects.js';

export const OPENAPI_VERSION = '3.1.0';

const SECURITY_SCHEMES: JsonObject = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'svc_live_ API key',
    description: 'An API key from POST /me/api-keys: `Authorization: Bearer svc_live_...`.',
  },
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A session JWT of the platform (`sub` = account ID, `exp` required). Development tokens: `rps` CLI.',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator\'s METRICS_TOKEN, required by GET /metrics only when it is set.',
  },
};

const SECURITY: Record<OperationAuth, JsonObject[]> = {
  apiKey: [{ apiKey: [] }],
  session: [{ sessionToken: [] }],
  // The empty requirement makes the token optional: it is needed only when configured.
  metricsToken: [{}, { metricsToken: [] }],
  none: [],
};

/** The document for these routes; a route without notes in OPERATIONS is left out (the tests forbid that). */
export function buildOpenApiDocument(routes: readonly Route[]): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const doc = OPERATIONS[routeKey(route)];
    if (doc === undefined) continue;
    paths[route.pattern] ??= {};
    paths[route.pattern][route.method.toLowerCase()] = operation(doc);
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Restricted-party screening API',
      version: packageVersion(),
      summary: 'Screening service (sanctions-screening) and identity API (API keys).',
      description: INFO_DESCRIPTION,
    },
    servers: [{ url: '/', description: 'This server (the identity API is on IDENTITY_PORT when the operator splits it off).' }],
    tags: TAGS,
    paths,
    components: {
      schemas: buildComponentSchemas(),
      responses: sharedResponses(),
      headers: HEADER_COMPONENTS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

function operation(doc: OperationDoc): JsonObject {
  return {
    operationId: doc.operationId,
    tags: [doc.tag],
    summary: doc.summary,
    description: doc.description,
    security: SECURITY[doc.auth],
    ...(doc.parameters && { parameters: doc.parameters }),
    ...(doc.requestBody && { requestBody: doc.requestBody }),
    responses: { ...doc.responses, ...errorResponses(doc.errors, doc.errorNotes) },
  };
}

function packageVersion(): string {
  // Three levels up from src/server/openapi/ and from dist/server/openapi/ alike.
  const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string };
  return pkg.version;
}
