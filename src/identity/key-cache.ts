/**
 * @module The in-process cache of the auth hot path: token SHA-256 -> key and account, each entry
 * trusted for at most 30 s. Revocation events evict at once; the age bound alone still keeps the
 * "effective within 60 s" promise when an event is lost. Bounded, so a flood of keys cannot grow it.
 */
import type { Account, StoredKey } from '../store/types.js';

export interface CachedKey {
  readonly key: StoredKey;
  readonly account: Account;
}

interface Entry extends CachedKey {
  readonly loadedAtMs: number;
}

export const KEY_CACHE_TTL_MS = 30_000;

export class KeyCache {
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every eviction, so a load that raced a revocation is not cached afterwards. */
  #generation = 0;

  constructor(
    readonly ttlMs = KEY_CACHE_TTL_MS,
    readonly maxEntries = 50_000,
  ) {}

  get generation(): number {
    return this.#generation;
  }

  get(tokenSha256: string, nowMs: number): CachedKey | undefined {
    const entry = this.#entries.get(tokenSha256);
    if (entry === undefined) return undefined;
    // A clock that moved backwards (tests, NTP) must not extend an entry's life either.
    const age = nowMs - entry.loadedAtMs;
    if (age >= this.ttlMs || age < 0) {
      this.#entries.delete(tokenSha256);
      return undefined;
    }
    return entry;
  }

  /** Stores the entry unless an eviction happened since `generation` was read. */
  set(tokenSha256: string, value: CachedKey, nowMs: number, generation: number): void {
    if (generation !== this.#generation) return;
    if (this.#entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenSha256, { ...value, loadedAtMs: nowMs });
  }

  evict(tokenSha256: string): void {
    this.#generation++;
    this.#entries.delete(tokenSha256);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
