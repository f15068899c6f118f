/**
 * @module autocannon for the HTTP benches, and request rotation: every request the next of a list
 * of bodies, whatever connection sends it.
 */
import { createRequire } from 'node:module';

export interface Histogram { average: number; p50: number; p99: number; max: number }
export interface AutocannonResult { requests: Histogram & { total: number }; latency: Histogram; non2xx: number; errors: number; duration: number }
export type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/**
 * One POST request whose body is the next of `bodies` each time any connection sends it: every
 * request a different subject from the last, whatever the connection. (A list of requests would be
 * walked by every connection in step, so each worker would screen each subject several times in a
 * row, from warm caches; and autocannon copies such a list once per connection while the first
 * connections are already being timed.)
 */
export function rotating(path: string, headers: Record<string, string>, bodies: readonly string[]): Record<string, unknown>[] {
  let next = 0;
  return [{
    method: 'POST', path, headers, body: bodies[0],
    setupRequest: (request: Record<string, unknown>) => ({ ...request, body: bodies[next++ % bodies.length] }),
  }];
}

/**
 * The servers in the order of turn `turn` of a rotation: as given on even turns, reversed on odd
 * ones, so over consecutive turns every server is first (and last) as often as any other, within one.
 */
export function turnOrder<T>(items: readonly T[], turn: number): readonly T[] {
  return turn % 2 === 0 ? items : [...items].reverse();
}
