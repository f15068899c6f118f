/**
 * @module Per-request context: the request ID every response and log line carries, the reply
 * format, and the few facts the request log may record.
 */
import type { BodyFormat } from './framing.js';
import type { PlainRequest } from './http-types.js';

/** Account IDs are left out on purpose: a JWT `sub` may be an e-mail address. */
export interface RequestLogFields {
  keyId?: string;
  /** Quota units consumed. */
  units?: number;
}

export interface RequestContext {
  readonly requestId: string;
  readonly request: PlainRequest;
  /** Format of the reply, from Accept. */
  readonly format: BodyFormat;
  /** Path parameters of the matched route, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Facts for the request log line (IDs only, never request data). */
  readonly log: RequestLogFields;
}
