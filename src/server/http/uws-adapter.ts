/**
 * @module The only file that touches uWS request and response objects. It turns a uWS exchange into
 * a PlainRequest, hands it to the HttpApp, and writes the PlainResult back.
 *
 * uWS rules kept here: the request object is read synchronously (it is stack-allocated); onAborted
 * is registered before anything asynchronous; every body chunk is copied (uWS neuters the
 * ArrayBuffer after the callback); the body is capped while it streams; writes after an await are
 * corked; nothing touches `res` after it was aborted or ended.
 */
import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import type { FieldIssue } from '../../errors.js';
import type { HttpApp } from './app.js';
import { statusLine, type PlainRequest, type PlainResult } from './http-types.js';

export interface AdapterOptions {
  /** Bodies above this answer 413 as soon as they pass it (or at once, by Content-Length). */
  maxBodyBytes: number;
  /**
   * A body still incomplete this long after the request's headers (a client that stalls or trickles
   * it, slowloris) answers 400 invalid_request and the connection closes, so no connection can hold
   * a request open for longer than this. uWS's own 10 s idle timeout only catches a silent client.
   */
  bodyTimeoutMs: number;
}

/** Counts exchanges in progress, so a shutdown can wait for them. */
export class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  get size(): number {
    return this.count;
  }

  start(): void {
    this.count++;
  }

  end(): void {
    this.count--;
    if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves when nothing is in flight. */
  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

interface Exchange {
  res: HttpResponse;
  head: Omit<PlainRequest, 'body'>;
  /** The client went away: `res` must not be touched any more. */
  aborted: boolean;
  /** The response was written. */
  ended: boolean;
  /** The handler is still running (it may outlive an abort, e.g. writing the audit record). */
  working: boolean;
  counted: boolean;
  /** Stops the body's timer (set while the body is being read). */
  stopReading?: () => void;
}

export function mountHttpApp(app: TemplatedApp, http: HttpApp, options: AdapterOptions, inFlight: InFlight): void {
  app.any('/*', (res, req) => {
    const exchange: Exchange = { res, head: readHead(req), aborted: false, ended: false, working: false, counted: false };
    inFlight.start();
    res.onAborted(() => {
      exchange.aborted = true;
      exchange.stopReading?.();
      settle(exchange, inFlight);
    });
    const framing = framingProblem(exchange.head.headers);
    if (framing !== null) {
      // uWS frames the body by the first Content-Length; a proxy in front may have used another,
      // so what follows on this connection may not start where a request starts. Answered on the
      // next turn, not in this handler: uWS then drops the connection, unanswered, if the bytes
      // after the first length parse as another request (an answer written here would let uWS go
      // on to serve that smuggled request). Without such bytes the client gets the 400 and a close.
      setImmediate(() => send(exchange, http.reject(exchange.head, 'invalid_request', [framing]), true, inFlight));
      return;
    }
    const declared = Number(exchange.head.headers['content-length'] ?? '0');
    if (declared > options.maxBodyBytes) {
      // Refused before a byte of body is read; the connection closes so the rest is never read either.
      send(exchange, http.reject(exchange.head, 'payload_too_large'), true, inFlight);
      return;
    }
    exchange.stopReading = readBody(res, options, (body) => {
      if (body === 'timeout') {
        const issue = { field: 'body', issue: `was not received whole within ${options.bodyTimeoutMs} ms` };
        send(exchange, http.reject(exchange.head, 'invalid_request', [issue]), true, inFlight);
        return;
      }
      if (body === null) {
        // Answered at once but the connection stays open: closing while the client still writes
        // makes its TCP stack reset the connection and lose the 413. uWS discards the rest.
        send(exchange, http.reject(exchange.head, 'payload_too_large'), false, inFlight);
        return;
      }
      exchange.working = true;
      void answer(exchange, http, body, inFlight);
    });
  });
}

/** Runs the app on a whole request and writes its answer; one async frame instead of a promise chain. */
async function answer(exchange: Exchange, http: HttpApp, body: Buffer, inFlight: InFlight): Promise<void> {
  const head = exchange.head;
  try {
    let result: PlainResult;
    let close = false;
    try {
      const undeliverable = (): boolean => exchange.aborted;
      result = await http.handle({ method: head.method, path: head.path, query: head.query, headers: head.headers, body, undeliverable });
    } catch {
      // HttpApp.handle maps every error itself; this only guards against a bug in that mapping.
      result = http.reject(head, 'internal');
      close = true;
    }
    send(exchange, result, close, inFlight);
  } catch {
    // Writing the answer itself failed (send marks the exchange ended first): nothing more to write.
  } finally {
    exchange.working = false;
    settle(exchange, inFlight);
  }
}

/**
 * A request whose body framing is ambiguous (request smuggling behind a proxy): Content-Length
 * repeated. readHead joins repeated headers with ", ", and uWS itself refuses a comma inside one
 * Content-Length, so a comma here means the header came more than once.
 */
function framingProblem(headers: PlainRequest['headers']): FieldIssue | null {
  if (headers['content-length']?.includes(',')) return { field: 'content-length', issue: 'must be given once' };
  return null;
}

function readHead(req: HttpRequest): Omit<PlainRequest, 'body'> {
  const headers: Record<string, string> = {};
  req.forEach((key, value) => {
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  });
  return { method: req.getCaseSensitiveMethod().toUpperCase(), path: req.getUrl(), query: req.getQuery() ?? '', headers };
}

/**
 * Calls `done` once: with the whole body, with null as soon as it passes `maxBodyBytes`, or with
 * 'timeout' when it is still incomplete `bodyTimeoutMs` after the headers (later chunks are ignored).
 * Returns what stops the timer should the client go away first.
 */
function readBody(res: HttpResponse, options: AdapterOptions, done: (body: Buffer | null | 'timeout') => void): () => void {
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const timer = setTimeout(() => {
    if (finished) return;
    finished = true;
    done('timeout');
  }, options.bodyTimeoutMs);
  const finish = (body: Buffer | null): void => {
    finished = true;
    clearTimeout(timer);
    done(body);
  };
  res.onData((chunk, isLast) => {
    if (finished) return;
    size += chunk.byteLength;
    if (size > options.maxBodyBytes) {
      finish(null);
      return;
    }
    // Buffer.from(Uint8Array) copies; uWS reuses the ArrayBuffer once this callback returns.
    if (isLast && chunks.length === 0) {
      // The usual case, a body in one chunk: one copy, no concatenation.
      finish(Buffer.from(new Uint8Array(chunk)));
      return;
    }
    if (chunk.byteLength > 0) chunks.push(Buffer.from(new Uint8Array(chunk)));
    if (isLast) finish(Buffer.concat(chunks, size));
  });
  // Called when the client goes away: nothing to wait for any more (uWS has one onAborted per response).
  return () => clearTimeout(timer);
}

function send(exchange: Exchange, result: PlainResult, closeConnection: boolean, inFlight: InFlight): void {
  if (exchange.aborted || exchange.ended) return;
  exchange.ended = true;
  const { res } = exchange;
  res.cork(() => {
    res.writeStatus(statusLine(result.status));
    const headers = result.headers;
    for (const name in headers) res.writeHeader(name, headers[name]);
    if (exchange.head.method === 'HEAD') res.endWithoutBody(byteLength(result.body), closeConnection);
    else res.end(result.body, closeConnection);
  });
  settle(exchange, inFlight);
}

function byteLength(body: Buffer | string): number {
  return typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
}

/** Ends the in-flight count once per exchange: answered or aborted, and its handler done. */
function settle(exchange: Exchange, inFlight: InFlight): void {
  if (exchange.counted || exchange.working || !(exchange.aborted || exchange.ended)) return;
  exchange.counted = true;
  inFlight.end();
}
