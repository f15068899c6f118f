/**
 * @module The one error a store throws for an expected failure: it cannot be reached.
 * The HTTP layer maps `code` to 503 `store_unavailable`; the message names no secret or URL password.
 */

export class StoreUnavailableError extends Error {
  readonly code = 'store_unavailable' as const;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export function isStoreUnavailable(error: unknown): error is StoreUnavailableError {
  return error instanceof StoreUnavailableError;
}
