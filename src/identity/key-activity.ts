/**
 * @module Each key's last use (`lastUsedAt` in GET /me/api-keys) without a store write per call:
 * this thread remembers when it last wrote each key's use and writes again only when that is at
 * least a minute old. So the recorded time is at most a minute (per serving thread) behind the
 * last call, and a key costs one small write a minute at most whatever its traffic.
 */
import type { IdentityLogger } from './types.js';
import type { KeyExtrasStore } from '../store/types.js';

export const LAST_USED_INTERVAL_MS = 60_000;
/** Bounds the memory: beyond this many keys in a minute the map starts over (a few extra writes). */
const MAX_TRACKED_KEYS = 100_000;

export class KeyActivity {
  /** keyId -> ms of the last write this thread made (or started). */
  readonly #written = new Map<string, number>();

  constructor(
    readonly store: Pick<KeyExtrasStore, 'touchKey'>,
    readonly logger?: IdentityLogger,
    readonly intervalMs = LAST_USED_INTERVAL_MS,
  ) {}

  /** Never waits for the store and never fails the call: the write runs beside the request. */
  used(accountId: string, keyId: string, now: Date): void {
    const at = now.getTime();
    const last = this.#written.get(keyId);
    if (last !== undefined && at - last < this.intervalMs) return;
    if (this.#written.size >= MAX_TRACKED_KEYS) this.#written.clear();
    this.#written.set(keyId, at);
    this.store.touchKey(accountId, keyId, now).catch((error: unknown) => {
      // The next call tries again rather than waiting out the minute.
      if (this.#written.get(keyId) === at) this.#written.delete(keyId);
      this.logger?.warn({ keyId, error: String(error) }, 'key last use not recorded');
    });
  }
}
