/**
 * @module Redis connections that fail fast: a short connect timeout, no offline queue (a command
 * while disconnected is rejected at once instead of waiting), and every connection-level failure
 * turned into StoreUnavailableError so the HTTP layer answers 503. A Redis that is connected but
 * does not answer is caught by the store's reply deadline (redis-deadline.ts), not per command.
 */
import { createClient, ErrorReply } from 'redis';
import { StoreUnavailableError } from '../errors.js';
import type { StateLogger } from '../state-types.js';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisConnectionOptions {
  readonly url: string;
  /** Connect (and reconnect attempt) timeout. Default 2000 ms. */
  readonly connectTimeoutMs?: number;
  /** A store operation without a reply after this long fails (plus up to 500 ms). Default 2000 ms. */
  readonly replyTimeoutMs?: number;
  readonly logger?: StateLogger;
}

/** Server replies that mean "not usable right now" rather than "bad command". */
const UNAVAILABLE_REPLY = /^(LOADING|READONLY|MASTERDOWN|BUSY|OOM|CLUSTERDOWN|TRYAGAIN|NOREPLICAS)\b/;

export async function connectRedis(options: RedisConnectionOptions, role: string): Promise<RedisClient> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      // Keep retrying in the background, backing off to 2 s; callers meanwhile fail fast.
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
    },
  });
  watchErrors(client, role, options.logger);
  const connected = client.connect().then(() => true);
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), connectTimeoutMs * 2).unref());
  if (!(await Promise.race([connected, timer]))) {
    client.destroy();
    throw new StoreUnavailableError(`cannot reach Redis at ${describeUrl(options.url)} within ${connectTimeoutMs * 2} ms`);
  }
  return client;
}

/** Logs each outage once (not every retry); the URL's password never appears. */
function watchErrors(client: RedisClient, role: string, logger: StateLogger | undefined): void {
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    logger?.warn({ role, error: error instanceof Error ? error.message : String(error) }, 'redis connection lost');
  });
  client.on('ready', () => {
    if (down) logger?.info({ role }, 'redis connection restored');
    down = false;
  });
}

/** Connection failures and "not usable now" replies become StoreUnavailableError; others stay. */
export function toStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  if (error instanceof ErrorReply && !UNAVAILABLE_REPLY.test(error.message)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`Redis is unavailable: ${reason}`, { cause: error });
}

export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'the configured URL';
  }
}
