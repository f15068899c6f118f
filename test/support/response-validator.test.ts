/**
 * The answer check the HTTP tests run (issue 5): it must accept conforming answers and name each
 * way an answer can break the document, or the "every answer validates" guarantee means nothing.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/server/routes/index.js';
import { buildOpenApiDocument } from '../../src/server/openapi/openapi.js';
import { UNDOCUMENTED_ROUTES } from '../../src/server/openapi/operations.js';
import { createResponseCheck, type ObservedResponse } from './response-validator.js';

const check = createResponseCheck(buildOpenApiDocument(ROUTES), Object.keys(UNDOCUMENTED_ROUTES));
const ID = '7f3182b8-d98a-4d6f-93bd-684af34cd87c';
const JSON_TYPE = 'application/json; charset=utf-8';
const LISTS = '/sanctions-screening/v1/lists';

function answer(method: string, path: string, status: number, headers: Record<string, string>, body: unknown): ObservedResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, path, status, headers: { get: (name) => lower[name.toLowerCase()] ?? null }, body };
}

const error = (code: string): unknown => ({ error: { code, message: 'm', requestId: ID } });
const rateLimit = { 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '99', 'X-RateLimit-Reset': '2027-02-01T00:00:00.000Z' };

describe('createResponseCheck', () => {
  it('accepts conforming answers, in JSON and MessagePack, with a query string, and HEAD without a body', () => {
    const ok = { 'X-Request-Id': ID, 'Content-Type': JSON_TYPE };
    expect(check(answer('GET', '/healthz?x=1', 200, ok, { status: 'ok' }))).toEqual([]);
    expect(check(answer('HEAD', '/healthz', 200, ok, ''))).toEqual([]);
    expect(check(answer('GET', LISTS, 200, { ...ok, ...rateLimit, 'Content-Type': 'application/msgpack' }, { data: [] }))).toEqual([]);
    expect(check(answer('GET', `${LISTS}/nope`, 404, ok, error('not_found')))).toEqual([]);
    expect(check(answer('GET', '/other-service/v1/x', 404, ok, error('unknown_service')))).toEqual([]);
    expect(check(answer('PUT', '/healthz', 405, { ...ok, Allow: 'GET, HEAD' }, error('method_not_allowed')))).toEqual([]);
  });

  it('names an undocumented status, a missing or malformed header and an undocumented Content-Type', () => {
    const ok = { 'X-Request-Id': ID, 'Content-Type': JSON_TYPE };
    expect(check(answer('GET', '/healthz', 418, ok, {}))).toEqual(['status 418 is not documented for GET /healthz']);
    expect(check(answer('GET', LISTS, 200, ok, { data: [] }))).toEqual([
      'header X-RateLimit-Limit is missing', 'header X-RateLimit-Remaining is missing', 'header X-RateLimit-Reset is missing',
    ]);
    expect(check(answer('GET', LISTS, 200, { ...ok, ...rateLimit, 'X-RateLimit-Remaining': 'many' }, { data: [] })))
      .toEqual(['header X-RateLimit-Remaining "many" / must be integer']);
    expect(check(answer('GET', '/healthz', 200, { 'Content-Type': JSON_TYPE }, { status: 'ok' }))).toEqual(['header X-Request-Id is missing']);
    expect(check(answer('GET', '/healthz', 200, { ...ok, 'Content-Type': 'text/plain' }, 'ok'))[0])
      .toMatch(/^Content-Type "text\/plain" is not documented/);
    expect(check(answer('PUT', '/healthz', 405, ok, error('method_not_allowed')))).toEqual(['header Allow is missing']);
  });

  it('names a body that breaks the schema, including an error code the route cannot give', () => {
    const ok = { 'X-Request-Id': ID, 'Content-Type': JSON_TYPE };
    expect(check(answer('GET', '/healthz', 200, ok, { status: 'fine' }))[0]).toMatch(/^body \/status must be equal to constant/);
    const list = check(answer('GET', LISTS, 200, { ...ok, ...rateLimit }, { data: [{ source: 'ofac-sdn' }] }));
    expect(list[0]).toMatch(/^body \/data\/0 must have required property/);
    // /lists may answer 401 with the API-key codes, never with another route's code.
    const challenged = { ...ok, 'WWW-Authenticate': 'Bearer error="invalid_token"' };
    expect(check(answer('GET', LISTS, 401, challenged, error('invalid_api_key')))).toEqual([]);
    expect(check(answer('GET', LISTS, 401, ok, error('invalid_api_key')))).toEqual(['header WWW-Authenticate is missing']);
    expect(check(answer('GET', LISTS, 401, challenged, error('key_limit_reached')))[0]).toMatch(/^body \/error\/code must be equal to one of the allowed values/);
    expect(check(answer('GET', '/nowhere', 404, ok, error('not_subscribed')))).toHaveLength(1);
  });

  it('holds undocumented routes (browser pages) to the error envelope only', () => {
    expect(check(answer('GET', '/dashboard', 200, { 'Content-Type': 'text/html' }, '<!doctype html>'))).toEqual([]);
    expect(check(answer('GET', '/dashboard/x.js', 404, { 'X-Request-Id': ID, 'Content-Type': JSON_TYPE }, error('not_found')))).toEqual([]);
    expect(check(answer('GET', '/dashboard/x.js', 404, { 'X-Request-Id': ID, 'Content-Type': JSON_TYPE }, { oops: 1 }))[0]).toMatch(/^body /);
  });
});
