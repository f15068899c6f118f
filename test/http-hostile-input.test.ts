/**
 * Hostile input, round two (#28.4) over loopback HTTP: bodies that would be read as something other
 * than they say. Duplicate keys (the decoders keep the last, the audit hash covers both), names of
 * only invisible characters (screened as `clear`), compressed or UTF-16 bodies read as UTF-8 JSON,
 * and key labels that show nothing or show something else.
 */
import { pack } from 'msgpackr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';

const SCREEN = '/sanctions-screening/v1/screen';
const BATCH = '/sanctions-screening/v1/screen/batch';
const JSON_TYPE = { 'content-type': 'application/json' };
const MSGPACK_TYPE = { 'content-type': 'application/msgpack' };

let server: TestServer;
let token: string;
let session: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await createKey(server, 'acct-hostile', { monthlyLimit: 10_000 })).token;
  session = await server.session('acct-hostile');
});
afterAll(async () => {
  await server?.close();
});

const send = (path: string, raw: Buffer | string, headers: Record<string, string> = JSON_TYPE) =>
  call(server.url, 'POST', path, { token, raw, headers });

/** Units left, read from a valid screening (which itself uses one). */
async function remaining(): Promise<number> {
  const r = await send(SCREEN, '{"name":"John Smith"}');
  expect(r.status).toBe(200);
  return Number(r.headers.get('x-ratelimit-remaining'));
}

/** A MessagePack map written by hand, so a key can repeat: [key, packed value] pairs. */
function msgpackMap(pairs: Array<[string, Buffer]>): Buffer {
  const parts: Buffer[] = [Buffer.from([0x80 | pairs.length])];
  for (const [key, value] of pairs) parts.push(pack(key), value);
  return Buffer.concat(parts);
}

describe('duplicate keys', () => {
  it('400 naming the key in a JSON body, not screened as the last one', async () => {
    const r = await send(SCREEN, '{"name":"Vladimir Putin","name":"John Smith"}');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_request', details: [{ field: 'name', issue: expect.stringContaining('more than once') }] });
    const nested = await send(SCREEN, '{"name":"A B","address":{"country":"IR", "city":"x","country" : "US"}}');
    expect(nested.status).toBe(400);
    expect(nested.body.error.details).toEqual([{ field: 'address.country', issue: expect.stringContaining('more than once') }]);
    // An escaped spelling of the same key is the same key.
    const escaped = await send(SCREEN, '{"name":"A B","n\\u0061me":"C D"}');
    expect(escaped.status).toBe(400);
    expect(escaped.body.error.details[0].field).toBe('name');
  });

  it('400 naming the key in a MessagePack body, also when an integer key meets its decimal text', async () => {
    const r = await send(SCREEN, msgpackMap([['name', pack('Vladimir Putin')], ['name', pack('John Smith')]]), MSGPACK_TYPE);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'name', issue: expect.stringContaining('more than once') }]);
    // {name: "A B", address: {7: "x", "7": "y"}}: the decoder makes both the key "7".
    const clash = Buffer.concat([Buffer.from([0x82]), pack('name'), pack('A B'), pack('address'), Buffer.from([0x82, 0x07]), pack('x'), pack('7'), pack('y')]);
    const r2 = await send(SCREEN, clash, MSGPACK_TYPE);
    expect(r2.status).toBe(400);
    expect(r2.body.error.details).toEqual([{ field: 'address.7', issue: expect.stringContaining('more than once') }]);
  });

  it('400 naming the slot\'s key in a batch, in either framing; nothing charged', async () => {
    const before = await remaining();
    const json = await send(BATCH, '{"entities":[{"name":"A B"},{"name":"Vladimir Putin","kind":"individual","name":"John Smith"}]}');
    expect(json.status).toBe(400);
    expect(json.body.error.details).toEqual([{ field: 'entities[1].name', issue: expect.stringContaining('more than once') }]);
    const slot = msgpackMap([['name', pack('Vladimir Putin')], ['name', pack('John Smith')]]);
    const mp = await send(BATCH, Buffer.concat([Buffer.from([0x81]), pack('entities'), Buffer.from([0x92]), pack({ name: 'A B' }), slot]), MSGPACK_TYPE);
    expect(mp.status).toBe(400);
    expect(mp.body.error.details).toEqual([{ field: 'entities[1].name', issue: expect.stringContaining('more than once') }]);
    expect(await remaining()).toBe(before - 1);
  });

  it('still accepts equal values under different keys and equal keys in different objects', async () => {
    const r = await send(BATCH, '[{"name":"A B","aliases":["name"]},{"name":"A B","address":{"city":"name"}}]');
    expect(r.status).toBe(200);
    expect(r.body.every((s: any) => s.error === undefined)).toBe(true);
  });
});

describe('names of only invisible characters', () => {
  const invisible = ['\u200d\u200c\u200d', '\ufeff\u200d\ufeff', '\u0301\u0308\u0327', '\u200b\u2060\u00ad', '\u202e\u202c', '\u3164', '\ufe0f\u200d'];

  it('400 "nothing to screen" for the name, neither charged nor audited', async () => {
    const before = await remaining();
    for (const name of invisible) {
      const r = await send(SCREEN, JSON.stringify({ name }));
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.error.details).toEqual([{ field: 'name', issue: expect.stringContaining('nothing to screen') }]);
      const audit = await call(server.url, 'GET', `/sanctions-screening/v1/audit/${r.body.error.requestId}`, { token });
      expect(audit.status).toBe(404);
    }
    expect(await remaining()).toBe(before - 1);
  });

  it('400 naming aliases[i] for an alias of only invisible characters; a batch slot gets the same error', async () => {
    const r = await send(SCREEN, JSON.stringify({ name: 'A B', aliases: ['C D', '\u200d\u200d'] }));
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'aliases[1]', issue: expect.stringContaining('nothing to screen') }]);
    const batch = await send(BATCH, JSON.stringify([{ name: 'A B' }, { name: '\u200b\ufeff' }]));
    expect(batch.status).toBe(200);
    expect(batch.body[1].error).toMatchObject({ code: 'invalid_request', details: [{ field: 'name', issue: expect.stringContaining('nothing to screen') }] });
  });

  it('screens names with a joiner or a mark beside letters as before', async () => {
    for (const name of ['Jos\u0065\u0301', 'ab\u200dcd', '\u0645\u062d\u0645\u062f']) {
      expect((await send(SCREEN, JSON.stringify({ name }))).status, name).toBe(200);
    }
  });
});

describe('bodies read as something they are not', () => {
  it('415 for a Content-Encoding other than identity', async () => {
    for (const coding of ['gzip', 'deflate', 'br', 'identity, gzip']) {
      const r = await send(SCREEN, '{"name":"John Smith"}', { ...JSON_TYPE, 'content-encoding': coding });
      expect(r.status, coding).toBe(415);
      expect(r.body.error).toMatchObject({ code: 'unsupported_media_type', details: [{ field: 'content-encoding' }] });
    }
    expect((await send(SCREEN, '{"name":"John Smith"}', { ...JSON_TYPE, 'content-encoding': 'identity' })).status).toBe(200);
  });

  it('415 for a JSON charset other than UTF-8', async () => {
    for (const type of ['application/json; charset=utf-16', 'application/json;charset="UTF-16LE"', 'application/json; charset=iso-8859-1']) {
      const r = await send(SCREEN, '{"name":"John Smith"}', { 'content-type': type });
      expect(r.status, type).toBe(415);
      expect(r.body.error.details).toEqual([{ field: 'content-type', issue: 'charset must be utf-8' }]);
    }
    expect((await send(SCREEN, '{"name":"John Smith"}', { 'content-type': 'application/json; charset="utf-8"' })).status).toBe(200);
  });
});

describe('API key names', () => {
  const create = (name: string) => call(server.identityUrl, 'POST', '/me/api-keys', { token: session, json: { name, allowedServiceIds: ['*'] } });

  it('400 for a name of only invisible characters or one holding a bidi control', async () => {
    for (const name of ['\u200b', '\u200b\u200b\ufeff', '\u0301', 'billing\u202e', '\u2066key\u2069', 'a\u200fb']) {
      const r = await create(name);
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.error.details).toEqual([{ field: 'name', issue: expect.any(String) }]);
    }
    expect((await create('billing backend \u{1F511}')).status).toBe(200);
  });
});
