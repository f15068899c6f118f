/**
 * @module What the document says about one route beyond its method and path, and the groups of
 * error codes routes share (which checks a route runs decides which codes it can answer).
 */
import type { ErrorCode } from '../../errors.js';
import type { JsonObject } from './components.js';

/** metricsToken: a bearer token only when the operator set METRICS_TOKEN. */
export type OperationAuth = 'apiKey' | 'session' | 'metricsToken' | 'none';

export interface OperationDoc {
  readonly operationId: string;
  readonly tag: string;
  readonly summary: string;
  readonly description: string;
  readonly auth: OperationAuth;
  readonly parameters?: readonly JsonObject[];
  readonly requestBody?: JsonObject;
  /** The 2xx answers; the error answers come from `errors`. */
  readonly responses: Readonly<Record<string, JsonObject>>;
  readonly errors: readonly ErrorCode[];
  /** What a code means on this route, where the table's message is not enough. */
  readonly errorNotes?: Partial<Record<ErrorCode, string>>;
}

/** With IDENTITY_PORT set, each listener answers 404 for the other API's paths. */
export const OTHER_PORT_NOTE = 'Also when the operator split the APIs over two ports (IDENTITY_PORT) and this port serves the other one.';

/** authenticateKey: missing or garbled header, then the identity service's verdict on the key. */
export const API_KEY_ERRORS: readonly ErrorCode[] = [
  'unauthorized', 'invalid_api_key', 'api_key_revoked', 'api_key_expired', 'service_not_allowed', 'not_subscribed',
];

/** decodeBody and the schema check, plus the adapter's size limit. */
export const BODY_ERRORS: readonly ErrorCode[] = ['invalid_request', 'invalid_json', 'payload_too_large', 'unsupported_media_type'];

/** Anything unexpected (http/app.ts), and a store outage on any route that reads keys, quotas or audit records. */
export const STORE_ROUTE_ERRORS: readonly ErrorCode[] = ['internal', 'store_unavailable'];

export const pathParameter = (name: string, description: string, schema: JsonObject): JsonObject =>
  ({ name, in: 'path', required: true, description, schema });

export const queryParameter = (name: string, description: string, schema: JsonObject): JsonObject =>
  ({ name, in: 'query', required: false, description, schema });

export const headerParameter = (name: string, description: string, schema: JsonObject): JsonObject =>
  ({ name, in: 'header', required: false, description, schema });
