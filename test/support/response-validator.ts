/**
 * @module Checks an HTTP answer against an OpenAPI 3.1 document: that its status is documented for
 * the operation, that the documented headers are there with valid values, that its Content-Type is
 * documented, and that the body validates against the schema of that response (Ajv, JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). The HTTP tests run every answer they receive through it.
 *
 * Answers of no operation are judged by the document's shared responses: a path no route serves by
 * `components.responses.UnknownPath`, a served path asked with another method by `MethodNotAllowed`.
 * Routes deliberately left out of the document (browser pages) are only held to the error envelope
 * when they answer an error.
 * Validators are compiled on first use and kept, so checking costs microseconds per answer.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isAssignedAlpha2 } from '../../src/lists/countries.js';
import { isRealCalendarDate } from '../../src/lists/dates.js';
import type { JsonObject } from '../../src/server/openapi/components.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is module.exports.
const addFormats = addFormatsModule.default;

export interface ObservedResponse {
  method: string;
  /** May carry a query string; it is ignored. */
  path: string;
  status: number;
  headers: { get(name: string): string | null };
  /** Parsed JSON or MessagePack, else the text; not looked at for HEAD. */
  body: unknown;
}

export type ResponseCheck = (response: ObservedResponse) => string[];

const DOC_ID = 'https://openapi.invalid/document.json';

interface PathMatcher {
  template: string;
  regex: RegExp;
  params: number;
}

/** An Ajv for OpenAPI 3.1 schemas: 2020-12, our formats, OpenAPI's annotation keywords allowed. */
export function openApiAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
  addFormats(ajv, ['date-time', 'date', 'uuid', 'uri']);
  ajv.addFormat('calendar-date', { type: 'string', validate: isRealCalendarDate });
  ajv.addFormat('country-alpha2', { type: 'string', validate: (s: string) => isAssignedAlpha2(s.toUpperCase()) });
  ajv.addFormat('utc-date-time', {
    type: 'string',
    validate: (s: string) => /(Z|\+00:?00)$/.test(s) && !Number.isNaN(Date.parse(s.replace(/\+00:?00$/, 'Z'))),
  });
  // OpenAPI's own schema keywords, and the document's top-level fields (the document is added as
  // one schema so that references between its parts resolve).
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
  ajv.addVocabulary(['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks', 'components', 'security', 'tags']);
  return ajv;
}

/** "GET /dashboard/{asset}"-style keys of served routes the document leaves out. */
export function createResponseCheck(doc: JsonObject, undocumented: readonly string[] = []): ResponseCheck {
  const ajv = openApiAjv();
  // Only referenced, never compiled whole: its own keys (openapi, info, paths) are not a schema.
  ajv.addSchema(doc, DOC_ID, undefined, false);
  const paths = doc.paths as Record<string, Record<string, JsonObject>>;
  const matchers = Object.keys(paths).map(pathMatcher).sort((a, b) => a.params - b.params);
  const skipped = undocumented.map((key) => {
    const [method, pattern] = key.split(' ', 2);
    return { method, matcher: pathMatcher(pattern) };
  });
  const compiled = new Map<string, ValidateFunction>();

  const validator = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (validate === undefined) {
      // In a URI fragment the segments are percent-encoded too ("{requestId}").
      validate = ajv.compile({ $ref: `${DOC_ID}#${pointer.split('/').map(encodeURIComponent).join('/')}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };

  return (response) => {
    const path = response.path.split('?', 1)[0];
    const method = response.method.toUpperCase() === 'HEAD' ? 'get' : response.method.toLowerCase();
    const template = matchers.find((m) => m.regex.test(path))?.template;
    const asked = method.toUpperCase();
    if (template === undefined && skipped.some((s) => s.method === asked && s.matcher.regex.test(path))) {
      return response.status < 400 ? [] : checkErrorEnvelope(response, validator);
    }
    let pointer: string;
    if (template === undefined) pointer = '/components/responses/UnknownPath';
    else if (paths[template][method] === undefined) pointer = '/components/responses/MethodNotAllowed';
    else {
      const responses = paths[template][method].responses as Record<string, unknown>;
      const key = [String(response.status), `${String(response.status)[0]}XX`, 'default'].find((k) => k in responses);
      if (key === undefined) return [`status ${response.status} is not documented for ${method.toUpperCase()} ${template}`];
      pointer = jsonPointer('paths', template, method, 'responses', key);
    }
    return checkResponse(doc, pointer, response, validator);
  };
}

function checkResponse(doc: JsonObject, pointer: string, response: ObservedResponse, validator: (p: string) => ValidateFunction): string[] {
  const [resolvedPointer, object] = resolve(doc, pointer);
  const problems: string[] = [];
  for (const [name, header] of Object.entries((object.headers ?? {}) as Record<string, JsonObject>)) {
    const [headerPointer, headerObject] = resolve(doc, `${resolvedPointer}/headers/${escape(name)}`, header);
    const value = response.headers.get(name);
    if (value === null) {
      if (headerObject.required === true) problems.push(`header ${name} is missing`);
      continue;
    }
    const schema = headerObject.schema as JsonObject;
    const typed = schema.type === 'integer' || schema.type === 'number' ? (/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value) : value;
    const validate = validator(`${headerPointer}/schema`);
    if (!validate(typed)) problems.push(`header ${name} "${value}" ${describe(validate)}`);
  }
  if (response.method.toUpperCase() === 'HEAD') return problems;
  const content = object.content as Record<string, JsonObject> | undefined;
  const mediaType = (response.headers.get('content-type') ?? '').split(';', 1)[0].trim().toLowerCase();
  if (content === undefined) return problems;
  if (!(mediaType in content)) {
    return [...problems, `Content-Type "${mediaType}" is not documented (documented: ${Object.keys(content).join(', ')})`];
  }
  const validate = validator(`${resolvedPointer}/content/${escape(mediaType)}/schema`);
  if (!validate(response.body)) problems.push(`body ${describe(validate)}`);
  return problems;
}

function checkErrorEnvelope(response: ObservedResponse, validator: (p: string) => ValidateFunction): string[] {
  const validate = validator('/components/schemas/Error');
  const problems = response.headers.get('x-request-id') === null ? ['header X-Request-Id is missing'] : [];
  if (response.method.toUpperCase() !== 'HEAD' && !validate(response.body)) problems.push(`body ${describe(validate)}`);
  return problems;
}

/** Follows a local `$ref` (one level, as the document uses them); returns the pointer and object. */
function resolve(doc: JsonObject, pointer: string, object: JsonObject = at(doc, pointer)): [string, JsonObject] {
  const ref = object.$ref;
  if (typeof ref !== 'string') return [pointer, object];
  if (!ref.startsWith('#/')) throw new Error(`only local references are supported: ${ref}`);
  const target = ref.slice(1);
  return [target, at(doc, target)];
}

function at(doc: JsonObject, pointer: string): JsonObject {
  let node: unknown = doc;
  for (const part of pointer.split('/').slice(1)) {
    node = (node as JsonObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`no ${pointer} in the document`);
  }
  return node as JsonObject;
}

const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A JSON pointer (RFC 6901) from raw segments: "/" and "~" escaped. */
function jsonPointer(...segments: string[]): string {
  return segments.map((s) => `/${escape(s)}`).join('');
}

function pathMatcher(template: string): PathMatcher {
  let params = 0;
  const source = template.split('/').map((segment) => {
    if (/^\{\w+\}$/.test(segment)) {
      params++;
      return '[^/]+';
    }
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('/');
  return { template, regex: new RegExp(`^${source}$`), params };
}

function describe(validate: ValidateFunction): string {
  return (validate.errors ?? []).slice(0, 5).map((e) => {
    const params = e.keyword === 'enum' || e.keyword === 'const' ? ` ${JSON.stringify(e.params)}` : '';
    return `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${params}`;
  }).join('; ');
}
