/**
 * @module Word caches that stay bounded whatever the queries (issue #28): a map emptied when full.
 * Emptying all at once keeps the bound exact and the bookkeeping nil; a cache refills within a few
 * screenings, and its values are only ever a faster way to an answer computed the same without it.
 */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly limit: number) {}

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  /** Stores `value` (emptying the cache first when full) and returns it. */
  set(key: string, value: V): V {
    if (this.map.size >= this.limit) this.map.clear();
    this.map.set(key, value);
    return value;
  }

  get size(): number {
    return this.map.size;
  }
}

/** One BoundedCache per index (kept while the index lives), for answers that depend on its words. */
export class PerIndexCache<V> {
  private readonly byIndex = new WeakMap<object, BoundedCache<V>>();

  constructor(private readonly limit: number) {}

  of(index: object): BoundedCache<V> {
    let cache = this.byIndex.get(index);
    if (cache === undefined) this.byIndex.set(index, (cache = new BoundedCache<V>(this.limit)));
    return cache;
  }
}
