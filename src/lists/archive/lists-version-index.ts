/**
 * @module The list versions a listsVersion names (served-history.ts versionsOfListsVersion gives the
 * rule), without hashing every subset of every served set per request. A listsVersion may be of any
 * `lists` filter, so it is found by hashing the subsets of a served set (4,095 of 12 lists): about
 * 17 ms a set on a loaded machine, 0.6-1 s for 36 sets, on the serving thread, for every value not
 * found (any 16 hex a caller writes). Here each served set's subsets are hashed once, kept as the
 * hashes' first 32 bits sorted beside their subsets (24 KB a set), and a value is found by a binary
 * search per set, each candidate checked by hashing it again (a 32-bit prefix alone may collide).
 * The tables are made one set at a time, the event loop let run between two.
 */
import { LIST_SOURCES, type ListSource } from '../model.js';
import { listsVersionOf } from '../versions.js';
import type { ServedSet } from './served-history.js';

const ALL = (1 << LIST_SOURCES.length) - 1;
/** Tables kept (24 KB each): more than a history of 35 days holds unless lists change many times a day. */
const MAX_TABLES = 256;

type Items = Array<{ source: ListSource; version: string | null }>;

interface SubsetTable {
  /** The first 32 bits of each subset's listsVersion, ascending. */
  prefixes: Uint32Array;
  /** The subset (bit i: LIST_SOURCES[i]) of each prefix. */
  masks: Uint16Array;
}

const itemsOf = (set: ServedSet): Items => LIST_SOURCES.map((source) => ({ source, version: set.versions[source] ?? null }));
const chosen = (items: Items, mask: number): Items => items.filter((_, i) => (mask & (1 << i)) !== 0);

function tableOf(items: Items): SubsetTable {
  // prefix x 2^13 + mask: exact in a double (45 bits), so one numeric sort orders both.
  const packed = new Float64Array(ALL);
  for (let mask = 1; mask <= ALL; mask++) packed[mask - 1] = Number.parseInt(listsVersionOf(chosen(items, mask)).slice(0, 8), 16) * 8192 + mask;
  packed.sort();
  const prefixes = new Uint32Array(ALL);
  const masks = new Uint16Array(ALL);
  for (let i = 0; i < ALL; i++) {
    prefixes[i] = Math.floor(packed[i] / 8192);
    masks[i] = packed[i] % 8192;
  }
  return { prefixes, masks };
}

export class ListsVersionIndex {
  private readonly tables = new Map<string, SubsetTable>();
  /** Sets whose subsets were hashed (diagnostics and tests: each once while kept). */
  tablesMade = 0;

  /** As versionsOfListsVersion: the newest served set with a subset of that listsVersion, its largest such subset. */
  async find(sets: readonly ServedSet[], listsVersion: string): Promise<Map<ListSource, string | null> | null> {
    const want = Number.parseInt(listsVersion.slice(0, 8), 16);
    for (let s = sets.length - 1; s >= 0; s--) {
      const items = itemsOf(sets[s]);
      const table = await this.tableFor(items);
      const { prefixes, masks } = table;
      let lo = 0;
      let hi = prefixes.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (prefixes[mid] < want) lo = mid + 1;
        else hi = mid;
      }
      let best = 0;
      for (let i = lo; i < prefixes.length && prefixes[i] === want; i++) {
        if (masks[i] > best && listsVersionOf(chosen(items, masks[i])) === listsVersion) best = masks[i];
      }
      if (best > 0) return new Map(chosen(items, best).map((c) => [c.source, c.version]));
    }
    return null;
  }

  private async tableFor(items: Items): Promise<SubsetTable> {
    const key = items.map((i) => i.version ?? '-').join(' ');
    let table = this.tables.get(key);
    if (table === undefined) {
      // Another request may run before this set's 4,095 hashes.
      await new Promise((resolve) => setImmediate(resolve));
      table = this.tables.get(key);
      if (table !== undefined) return table;
      table = tableOf(items);
      this.tablesMade++;
      this.tables.set(key, table);
      if (this.tables.size > MAX_TABLES) this.tables.delete(this.tables.keys().next().value!);
    }
    return table;
  }
}
