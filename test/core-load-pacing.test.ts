/**
 * Installing a new index on a serving thread (issue 12, the swap-under-load regression): the WASM
 * core's load is cut into steps with a pause between them, so no single step blocks the thread for
 * long. The core used to derive its tables (per-token signatures, trigram sort keys) and zero-fill
 * ~15 MB of scratch in one setIndex call after the copy, and the bump allocator grew the memory by
 * tens of MB in one call: 18-54 ms in one step on the full snapshot (up to 130 ms on a busy
 * machine), a fifth to a half of the whole load.
 *
 * A garbage collection or the scheduler can stretch any one step of any one load; a step that is
 * long by construction is long in every load. So each step is judged by its shortest time over
 * LOADS loads, against the median load time: before the fix the last step (setIndex) took 15-52 %
 * of the load in every load; after it every step is a few per cent.
 */
import { beforeAll, expect, it } from 'vitest';
import { MatchingCore } from '../src/engine/core.js';
import { buildIndex, type BuiltIndex } from '../src/engine/index-builder.js';
import { loadListSet } from '../src/lists/catalog.js';
import { SNAPSHOT_DIR, describeShared } from './support/shared.js';

const LOADS = 5;
const MAX_SHARE = 0.1;

describeShared('loading the full snapshot index into the WASM core', () => {
  let index: BuiltIndex;

  beforeAll(async () => {
    index = buildIndex((await loadListSet({ dir: SNAPSHOT_DIR })).entries);
  }, 120_000);

  it('has no step between two pauses longer than a tenth of the load', async () => {
    const loads: Array<{ total: number; steps: number[] }> = [];
    for (let i = 0; i < LOADS; i++) {
      const steps: number[] = [];
      let last = performance.now();
      const started = last;
      await MatchingCore.load(index.arrays, async () => {
        steps.push(performance.now() - last);
        await new Promise((resolve) => setImmediate(resolve));
        last = performance.now();
      });
      steps.push(performance.now() - last);
      loads.push({ total: performance.now() - started, steps });
    }
    const count = loads[0].steps.length;
    expect(loads.every((l) => l.steps.length === count)).toBe(true);
    const shortest = Array.from({ length: count }, (_, s) => Math.min(...loads.map((l) => l.steps[s])));
    const longestAt = shortest.indexOf(Math.max(...shortest));
    const total = [...loads.map((l) => l.total)].sort((a, b) => a - b)[Math.floor(LOADS / 2)];
    const report = `${LOADS} loads of ${count} steps, median ${total.toFixed(1)} ms; longest step (its shortest time over ` +
      `the loads) #${longestAt}: ${shortest[longestAt].toFixed(1)} ms, ${((100 * shortest[longestAt]) / total).toFixed(1)} % of the load`;
    console.info(`[core load] ${report}`);
    expect(shortest[longestAt] / total, report).toBeLessThan(MAX_SHARE);
  }, 120_000);
});
