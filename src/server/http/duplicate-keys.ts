/**
 * @module Duplicate keys in a request body. JSON.parse and msgpackr keep the last of two equal keys,
 * so `{"name":"Vladimir Putin","name":"John Smith"}` would be screened as John Smith while the
 * audit hash covers both: such a body is refused (400 naming the key) in either framing.
 *
 * The common path only counts: the keys the text writes (one indexOf pass over its strings, or the
 * map sizes the MessagePack scan adds up) against the keys of the decoded value. Only when they
 * differ is the body walked again, token by token, to name the duplicate.
 */
import type { FieldIssue } from '../../errors.js';
import { MAX_FIELDS } from '../../contract/validation.js';

export const DUPLICATE_ISSUE = 'is given more than once (duplicate key)';

/**
 * The own keys of every object in `root` (the decoded body), counted without recursion; -1 when an
 * object has more than MAX_FIELDS keys: validation refuses that body whatever its keys, and
 * counting further would only cost the serving thread more.
 */
export function decodedKeyCount(root: unknown): number {
  let count = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (value[i] !== null && typeof value[i] === 'object') stack.push(value[i]);
      continue;
    }
    let own = 0;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (++own > MAX_FIELDS) return -1;
      count++;
      const item = (value as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') stack.push(item);
    }
  }
  return count;
}

/** Index of the quote that closes the string opened at `open` (escapes skipped), or -1. */
function stringEnd(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

/** Index of the first character after `at` that is not JSON whitespace. */
function skipSpace(text: string, at: number): number {
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return at;
    at++;
  }
  return at;
}

/** Object keys written in a valid JSON text: the strings followed by a colon. */
export function jsonKeyCount(text: string): number {
  let count = 0;
  let at = text.indexOf('"');
  while (at >= 0) {
    const end = stringEnd(text, at);
    if (end < 0) break;
    if (text.charCodeAt(skipSpace(text, end + 1)) === 0x3a) count++;
    at = text.indexOf('"', end + 1);
  }
  return count;
}

/** An open object or array while a body is walked: the keys seen so far, or the next index. */
interface Open {
  keys: Set<string> | null;
  index: number;
  /** Path of this container ('' for the body itself). */
  path: string;
}

const join = (parent: string, key: string | number): string =>
  typeof key === 'number' ? `${parent || 'body'}[${key}]` : parent === '' ? key : `${parent}.${key}`;

/** The issue naming the first duplicate key of a valid JSON text (the rare path: counts differed). */
export function jsonDuplicate(text: string): FieldIssue {
  const stack: Open[] = [];
  let pendingKey: string | number | null = null;
  let at = 0;
  while (at < text.length) {
    const c = text[at];
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      const path = top === undefined ? '' : join(top.path, top.keys === null ? top.index : pendingKey ?? '');
      stack.push({ keys: c === '{' ? new Set() : null, index: 0, path });
      at++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      at++;
    } else if (c === ',') {
      if (top?.keys === null) top.index++;
      at++;
    } else if (c === '"') {
      const end = stringEnd(text, at);
      if (end < 0) break;
      const next = skipSpace(text, end + 1);
      if (top?.keys != null && text.charCodeAt(next) === 0x3a) {
        const key = JSON.parse(text.slice(at, end + 1)) as string;
        if (top.keys.has(key)) return { field: join(top.path, key), issue: DUPLICATE_ISSUE };
        top.keys.add(key);
        pendingKey = key;
        at = next + 1;
      } else {
        at = end + 1;
      }
    } else {
      at++;
    }
  }
  return { field: 'body', issue: `has a key that ${DUPLICATE_ISSUE}` };
}

/** A map or array being walked in a MessagePack body: tokens still expected, keys seen, path. */
interface OpenPack extends Open {
  remaining: number;
  /** A map's next token is a key. */
  atKey: boolean;
}

/**
 * The issue naming the first duplicate key of a MessagePack body that decoded (the rare path).
 * Keys are read as the decoder names them: text as is, integers in decimal.
 */
export function msgpackDuplicate(body: Buffer): FieldIssue {
  const stack: OpenPack[] = [];
  let pendingKey: string | number = '';
  let at = 0;
  while (at < body.length) {
    while (stack.length > 0 && stack[stack.length - 1].remaining === 0) stack.pop();
    const top = stack[stack.length - 1];
    const token = readToken(body, at);
    if (token === null) break;
    if (top !== undefined) {
      top.remaining--;
      if (top.keys !== null && top.atKey) {
        const key = token.key ?? `\u0000${at}`; // other key types never collide here
        if (top.keys.has(key)) return { field: join(top.path, key), issue: DUPLICATE_ISSUE };
        top.keys.add(key);
        pendingKey = key;
        top.atKey = false;
        at = token.next;
        continue;
      }
      if (top.keys !== null) top.atKey = true;
    }
    if (token.items > 0) {
      const path = top === undefined ? '' : join(top.path, top.keys === null ? top.index : pendingKey);
      stack.push({ keys: token.map ? new Set() : null, index: 0, path, remaining: token.items * (token.map ? 2 : 1), atKey: true });
    }
    if (top !== undefined && top.keys === null) top.index++;
    at = token.next;
  }
  return { field: 'body', issue: `has a key that ${DUPLICATE_ISSUE}` };
}

interface Token {
  /** Where the next token starts (a container's items follow its header). */
  next: number;
  /** Entries of a map or items of an array announced by this header (0: not a container). */
  items: number;
  map: boolean;
  /** The token as a map key: text, or an integer in decimal; undefined for other types. */
  key?: string;
}

const SIZES: Record<number, number> = {
  0xc0: 1, 0xc2: 1, 0xc3: 1, 0xca: 5, 0xcb: 9, 0xd4: 3, 0xd5: 4, 0xd6: 6, 0xd7: 10, 0xd8: 18,
};

function readToken(b: Buffer, at: number): Token | null {
  const byte = b[at];
  if (byte === undefined) return null;
  if (byte <= 0x7f) return { next: at + 1, items: 0, map: false, key: String(byte) };
  if (byte >= 0xe0) return { next: at + 1, items: 0, map: false, key: String(byte - 0x100) };
  if (byte <= 0x8f) return { next: at + 1, items: byte & 0x0f, map: true };
  if (byte <= 0x9f) return { next: at + 1, items: byte & 0x0f, map: false };
  if (byte <= 0xbf) return text(b, at + 1, byte & 0x1f);
  switch (byte) {
    case 0xd9: return text(b, at + 2, b[at + 1]);
    case 0xda: return text(b, at + 3, b.readUInt16BE(at + 1));
    case 0xdb: return text(b, at + 5, b.readUInt32BE(at + 1));
    case 0xc4: case 0xc7: return { next: at + 2 + b[at + 1] + (byte === 0xc7 ? 1 : 0), items: 0, map: false };
    case 0xc5: case 0xc8: return { next: at + 3 + b.readUInt16BE(at + 1) + (byte === 0xc8 ? 1 : 0), items: 0, map: false };
    case 0xc6: case 0xc9: return { next: at + 5 + b.readUInt32BE(at + 1) + (byte === 0xc9 ? 1 : 0), items: 0, map: false };
    case 0xcc: return { next: at + 2, items: 0, map: false, key: String(b.readUInt8(at + 1)) };
    case 0xcd: return { next: at + 3, items: 0, map: false, key: String(b.readUInt16BE(at + 1)) };
    case 0xce: return { next: at + 5, items: 0, map: false, key: String(b.readUInt32BE(at + 1)) };
    case 0xcf: return { next: at + 9, items: 0, map: false, key: String(b.readBigUInt64BE(at + 1)) };
    case 0xd0: return { next: at + 2, items: 0, map: false, key: String(b.readInt8(at + 1)) };
    case 0xd1: return { next: at + 3, items: 0, map: false, key: String(b.readInt16BE(at + 1)) };
    case 0xd2: return { next: at + 5, items: 0, map: false, key: String(b.readInt32BE(at + 1)) };
    case 0xd3: return { next: at + 9, items: 0, map: false, key: String(b.readBigInt64BE(at + 1)) };
    case 0xdc: return { next: at + 3, items: b.readUInt16BE(at + 1), map: false };
    case 0xdd: return { next: at + 5, items: b.readUInt32BE(at + 1), map: false };
    case 0xde: return { next: at + 3, items: b.readUInt16BE(at + 1), map: true };
    case 0xdf: return { next: at + 5, items: b.readUInt32BE(at + 1), map: true };
    default: return SIZES[byte] === undefined ? null : { next: at + SIZES[byte], items: 0, map: false };
  }
}

function text(b: Buffer, start: number, length: number): Token {
  return { next: start + length, items: 0, map: false, key: b.toString('utf8', start, start + length) };
}
