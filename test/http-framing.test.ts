/**
 * Framing over loopback HTTP: body size (413 up front and while streaming), content types (415),
 * broken bodies (400), and a sweep of crafted inputs that must only ever produce 4xx.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { pack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';

const SCREEN = '/sanctions-screening/v1/screen';
const MiB = 1024 * 1024;

let server: TestServer;
let token: string;
let session: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await createKey(server, 'acct-framing', { monthlyLimit: 100_000 })).token;
  session = await server.session('acct-framing');
});
afterAll(async () => {
  await server?.close();
});

interface RawAnswer {
  status: number;
  body: any;
  /** Bytes of body written before the answer arrived. */
  sent: number;
}

/**
 * Streams `total` bytes in chunks (chunked encoding unless a Content-Length is given) and stops
 * writing as soon as an answer arrives: a 413 must come while the body is still streaming.
 */
function stream(path: string, total: number, headers: Record<string, string>, end = true): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(`${server.url}${path}`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${token}` } });
    req.on('response', (res: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), sent });
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = (): void => {
      while (!answered && sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered && end) req.end();
    };
    req.flushHeaders();
    pump();
  });
}

describe('body size', () => {
  it('413 at once when Content-Length announces more than 1 MiB, before any body byte is needed', async () => {
    const r = await new Promise<RawAnswer>((resolve, reject) => {
      const req = httpRequest(`${server.url}${SCREEN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(MiB + 1), authorization: `Bearer ${token}` },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()), sent: 0 }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(r.status).toBe(413);
    expect(r.body.error).toMatchObject({ code: 'payload_too_large', requestId: expect.any(String) });
  });

  it('413 as soon as a chunked body passes 1 MiB, without waiting for its end', async () => {
    // The body never ends: an answer at all proves it came while streaming.
    const r = await stream(SCREEN, 64 * MiB, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, false);
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('payload_too_large');
    expect(r.sent).toBeLessThan(64 * MiB);
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const json = JSON.stringify({ name: 'Quentin Marblewhisk' });
    const raw = json + ' '.repeat(MiB - json.length);
    const r = await call(server.url, 'POST', SCREEN, { token, raw, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(200);
  });
});

describe('content types', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['form encoding', 'application/x-www-form-urlencoded'],
    ['XML', 'application/xml'],
    ['no Content-Type', undefined],
  ])('415 unsupported_media_type for %s', async (_label, type) => {
    const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
    // A Buffer body: fetch would label a string body text/plain by itself.
    const raw = Buffer.from('{"name":"x"}');
    const r = await call(server.url, 'POST', SCREEN, { token, raw, headers });
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe('unsupported_media_type');
  });

  it('accepts charset parameters and any letter case', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', 'application/msgpack; foo=bar']) {
      const raw = type.toLowerCase().includes('msgpack') ? pack({ name: 'x' }) : '{"name":"x"}';
      const r = await call(server.url, 'POST', SCREEN, { token, raw, headers: { 'content-type': type } });
      expect(r.status, type).toBe(200);
    }
    const key = await call(server.url, 'POST', '/me/api-keys', {
      token: session, raw: '{"name":"k","allowedServiceIds":["*"]}', headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(key.status).toBe(200);
  });
});

describe('broken bodies', () => {
  it('400 invalid_json naming the position, without quoting the body', async () => {
    const r = await call(server.url, 'POST', SCREEN, { token, raw: '{"name": "Secret Marker", }', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_json');
    expect(JSON.stringify(r.body)).not.toContain('Secret Marker');
  });

  it('400 invalid_json for invalid UTF-8, 400 invalid_request for broken MessagePack and an empty body', async () => {
    const bad = await call(server.url, 'POST', SCREEN, { token, raw: Buffer.from([0x7b, 0x22, 0x6e, 0xff, 0xfe, 0x22, 0x7d]), headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_json', details: [{ field: 'body', issue: 'is not valid UTF-8' }] });
    const mp = await call(server.url, 'POST', SCREEN, { token, raw: Buffer.from([0x82, 0xa4]), headers: { 'content-type': 'application/msgpack' } });
    expect(mp.status).toBe(400);
    expect(mp.body.error.details).toEqual([{ field: 'body', issue: 'is not valid MessagePack' }]);
    const empty = await call(server.url, 'POST', SCREEN, { token, raw: '', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([{ field: 'body', issue: 'must not be empty' }]);
  });
});

describe('invalid text, the same refusal in both framings', () => {
  // A MessagePack map {name: <str of these bytes>}.
  const msgpackName = (bytes: number[]): Buffer => Buffer.concat([Buffer.from([0x81, 0xa4]), Buffer.from('name'), Buffer.from([0xa0 | bytes.length, ...bytes])]);
  const send = (type: string, raw: Buffer | string) => call(server.url, 'POST', SCREEN, { token, raw, headers: { 'content-type': type } });

  it('400 "is not valid UTF-8" for invalid bytes in a JSON or a MessagePack string', async () => {
    for (const bytes of [[0xff, 0xfe], [0xc3], [0xe2, 0x28, 0xa1], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc0, 0xaf]]) {
      const json = await send('application/json', Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('"}')]));
      const mp = await send('application/msgpack', msgpackName(bytes));
      for (const r of [json, mp]) {
        expect(r.status, `${bytes}`).toBe(400);
        expect(r.body.error.details).toEqual([{ field: 'body', issue: 'is not valid UTF-8' }]);
      }
    }
  });

  it('400 for a lone surrogate: encoded as bytes in either framing, or as a JSON escape', async () => {
    const encoded = [0xed, 0xa0, 0x80]; // U+D800 written as UTF-8 (CESU-8), which UTF-8 forbids
    for (const r of [await send('application/json', Buffer.from([...Buffer.from('{"name":"'), ...encoded, ...Buffer.from('"}')])),
      await send('application/msgpack', msgpackName(encoded))]) {
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual([{ field: 'body', issue: 'is not valid UTF-8' }]);
    }
    for (const raw of ['{"name":"a\\ud800"}', '{"name":"x","aliases":["ok","\\udc00b"]}', '{"name":"\\ude00\\ud83d"}']) {
      const r = await send('application/json', raw);
      expect(r.status, raw).toBe(400);
      expect(r.body.error.details[0].issue, raw).toBe('must be valid Unicode text (it has an unpaired surrogate)');
    }
    // A surrogate pair written as escapes is one valid character.
    expect((await send('application/json', '{"name":"Ivan \\ud83d\\ude00 Petrov"}')).status).toBe(200);
    expect((await send('application/msgpack', pack({ name: 'Ivan \u{1F600} Petrov' }))).status).toBe(200);
  });
});

/** Writes raw bytes on a fresh connection; resolves with everything received until the server closes (or 2 s). */
function rawExchange(bytes: string): Promise<{ text: string; closed: boolean }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, 2_000);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

describe('request framing', () => {
  const head = (lines: string[]): string => `${lines.join('\r\n')}\r\n\r\n`;

  const screenHead = (lengths: string[]): string => head(['POST /sanctions-screening/v1/screen HTTP/1.1', 'Host: x',
    'Content-Type: application/json', `Authorization: Bearer ${token}`, ...lengths.map((n) => `Content-Length: ${n}`)]);

  it('400 invalid_request in the envelope for a repeated Content-Length; the connection closes', async () => {
    for (const lengths of [['2', '5'], ['2', '2']]) {
      const r = await rawExchange(screenHead(lengths) + '{}');
      expect(r.closed).toBe(true);
      expect(r.text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(r.text).toMatch(/\r\nConnection: close\r\n/i);
      const body = JSON.parse(r.text.slice(r.text.indexOf('\r\n\r\n') + 4));
      expect(body.error).toMatchObject({ code: 'invalid_request', details: [{ field: 'content-length', issue: 'must be given once' }] });
      expect(r.text).toContain(`X-Request-Id: ${body.error.requestId}`);
    }
  });

  it('never serves a request smuggled after a repeated Content-Length', async () => {
    // uWS frames by the first length (2); a proxy framing by the other (24) would have forwarded the
    // "GET" below as part of this body, but uWS would read it as a request of its own.
    const smuggled = head(['GET /healthz HTTP/1.1', 'Host: x']);
    for (const lengths of [['2', String(2 + smuggled.length)], ['2', '2']]) {
      const r = await rawExchange(screenHead(lengths) + '{}' + smuggled);
      expect(r.closed).toBe(true);
      expect(r.text).not.toContain('200 OK');
      expect(r.text).not.toContain('"status"');
    }
  });
});

describe('crafted inputs', () => {
  const deepJson = '['.repeat(100_000) + ']'.repeat(100_000);
  const deepObject = '{"name":"x","address":'.repeat(5_000) + '{}' + '}'.repeat(5_000);
  const deepMsgpack = Buffer.concat([Buffer.alloc(200_000, 0x91), Buffer.from([0xc0])]);
  const json = (body: string | Buffer): [string, string | Buffer] => ['application/json', body];
  const msgpack = (body: Buffer): [string, string | Buffer] => ['application/msgpack', body];
  const cases: Record<string, [string, string | Buffer]> = {
    'truncated JSON': json('{"name": "x"'),
    'trailing garbage': json('{"name": "x"} {"name": "y"}'),
    'single quotes': json("{'name': 'x'}"),
    'NaN literal': json('{"name": "x", "threshold": NaN}'),
    'Infinity literal': json('{"name": "x", "limit": Infinity}'),
    'huge exponent': json('{"name": "x", "threshold": 1e999}'),
    'negative zero limit': json('{"name": "x", "limit": -0}'),
    'name as number': json('{"name": 12}'),
    'name as array': json('{"name": ["x"]}'),
    'name as object': json('{"name": {"first": "x"}}'),
    'name null': json('{"name": null}'),
    'huge name': json(JSON.stringify({ name: 'x'.repeat(900_000) })),
    'many aliases': json(JSON.stringify({ name: 'x', aliases: Array(50_000).fill('y') })),
    'alias too long': json(JSON.stringify({ name: 'x', aliases: ['y'.repeat(301)] })),
    'address as string': json('{"name": "x", "address": "Berlin"}'),
    'lists as string': json('{"name": "x", "lists": "ofac-sdn"}'),
    'duplicate lists': json('{"name": "x", "lists": ["ofac-sdn", "ofac-sdn"]}'),
    'empty lists': json('{"name": "x", "lists": []}'),
    'deep arrays': json(deepJson),
    'deep objects': json(deepObject),
    'array body': json('[{"name": "x"}]'),
    'string body': json('"x"'),
    'number body': json('42'),
    'null body': json('null'),
    '__proto__ pollution': json('{"name": "x", "__proto__": {"admin": true}}'),
    'constructor key': json('{"name": "x", "constructor": {"prototype": {}}}'),
    'NUL in name': json('{"name": "a\\u0000b"}'),
    'lone surrogate': json('{"name": "\\ud800"}'),
    'date with time': json('{"name": "x", "dateOfBirth": "1970-01-01T00:00:00Z"}'),
    'date 0000': json('{"name": "x", "dateOfBirth": "0000-01-01"}'),
    'lower-case unknown country': json('{"name": "x", "nationality": "zz"}'),
    'alpha-3 country': json('{"name": "x", "address": {"country": "RUS"}}'),
    'binary garbage as JSON': json(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256))),
    'UTF-16 body': json(Buffer.from('{"name":"x"}', 'utf16le')),
    'msgpack NaN threshold': msgpack(pack({ name: 'x', threshold: Number.NaN })),
    'msgpack bigint limit': msgpack(pack({ name: 'x', limit: 10n })),
    'msgpack binary name': msgpack(pack({ name: Buffer.from('x') })),
    'msgpack date name': msgpack(pack({ name: new Date(0) })),
    'msgpack map with int keys': msgpack(pack(new Map<unknown, unknown>([[1, 'x'], ['name', 'y']]))),
    'msgpack deep nesting': msgpack(deepMsgpack),
    'msgpack reserved byte': msgpack(Buffer.from([0xc1])),
    'msgpack trailing bytes': msgpack(Buffer.concat([pack({ name: 'x' }), Buffer.from([0x01])])),
    'msgpack ext type': msgpack(Buffer.from([0xd4, 0x05, 0x00])),
    'msgpack array body': msgpack(pack([{ name: 'x' }])),
  };

  for (const path of [SCREEN, `${SCREEN}/batch`, '/me/api-keys']) {
    it(`never answers 5xx on ${path}; always the error envelope`, async () => {
      const auth = path.startsWith('/me') ? session : token;
      const statuses: Record<string, number> = {};
      for (const [label, [type, raw]] of Object.entries(cases)) {
        const r = await call(server.url, 'POST', path, { token: auth, raw, headers: { 'content-type': type } });
        statuses[label] = r.status;
        if (r.status !== 200) {
          expect(r.body.error?.requestId, `${path} ${label}`).toBe(r.headers.get('x-request-id'));
        }
      }
      const serverErrors = Object.entries(statuses).filter(([, status]) => status >= 500);
      expect(serverErrors).toEqual([]);
      if (path === SCREEN) {
        // Every crafted screening body is invalid: none may be screened.
        expect(Object.entries(statuses).filter(([, status]) => status < 400)).toEqual([]);
      }
      expect(server.logs.filter((line) => line.includes('"level":50'))).toEqual([]);
    });
  }
});
