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
 * False when a str token's bytes are not valid UTF-8 (surrogates encoded as UTF-8 included).
 * A truncated or otherwise broken body passes here; the decoder refuses it next.
 */
export function msgpackStringsAreUtf8(body: Buffer): boolean {
  let at = 0;
  while (at < body.length) {
    const byte = body[at];
    if (byte <= 0x9f || byte >= 0xe0) {
      at += 1; // fixint, fixmap, fixarray headers, negative fixint
    } else if (byte <= 0xbf) {
      const end = at + 1 + (byte & 0x1f);
      if (end > body.length) return true;
      if (!isUtf8(body.subarray(at + 1, end))) return false;
      at = end;
    } else if (byte in LENGTH_BYTES) {
      const size = LENGTH_BYTES[byte];
      if (at + 1 + size > body.length) return true;
      const length = size === 1 ? body[at + 1] : size === 2 ? body.readUInt16BE(at + 1) : body.readUInt32BE(at + 1);
      const start = at + 1 + size + (byte >= 0xc7 && byte <= 0xc9 ? 1 : 0); // ext carries a type byte
      const end = start + length;
      if (end > body.length) return true;
      if (byte >= 0xd9 && !isUtf8(body.subarray(start, end))) return false;
      at = end;
    } else {
      at += FIXED_SIZE[byte];
    }
  }
  return true;
}
