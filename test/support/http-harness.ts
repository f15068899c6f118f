/**
 * @module An in-process server on a random loopback port for the HTTP integration tests: real
 * state (the suite's own Redis under a random key prefix, or lmdb in a temp DATA_DIR), the bundled
 * sample lists, and every log line captured so tests can assert what was (not) logged.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { loadConfig, type Config } from '../../src/config.js';
import { mintSessionToken } from '../../src/identity/session-token.js';
import type { LoadedListSet } from '../../src/lists/catalog.js';
import { createThreadServices, installListSet, type ThreadServices } from '../../src/server/bootstrap.js';
import { assertConformsToOpenApi } from './contract-check.js';
import { createLogger } from '../../src/server/logging/logger.js';
import { startHttpServer, type RunningServer } from '../../src/server/http/server.js';
import { REDIS_TEST_URL } from './redis-url.js';
import { SAMPLE_DIR } from './shared.js';

/** The suite's own redis-server (test/global-setup.ts). */
export const REDIS_URL = REDIS_TEST_URL;

export interface TestServer {
  readonly url: string;
  readonly identityUrl: string;
  readonly config: Config;
  readonly services: ThreadServices;
  readonly server: RunningServer;
  /** Every log line written so far (JSON text). */
  readonly logs: string[];
  /** A session JWT for the account, signed with this server's secret (issued `now`, valid ttlSeconds). */
  session(accountId: string, options?: { now?: Date; ttlSeconds?: number }): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** 'redis' (default) or the embedded lmdb store. */
  store?: 'redis' | 'lmdb';
  /** Shared by servers that must see the same Redis data; random when absent. */
  redisKeyPrefix?: string;
  /** Shared by servers that must verify the same session tokens; random when absent. */
  sessionSecret?: string;
  /** Loaded lists, or null to serve without any (503 lists_unavailable). Default: the sample set. */
  lists?: LoadedListSet | null;
  env?: Record<string, string>;
}

let sampleSet: Promise<LoadedListSet> | undefined;

/** The bundled sample set, loaded once per test file. */
export function sampleLists(): Promise<LoadedListSet> {
  sampleSet ??= import('../../src/lists/catalog.js').then(({ loadListSet }) =>
    loadListSet({ dir: join(tmpdir(), 'no-lists-here'), sampleDir: SAMPLE_DIR }));
  return sampleSet;
}

export const randomPrefix = (): string => `test:${randomBytes(6).toString('hex')}:`;
export const randomSecret = (): string => randomBytes(32).toString('hex');

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-http-'));
  const secret = options.sessionSecret ?? randomSecret();
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LISTS_DIR: join(dataDir, 'lists'),
    SESSION_JWT_SECRET: secret,
    LOG_LEVEL: 'info',
    ...(options.store !== 'lmdb' && { REDIS_URL: REDIS_URL, REDIS_KEY_PREFIX: options.redisKeyPrefix ?? randomPrefix() }),
    ...options.env,
  });
  // A prefix this server made up is its own to clean; a shared one is the test's.
  const ownPrefix = options.store !== 'lmdb' && options.redisKeyPrefix === undefined;
  const logs: string[] = [];
  const logger = createLogger({ level: config.logLevel, destination: { write: (line: string) => void logs.push(line) } });
  const services = await createThreadServices(config, logger);
  const lists = options.lists === undefined ? await sampleLists() : options.lists;
  if (lists !== null) await installListSet(services.lists, lists, logger);
  const server = await startHttpServer(services.deps, config);
  return {
    url: `http://127.0.0.1:${server.port}`,
    identityUrl: `http://127.0.0.1:${server.identityPort ?? server.port}`,
    config,
    services,
    server,
    logs,
    session: (accountId, mint = {}) =>
      mintSessionToken({ secret, accountId, ttlSeconds: mint.ttlSeconds ?? 3600, ...(mint.now && { now: mint.now }) }),
    async close() {
      await server.close(2_000);
      await services.state.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (ownPrefix) await redisDump(config.redisKeyPrefix, true);
    },
  };
}

/** Every Redis key and value under a prefix (for "no personal data stored" checks), then deletes them. */
export async function redisDump(prefix: string, remove = false): Promise<string[]> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  try {
    const out: string[] = [];
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      for (const key of keys) {
        const type = await client.type(key);
        out.push(key, type, await dumpValue(client, key, type));
        if (remove) await client.del(key);
      }
    }
    return out;
  } finally {
    await client.quit();
  }
}

type Client = ReturnType<typeof createClient>;

async function dumpValue(client: Client, key: string, type: string): Promise<string> {
  switch (type) {
    case 'string':
      return (await client.get(key)) ?? '';
    case 'hash':
      return JSON.stringify(await client.hGetAll(key));
    case 'set':
      return JSON.stringify(await client.sMembers(key));
    case 'zset':
      return JSON.stringify(await client.zRange(key, 0, -1));
    case 'list':
      return JSON.stringify(await client.lRange(key, 0, -1));
    default:
      return '';
  }
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON or MessagePack; the raw text when neither parses. */
  body: any;
}

export interface CallOptions {
  token?: string;
  /** Sent as JSON unless `raw` is given. */
  json?: unknown;
  raw?: Buffer | string;
  headers?: Record<string, string>;
}

/** One HTTP call over loopback with fetch; parses the answer by its Content-Type. */
export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: Buffer | string | undefined = options.raw;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  let parsed: unknown = bytes.toString('utf8');
  if (type.startsWith('application/json')) parsed = JSON.parse(bytes.toString('utf8'));
  else if (type.startsWith('application/msgpack')) parsed = (await import('msgpackr')).unpack(bytes);
  const answer: ApiResponse = { status: response.status, headers: response.headers, body: parsed };
  // Every answer the HTTP tests receive must conform to the OpenAPI document; a violation fails the test.
  assertConformsToOpenApi({ method, path, ...answer });
  return answer;
}

/** Creates a key for `accountId` through the identity API and returns its token and record. */
export async function createKey(server: TestServer, accountId: string, body: Record<string, unknown> = {}): Promise<any> {
  const session = await server.session(accountId);
  const r = await call(server.identityUrl, 'POST', '/me/api-keys', {
    token: session,
    json: { name: 'test key', allowedServiceIds: ['sanctions-screening'], ...body },
  });
  if (r.status !== 200) throw new Error(`key creation failed: ${r.status} ${JSON.stringify(r.body)}`);
  // With its account, the answer is a quota KeyOwner (tests peek at its counter).
  return { ...r.body, accountId };
}
