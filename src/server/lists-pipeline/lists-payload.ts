/**
 * @module What the list pipeline hands to the serving threads: a loaded list set with the index
 * already built from it, packed for sliced unpacking (sliced-transfer.ts), plus timings for logs
 * and metrics. Built once in the background thread, shared by every serving thread.
 */
import type { BuiltIndex } from '../../engine/index-builder.js';
import type { LoadedListSet, ListStatus } from '../../lists/catalog.js';
import type { ListEntry } from '../../lists/model.js';
import { LazyList, pack, packedBytes, unpack, type Packed } from './sliced-transfer.js';

export interface PayloadStats {
  /** Sequence number of the load in this pipeline (1, 2...). */
  seq: number;
  entries: number;
  sample: boolean;
  /** Parsing the list files (loadListSet). */
  loadMs: number;
  /** Building the index (buildIndex). */
  buildMs: number;
  /** Packing into shared memory. */
  packMs: number;
  /** Shared memory the payload occupies. */
  bytes: number;
}

export interface ListsPayload {
  packed: Packed;
  stats: PayloadStats;
}

/** The unpacked payload: what engineFromIndex needs, and the catalog for GET /lists. */
export interface UnpackedLists {
  index: BuiltIndex;
  entries: ListEntry[];
  catalog: ListStatus[];
}

export function packLists(set: LoadedListSet, index: BuiltIndex, stats: Omit<PayloadStats, 'packMs' | 'bytes' | 'entries' | 'sample'>): ListsPayload {
  const started = performance.now();
  // Entries are decoded when a match first needs them: most are never matched on a given thread.
  const packed = pack({ index, entries: new LazyList(set.entries), catalog: set.catalog });
  return {
    packed,
    stats: {
      ...stats,
      entries: set.entries.length,
      sample: set.sample,
      packMs: Math.round(performance.now() - started),
      bytes: packedBytes(packed),
    },
  };
}

/**
 * The shape is the sender's BuiltIndex, ListEntry[] and ListStatus[] rebuilt field by field (the
 * codec refuses what it cannot rebuild exactly), so the cast restores the sender's types.
 */
export async function unpackLists(payload: ListsPayload, budgetMs: number): Promise<UnpackedLists> {
  return (await unpack(payload.packed, { budgetMs })) as UnpackedLists;
}
