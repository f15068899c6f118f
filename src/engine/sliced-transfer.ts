/**
 * @module Moving a large object graph (a loaded list set and its index) from the list pipeline's
 * background process to the serving threads without a long pause on the receiving side.
 *
 * Deserialising the whole graph at once would block a serving thread for about a second (full
 * snapshot). So the sender packs it into one flat byte blob plus a small header: typed arrays are
 * copied in as they are (8-byte aligned, read in place as views, never copied again), and large
 * arrays and maps are cut into chunks of about CHUNK_BYTES, each serialised with v8 (the structured
 * clone postMessage uses). The receiver holds the blob in a SharedArrayBuffer that every serving
 * thread reads, deserialises chunk after chunk, and yields to the event loop whenever a slice has
 * used its time budget, so requests keep being served in between.
 *
 * A LazyList goes further: each item is serialised on its own and the receiver gets an array whose
 * items are deserialised on first access (lazy-list.ts). For the list entries this halves the work
 * of a swap, and a serving thread only ever holds the entries its requests matched.
 */
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { deserialize, serialize } from 'node:v8';
import { lazyArray } from './lazy-list.js';

const TYPED_ARRAYS = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array,
} as const;
type TypedArrayName = keyof typeof TYPED_ARRAYS;
type AnyTypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedArrayName]>;
/** Every constructor above has this overload; TypeScript cannot pick it on their union. */
type TypedArrayOnBuffer = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => AnyTypedArray;

/**
 * Version of the blob's layout (shapes, alignment, chunking): a blob kept on disk (the bulk CLI's
 * index cache) is read back only by code that packs the same way. Bump it with any change above.
 */
export const PACK_FORMAT = 1;

/** Arrays up to this length travel inline in the header (catalogs, small lists). */
const INLINE_ITEMS = 256;
/** Serialised size a chunk aims at: about a millisecond of deserialising on a busy core. */
const CHUNK_BYTES = 32 * 1024;

/** Marks an array to be rebuilt lazily, item by item on first access. */
export class LazyList<T> {
  constructor(readonly items: readonly T[]) {}
}

/** Offsets are byte positions in the blob. */
export type Shape =
  | { kind: 'value'; value: unknown }
  | { kind: 'typed'; type: TypedArrayName; offset: number; length: number }
  /** Chunk i of the section spans sections[section][i]..sections[section][i + 1]. */
  | { kind: 'list' | 'map'; section: number; count: number }
  /** Item i spans start + bounds[i]..start + bounds[i + 1], bounds a Uint32Array at boundsOffset. */
  | { kind: 'lazy'; start: number; boundsOffset: number; count: number }
  | { kind: 'object'; fields: Record<string, Shape> };

/** Everything but the bytes: small, structured-cloneable, sent as a message. */
export interface PackHeader {
  root: Shape;
  sections: number[][];
  bytes: number;
}

export interface Packed {
  header: PackHeader;
  /** `header.bytes` long; a SharedArrayBuffer once received, so every thread reads the same memory. */
  blob: ArrayBufferLike;
}

export interface Pacing {
  /** Longest stretch of work before yielding to the event loop. */
  budgetMs: number;
  /** Pause after each stretch (0: yield with setImmediate only), leaving the thread to requests. */
  restMs?: number;
}

/** Accumulates the blob: each part at an aligned offset. */
class BlobWriter {
  readonly parts: Uint8Array[] = [];
  size = 0;

  place(bytes: Uint8Array, align = 1): number {
    const pad = (align - (this.size % align)) % align;
    if (pad > 0) this.parts.push(new Uint8Array(pad));
    this.size += pad;
    const offset = this.size;
    this.parts.push(bytes);
    this.size += bytes.byteLength;
    return offset;
  }
}

/** Packs `value`; throws naming the path of a value it cannot rebuild exactly. */
export function pack(value: unknown): { header: PackHeader; blob: Buffer } {
  const writer = new BlobWriter();
  const sections: number[][] = [];
  const root = shapeOf(value, '$', writer, sections);
  return { header: { root, sections, bytes: writer.size }, blob: Buffer.concat(writer.parts, writer.size) };
}

function shapeOf(value: unknown, path: string, writer: BlobWriter, sections: number[][]): Shape {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return typedShape(value as AnyTypedArray, path, writer);
  if (value instanceof LazyList) return lazyShape(value.items, writer);
  if (value instanceof Map) return { kind: 'map', section: addSection([...value], writer, sections), count: value.size };
  if (Array.isArray(value)) {
    if (value.length <= INLINE_ITEMS) return { kind: 'value', value };
    return { kind: 'list', section: addSection(value, writer, sections), count: value.length };
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol') throw new Error(`cannot transfer a ${typeof value} at ${path}`);
    return { kind: 'value', value };
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) {
    throw new Error(`cannot transfer an instance of ${value.constructor?.name ?? 'unknown'} at ${path}`);
  }
  const fields: Record<string, Shape> = {};
  for (const [key, field] of Object.entries(value)) fields[key] = shapeOf(field, `${path}.${key}`, writer, sections);
  return { kind: 'object', fields };
}

function typedShape(array: AnyTypedArray, path: string, writer: BlobWriter): Shape {
  const type = array.constructor.name as TypedArrayName;
  if (!(type in TYPED_ARRAYS)) throw new Error(`cannot transfer a ${type} at ${path}`);
  const offset = writer.place(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), 8);
  return { kind: 'typed', type, offset, length: array.length };
}

function lazyShape(items: readonly unknown[], writer: BlobWriter): Shape {
  const serialised = items.map((item) => serialize(item));
  const bounds = new Uint32Array(items.length + 1);
  serialised.forEach((bytes, i) => (bounds[i + 1] = bounds[i] + bytes.length));
  const boundsOffset = writer.place(new Uint8Array(bounds.buffer), 8);
  const start = writer.size;
  for (const bytes of serialised) writer.place(bytes);
  return { kind: 'lazy', start, boundsOffset, count: items.length };
}

/** Cuts `items` into chunks of about CHUNK_BYTES, sized from a sample spread over the array. */
function addSection(items: readonly unknown[], writer: BlobWriter, sections: number[][]): number {
  const step = Math.max(1, Math.floor(items.length / 64));
  const sample = items.filter((_, i) => i % step === 0);
  const perItem = Math.max(1, serialize(sample).length / Math.max(1, sample.length));
  const size = Math.min(8192, Math.max(8, Math.floor(CHUNK_BYTES / perItem)));
  const bounds = [writer.size];
  for (let i = 0; i < items.length; i += size) {
    writer.place(serialize(items.slice(i, i + size)));
    bounds.push(writer.size);
  }
  sections.push(bounds);
  return sections.length - 1;
}

/** The blob in shared memory, as a receiving thread gets it (tests; the pipeline reads a file into one). */
export function shared(blob: Uint8Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(blob.byteLength);
  new Uint8Array(buffer).set(blob);
  return buffer;
}

/** Rebuilds the packed value, yielding to the event loop between slices of at most ~budgetMs. */
export async function unpack(packed: Packed, pacing: Pacing): Promise<unknown> {
  return unpackShape(packed.header.root, packed, new Slicer(pacing));
}

async function unpackShape(shape: Shape, packed: Packed, slicer: Slicer): Promise<unknown> {
  const { blob } = packed;
  switch (shape.kind) {
    case 'value':
      return shape.value;
    case 'typed':
      // A view on the shared memory: every serving thread reads the same bytes, none copies them.
      return new (TYPED_ARRAYS[shape.type] as TypedArrayOnBuffer)(blob, shape.offset, shape.length);
    case 'lazy': {
      const bounds = new Uint32Array(blob, shape.boundsOffset, shape.count + 1);
      return lazyArray(shape.count, (i) => deserialize(new Uint8Array(blob, shape.start + bounds[i], bounds[i + 1] - bounds[i])));
    }
    case 'list': {
      const list: unknown[] = [];
      await eachChunk(packed, shape.section, slicer, (items) => {
        for (const item of items) list.push(item);
      });
      return list;
    }
    case 'map': {
      const map = new Map<unknown, unknown>();
      await eachChunk(packed, shape.section, slicer, (pairs) => {
        for (const [key, value] of pairs as Array<[unknown, unknown]>) map.set(key, value);
      });
      return map;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(shape.fields)) out[key] = await unpackShape(field, packed, slicer);
      return out;
    }
  }
}

async function eachChunk(packed: Packed, section: number, slicer: Slicer, use: (items: unknown[]) => void): Promise<void> {
  const bounds = packed.header.sections[section];
  for (let i = 0; i + 1 < bounds.length; i++) {
    await slicer.maybeYield();
    use(deserialize(new Uint8Array(packed.blob, bounds[i], bounds[i + 1] - bounds[i])) as unknown[]);
  }
}

/**
 * Tracks the current slice of work; once it is used up, yields to the event loop (pending I/O,
 * i.e. requests, runs first) and rests, so the unpacking takes a bounded share of the thread.
 */
class Slicer {
  private started = performance.now();

  constructor(private readonly pacing: Pacing) {}

  async maybeYield(): Promise<void> {
    if (performance.now() - this.started < this.pacing.budgetMs) return;
    if ((this.pacing.restMs ?? 0) > 0) await sleep(this.pacing.restMs);
    else await nextTurn();
    this.started = performance.now();
  }
}
