/**
 * @module What the list pipeline hands to the serving threads: a loaded list set with the index
 * already built from it, packed for sliced unpacking (sliced-transfer.ts), plus timings for logs
 * and metrics. Built once in the background process; its blob lives in one SharedArrayBuffer
 * that every serving thread reads.
 */
import type { BuiltIndex } from '../../engine/index-builder.js';
import type { LoadedListSet, ListStatus } from '../../lists/catalog.js';
import type { ListEntry } from '../../lists/model.js';
import { LazyList, pack, unpack, type PackHeader, type Pacing, type Packed } from '../../engine/sliced-transfer.js';

export interface PayloadStats {
  /** Sequence number of the load in this pipeline (1, 2...). */
  seq: number;
  entries: number;
  sample: boolean;
  /** Parsing the list files (loadListSet). */
  loadMs: number;
  /** Building the index (buildIndex). */
  buildMs: number;
  /** Packing it. */
  packMs: number;
  /** Size of the blob. */
  bytes: number;
}

/** The payload as the pipeline process sends it: the header and stats as a message, the blob as bytes. */
export interface PackedLists {
  header: PackHeader;
  stats: PayloadStats;
  blob: Buffer;
}

/** The payload as serving threads receive it. */
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

export function packLists(set: LoadedListSet, index: BuiltIndex, stats: Pick<PayloadStats, 'seq' | 'loadMs' | 'buildMs'>): PackedLists {
  const started = performance.now();
  // Entries are decoded when a match first needs them: most are never matched on a given thread.
  const { header, blob } = pack({ index, entries: new LazyList(set.entries), catalog: set.catalog });
  return {
    header,
    blob,
    stats: {
      ...stats,
      entries: set.entries.length,
      sample: set.sample,
      packMs: Math.round(performance.now() - started),
      bytes: blob.length,
    },
  };
}

/**
 * The shape is the sender's BuiltIndex, ListEntry[] and ListStatus[] rebuilt field by field (the
 * codec refuses what it cannot rebuild exactly), so the cast restores the sender's types.
 */
export async function unpackLists(payload: ListsPayload, pacing: Pacing): Promise<UnpackedLists> {
  return (await unpack(payload.packed, pacing)) as UnpackedLists;
}
