/**
 * @module The server's pino logger. What may be logged is decided here and in the request log
 * (http/app.ts): request IDs, method, route, status, timing, key and account IDs. Never names, bodies,
 * screened data or tokens; the redaction below is the safety net for a mistake elsewhere.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../../config.js';
import { scrubLogObject } from './log-scrub.js';

export type { Logger } from 'pino';

/** Field paths censored wherever they appear: credentials, and request data that must never be logged. */
const REDACT_PATHS = [
  'authorization',
  '*.authorization',
  'headers.authorization',
  'req.headers.authorization',
  'token',
  '*.token',
  'jwt',
  'secret',
  '*.secret',
  // Config fields holding credentials, should a config object ever be logged.
  'samApiKey',
  '*.samApiKey',
  'sessionJwtSecret',
  '*.sessionJwtSecret',
  'metricsToken',
  '*.metricsToken',
  'redisUrl',
  '*.redisUrl',
  'apiKey',
  '*.apiKey',
  'api_key',
  '*.api_key',
  'password',
  '*.password',
  'body',
  '*.body',
  'name',
  'aliases',
  'dateOfBirth',
  '*.name',
  '*.dateOfBirth',
];

export interface LoggerOptions {
  level: LogLevel;
  /** Where lines go; stdout when absent (tests pass a capturing stream). */
  destination?: DestinationStream;
  /** Fields on every line, e.g. { worker: 2 }. */
  base?: Record<string, unknown>;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { pid: process.pid, ...options.base },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // Error objects are logged by type and stack only; a message could quote input (e.g. JSON.parse).
      serializers: { err: serializeError },
      formatters: { log: scrubLogObject },
    },
    options.destination,
  );
}

function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  return { type: error.name, code: (error as { code?: unknown }).code, stack: stackFrames(error.stack) };
}

/** Only the "    at ..." frame lines: the lines before them repeat the message, which may span lines. */
function stackFrames(stack: string | undefined): string | undefined {
  return stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
}
