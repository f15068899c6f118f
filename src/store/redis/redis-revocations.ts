/**
 * @module Revocation events over Redis pub/sub. Subscribing needs its own connection. After a
 * reconnect the subscriber may have missed events, so it announces `resync` and every identity
 * service drops its whole key cache rather than trust it for up to 30 s more.
 */
import { isRevocationEvent, RevocationListeners } from '../revocation-listeners.js';
import type { RevocationEvent } from '../types.js';
import type { RedisClient } from './redis-connection.js';

export class RedisRevocations {
  readonly #listeners = new RevocationListeners();

  private constructor(
    readonly subscriber: RedisClient,
    readonly channel: string,
  ) {}

  /** `subscriber` is a connected client of its own (connectRedis); this object owns it from now on. */
  static async subscribe(subscriber: RedisClient, channel: string): Promise<RedisRevocations> {
    const bus = new RedisRevocations(subscriber, channel);
    // Connected already, so every later 'ready' is a reconnect.
    subscriber.on('ready', () => bus.#listeners.emit({ kind: 'resync' }));
    await subscriber.subscribe(channel, (message) => bus.#deliver(message));
    return bus;
  }

  onRevocation(listener: (event: RevocationEvent) => void): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    if (this.subscriber.isOpen) this.subscriber.destroy();
  }

  #deliver(message: string): void {
    let event: unknown;
    try {
      event = JSON.parse(message);
    } catch {
      return;
    }
    if (isRevocationEvent(event)) this.#listeners.emit(event);
  }
}
