/**
 * In-process A/B of the screening answer path of two builds (issue #29): the same engine screens
 * the query mix; build A's contract writes the answer as before, build B's writes it with
 * engineVersion and coverage versions and hashes its bytes (answerSha256), as POST /screen now does.
 * Alternated block by block (A then B, then B then A) so the machine's load falls on both alike.
 * Reports p50 / mean / p99 per round of screen + encode (+ hash) and the ratios B / A.
 *
 *   npx tsx bench/ab-answer.ts --old /tmp/base-tree [--new .] [--size 600] [--rounds 3] [--block 40]
 */
import { hash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Engine, EngineSource } from '../src/engine/index.js';
import type { Fuzziness, ScreenRequest, ScreenResult } from '../src/engine/types.js';
import { loadListSet } from '../src/lists/catalog.js';
import { buildQueryMix, MIX_SEED } from './support/query-mix.js';
import { requireShared, SNAPSHOT_DIR } from './support/paths.js';

const { values } = parseArgs({
  options: {
    old: { type: 'string' }, new: { type: 'string', default: '.' }, size: { type: 'string', default: '600' },
    rounds: { type: 'string', default: '3' }, block: { type: 'string', default: '40' },
  },
});
if (!values.old) throw new Error('--old <tree> is required (a built worktree of the baseline commit)');
requireShared('bench/ab-answer.ts');

interface Contract {
  ScreenAnswer: new (id: string, at: string, result: ScreenResult, coverage: unknown) => { toJson(): string };
  CoverageBook: new (catalog: unknown, required: unknown[]) => { of(lists: unknown): { json: string } };
}
const load = async (tree: string, path: string): Promise<any> => import(pathToFileURL(resolve(tree, path)).href);
const contracts: Contract[] = [];
for (const tree of [values.old, values.new]) {
  contracts.push({ ...(await load(tree, 'dist/contract/screen-response.js')), ...(await load(tree, 'dist/contract/coverage.js')) });
}
const set = await loadListSet({ dir: SNAPSHOT_DIR });
const engine = (await (await load(values.new, 'dist/engine/index.js')).buildEngine(set as EngineSource)) as Engine;
const books = contracts.map((c) => new c.CoverageBook(set.catalog, []));
const MODES: Fuzziness[] = ['balanced', 'strict', 'loose'];
const requestsOf = (seed: number, size: number): ScreenRequest[] =>
  buildQueryMix(engine.index.names, set.entries, size, seed).flatMap((q) => MODES.map((m) => ({ ...q.request, fuzziness: m })));
const timed = requestsOf(MIX_SEED, Number(values.size));
for (const r of requestsOf(MIX_SEED + 1, 300)) engine.screen(r);

/** One screening as the route does it: A encodes; B encodes and hashes the bytes. */
function once(which: number, r: ScreenRequest): void {
  const answer = new contracts[which].ScreenAnswer('d10bde04-39d1-4d51-8901-f64221e4afc6', new Date().toISOString(), engine.screen(r), books[which].of(undefined));
  const json = answer.toJson();
  if (which === 1) hash('sha256', json, 'hex');
}
const quantile = (xs: number[], q: number): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))]; };
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const block = Number(values.block);
const ratios: number[][] = [];
console.log(`queries ${timed.length}; round: A p50/mean/p99 ms | B p50/mean/p99 ms | B/A p50 mean p99`);
for (let round = 1; round <= Number(values.rounds); round++) {
  const times: number[][] = [[], []];
  for (let at = 0, b = 0; at < timed.length; at += block, b++) {
    for (const which of b % 2 === 0 ? [0, 1] : [1, 0]) {
      for (const r of timed.slice(at, at + block)) {
        const t = performance.now();
        once(which, r);
        times[which].push(performance.now() - t);
      }
    }
  }
  const s = times.map((t) => [quantile(t, 0.5), mean(t), quantile(t, 0.99)]);
  const r = [0, 1, 2].map((k) => s[1][k] / s[0][k]);
  ratios.push(r);
  console.log(`${round}: ${s[0].map((x) => x.toFixed(3)).join('/')} | ${s[1].map((x) => x.toFixed(3)).join('/')} | ${r.map((x) => x.toFixed(3)).join(' ')}`);
}
const med = (k: number): number => quantile(ratios.map((r) => r[k]), 0.5);
console.log(`median of rounds, B/A: p50 ${med(0).toFixed(3)}  mean ${med(1).toFixed(3)}  p99 ${med(2).toFixed(3)}`);
