/**
 * Hostile connections over loopback (issue 12, HTTP edges): a body trickled or stalled past
 * BODY_TIMEOUT_MS answers 400 in the contract's envelope and closes (slowloris); hundreds of
 * garbage requests and a thousand idle connections neither stop /healthz from answering promptly
 * nor leak the server's file descriptors once they are gone.
 */
import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createKey, startTestServer, type TestServer } from './support/http-harness.js';

const BODY_TIMEOUT_MS = 400;
const GARBAGE = 500;
const IDLE = 1_000;

let server: TestServer;
let token: string;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ env: { BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) } });
  token = (await createKey(server, 'acct-slow')).token;
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server?.close();
});

/** File descriptors this process holds (the server runs in it): sockets included. */
const openFds = (): number => readdirSync('/proc/self/fd').length;

interface Raw {
  text: string;
  closed: boolean;
  /** ms from the first byte written to the close (or to giving up). */
  ms: number;
  /** ms from the first byte written to the body's last byte (Infinity when it was not all sent). */
  lastByteMs: number;
}

/**
 * Writes `head` at once, then `body` one byte every `everyMs` (never ending when `everyMs` is
 * Infinity); resolves with what came back once the server closes, or after `giveUpMs`.
 */
function trickle(head: string, body: string, everyMs: number, giveUpMs: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let text = '';
    let sent = 0;
    let lastByteMs = Infinity;
    let ticker: NodeJS.Timeout | undefined;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (Number.isFinite(everyMs)) {
        ticker = setInterval(() => {
          if (sent < body.length && !socket.destroyed) socket.write(body[sent++]);
          if (sent === body.length && lastByteMs === Infinity) lastByteMs = performance.now() - started;
        }, everyMs);
      }
    });
    const finish = (closed: boolean): void => {
      clearInterval(ticker);
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, ms: performance.now() - started, lastByteMs });
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', (error) => (text === '' ? reject(error) : undefined));
    socket.on('close', () => finish(true));
  });
}

const screenHead = (length: number): string => ['POST /sanctions-screening/v1/screen HTTP/1.1', 'Host: x',
  'Content-Type: application/json', `Authorization: Bearer ${token}`, `Content-Length: ${length}`, '', ''].join('\r\n');

function envelope(text: string): any {
  return JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
}

describe('BODY_TIMEOUT_MS (slowloris)', () => {
  it('defaults to 30 s; a bad value stops the start naming it', () => {
    expect(loadConfig({}).bodyTimeoutMs).toBe(30_000);
    expect(loadConfig({ BODY_TIMEOUT_MS: '5000' }).bodyTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ BODY_TIMEOUT_MS: '10' })).toThrow('BODY_TIMEOUT_MS must be a whole number of at least 100 (got "10")');
  });

  it('a body trickled a byte at a time past the timeout: 400 invalid_request in the envelope, then the connection closes', async () => {
    const body = JSON.stringify({ name: 'Banco Nacional de Cuba' });
    // One byte every 100 ms: the connection is never idle, but the body would take 3.5 s.
    // Closed before the body could have ended (a loaded machine delays timers, not correctness):
    // the 400 naming the timeout below is what shows the timeout fired.
    const r = await trickle(screenHead(body.length), body, 100, 8_000);
    expect(r.closed).toBe(true);
    expect(r.ms).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 20);
    expect(r.text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    const answer = envelope(r.text);
    expect(answer.error).toMatchObject({
      code: 'invalid_request', details: [{ field: 'body', issue: `was not received whole within ${BODY_TIMEOUT_MS} ms` }],
    });
    expect(r.text).toContain(`X-Request-Id: ${answer.error.requestId}`);
  });

  it('a body that stalls after its headers: the same 400 and close, well before uWS would drop the idle connection', async () => {
    // uWS drops an idle connection after 10 s; closed within 8 s (giving up then) is well before.
    const r = await trickle(screenHead(30), '', Infinity, 8_000);
    expect(r.closed).toBe(true);
    expect(envelope(r.text).error.code).toBe('invalid_request');
  });

  it('a body sent in pieces within the timeout is screened as usual', async () => {
    const body = JSON.stringify({ name: 'Banco Nacional de Cuba' });
    // A byte every 5 ms is ~190 ms of body against the 400 ms timeout; on a loaded machine the
    // client's timers can stretch that past the timeout, where 400 is the right answer. So the
    // attempt counts only when its last byte left in time (at most three attempts).
    for (let attempt = 1; ; attempt++) {
      const r = await trickle(`${screenHead(body.length).slice(0, -2)}Connection: close\r\n\r\n`, body, 5, 3_000);
      if (r.lastByteMs < BODY_TIMEOUT_MS * 0.75 || attempt === 3) {
        expect(r.text, `last byte after ${r.lastByteMs.toFixed(0)} ms`).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
        return;
      }
    }
  });
});

/** Five /healthz round trips on fresh connections, in ms. */
async function healthzTimings(): Promise<number[]> {
  const timings: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } });
    expect(r.status).toBe(200);
    await r.arrayBuffer();
    timings.push(performance.now() - t);
  }
  return timings;
}

describe('garbage and idle connections', () => {
  it(`${GARBAGE} garbage requests and ${IDLE} idle connections: /healthz answers promptly, and every descriptor is released`, async () => {
    // The same health checks on a quiet server first: the bound is relative to this machine's speed now.
    const quiet = await healthzTimings();
    const fdsBefore = openFds();
    const garbage = [
      'GARBAGE\r\n\r\n', 'GET / HTTP/1.0\r\n\r\n', 'GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n', '\x00\x01\x02\x03\r\n\r\n',
      `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 'POST /x HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n',
      'GET /healthz HTTP/1.1\r\nHost x\r\n\r\n',
    ];
    const answers = new Map<string, number>();
    const idle: Socket[] = [];
    await Promise.all(Array.from({ length: IDLE }, () => new Promise<void>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve());
      s.on('error', reject);
      idle.push(s);
    })));
    const sent = Promise.all(Array.from({ length: GARBAGE }, (_, i) => new Promise<void>((resolve) => {
      const opened = performance.now();
      const s = connect(port, '127.0.0.1', () => s.write(garbage[i % garbage.length]));
      let first = '';
      s.on('data', (c) => (first ||= c.toString('latin1').split('\r\n')[0]));
      const done = (): void => {
        const kind = `${JSON.stringify(garbage[i % garbage.length].slice(0, 24))} -> ${first || '(closed unanswered)'}`;
        answers.set(kind, Math.max(answers.get(kind) ?? 0, performance.now() - opened));
        resolve();
      };
      s.on('close', done);
      s.on('error', () => undefined);
      s.setTimeout(15_000, () => s.destroy());
    })));
    // Both ends of each idle connection live in this process (the server runs here).
    const fdsLoaded = openFds();
    // While all of that is open: a health check on a fresh connection.
    const timings = await healthzTimings();
    for (const s of idle) s.destroy();
    await sent;
    // The server sees the clients' closes on its next loop turns.
    let fdsAfter = openFds();
    for (let i = 0; i < 100 && fdsAfter > fdsBefore + 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      fdsAfter = openFds();
    }
    console.info(`[hostile connections] healthz quiet ${quiet.map((t) => t.toFixed(1)).join(', ')} ms, loaded ${timings.map((t) => t.toFixed(1)).join(', ')} ms; ` +
      `fds ${fdsBefore} before, ${fdsLoaded} with ${IDLE} idle open, ${fdsAfter} after; answers (and the latest close):\n${[...answers].map(([k, ms]) => `${k}, closed within ${(ms / 1000).toFixed(1)} s`).join('\n')}`);
    expect(fdsLoaded).toBeGreaterThan(fdsBefore + IDLE);
    // Medians (one stalled check is the machine's, not the server's), against 250 ms or ten times the
    // quiet median, whichever is more: an absolute 250 ms on the max failed on a loaded shared machine.
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    expect(median(timings), `healthz loaded ${timings.join(', ')}; quiet ${quiet.join(', ')}`).toBeLessThan(Math.max(250, 10 * median(quiet)));
    expect(fdsAfter).toBeLessThanOrEqual(fdsBefore + 10);
    const r = await fetch(`${server.url}/healthz`);
    expect(r.status).toBe(200);
  }, 60_000);
});
