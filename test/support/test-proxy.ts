/**
 * @module A tiny real HTTP proxy on loopback (random port) for the tests of clients that honour
 * HTTP_PROXY / HTTPS_PROXY: CONNECT tunnels (what undici's ProxyAgent sends, for http and https
 * targets alike) and absolute-form forward requests. It records the target of every request.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface TestProxy {
  url: string;
  /** "host:port" of each proxied request or tunnel, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTestProxy(): Promise<TestProxy> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    // Forward proxying: the request line holds the absolute URL.
    const target = new URL(req.url ?? '');
    requests.push(target.host);
    const upstream = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    requests.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
