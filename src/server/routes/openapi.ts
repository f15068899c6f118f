/**
 * @module GET /sanctions-screening/v1/openapi.json: the OpenAPI 3.1 document of both APIs. Public
 * (no key, no quota), like the reference page that reads it: it holds no secret and callers need
 * it before they have a key. Always JSON; serialised once, on first request.
 */
import { OPENAPI_PATH } from '../openapi/docs-page.js';
import { buildOpenApiDocument } from '../openapi/openapi.js';
import type { Route } from '../http/route.js';

/**
 * `table` answers every route of the server, this one included: routes/index.ts passes it in, so this
 * module imports no route table (a static import would be a cycle, since the table holds this route).
 */
export function openApiRoute(table: () => readonly Route[]): Route {
  let json: Buffer | undefined;
  return {
    method: 'GET',
    pattern: OPENAPI_PATH,
    // Lives under the service's path, so it is served where the service is (not on an identity-only port).
    api: 'service',
    async handle() {
      json ??= Buffer.from(JSON.stringify(buildOpenApiDocument(table())), 'utf8');
      return {
        status: 200,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        },
        body: json,
      };
    },
  };
}
