/**
 * @module A real loopback HTTP server (node:http, random port) that plays a list publisher for the
 * `lists update` tests: serves payloads (with ETag / Last-Modified, answering conditional requests
 * with 304 as a publisher does), HTTP errors, cut connections and lying Content-Lengths; a path can
 * answer a sequence (a failure, then success).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour =
  | { kind: 'ok'; body: Buffer; etag?: string; lastModified?: string }
  | { kind: 'status'; status: number; headers?: Record<string, string> }
  /** Sends the first `sendBytes` bytes, declaring the whole length, then closes the socket. */
  | { kind: 'cut'; body: Buffer; sendBytes: number }
  /** Sends headers and part of the body, then resets the connection. */
  | { kind: 'reset'; body: Buffer; sendBytes: number };

export interface FixtureServer {
  url: string;
  /** Sets what a path answers from now on; unknown paths answer 404. */
  serve(path: string, behaviour: Behaviour): void;
  /** One answer per request in this order, the last one repeated. */
  serveSequence(path: string, behaviours: readonly Behaviour[]): void;
  /** Paths requested so far, with query strings. */
  requests: string[];
  /** The headers of each request, in the same order. */
  headers: IncomingMessage['headers'][];
  close(): Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const routes = new Map<string, Behaviour[]>();
  const requests: string[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    headers.push(req.headers);
    const queue = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    answer(queue && queue.length > 1 ? queue.shift() : queue?.[0], req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (path, behaviour) => routes.set(path, [behaviour]),
    serveSequence: (path, behaviours) => routes.set(path, [...behaviours]),
    requests,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(behaviour: Behaviour | undefined, req: IncomingMessage, res: ServerResponse): void {
  if (!behaviour) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  switch (behaviour.kind) {
    case 'ok': {
      const validators = { ...(behaviour.etag ? { etag: behaviour.etag } : {}), ...(behaviour.lastModified ? { 'last-modified': behaviour.lastModified } : {}) };
      if (notModified(behaviour, req)) return void res.writeHead(304, validators).end();
      res.writeHead(200, { 'content-length': behaviour.body.length, ...validators }).end(behaviour.body);
      return;
    }
    case 'status':
      res.writeHead(behaviour.status, { 'content-type': 'text/plain', ...behaviour.headers }).end('error');
      return;
    case 'cut':
      res.writeHead(200, { 'content-length': behaviour.body.length });
      res.write(behaviour.body.subarray(0, behaviour.sendBytes), () => res.socket?.end());
      return;
    case 'reset':
      res.writeHead(200, { 'content-length': behaviour.body.length });
      res.write(behaviour.body.subarray(0, behaviour.sendBytes), () => res.socket?.resetAndDestroy());
      return;
  }
}

/** RFC 9110: If-None-Match wins over If-Modified-Since when both are sent. */
function notModified(behaviour: Extract<Behaviour, { kind: 'ok' }>, req: IncomingMessage): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return behaviour.etag !== undefined && ifNoneMatch === behaviour.etag;
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return behaviour.lastModified !== undefined && !Number.isNaN(since) && Date.parse(behaviour.lastModified) <= since;
}
