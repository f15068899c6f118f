/**
 * The OpenAPI document (issue 5): structurally OpenAPI 3.1, every reference resolves, the route
 * table and the document name the same operations, every error code of errors.ts is documented
 * with its own status, the schemas compile under strict JSON Schema 2020-12 and every example
 * validates against its schema.
 */
import { describe, expect, it } from 'vitest';
import { MODES } from '../../engine/modes.js';
import { FUZZINESS_MODES } from '../../engine/types.js';
import { ERROR_CODES, ERROR_TABLE } from '../../errors.js';
import { ROUTES } from '../routes/index.js';
import type { JsonObject } from './components.js';
import { buildOpenApiDocument } from './openapi.js';
import { routeKey, UNDOCUMENTED_ROUTES } from './operations.js';
import { openApiAjv } from '../../../test/support/response-validator.js';

const doc = buildOpenApiDocument(ROUTES);
const paths = doc.paths as Record<string, Record<string, JsonObject>>;
const components = doc.components as Record<string, Record<string, JsonObject>>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const operations = Object.entries(paths).flatMap(([path, item]) =>
  Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, op]) => ({ path, method, op })));

/** Every node of the document with its JSON pointer. */
function* walk(node: unknown, pointer = ''): Generator<[string, unknown]> {
  yield [pointer, node];
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) yield* walk(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}

function at(pointer: string): unknown {
  let node: unknown = doc;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as JsonObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

const resolved = (node: JsonObject): JsonObject => (typeof node.$ref === 'string' ? (at(node.$ref.slice(1)) as JsonObject) : node);

/** The error codes a response documents (from `allOf: [Error, {code: {enum}}]`). */
function documentedCodes(response: JsonObject): string[] {
  const schema = (resolved(response).content as Record<string, { schema: JsonObject }>)['application/json'].schema;
  const narrowing = (schema.allOf as JsonObject[])[1] as { properties: { error: { properties: { code: { enum: string[] } } } } };
  return narrowing.properties.error.properties.code.enum;
}

describe('OpenAPI document structure', () => {
  it('has the required top-level fields of OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(Object.keys(paths).length).toBeGreaterThan(0);
    for (const path of Object.keys(paths)) expect(path).toMatch(/^\//);
    // Serialisable as is: what the route serves is JSON.stringify of this object.
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('resolves every $ref', () => {
    const refs = [...walk(doc)].filter(([pointer, value]) => pointer.endsWith('/$ref') && typeof value === 'string');
    expect(refs.length).toBeGreaterThan(50);
    const broken = refs.filter(([, ref]) => !(ref as string).startsWith('#/') || at((ref as string).slice(1)) === undefined);
    expect(broken).toEqual([]);
  });

  it('documents every route of the route table and nothing else; the exceptions are real routes', () => {
    const documented = operations.map(({ path, method }) => `${method.toUpperCase()} ${path}`).sort();
    const routes = ROUTES.map(routeKey);
    const expected = routes.filter((key) => !(key in UNDOCUMENTED_ROUTES)).sort();
    expect(documented).toEqual(expected);
    for (const key of Object.keys(UNDOCUMENTED_ROUTES)) expect(routes, key).toContain(key);
  });

  it('gives every operation a unique operationId, a declared tag, security, path parameters and responses', () => {
    const tags = (doc.tags as { name: string }[]).map((t) => t.name);
    const schemes = Object.keys(components.securitySchemes);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      expect(tags, where).toContain((op.tags as string[])[0]);
      for (const requirement of op.security as JsonObject[]) for (const name of Object.keys(requirement)) expect(schemes, where).toContain(name);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const params = ((op.parameters ?? []) as JsonObject[]).filter((p) => p.in === 'path');
      expect(params.map((p) => p.name).sort(), where).toEqual(templated);
      for (const p of params) expect(p.required, where).toBe(true);
      const responses = op.responses as Record<string, JsonObject>;
      expect(Object.keys(responses).some((s) => s.startsWith('2')), where).toBe(true);
      for (const [status, response] of Object.entries(responses)) {
        expect(status, where).toMatch(/^[1-5]\d\d$/);
        expect(resolved(response).description, `${where} ${status}`).toEqual(expect.any(String));
        expect(Object.keys(resolved(response).headers as JsonObject), `${where} ${status}`).toContain('X-Request-Id');
      }
    }
  });

  it('documents every error code of errors.ts, each under its own status only', () => {
    const seen = new Set<string>();
    const errorResponses = [
      ...operations.flatMap(({ op }) => Object.entries(op.responses as Record<string, JsonObject>).filter(([s]) => Number(s) >= 400)),
      ['404', components.responses.UnknownPath] as [string, JsonObject],
      ['405', components.responses.MethodNotAllowed] as [string, JsonObject],
    ];
    for (const [status, response] of errorResponses) {
      for (const code of documentedCodes(response)) {
        expect(ERROR_TABLE[code as keyof typeof ERROR_TABLE].status, code).toBe(Number(status));
        seen.add(code);
      }
    }
    expect([...seen].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('documents the rate-limit headers on every keyed service answer, and Retry-After on 429', () => {
    const keyed = operations.filter(({ op }) => JSON.stringify(op.security).includes('apiKey'));
    // screen, batch, lists, lists/changes, listed record, audit, audit reconstruct, decisions (create, list, delete).
    expect(keyed.length).toBe(10);
    for (const { path, op } of keyed) {
      const responses = op.responses as Record<string, JsonObject>;
      for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
        expect(Object.keys(responses['200'].headers as JsonObject), path).toContain(header);
      }
      if (responses['429']) expect(Object.keys(responses['429'].headers as JsonObject), path).toContain('Retry-After');
    }
  });

  it("states each mode's thresholds as the engine's MODES table has them", () => {
    const screen = paths['/sanctions-screening/v1/screen'].post.description as string;
    for (const mode of FUZZINESS_MODES) {
      const t = MODES[mode].thresholds;
      expect(screen).toContain(`| \`${mode}\` | ${t.reportingFloor} | ${t.review} | ${t.block} |`);
    }
  });
});

describe('OpenAPI schemas and examples', () => {
  it('compiles every component schema under strict JSON Schema 2020-12 (no unknown keyword)', () => {
    const ajv = openApiAjv();
    ajv.addSchema({ $id: 'https://openapi.invalid/c.json', components: { schemas: components.schemas } });
    for (const name of Object.keys(components.schemas)) {
      expect(() => ajv.compile({ $ref: `https://openapi.invalid/c.json#/components/schemas/${name}` }), name).not.toThrow();
    }
  });

  it('validates every example against the schema it illustrates', () => {
    const ajv = openApiAjv();
    ajv.addSchema(doc, 'https://openapi.invalid/doc.json', undefined, false);
    const media = [...walk(doc)].filter(([pointer, node]) =>
      pointer.includes('/content/') && typeof node === 'object' && node !== null && 'examples' in node && 'schema' in node);
    expect(media.length).toBeGreaterThanOrEqual(5);
    for (const [pointer, node] of media) {
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      const validate = ajv.compile({ $ref: `https://openapi.invalid/doc.json#${fragment}/schema` });
      for (const [name, example] of Object.entries((node as JsonObject).examples as Record<string, { value: unknown }>)) {
        expect(validate(example.value), `${pointer} ${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
    }
  });
});
