/**
 * Validation CPU is bounded (issue 12): a crafted body of up to 1 MiB (deep nesting, 100,000 keys,
 * very many small strings, long strings in every field), in JSON or MessagePack, is refused or
 * validated within a small multiple of what JSON.parse alone takes on the same JSON text. Measured
 * on the functions the routes run (decodeBody, then readScreenRequest per entity), best of several
 * runs each, so a busy machine slows both sides alike; the bound is generous (ratios are printed).
 */
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors.js';
import { decodeBody } from '../src/server/http/framing.js';
import type { PlainRequest } from '../src/server/http/http-types.js';
import { readScreenRequest } from '../src/contract/screen-input.js';
import { CreateApiKeySchema } from '../src/contract/schemas/api-key.js';
import { BatchEnvelopeSchema } from '../src/contract/schemas/screen-request.js';
import { compileValidator, MAX_FIELDS } from '../src/contract/validation.js';

const MiB = 1024 * 1024;
const packr = new Packr({ variableMapSize: true });
/** Validation (decode + schema) over JSON.parse of the same text, at most. */
const MAX_RATIO = 20;
/**
 * Under this, a body passes whatever its ratio: JSON.parse copies a long string at memory speed
 * (0.6 ms for 1 MiB of them), so any check that reads each character once looks dear beside it.
 * Before the fixes: 100,000 tiny MessagePack strings 0.9-1.3 s (26-81x), 300,000 nested MessagePack
 * maps 0.5 s (29x), 21 strings of 38,000 characters 24 ms (39x), a batch of long strings 37 ms (61x).
 */
const FLOOR_MS = 50;

/** Fills `make(n)` up to just under 1 MiB of JSON by doubling then bisecting n. */
function fill(make: (n: number) => unknown): unknown {
  let lo = 1;
  let hi = 2;
  while (JSON.stringify(make(hi)).length < MiB) hi *= 2;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (JSON.stringify(make(mid)).length < MiB) lo = mid;
    else hi = mid;
  }
  return make(lo);
}

const long = (n: number): string => 'Ivan Petrov '.repeat(Math.ceil(n / 12)).slice(0, n);

const BODIES: Record<string, { json: string; value: unknown; msgpack?: Buffer }> = {};
function add(label: string, value: unknown, json = JSON.stringify(value), msgpack?: Buffer): void {
  BODIES[label] = { json, value, msgpack };
}
/** {"name": "x", <field>: <inner>} in MessagePack, written by hand (msgpackr's packer recurses). */
const msgpackWith = (field: string, inner: Buffer): Buffer =>
  Buffer.concat([Buffer.from([0x82, 0xa4]), Buffer.from('name'), Buffer.from([0xa1, 0x78, 0xa0 + field.length]), Buffer.from(field), inner]);
add('deep arrays in a field', null, `{"name":"x","aliases":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
  msgpackWith('aliases', Buffer.concat([Buffer.alloc(500_000, 0x91), Buffer.from([0xc0])])));
add('deep objects in a field', null, `{"name":"x","address":${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}}`,
  msgpackWith('address', Buffer.concat([Buffer.from(Array.from({ length: 300_000 }, () => [0x81, 0xa1, 0x61]).flat()), Buffer.from([0x01])])));
add('100k unknown keys', fill((n) => Object.fromEntries([['name', 'x'], ...Array.from({ length: n }, (_, i) => [`k${i}`, 1])])));
add('100k aliases', fill((n) => ({ name: 'x', aliases: Array.from({ length: n }, () => 'ab') })));
add('many small strings nested', fill((n) => ({ name: 'x', address: { lines: Array.from({ length: n }, () => 'a') } })));
add('long strings in every field', fill((n) => ({
  name: long(n), aliases: Array.from({ length: 20 }, () => long(n)), placeOfBirth: long(n), dateOfBirth: long(n),
  nationality: long(n), address: { city: long(n), country: long(n) }, identifiers: [{ type: long(n), value: long(n) }],
})));
add('batch of long entities', fill((n) => Array.from({ length: 100 }, () => ({ name: long(n), aliases: Array.from({ length: 20 }, () => long(n)) }))));
add('batch of 100k slots', fill((n) => Array.from({ length: n }, () => ({ name: 'x' }))));
// Escapes make JSON walk the parsed value for unpaired surrogates (framing.ts): pairs, so none is refused.
add('escaped surrogates everywhere', null, `{"name":"x","aliases":[${Array.from({ length: 65_000 }, () => '"\\ud83d\\ude00"').join(',')}]}`);

function request(body: Buffer, type: string): PlainRequest {
  return { method: 'POST', path: '/', query: '', headers: { 'content-type': type }, body, undeliverable: () => false };
}

/** What the screen and batch routes do before screening: decode, then validate each entity. */
function validate(body: Buffer, type: string): string {
  try {
    const data = decodeBody(request(body, type));
    const entities = Array.isArray(data) ? data.slice(0, 100) : [data];
    let refused = 0;
    for (const entity of entities) if (!readScreenRequest(entity).ok) refused++;
    return refused === 0 ? 'valid' : `${refused} refused`;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

function best(run: () => unknown, times = 9): number {
  let min = Infinity;
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    run();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

describe('validation cost of crafted 1 MiB bodies', () => {
  it(`is within ${MAX_RATIO}x JSON.parse of the same body, in JSON and MessagePack`, () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const [label, { json, value }] of Object.entries(BODIES)) {
      expect(json.length, label).toBeLessThanOrEqual(MiB);
      const jsonBody = Buffer.from(json);
      const parseMs = best(() => {
        try {
          JSON.parse(json);
        } catch {
          // deep nesting: V8 refuses it too
        }
      });
      const forms: Array<[string, Buffer]> = [['json', jsonBody]];
      if (BODIES[label].msgpack) forms.push(['msgpack', BODIES[label].msgpack!]);
      else forms.push(['msgpack', Buffer.from(packr.pack(value ?? JSON.parse(json)))]);
      for (const [format, body] of forms) {
        const type = format === 'json' ? 'application/json' : 'application/msgpack';
        const outcome = validate(body, type);
        const ms = best(() => validate(body, type));
        const ratio = ms / Math.max(parseMs, 0.05);
        rows.push(`${label} (${format}, ${(body.length / 1024).toFixed(0)} KiB): ${outcome}, ${ms.toFixed(2)} ms, ` +
          `JSON.parse ${parseMs.toFixed(2)} ms, ratio ${ratio.toFixed(1)}`);
        if (ms > FLOOR_MS && ratio > MAX_RATIO) over.push(rows.at(-1)!);
      }
    }
    console.info(`[validation cost]\n${rows.join('\n')}`);
    expect(over).toEqual([]);
  }, 120_000);
});

/**
 * Every route's validator, not only the screening request's: an object of 90,000 unknown keys
 * anywhere in a 1 MiB body (a batch envelope, an API key request, a screening request's address
 * or identifier) is refused before the schema, by name. Before, the schema named every unknown
 * key: 0.1-0.7 s of a serving thread per body (4-10x JSON.parse of it).
 */
describe('crowded objects in every validator', () => {
  const validateEnvelope = compileValidator(BatchEnvelopeSchema);
  const validateCreateKey = compileValidator(CreateApiKeySchema);
  const crowd = Object.fromEntries(Array.from({ length: 90_000 }, (_, i) => [`k${i}`, 1]));
  const cases: Array<[string, unknown, (data: unknown) => { ok: boolean; issues?: unknown }, string]> = [
    ['a batch envelope', { entities: [{ name: 'x' }], ...crowd }, validateEnvelope, 'body'],
    ['an API key request', { name: 'x', allowedServiceIds: ['screening'], ...crowd }, validateCreateKey, 'body'],
    ['a screening address', { name: 'x', address: crowd }, readScreenRequest, 'address'],
    ['a screening identifier', { name: 'x', identifiers: [{ type: 'passport', value: '1' }, crowd] }, readScreenRequest, 'identifiers[1]'],
  ];
  for (const [label, value, validator, field] of cases) {
    it(`refuses ${label} of 90,000 keys by name, within ${MAX_RATIO}x JSON.parse`, () => {
      const json = JSON.stringify(value);
      expect(json.length).toBeLessThanOrEqual(MiB);
      const data: unknown = JSON.parse(json);
      const parseMs = best(() => JSON.parse(json), 3);
      const outcome = validator(data);
      expect(outcome).toEqual({ ok: false, issues: [{ field, issue: `must have at most ${MAX_FIELDS} fields` }] });
      const ms = best(() => validator(data), 3);
      console.info(`[crowded ${label}] ${ms.toFixed(1)} ms, JSON.parse ${parseMs.toFixed(1)} ms`);
      expect(ms <= FLOOR_MS || ms / parseMs <= MAX_RATIO).toBe(true);
    });
  }

  it('still accepts objects with up to that many keys where the schema allows them', () => {
    const fine = { name: 'x', ...Object.fromEntries(Array.from({ length: MAX_FIELDS - 1 }, (_, i) => [`k${i}`, 1])) };
    const outcome = validateEnvelope({ entities: [fine] });
    expect(outcome.ok).toBe(true);
  });
});
