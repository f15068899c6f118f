/**
 * In-process A/B of two builds of the engine, for speed-only changes (issue #16): the snapshot is
 * loaded once, each build's engine is built from it (their compiled dist/ and build/core.wasm), and
 * both screen the same queries, alternated block by block (A then B, then B then A), so the
 * neighbours' load on a shared machine falls on both alike. Reports per round the p50, mean and p99
 * of single screens and the CPU time per screen of each, and the ratios new / old; also checks that
 * both builds answer every query the same (a speed change must not move an answer).
 *
 *   npx tsx bench/ab.ts --old /tmp/base-core [--new .] [--size 1200] [--rounds 4] [--block 40]
 *
 * Both trees must be built (`npm run build`). Round 1 screens queries neither engine has seen (a
 * warm-up mix of another seed warmed the JIT); later rounds repeat them (the per-index word caches
 * then hold their words, as in a server cycling the same subjects).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Engine, EngineSource } from '../src/engine/index.js';
import type { Fuzziness, ScreenRequest } from '../src/engine/types.js';
import { buildQueryMix, MIX_SEED } from './support/query-mix.js';
import { loadListSet } from '../src/lists/catalog.js';
import { requireShared, SNAPSHOT_DIR } from './support/paths.js';

const { values } = parseArgs({
  options: {
    old: { type: 'string' },
    new: { type: 'string', default: '.' },
    size: { type: 'string', default: '1200' },
    rounds: { type: 'string', default: '4' },
    block: { type: 'string', default: '40' },
  },
});
if (!values.old) throw new Error('--old <tree> is required (a built worktree of the baseline commit)');
requireShared('bench/ab.ts');

async function engineOf(tree: string, source: EngineSource): Promise<Engine> {
  const url = pathToFileURL(resolve(tree, 'dist/engine/index.js')).href;
  const mod = (await import(url)) as { buildEngine(source: EngineSource): Promise<Engine> };
  return mod.buildEngine(source);
}

const set = await loadListSet({ dir: SNAPSHOT_DIR });
const engines = [await engineOf(values.old, set), await engineOf(values.new, set)];
const MODES: Fuzziness[] = ['balanced', 'strict', 'loose'];
const requestsOf = (seed: number, size: number): ScreenRequest[] =>
  buildQueryMix(engines[0].index.names, set.entries, size, seed).flatMap((q) => MODES.map((m) => ({ ...q.request, fuzziness: m })));
const timed = requestsOf(MIX_SEED, Number(values.size));
const warm = requestsOf(MIX_SEED + 1, 600);

const answer = (e: Engine, r: ScreenRequest): string =>
  e.screen(r).matches.map((m) => `${m.listSource}:${m.entryId}:${m.confidence.toFixed(6)}:${m.matchedName}`).join('|');
for (let pass = 0; pass < 8; pass++) for (const r of warm) for (const e of engines) e.screen(r);
// Same answers (checked on the warm-up mix, so the timed queries stay unseen for round 1).
let differ = 0;
for (const r of warm) if (answer(engines[0], r) !== answer(engines[1], r)) differ++;

const cpuNow = (): number => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const quantile = (xs: number[], q: number): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(q * s.length))]; };
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const block = Number(values.block);
const f = (x: number): string => x.toFixed(4);
console.log(`old ${values.old}  new ${values.new}  queries ${timed.length} (${timed.length / 3} x 3 modes)  answers differing on the warm-up mix: ${differ}`);
console.log('round  old p50 / mean / p99 / CPU (ms)         new p50 / mean / p99 / CPU (ms)         new/old p50  mean   p99    CPU');
const ratios: number[][] = [];
for (let round = 1; round <= Number(values.rounds); round++) {
  const times: number[][] = [[], []];
  const cpu = [0, 0];
  for (let at = 0, b = 0; at < timed.length; at += block, b++) {
    const slice = timed.slice(at, at + block);
    for (const which of b % 2 === 0 ? [0, 1] : [1, 0]) {
      const e = engines[which];
      const c0 = cpuNow();
      for (const r of slice) {
        const t = performance.now();
        e.screen(r);
        times[which].push(performance.now() - t);
      }
      cpu[which] += cpuNow() - c0;
    }
  }
  const s = times.map((t, i) => ({ p50: quantile(t, 0.5), mean: mean(t), p99: quantile(t, 0.99), cpu: cpu[i] / t.length }));
  const r = [s[1].p50 / s[0].p50, s[1].mean / s[0].mean, s[1].p99 / s[0].p99, s[1].cpu / s[0].cpu];
  ratios.push(r);
  console.log(`${round}      ${f(s[0].p50)} / ${f(s[0].mean)} / ${f(s[0].p99)} / ${f(s[0].cpu)}   ${f(s[1].p50)} / ${f(s[1].mean)} / ${f(s[1].p99)} / ${f(s[1].cpu)}   ${r.map((x) => x.toFixed(3)).join('  ')}`);
}
const med = (k: number): number => quantile(ratios.map((r) => r[k]), 0.5);
console.log(`median of rounds, new/old: p50 ${med(0).toFixed(3)}  mean ${med(1).toFixed(3)}  p99 ${med(2).toFixed(3)}  CPU ${med(3).toFixed(3)}`);
