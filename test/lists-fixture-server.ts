/**
 * @module A real loopback HTTP server (node:http, random port) that plays a list publisher for the
 * `lists update` tests: serves payloads, HTTP errors, cut connections and lying Content-Lengths.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour =
  | { kind: 'ok'; body: Buffer }
  | { kind: 'status'; status: number }
  /** Sends the first `sendBytes` bytes, declaring the whole length, then closes the socket. */
  | { kind: 'cut'; body: Buffer; sendBytes: number }
  /** Sends headers and part of the body, then resets the connection. */
  | { kind: 'reset'; body: Buffer; sendBytes: number };

export interface FixtureServer {
  url: string;
  /** Sets what a path answers from now on; unknown paths answer 404. */
  serve(path: string, behaviour: Behaviour): void;
  /** Paths requested so far, with query strings. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const routes = new Map<string, Behaviour>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    answer(routes.get(new URL(req.url ?? '/', 'http://x').pathname), req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serve: (path, behaviour) => routes.set(path, behaviour),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(behaviour: Behaviour | undefined, _req: IncomingMessage, res: ServerResponse): void {
  if (!behaviour) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    return;
  }
  switch (behaviour.kind) {
    case 'ok':
      res.writeHead(200, { 'content-length': behaviour.body.length }).end(behaviour.body);
      return;
    case 'status':
      res.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end('error');
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
