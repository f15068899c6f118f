// @ts-check
/**
 * Calls to this origin's identity and service APIs. Every refusal becomes an ApiError carrying the
 * error envelope (code, message, requestId, details), so views can show exactly what the server said.
 */

/** @typedef {{ field: string, issue: string }} FieldIssue */

export class ApiError extends Error {
  /**
   * @param {number} status HTTP status, 0 when the server was not reached
   * @param {string} code
   * @param {string} message
   * @param {string | null} requestId
   * @param {FieldIssue[]} details
   */
  constructor(status, code, message, requestId, details) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.details = details;
  }
}

/**
 * @typedef {object} ApiAnswer
 * @property {any} data the parsed JSON body
 * @property {Headers} headers
 */

/**
 * One JSON call with a bearer token. Throws ApiError for a non-2xx answer or an unreachable server.
 * @param {'GET' | 'POST' | 'DELETE'} method
 * @param {string} path
 * @param {string} token
 * @param {unknown} [body]
 * @returns {Promise<ApiAnswer>}
 */
export async function callApi(method, path, token, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  /** @type {Response} */
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The server could not be reached. Check that it is running, then try again.', null, []);
  }
  const data = parseJson(await response.text());
  if (!response.ok) throw errorFrom(response, data);
  if (data === undefined) {
    throw new ApiError(response.status, 'bad_response', 'The server answered with something that is not JSON.',
      response.headers.get('x-request-id'), []);
  }
  return { data, headers: response.headers };
}

/**
 * @param {string} text
 * @returns {unknown} undefined when the text is not JSON
 */
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * @param {Response} response
 * @param {any} data
 */
function errorFrom(response, data) {
  const envelope = data && typeof data === 'object' ? data.error : undefined;
  if (envelope && typeof envelope.code === 'string' && typeof envelope.message === 'string') {
    const details = Array.isArray(envelope.details) ? envelope.details.filter(isIssue) : [];
    return new ApiError(response.status, envelope.code, envelope.message, envelope.requestId ?? null, details);
  }
  return new ApiError(response.status, `http_${response.status}`, `The server answered HTTP ${response.status}.`,
    response.headers.get('x-request-id'), []);
}

/**
 * @param {any} item
 * @returns {item is FieldIssue}
 */
function isIssue(item) {
  return item !== null && typeof item === 'object' && typeof item.field === 'string' && typeof item.issue === 'string';
}

/**
 * The rate-limit headers of a service answer, or null when absent.
 * @param {Headers} headers
 * @returns {{ limit: number, remaining: number, resetAt: string } | null}
 */
export function rateLimitOf(headers) {
  const limit = headers.get('x-ratelimit-limit');
  const remaining = headers.get('x-ratelimit-remaining');
  const resetAt = headers.get('x-ratelimit-reset');
  if (limit === null || remaining === null || resetAt === null) return null;
  return { limit: Number(limit), remaining: Number(remaining), resetAt };
}
