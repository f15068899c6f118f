/**
 * The built server (dist/server/main.js, what `npm start` runs) as a child process for the HTTP
 * benches: on a free port, with its own DATA_DIR, on the embedded store or on Redis under its own
 * key prefix, and one API key made through the identity API. stop() removes what it wrote.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintSessionToken } from '../../src/identity/session-token.js';
import { freePort } from '../../test/support/main-process.js';
import { PROJECT_DIR } from './paths.js';

export const BENCH_REDIS_URL = 'redis://127.0.0.1:6379';

export interface BenchServerOptions {
  readonly store: 'lmdb' | 'redis';
  readonly workers: number;
  readonly listsDir: string;
  /** More settings for the server (e.g. LMDB_SYNC_INTERVAL_MS). */
  readonly env?: Record<string, string>;
  /** The Redis of store 'redis' (default BENCH_REDIS_URL). */
  readonly redisUrl?: string;
  /** The checkout whose build runs (default this one): an A/B bench runs two builds side by side. */
  readonly serverDir?: string;
}

export interface BenchServer {
  readonly url: string;
  /** `authorization` and `content-type` headers with the bench key. */
  readonly headers: Record<string, string>;
  /** The server process (its threads are /proc/<pid>/task/*). */
  readonly pid: number;
  stop(): Promise<void>;
}

export function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(6379, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true))).once('error', () => resolve(false));
  });
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 1200 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server not ready within 120 s');
}

async function createBenchKey(url: string, secret: string): Promise<string> {
  const session = await mintSessionToken({ secret, accountId: 'bench', ttlSeconds: 3600 });
  const created = await fetch(`${url}/me/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', allowedServiceIds: ['sanctions-screening'], monthlyLimit: 1_000_000_000 }),
  });
  return ((await created.json()) as { token: string }).token;
}

/** Builds the server as `npm start` runs it: the compiled JavaScript and WASM core of this tree. */
export function buildServer(): void {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: PROJECT_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** Starts the built server (run `npm run build` first) and makes its bench key. */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-bench-'));
  const secret = 'b'.repeat(48);
  const prefix = `bench:${process.pid}:${port}:`;
  const redisUrl = options.redisUrl ?? BENCH_REDIS_URL;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: options.serverDir ?? PROJECT_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '', PORT: String(port), WORKERS: String(options.workers), LISTS_DIR: options.listsDir,
      DATA_DIR: dataDir, SESSION_JWT_SECRET: secret, LOG_LEVEL: 'warn', DEFAULT_MONTHLY_LIMIT_CAP: '1000000000',
      ...(options.store === 'redis' && { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }),
      ...options.env,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    if (options.store === 'redis') await cleanRedis(redisUrl, prefix).catch(() => undefined);
  };
  try {
    await waitReady(url, child);
    const token = await createBenchKey(url, secret);
    return { url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, pid: child.pid!, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Drops a bench server's own keys (keys, accounts, counters, audit records). */
async function cleanRedis(redisUrl: string, keyPrefix: string): Promise<void> {
  const { createClient } = await import('redis');
  const client = createClient({ url: redisUrl });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 1000 })) if (keys.length > 0) await client.del(keys);
  await client.quit();
}
