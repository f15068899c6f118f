/**
 * @module The one table of public error codes: code -> HTTP status -> public message.
 *
 * Exactly the codes of the contract (API.md, "Errors" and "Service calls"), plus store_unavailable.
 * Handlers throw `new AppError(code, details)`; the server alone turns it into the error envelope.
 * Anything that is not an AppError becomes 500 `internal`, so no internal message ever reaches a client.
 */

export const ERROR_TABLE = {
  invalid_request: { status: 400, message: 'The request is invalid.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  unauthorized: { status: 401, message: 'Missing or malformed Authorization header; expected "Bearer <token>".' },
  invalid_api_key: { status: 401, message: 'The API key is not valid.' },
  api_key_revoked: { status: 401, message: 'The API key has been revoked.' },
  api_key_expired: { status: 401, message: 'The API key has expired.' },
  service_not_allowed: { status: 403, message: 'The API key is not allowed to call this service.' },
  not_subscribed: { status: 403, message: 'The account is not subscribed to this service.' },
  not_found: { status: 404, message: 'The requested resource was not found.' },
  unknown_service: { status: 404, message: 'No such service.' },
  unknown_list: { status: 404, message: 'No such list source.' },
  entry_not_found: { status: 404, message: 'No such entry on that list.' },
  decision_not_found: { status: 404, message: 'No such decision.' },
  method_not_allowed: { status: 405, message: 'The method is not allowed on this resource.' },
  key_limit_reached: { status: 409, message: 'The account has reached its limit of active API keys.' },
  idempotency_key_reused: { status: 409, message: 'This Idempotency-Key was used with a different request body.' },
  decision_limit_reached: { status: 409, message: 'The account has reached its limit of decisions; delete some first.' },
  idempotency_key_in_use: { status: 409, message: 'A request with this Idempotency-Key is still being processed.' },
  list_version_gone: { status: 410, message: 'The list version is no longer archived.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: {
    status: 415,
    message: 'Unsupported Content-Type; send application/json or application/msgpack.',
  },
  quota_exceeded: { status: 429, message: 'The monthly quota of this API key for this service is exhausted.' },
  internal: { status: 500, message: 'An internal error occurred.' },
  lists_unavailable: { status: 503, message: 'No sanctions list is loaded yet; retry later.' },
  store_unavailable: { status: 503, message: 'The key and quota store is unavailable; retry later.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export const ERROR_CODES = Object.keys(ERROR_TABLE) as ErrorCode[];

/** One problem with the request, naming the field ("address.country", "aliases[2]") and what is wrong. */
export interface FieldIssue {
  field: string;
  issue: string;
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    requestId: string;
    details?: FieldIssue[];
  };
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly details?: FieldIssue[],
    /** Replaces the table's public message when a more precise one helps (never internal text). */
    publicMessage?: string,
    /** Extra response headers, e.g. the rate-limit headers and Retry-After of a 429. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(publicMessage ?? ERROR_TABLE[code].message);
    this.name = 'AppError';
    this.status = ERROR_TABLE[code].status;
  }
}

export function statusOf(code: ErrorCode): number {
  return ERROR_TABLE[code].status;
}

/** The public error envelope; `details` only when there are some. */
export function errorBody(code: ErrorCode, requestId: string, details?: FieldIssue[], message?: string): ErrorBody {
  const error: ErrorBody['error'] = { code, message: message ?? ERROR_TABLE[code].message, requestId };
  if (details && details.length > 0) error.details = details;
  return { error };
}
