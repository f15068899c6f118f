/**
 * @module The lists and index of `rps screen --in-process`, prepared once per run: read back from
 * the packed-index cache (index-cache.ts) when the same list files were built before, else loaded
 * and built here, then packed and cached for the next run.
 *
 * With --threads N the packed form is also how the threads get them: one SharedArrayBuffer
 * (engine/sliced-transfer.ts, as the server hands a refresh to its threads) that each screening
 * thread unpacks, reading the typed arrays in place and decoding an entry only when it matches,
 * instead of loading and building its own (the same several seconds of work N times over). The
 * catalog travels beside the blob, not in it: a cached catalog gets this run's load time.
 */
import { buildIndex, type BuiltIndex } from '../../engine/index-builder.js';
import { LazyList, pack, unpack, type Packed } from '../../engine/sliced-transfer.js';
import { loadListSet } from '../../lists/catalog.js';
import type { ListEntry } from '../../lists/model.js';
import type { InProcessInfo } from './screen-records.js';
import { indexCacheKey, readIndexCache, unchangedSince, writeIndexCache, type IndexCacheKey } from './index-cache.js';

export interface ListsOptions {
  listsDir: string;
  staleAfterMs: number;
  /** Directory of the packed-index cache; null: --no-index-cache. */
  cacheDir: string | null;
  /** A line for the user (stderr): a cache that could not be read or written. */
  warn: (line: string) => void;
}

export interface PreparedLists {
  info: InProcessInfo;
  /** The packed lists and index in a SharedArrayBuffer; present when asked for or read from the cache. */
  packed: Packed | null;
  /** The index and entries when this run built them (one thread then screens with them as they are). */
  built: UnpackedLists | null;
  /** What the cache did, said before the run (null: no cache). */
  cacheNote: string | null;
}

export interface UnpackedLists {
  index: BuiltIndex;
  entries: readonly ListEntry[];
}

/** No pacing: a screening thread has nothing else to do while it unpacks. */
const AT_ONCE = { budgetMs: Number.POSITIVE_INFINITY };

/** `shared`: the packed form is needed (screening threads) even when the lists are built here. */
export async function prepareLists(options: ListsOptions, shared: boolean): Promise<PreparedLists> {
  const key = options.cacheDir === null ? null : await keyOf(options);
  if (key !== null && options.cacheDir !== null) {
    const read = await readIndexCache(options.cacheDir, key);
    if (read.hit !== null) {
      return { info: read.hit.info, packed: read.hit.packed, built: null, cacheNote: `lists and index read from the index cache ${read.hit.file}` };
    }
    if (read.warning !== null) options.warn(`warning: ${read.warning}`);
  }
  const set = await loadListSet({ dir: options.listsDir, staleAfterMs: options.staleAfterMs });
  const index = buildIndex(set.entries);
  const info: InProcessInfo = { dir: set.dir, sample: set.sample, entries: set.entries.length, catalog: set.catalog };
  const built = { index, entries: set.entries };
  if (!shared && key === null) return { info, packed: null, built, cacheNote: null };
  // Entries packed one by one: a thread decodes only those its rows match (sliced-transfer.ts LazyList).
  const { header, blob } = pack({ index, entries: new LazyList(set.entries) });
  const cacheNote = key !== null && options.cacheDir !== null ? await save(options, key, header, blob, info) : null;
  return { info, packed: shared ? { header, blob: sharedCopy(blob) } : null, built, cacheNote };
}

/** The shape is the packer's (sliced-transfer rebuilds it field by field), so the cast restores its types. */
export async function unpackSharedLists(packed: Packed): Promise<UnpackedLists> {
  return (await unpack(packed, AT_ONCE)) as UnpackedLists;
}

async function keyOf(options: ListsOptions): Promise<IndexCacheKey | null> {
  try {
    return await indexCacheKey(options.listsDir);
  } catch (error) {
    options.warn(`warning: cannot hash the list files for the index cache (${(error as Error).message}); not cached`);
    return null;
  }
}

async function save(options: ListsOptions, key: IndexCacheKey, header: Packed['header'], blob: Buffer, info: InProcessInfo): Promise<string | null> {
  // A file swapped while it was being loaded: what was built may not be what was hashed.
  if (!(await unchangedSince(key))) return 'list files changed while loading: the index is not cached';
  try {
    return `lists and index built, saved to the index cache ${await writeIndexCache(options.cacheDir!, key, header, blob, info)}`;
  } catch (error) {
    options.warn(`warning: cannot write the index cache in ${options.cacheDir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    return null;
  }
}

function sharedCopy(blob: Uint8Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(blob.byteLength);
  new Uint8Array(buffer).set(blob);
  return buffer;
}
