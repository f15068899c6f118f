/**
 * @module Redis connections that fail fast: a short connect timeout, no offline queue (a command
 * while disconnected is rejected at once instead of waiting), and every connection-level failure
 * turned into StoreUnavailableError so the HTTP layer answers 503. A Redis that is connected but
 * does not answer is caught by the store's reply deadline (redis-deadline.ts), not per command.
 * REDIS_URL may name one Redis or any node of a Redis Cluster: connectCommands asks the server
 * (INFO cluster) and opens a cluster client (MOVED/ASK followed, slots per key) when it is one.
 */
import { createClient, createCluster, ErrorReply } from 'redis';
import { StoreUnavailableError } from '../errors.js';
import type { StoreLogger } from '../types.js';

export type RedisClient = ReturnType<typeof createClient>;
type RedisClusterClient = ReturnType<typeof createCluster>;

/** The commands the store sends; a single-node client and a cluster client both have them. */
export type RedisCommands = Pick<RedisClient, 'get' | 'set' | 'del' | 'hGet' | 'hGetAll' | 'hSet' | 'zRange' | 'evalSha' | 'eval' | 'publish'>;

/** The store's command connection, whatever the deployment. */
export interface CommandConnection {
  readonly mode: 'single' | 'cluster';
  readonly commands: RedisCommands;
  readonly isOpen: boolean;
  /** PING every primary (every master of a cluster): the store answers only if all do. */
  ping(): Promise<void>;
  /** Waits for the commands in flight. */
  close(): Promise<void>;
  destroy(): void;
}

export interface RedisConnectionOptions {
  readonly url: string;
  /** Connect (and reconnect attempt) timeout. Default 2000 ms. */
  readonly connectTimeoutMs?: number;
  /** A store operation without a reply after this long fails (plus up to 500 ms). Default 2000 ms. */
  readonly replyTimeoutMs?: number;
  readonly logger?: StoreLogger;
}

/** Server replies that mean "not usable right now" rather than "bad command". */
const UNAVAILABLE_REPLY = /^(LOADING|READONLY|MASTERDOWN|BUSY|OOM|CLUSTERDOWN|TRYAGAIN|NOREPLICAS)\b/;

function socketOptions(connectTimeoutMs: number) {
  return {
    connectTimeout: connectTimeoutMs,
    // Keep retrying in the background, backing off to 2 s; callers meanwhile fail fast.
    reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000),
  };
}

export async function connectRedis(options: RedisConnectionOptions, role: string): Promise<RedisClient> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const client = createClient({ url: options.url, disableOfflineQueue: true, socket: socketOptions(connectTimeoutMs) });
  watchErrors(client, role, options.logger);
  await connectWithin(options, () => client.connect(), () => client.destroy());
  return client;
}

async function connectWithin(options: RedisConnectionOptions, connect: () => Promise<unknown>, destroy: () => void): Promise<void> {
  const limitMs = (options.connectTimeoutMs ?? 2000) * 2;
  const connected = connect().then(() => true);
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), limitMs).unref());
  if (!(await Promise.race([connected, timer]))) {
    destroy();
    throw new StoreUnavailableError(`cannot reach Redis at ${describeUrl(options.url)} within ${limitMs} ms`);
  }
}

/**
 * The command connection: one client, or a cluster client when the server at the URL says it is a
 * cluster node (cluster_enabled:1); the cluster client finds every other node from it.
 */
export async function connectCommands(options: RedisConnectionOptions): Promise<CommandConnection> {
  const client = await connectRedis(options, 'commands');
  let clustered: boolean;
  try {
    clustered = /^cluster_enabled:1\b/m.test(await client.info('cluster'));
  } catch (error) {
    client.destroy();
    throw toStoreError(error);
  }
  if (!clustered) return singleConnection(client);
  client.destroy();
  return connectCluster(options);
}

function singleConnection(client: RedisClient): CommandConnection {
  return {
    mode: 'single',
    commands: client,
    get isOpen() {
      return client.isOpen;
    },
    ping: async () => void (await client.ping()),
    close: () => client.close(),
    destroy: () => client.destroy(),
  };
}

async function connectCluster(options: RedisConnectionOptions): Promise<CommandConnection> {
  const url = new URL(options.url);
  // Nodes found through the cluster get the URL's credentials and the same fail-fast settings.
  const cluster = createCluster({
    rootNodes: [{ url: options.url }],
    defaults: {
      ...(url.username !== '' && { username: decodeURIComponent(url.username) }),
      ...(url.password !== '' && { password: decodeURIComponent(url.password) }),
      disableOfflineQueue: true,
      socket: { ...socketOptions(options.connectTimeoutMs ?? 2000), ...(url.protocol === 'rediss:' && { tls: true as const }) },
    },
  });
  watchErrors(cluster, 'commands', options.logger);
  cluster.on('node-error', () => undefined);
  await connectWithin(options, () => cluster.connect(), () => cluster.destroy());
  return {
    mode: 'cluster',
    commands: cluster,
    get isOpen() {
      return cluster.isOpen;
    },
    async ping() {
      await Promise.all(cluster.masters.map(async (master) => (await cluster.nodeClient(master)).ping()));
    },
    close: () => cluster.close(),
    destroy: () => cluster.destroy(),
  };
}

/** Logs each outage once (not every retry); the URL's password never appears. */
function watchErrors(client: RedisClient | RedisClusterClient, role: string, logger: StoreLogger | undefined): void {
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
