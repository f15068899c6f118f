/**
 * @module Is every string of a MessagePack body valid UTF-8? msgpackr decodes invalid bytes
 * leniently (replacement characters, or lone surrogates from encoded ones), which JSON's strict
 * decoder refuses; this scan lets both framings refuse the same text. One pass over the tokens,
 * no recursion: maps and arrays only announce how many tokens follow, so the scan needs no stack.
 */
import { isUtf8 } from 'node:buffer';

/** Bytes of the length field of str/bin/ext 8, 16, 32 (0 for every fixed-size token). */
const LENGTH_BYTES: Record<number, number> = { 0xc4: 1, 0xc5: 2, 0xc6: 4, 0xc7: 1, 0xc8: 2, 0xc9: 4, 0xd9: 1, 0xda: 2, 0xdb: 4 };

/** Size of the tokens whose size the first byte alone gives (header included). */
const FIXED_SIZE: Record<number, number> = {
  0xc0: 1, 0xc1: 1, 0xc2: 1, 0xc3: 1, 0xca: 5, 0xcb: 9, 0xcc: 2, 0xcd: 3, 0xce: 5, 0xcf: 9,
  0xd0: 2, 0xd1: 3, 0xd2: 5, 0xd3: 9, 0xd4: 3, 0xd5: 4, 0xd6: 6, 0xd7: 10, 0xd8: 18,
  0xdc: 3, 0xdd: 5, 0xde: 3, 0xdf: 5,
};

/**
 * Deepest nesting of maps and arrays a body may have. A screening request nests three deep
 * (body, identifiers, one identifier); msgpackr's decoder recurses, and a body of 300,000 nested
 * maps took it 0.5 s to fail with a stack overflow on the serving thread.
 */
export const MAX_MSGPACK_DEPTH = 64;

/**
 * What the scan found wrong with a body, or null; 'foreign' when it holds a value no JSON text could
 * carry (binary, extension or timestamp, the reserved 0xC1), which the caller names by path.
 */
export type MsgpackProblem = 'not-utf8' | 'too-deep' | 'foreign' | null;

/** False when a str token's bytes are not valid UTF-8 (surrogates encoded as UTF-8 included). */
export function msgpackStringsAreUtf8(body: Buffer): boolean {
  return scanMsgpack(body) !== 'not-utf8';
}

/**
 * bin 8/16/32, ext 8/16/32, fixext 1..16 and the reserved byte: no JSON text carries these; and
 * uint 64 / int 64, which the decoder may return as a BigInt (the walk refuses only those).
 */
const FOREIGN = byteTable([0xc1, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xcf, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8].map((b) => [b, 1]));
/** The tables above as arrays indexed by the first byte (the scan's hot loop reads them). */
const LENGTH_TABLE = byteTable(Object.entries(LENGTH_BYTES).map(([b, n]) => [Number(b), n]));
const SIZE_TABLE = byteTable(Object.entries(FIXED_SIZE).map(([b, n]) => [Number(b), n]));

function byteTable(pairs: ReadonlyArray<readonly [number, number]>): Uint8Array {
  const table = new Uint8Array(256);
  for (const [byte, value] of pairs) table[byte] = value;
  return table;
}

/** Bytes [start, end) are valid UTF-8; ASCII checked here, which saves a native call per short string. */
function utf8At(body: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (body[i] >= 0x80) return isUtf8(body.subarray(start, end));
  return true;
}

/**
 * 'not-utf8' when a str token's bytes are not valid UTF-8 (surrogates encoded as UTF-8 included),
 * 'too-deep' when maps and arrays nest deeper than MAX_MSGPACK_DEPTH, 'foreign' when a token no
 * JSON text carries was seen, else null. A truncated or
 * otherwise broken body passes here; the decoder refuses it next. The nesting is followed with a
 * fixed array of the items each open container still expects.
 */
export function scanMsgpack(body: Buffer, counts?: MsgpackCounts): MsgpackProblem {
  // pending[d]: tokens the container at depth d still expects (depth 0: the one top-level value).
  const pending = new Float64Array(MAX_MSGPACK_DEPTH + 2);
  let depth = 0;
  pending[0] = 1;
  let foreign = false;
  let at = 0;
  while (at < body.length) {
    const byte = body[at];
    // This token fills one slot of the innermost open container; full containers close.
    while (depth > 0 && pending[depth] === 0) depth--;
    pending[depth]--;
    if (FOREIGN[byte] === 1) foreign = true;
    const items = containerItems(body, at, byte);
    if (items > 0) {
      if (depth === MAX_MSGPACK_DEPTH) return 'too-deep';
      if (counts !== undefined && isMapHeader(byte)) counts.mapKeys += items / 2;
      pending[++depth] = items;
    }
    if (byte <= 0x9f || byte >= 0xe0) {
      at += 1; // fixint, fixmap, fixarray headers, negative fixint
    } else if (byte <= 0xbf) {
      const end = at + 1 + (byte & 0x1f);
      if (end > body.length) return null;
      if (!utf8At(body, at + 1, end)) return 'not-utf8';
      at = end;
    } else if (LENGTH_TABLE[byte] > 0) {
      const size = LENGTH_TABLE[byte];
      if (at + 1 + size > body.length) return null;
      const length = size === 1 ? body[at + 1] : size === 2 ? body.readUInt16BE(at + 1) : body.readUInt32BE(at + 1);
      const start = at + 1 + size + (byte >= 0xc7 && byte <= 0xc9 ? 1 : 0); // ext carries a type byte
      const end = start + length;
      if (end > body.length) return null;
      if (byte >= 0xd9 && !utf8At(body, start, end)) return 'not-utf8';
      at = end;
    } else {
      const size = SIZE_TABLE[byte];
      if (size === 0) return null; // no such token: the decoder refuses the body
      at += size;
    }
  }
  return foreign ? 'foreign' : null;
}

/** What the scan adds up for the caller: the keys all maps of the body announce. */
export interface MsgpackCounts {
  mapKeys: number;
}

const isMapHeader = (byte: number): boolean => (byte >= 0x80 && byte <= 0x8f) || byte === 0xde || byte === 0xdf;

/** Tokens a map or array header at `at` announces (a map's keys and values), 0 for anything else. */
function containerItems(body: Buffer, at: number, byte: number): number {
  if (byte >= 0x80 && byte <= 0x8f) return (byte & 0x0f) * 2;
  if (byte >= 0x90 && byte <= 0x9f) return byte & 0x0f;
  if (byte === 0xdc || byte === 0xde) return at + 3 <= body.length ? body.readUInt16BE(at + 1) * (byte === 0xde ? 2 : 1) : 0;
  if (byte === 0xdd || byte === 0xdf) return at + 5 <= body.length ? body.readUInt32BE(at + 1) * (byte === 0xdf ? 2 : 1) : 0;
  return 0;
}
