/**
 * @module A tiny listener set shared by both stores' revocation buses. A throwing listener must
 * not stop the others from dropping a revoked key.
 */
import type { RevocationEvent } from './types.js';

export class RevocationListeners {
  readonly #listeners = new Set<(event: RevocationEvent) => void>();

  add(listener: (event: RevocationEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: RevocationEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener only evicts cache entries; one failing must not block the rest.
      }
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}

export function isRevocationEvent(value: unknown): value is RevocationEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  if (event.kind === 'resync') return true;
  return event.kind === 'revoked' && typeof event.keyId === 'string' && typeof event.tokenSha256 === 'string';
}
