/**
 * @module The lists and index of `rps screen --in-process --threads N`, built once for all threads.
 * The main thread loads the list directory and builds the index, then packs both into one
 * SharedArrayBuffer (engine/sliced-transfer.ts, as the server hands a refresh to its threads). Each
 * screening thread unpacks it, reading the typed arrays in place and decoding an entry only when it
 * matches, instead of loading and building its own: that was the same several seconds of work N
 * times over, on the same cores the screening needs.
 */
import { buildIndex, type BuiltIndex } from '../../engine/index-builder.js';
import { LazyList, pack, unpack, type Packed } from '../../engine/sliced-transfer.js';
import { loadListSet, type ListStatus } from '../../lists/catalog.js';
import type { ListEntry } from '../../lists/model.js';
import type { InProcessInfo } from './in-process-screener.js';

export interface SharedLists {
  /** The blob lives in a SharedArrayBuffer: every thread reads the same memory. */
  readonly packed: Packed;
  readonly info: InProcessInfo;
}

export interface UnpackedLists {
  index: BuiltIndex;
  entries: ListEntry[];
  catalog: ListStatus[];
}

/** No pacing: a screening thread has nothing else to do while it unpacks. */
const AT_ONCE = { budgetMs: Number.POSITIVE_INFINITY };

export async function buildSharedLists(options: { listsDir: string; staleAfterMs: number }): Promise<SharedLists> {
  const set = await loadListSet({ dir: options.listsDir, staleAfterMs: options.staleAfterMs });
  const index = buildIndex(set.entries);
  const { header, blob } = pack({ index, entries: new LazyList(set.entries), catalog: set.catalog });
  const buffer = new SharedArrayBuffer(blob.byteLength);
  new Uint8Array(buffer).set(blob);
  return { packed: { header, blob: buffer }, info: { dir: set.dir, sample: set.sample, entries: set.entries.length, catalog: set.catalog } };
}

/** The shape is the packer's (sliced-transfer rebuilds it field by field), so the cast restores its types. */
export async function unpackSharedLists(packed: Packed): Promise<UnpackedLists> {
  return (await unpack(packed, AT_ONCE)) as UnpackedLists;
}
