/**
 * The aliases' work budget A/B (issue #12, src/engine/budget.ts ALIAS_WORK), in one process:
 * rounds alternate the engine without the budget (A) and with it (B). Each reports the costliest
 * adversarial request (bench/support/adversarial.ts, best of 3 after one untimed screen) over the
 * median screening of an unseen normal mix (each query once), by process CPU time and by wall time,
 * and how many requests of real size (a list entry's name and 20 of its own aliases) the budget cut.
 *
 * Run: `npx tsx bench/alias-budget.bench.ts` (about a minute).
 */
import type { ScreenRequest } from '../src/engine/types.js';
import { labelledAdversarialRequests } from './support/adversarial.js';
import { requireShared } from './support/paths.js';
import { buildQueryMix, MIX_SEED } from './support/query-mix.js';
import { loadSnapshot } from './support/snapshot.js';

const ROUNDS = 3;
const MIX = 600;
const WARMUP_PASSES = 10;

requireShared('bench/alias-budget.bench.ts');
const { set, engine } = await loadSnapshot();
const budget = engine.aliasWork;
const warm = buildQueryMix(engine.index.names, set.entries, MIX, MIX_SEED + 1);
for (let p = 0; p < WARMUP_PASSES; p++) for (const q of warm) engine.screen({ ...q.request, fuzziness: 'balanced' });

/** [CPU ms, wall ms] of one call. */
function timed(work: () => void): [number, number] {
  const cpu = process.cpuUsage();
  const t = performance.now();
  work();
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return [(used.user + used.system) / 1000, wall];
}

function bestOf3(request: ScreenRequest): [number, number] {
  engine.screen(request);
  const runs = [0, 1, 2].map(() => timed(() => engine.screen(request)));
  return [Math.min(...runs.map((r) => r[0])), Math.min(...runs.map((r) => r[1]))];
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const adversarial = labelledAdversarialRequests();
const real = set.entries.filter((e) => e.aliases.length >= 20)
  .map((e): ScreenRequest => ({ name: e.name, aliases: e.aliases.slice(0, 20).map((a) => a.name) }));

for (let round = 0; round < ROUNDS; round++) {
  for (const [label, work] of [['A no budget', Infinity], ['B budget', budget]] as const) {
    engine.aliasWork = work;
    const seed = MIX_SEED + 10 + round * 2 + (work === Infinity ? 0 : 1);
    const mix = buildQueryMix(engine.index.names, set.entries, MIX, seed).map((q) => ({ ...q.request, fuzziness: 'balanced' as const }));
    const normal = mix.map((r) => timed(() => engine.screen(r)));
    const [cpuMedian, wallMedian] = [median(normal.map((t) => t[0])), median(normal.map((t) => t[1]))];
    const rows = adversarial.map(([name, r]) => [name, bestOf3(r)] as const);
    const worst = rows.reduce((a, b) => (b[1][0] > a[1][0] ? b : a));
    const worstWall = Math.max(...rows.map((r) => r[1][1]));
    const cuts = engine.budgetCuts;
    const realWorst = Math.max(...real.map((r) => bestOf3(r)[0]));
    console.log(`${label}: worst / median ${(worst[1][0] / cpuMedian).toFixed(1)}x CPU (${worst[0]}), ${(worstWall / wallMedian).toFixed(1)}x wall; ` +
      `real 20-alias requests: worst ${(realWorst / cpuMedian).toFixed(1)}x CPU, cut ${(engine.budgetCuts - cuts) / 4} of ${real.length}`);
  }
}
