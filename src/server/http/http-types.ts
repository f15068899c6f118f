/**
 * @module The plain request and result every handler speaks, so handlers never see uWS
 * and can be tested without a socket.
 */

export interface PlainRequest {
  /** Upper case: GET, POST, DELETE... */
  method: string;
  /** Path without the query string, percent-encoding untouched. */
  path: string;
  /** Header names lower case; repeated headers joined with ", ". */
  headers: Readonly<Record<string, string>>;
  /** Raw query string without "?" (no route uses it yet). */
  query: string;
  body: Buffer;
  /**
   * True once the answer can no longer be delivered (the client went away, or uWS closed the
   * connection because a pipelined request came before this one's answer). Absent: never.
   */
  undeliverable?: () => boolean;
}

export interface PlainResult {
  status: number;
  /** Header names as they should be written. */
  headers: Record<string, string>;
  /** A string is written as UTF-8. */
  body: Buffer | string;
}

export type Handler = (request: PlainRequest) => Promise<PlainResult>;

/** Reason phrases for the statuses the service writes; uWS wants the full status line. */
const REASONS: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The lines of the known statuses, built once: one is written per response. */
const LINES = new Map(Object.entries(REASONS).map(([status, reason]) => [Number(status), `${status} ${reason}`]));

export function statusLine(status: number): string {
  return LINES.get(status) ?? `${status} Unknown`;
}
