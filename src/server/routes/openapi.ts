/**
 * @module GET /sanctions-screening/v1/openapi.json: the OpenAPI 3.1 document of both APIs. Public
 * (no key, no quota), like the reference page that reads it: it holds no secret and callers need
 * it before they have a key. Always JSON; serialised once, on first request.
 */
import { OPENAPI_PATH } from '../openapi/docs-page.js';
import { buildOpenApiDocument } from '../openapi/openapi.js';
import type { Route } from '../http/route.js';

let json: Buffer | undefined;

export const openApiRoute: Route = {
  method: 'GET',
  pattern: OPENAPI_PATH,
  // Lives under the service's path, so it is served where the service is (not on an identity-only port).
  api: 'service',
  async handle() {
    // Imported here, not at the top: routes/index.ts imports this module, and a static import
    // cycle would leave ROUTES uninitialised for whichever module loads first.
    const { ROUTES } = await import('./index.js');
    json ??= Buffer.from(JSON.stringify(buildOpenApiDocument(ROUTES)), 'utf8');
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
