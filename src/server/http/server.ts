/**
 * @module Listening in one thread: builds the uWS app(s) over an HttpApp and listens. With an
 * identity port, the identity API gets its own listener and the main one serves services only.
 * Workers (threads/workers.ts) reuse buildApps without listening and hand their apps to an acceptor.
 */
import uWS, { type TemplatedApp, type us_listen_socket } from 'uWebSockets.js';
import { createHttpApp } from './app.js';
import type { ApiSet, ServerDeps } from '../deps.js';
import { InFlight, mountHttpApp } from './uws-adapter.js';

export interface ListenOptions {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** Separate listener for /me/api-keys; null serves it on `port`. */
  identityPort: number | null;
  /** Separate listener for GET /metrics (then served nowhere else); null serves it on every listener. */
  metricsPort: number | null;
  maxBodyBytes: number;
  /** A body not received whole this long after its headers answers 400 invalid_request and closes. */
  bodyTimeoutMs: number;
}

export interface BuiltApps {
  /** Serves services (and identity, when no identity port is set) and the health routes. */
  main: TemplatedApp;
  /** Serves the identity API and the health routes; null without an identity port. */
  identity: TemplatedApp | null;
  /** Serves GET /metrics alone; null without a metrics port. */
  metrics: TemplatedApp | null;
  inFlight: InFlight;
}

export interface RunningServer {
  readonly port: number;
  readonly identityPort: number | null;
  readonly metricsPort: number | null;
  /** Stops accepting, waits for exchanges in flight (at most graceMs), then closes every connection. */
  close(graceMs?: number): Promise<void>;
}

export const DEFAULT_GRACE_MS = 10_000;

export function buildApps(deps: ServerDeps, options: Pick<ListenOptions, 'identityPort' | 'metricsPort' | 'maxBodyBytes' | 'bodyTimeoutMs'>): BuiltApps {
  const inFlight = new InFlight();
  const metricsApart = options.metricsPort !== null;
  const make = (apis: ApiSet): TemplatedApp => {
    const app = uWS.App();
    mountHttpApp(app, createHttpApp(deps, apis, metricsApart), { maxBodyBytes: options.maxBodyBytes, bodyTimeoutMs: options.bodyTimeoutMs }, inFlight);
    return app;
  };
  const metrics = metricsApart ? make('metrics') : null;
  if (options.identityPort === null) return { main: make('all'), identity: null, metrics, inFlight };
  return { main: make('service'), identity: make('identity'), metrics, inFlight };
}

export async function startHttpServer(deps: ServerDeps, options: ListenOptions): Promise<RunningServer> {
  const apps = buildApps(deps, options);
  const sockets: us_listen_socket[] = [];
  try {
    sockets.push(await listen(apps.main, options.host, options.port));
    if (apps.identity !== null) sockets.push(await listen(apps.identity, options.host, options.identityPort ?? 0));
    if (apps.metrics !== null) sockets.push(await listen(apps.metrics, options.host, options.metricsPort ?? 0));
  } catch (error) {
    for (const socket of sockets) uWS.us_listen_socket_close(socket);
    closeApps(apps);
    throw error;
  }
  const ports = sockets.map((s) => uWS.us_socket_local_port(s as unknown as uWS.us_socket));
  let closing: Promise<void> | null = null;
  return {
    port: ports[0],
    identityPort: apps.identity === null ? null : ports[1],
    metricsPort: apps.metrics === null ? null : ports[ports.length - 1],
    close(graceMs = DEFAULT_GRACE_MS) {
      closing ??= (async () => {
        for (const socket of sockets) uWS.us_listen_socket_close(socket);
        await drain(apps.inFlight, graceMs);
        closeApps(apps);
      })();
      return closing;
    },
  };
}

/** Listens; rejects with a one-line reason when the address is taken or invalid. */
export function listen(app: TemplatedApp, host: string, port: number): Promise<us_listen_socket> {
  return new Promise((resolve, reject) => {
    app.listen(host, port, (socket) => {
      if (socket) resolve(socket);
      else reject(new Error(`cannot listen on ${host}:${port} (address in use or not available)`));
    });
  });
}

/** Waits for the exchanges in flight, but no longer than graceMs. */
export async function drain(inFlight: InFlight, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([inFlight.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
}

/** Closes every socket, including idle keep-alive connections (uWS would keep them open). */
export function closeApps(apps: BuiltApps): void {
  apps.main.close();
  apps.identity?.close();
  apps.metrics?.close();
}
