/**
 * Prints the HTTP bench's request bodies as JSON: `{timed, warmup}`, each an array of screening
 * request bodies from the engine bench's query mix (the timed one, and one drawn with another seed
 * for the warm-up). Run as a child process by bench/support/screening-bodies.ts, so the load generator's heap never
 * holds the lists and index it takes to build the mix (their collection would pause it mid-run and
 * show up as request latency).
 *
 * Usage: tsx bench/support/mix-bodies.ts <size>
 */
import { buildQueryMix, MIX_SEED } from './query-mix.js';
import { loadSnapshot } from './snapshot.js';

const size = Number(process.argv[2]);
if (!Number.isInteger(size) || size < 1) throw new Error(`mix-bodies: size must be a positive integer, got "${process.argv[2]}"`);
const { set, engine } = await loadSnapshot();
const bodies = (seed: number): string[] =>
  buildQueryMix(engine.index.names, set.entries, size, seed).map((q) => JSON.stringify(q.request));
process.stdout.write(JSON.stringify({ timed: bodies(MIX_SEED), warmup: bodies(MIX_SEED + 1) }));
