/**
 * @module Redis servers the test suite owns: one `redis-server` (or a 3-master cluster) on free
 * loopback ports, each in its own temp directory with persistence off, stopped by the suite. Tests
 * never talk to a Redis they did not start (nothing at 127.0.0.1:6379 is ever read or written).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createClient } from 'redis';

export interface RedisProcess {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface RedisCluster {
  /** The first master; the store finds the others from it. */
  readonly url: string;
  readonly nodes: readonly RedisProcess[];
  stop(): Promise<void>;
}

const MISSING = 'redis-server is not installed and cannot be installed here (needs root and apt-get): '
  + 'install it (e.g. `apt-get install redis-server` or `brew install redis`) and run `npm test` again';

function onPath(binary: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && existsSync(join(dir, binary))) return join(dir, binary);
  }
  return null;
}

/**
 * The redis-server binary; installed from Debian's packages when missing and we are root with apt
 * (as CI machines are). Otherwise throws one line saying how, before any test runs.
 */
export function ensureRedisServer(): string {
  const found = onPath('redis-server');
  if (found !== null) return found;
  if (process.getuid?.() !== 0 || onPath('apt-get') === null) throw new Error(MISSING);
  console.warn('[tests] redis-server is missing: installing it from Debian\'s packages (apt-get install redis-server)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'redis-server'], { stdio: 'ignore', env });
  const installed = onPath('redis-server');
  if (installed === null) throw new Error(MISSING);
  return installed;
}

/** A loopback port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts one redis-server on a free loopback port; resolves once it answers PING. */
export async function startRedisServer(binary = ensureRedisServer(), extraArgs: readonly string[] = []): Promise<RedisProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'rps-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...extraArgs];
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const url = `redis://127.0.0.1:${port}`;
  try {
    await waitForPing(url, child, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { url, port, stop: () => stopProcess(child, dir) };
}

async function waitForPing(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited at start (${child.exitCode}): ${stderr().trim()}`);
    const client = createClient({ url, socket: { connectTimeout: 500, reconnectStrategy: false } });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      if (client.isOpen) client.destroy();
    }
  }
  throw new Error(`redis-server on ${url} did not answer within 10 s`);
}

async function stopProcess(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Three masters on free loopback ports, the 16,384 slots split between them, joined by CLUSTER MEET;
 * resolves once every node reports cluster_state:ok. No replicas: the tests are about slots.
 */
export async function startRedisCluster(binary = ensureRedisServer()): Promise<RedisCluster> {
  const nodes: RedisProcess[] = [];
  const busPorts: number[] = [];
  const stop = async (): Promise<void> => void (await Promise.all(nodes.map((node) => node.stop())));
  try {
    for (let i = 0; i < 3; i++) {
      const busPort = await freePort();
      busPorts.push(busPort);
      nodes.push(await startRedisServer(binary, [
        '--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-port', String(busPort),
        '--cluster-node-timeout', '5000',
      ]));
    }
    await formCluster(nodes, busPorts);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: nodes[0].url, nodes, stop };
}

async function formCluster(nodes: readonly RedisProcess[], busPorts: readonly number[]): Promise<void> {
  const clients = await Promise.all(nodes.map(async (node) => {
    const client = createClient({ url: node.url });
    client.on('error', () => undefined);
    return client.connect();
  }));
  try {
    const per = Math.ceil(16_384 / nodes.length);
    await Promise.all(clients.map((client, i) =>
      client.sendCommand(['CLUSTER', 'ADDSLOTSRANGE', String(i * per), String(Math.min(16_383, (i + 1) * per - 1))])));
    for (let i = 1; i < nodes.length; i++) {
      await clients[0].sendCommand(['CLUSTER', 'MEET', '127.0.0.1', String(nodes[i].port), String(busPorts[i])]);
    }
    const deadline = Date.now() + 20_000;
    for (const client of clients) {
      while (!String(await client.sendCommand(['CLUSTER', 'INFO'])).includes('cluster_state:ok')) {
        if (Date.now() > deadline) throw new Error('the test Redis cluster did not reach cluster_state:ok within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    for (const client of clients) client.destroy();
  }
}
