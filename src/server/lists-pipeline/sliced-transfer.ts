/**
 * @module Moving a large object graph (a loaded list set and its index) from the background thread
 * to the serving threads without a long pause on the receiving side.
 *
 * postMessage of the whole graph would deserialise it in one go on the receiving thread (about a
 * second for the full snapshot), and a burst of messages does not help either: Node delivers every
 * queued message of a port in one event-loop turn. So the sender packs once, into shared memory:
 * typed arrays get a SharedArrayBuffer each (read in place, never copied), and large arrays and maps
 * are cut into chunks of about CHUNK_BYTES, serialised (v8, the same structured clone postMessage
 * uses) back to back into one SharedArrayBuffer. The message itself only carries references. The
 * receiver deserialises chunk after chunk and yields to the event loop whenever a slice has used
 * its time budget, so requests keep being served in between.
 *
 * A LazyList goes further: each item is serialised on its own and the receiver gets an array whose
 * items are deserialised on first access (lazy-list.ts). For the list entries this halves the work
 * of a swap, and a serving thread only ever holds the entries its requests matched.
 */
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { deserialize, serialize } from 'node:v8';
import { lazyArray } from './lazy-list.js';

const TYPED_ARRAYS = {
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array,
} as const;
type TypedArrayName = keyof typeof TYPED_ARRAYS;
type AnyTypedArray = InstanceType<(typeof TYPED_ARRAYS)[TypedArrayName]>;
/** Every constructor above has this overload; TypeScript cannot pick it on their union. */
type TypedArrayOnBuffer = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => AnyTypedArray;

/** Arrays up to this length travel inline in the message (catalogs, small lists). */
const INLINE_ITEMS = 256;
/** Serialised size a chunk aims at: about a millisecond of deserialising on a busy core. */
const CHUNK_BYTES = 32 * 1024;

/** Marks an array to be rebuilt lazily, item by item on first access. */
export class LazyList<T> {
  constructor(readonly items: readonly T[]) {}
}

export type Shape =
  | { kind: 'value'; value: unknown }
  /** Item i spans bounds[i]..bounds[i + 1] of `blob`. */
  | { kind: 'lazy'; blob: SharedArrayBuffer; bounds: SharedArrayBuffer; count: number }
  | { kind: 'typed'; type: TypedArrayName; buffer: SharedArrayBuffer; length: number }
  | { kind: 'list' | 'map'; section: number; count: number }
  | { kind: 'object'; fields: Record<string, Shape> };

export interface Packed {
  root: Shape;
  /** Every chunk of every section, back to back. */
  blob: SharedArrayBuffer;
  /** Per section: chunk boundaries in `blob` (chunk i spans bounds[i]..bounds[i + 1]). */
  sections: number[][];
}

export interface UnpackOptions {
  /** Longest stretch of work before yielding to the event loop. */
  budgetMs: number;
}

export function packedBytes(packed: Packed): number {
  let bytes = packed.blob.byteLength;
  const walk = (shape: Shape): void => {
    if (shape.kind === 'typed') bytes += shape.buffer.byteLength;
    else if (shape.kind === 'lazy') bytes += shape.blob.byteLength + shape.bounds.byteLength;
    else if (shape.kind === 'object') Object.values(shape.fields).forEach(walk);
  };
  walk(packed.root);
  return bytes;
}

/** Packs `value` for unpack() in another thread; throws naming the path of a value it cannot move. */
export function pack(value: unknown): Packed {
  const chunks: Buffer[][] = [];
  const root = shapeOf(value, '$', chunks);
  const sizes = chunks.map((section) => section.reduce((sum, c) => sum + c.length, 0));
  const blob = new SharedArrayBuffer(sizes.reduce((a, b) => a + b, 0));
  const bytes = new Uint8Array(blob);
  let at = 0;
  const sections = chunks.map((section) => {
    const bounds = [at];
    for (const chunk of section) {
      bytes.set(chunk, at);
      at += chunk.length;
      bounds.push(at);
    }
    return bounds;
  });
  return { root, blob, sections };
}

function shapeOf(value: unknown, path: string, chunks: Buffer[][]): Shape {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return typedShape(value as AnyTypedArray, path);
  if (value instanceof LazyList) return lazyShape(value.items);
  if (value instanceof Map) return { kind: 'map', section: addSection([...value], chunks), count: value.size };
  if (Array.isArray(value)) {
    if (value.length <= INLINE_ITEMS) return { kind: 'value', value };
    return { kind: 'list', section: addSection(value, chunks), count: value.length };
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol') throw new Error(`cannot transfer a ${typeof value} at ${path}`);
    return { kind: 'value', value };
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) {
    throw new Error(`cannot transfer an instance of ${value.constructor?.name ?? 'unknown'} at ${path}`);
  }
  const fields: Record<string, Shape> = {};
  for (const [key, field] of Object.entries(value)) fields[key] = shapeOf(field, `${path}.${key}`, chunks);
  return { kind: 'object', fields };
}

function typedShape(array: AnyTypedArray, path: string): Shape {
  const type = array.constructor.name as TypedArrayName;
  if (!(type in TYPED_ARRAYS)) throw new Error(`cannot transfer a ${type} at ${path}`);
  const buffer = new SharedArrayBuffer(array.byteLength);
  new Uint8Array(buffer).set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  return { kind: 'typed', type, buffer, length: array.length };
}

function lazyShape(items: readonly unknown[]): Shape {
  const serialised = items.map((item) => serialize(item));
  const bounds = new Uint32Array(new SharedArrayBuffer(4 * (items.length + 1)));
  serialised.forEach((bytes, i) => (bounds[i + 1] = bounds[i] + bytes.length));
  const blob = new SharedArrayBuffer(bounds[items.length]);
  const view = new Uint8Array(blob);
  serialised.forEach((bytes, i) => view.set(bytes, bounds[i]));
  return { kind: 'lazy', blob, bounds: bounds.buffer as SharedArrayBuffer, count: items.length };
}

/** Cuts `items` into chunks of about CHUNK_BYTES, sized from a sample spread over the array. */
function addSection(items: readonly unknown[], chunks: Buffer[][]): number {
  const step = Math.max(1, Math.floor(items.length / 64));
  const sample = items.filter((_, i) => i % step === 0);
  const perItem = Math.max(1, serialize(sample).length / Math.max(1, sample.length));
  const size = Math.min(8192, Math.max(8, Math.floor(CHUNK_BYTES / perItem)));
  const section: Buffer[] = [];
  for (let i = 0; i < items.length; i += size) section.push(serialize(items.slice(i, i + size)));
  chunks.push(section);
  return chunks.length - 1;
}

/** Rebuilds the packed value, yielding to the event loop between slices of at most ~budgetMs. */
export async function unpack(packed: Packed, options: UnpackOptions): Promise<unknown> {
  const slicer = new Slicer(options.budgetMs);
  return unpackShape(packed.root, packed, slicer);
}

async function unpackShape(shape: Shape, packed: Packed, slicer: Slicer): Promise<unknown> {
  switch (shape.kind) {
    case 'value':
      return shape.value;
    case 'lazy': {
      const bounds = new Uint32Array(shape.bounds);
      return lazyArray(shape.count, (i) => deserialize(new Uint8Array(shape.blob, bounds[i], bounds[i + 1] - bounds[i])));
    }
    case 'typed':
      // A view on the shared memory: every serving thread reads the same bytes, none copies them.
      return new (TYPED_ARRAYS[shape.type] as TypedArrayOnBuffer)(shape.buffer, 0, shape.length);
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
  const bounds = packed.sections[section];
  for (let i = 0; i + 1 < bounds.length; i++) {
    await slicer.maybeYield();
    use(deserialize(new Uint8Array(packed.blob, bounds[i], bounds[i + 1] - bounds[i])) as unknown[]);
  }
}

/** Tracks the current slice of work and yields (setImmediate: after pending I/O) once it is used up. */
class Slicer {
  private started = performance.now();

  constructor(private readonly budgetMs: number) {}

  async maybeYield(): Promise<void> {
    if (performance.now() - this.started < this.budgetMs) return;
    await nextTurn();
    this.started = performance.now();
  }
}
