/**
 * The HTTP niceties over loopback: compressed answers when asked (brotli, gzip; above 1 KiB only),
 * and CORS for the origins of CORS_ORIGINS only (preflight, echoed origin, Vary).
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';

const OPENAPI = '/sanctions-screening/v1/openapi.json';
const APP = 'https://app.example.com';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ env: { CORS_ORIGINS: `${APP}, http://localhost:5173` } });
  token = (await createKey(server, 'acct-edge')).token;
});
afterAll(async () => {
  await server?.close();
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, which (unlike fetch) hands over the body as sent, still compressed. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compression', () => {
  it('brotli when preferred, gzip otherwise, identity when not asked; Vary: Accept-Encoding on each', async () => {
    const plain = await raw('GET', OPENAPI, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const document = JSON.parse(plain.body.toString());
    for (const [accept, coding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip;q=0.9', 'gzip', gunzipSync],
      ['*', 'br', brotliDecompressSync],
    ] as const) {
      const r = await raw('GET', OPENAPI, { 'accept-encoding': accept });
      expect(r.headers['content-encoding'], accept).toBe(coding);
      expect(r.headers.vary).toContain('Accept-Encoding');
      expect(r.body.length, accept).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(decode(r.body).toString())).toEqual(document);
    }
    for (const accept of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const r = await raw('GET', OPENAPI, { 'accept-encoding': accept });
      expect(r.headers['content-encoding'], accept).toBeUndefined();
    }
  });

  it('leaves answers under 1 KiB alone, and compresses screening answers in either format', async () => {
    const small = await raw('GET', '/healthz', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    // A batch: its answer (coverage of every list per slot) is well above 1 KiB.
    const body = JSON.stringify({ entities: Array.from({ length: 5 }, () => ({ name: 'Banco Nacional de Cuba', fuzziness: 'loose' })) });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip' };
    const r = await raw('POST', '/sanctions-screening/v1/screen/batch', headers, body);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(r.body).toString())).toHaveLength(5);
    // Through fetch (which decompresses) the answer still conforms to the document.
    const viaFetch = await call(server.url, 'POST', '/sanctions-screening/v1/screen/batch', { token, raw: body,
      headers: { 'content-type': 'application/json', accept: 'application/msgpack', 'accept-encoding': 'br' } });
    expect(viaFetch.headers.get('content-encoding')).toBe('br');
    expect(viaFetch.body).toHaveLength(5);
  });
});

describe('CORS', () => {
  it('answers a preflight from a listed origin with 204 and the allowed methods and headers', async () => {
    const r = await raw('OPTIONS', '/sanctions-screening/v1/screen', {
      origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type',
    });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe(APP);
    expect(r.headers['access-control-allow-methods']).toContain('POST');
    expect(String(r.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('echoes only a listed origin, exposes the rate-limit headers, and varies on Origin', async () => {
    const listed = await call(server.url, 'GET', '/sanctions-screening/v1/lists', { token, headers: { origin: 'http://localhost:5173' } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(listed.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining');
    expect(listed.headers.get('vary')).toContain('Origin');
    for (const origin of ['https://evil.example', 'https://app.example.com.evil.example', 'null']) {
      const r = await call(server.url, 'GET', '/sanctions-screening/v1/lists', { token, headers: { origin } });
      expect(r.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(r.headers.get('vary')).toContain('Origin');
      const pre = await raw('OPTIONS', '/sanctions-screening/v1/screen', { origin, 'access-control-request-method': 'POST' });
      expect(pre.status, origin).toBe(405);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('is off by default: no CORS header for any origin', async () => {
    const plain = await startTestServer({ lists: null });
    try {
      const r = await call(plain.url, 'GET', '/healthz', { headers: { origin: APP } });
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(`${plain.url}/healthz`, { method: 'OPTIONS', headers: { origin: APP, 'access-control-request-method': 'GET' } });
      expect(preflight.status).toBe(405);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
