/**
 * @module Re-emitting a pino line written in another thread through this thread's logger, so every
 * line of the process goes to one destination with one set of redaction rules.
 */
import type { Logger } from '../logging/logger.js';

const LEVELS: Record<number, 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal',
};

export function relog(logger: Logger, line: string): void {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    logger.warn('unreadable log line from the list pipeline');
    return;
  }
  // time, pid and hostname are the emitting logger's; this logger adds its own.
  const { level, msg, time: _time, pid: _pid, hostname: _hostname, ...fields } = parsed;
  const method = LEVELS[Number(level)] ?? 'info';
  logger[method]({ thread: 'lists', ...fields }, typeof msg === 'string' ? msg : '');
}
