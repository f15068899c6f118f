/**
 * @module The check of an answer against this server's own OpenAPI document (the one
 * GET /sanctions-screening/v1/openapi.json serves), built and compiled once per process. The HTTP
 * test harness runs every answer through it, so the document cannot fall behind the server.
 */
import { ROUTES } from '../../src/server/routes/index.js';
import { buildOpenApiDocument } from '../../src/server/openapi/openapi.js';
import { UNDOCUMENTED_ROUTES } from '../../src/server/openapi/operations.js';
import { createResponseCheck, type ObservedResponse, type ResponseCheck } from './response-validator.js';

let check: ResponseCheck | undefined;

/** Problems of the answer against the document; empty when it conforms. */
export function contractViolations(response: ObservedResponse): string[] {
  check ??= createResponseCheck(buildOpenApiDocument(ROUTES), Object.keys(UNDOCUMENTED_ROUTES));
  return check(response);
}

/** Throws naming every problem, for tests: a violation fails the test that received the answer. */
export function assertConformsToOpenApi(response: ObservedResponse): void {
  const problems = contractViolations(response);
  if (problems.length === 0) return;
  throw new Error(`answer violates the OpenAPI document: ${response.method} ${response.path} -> ${response.status}\n  - ${problems.join('\n  - ')}`);
}
