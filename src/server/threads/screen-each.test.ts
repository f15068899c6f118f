/**
 * A batch's `changedSince` slots are screened each on its own engine; they must share one pacer.
 * Paced one by one, a slot shorter than a slice never yields, and a hundred of them held the thread
 * for the whole batch (issue #28 bound, found in issue #29's review).
 */
import { describe, expect, it } from 'vitest';
import type { ScreenRequest, ScreenResult, ScreeningEngine } from '../../engine/types.js';
import { screenEachInSlices } from './peer-screening.js';
import { SLICE_MS } from './batch-pacer.js';

/** An engine whose every screening takes `ms` of this thread (the slow part of a real slot). */
function busyEngine(ms: number): ScreeningEngine {
  const screen = (_: ScreenRequest): ScreenResult => {
    const end = performance.now() + ms;
    while (performance.now() < end);
    return { matches: [], summary: { anyMatchAbove: 0.73, recommendedAction: 'clear' } } as unknown as ScreenResult;
  };
  return { screen, screenBatch: (rs: readonly ScreenRequest[]) => rs.map(screen), entry: () => null, size: 0 } as unknown as ScreeningEngine;
}

describe('screenEachInSlices', () => {
  it('lets the event loop run during a run of short slots on distinct engines', async () => {
    // Each slot a quarter of a slice, 8 slices in all: one pacer yields about 8 times.
    const slots = Array.from({ length: 32 }, (_, i) => ({ engine: busyEngine(SLICE_MS / 4), request: { name: `n ${i}` } }));
    let turns = 0;
    let running = true;
    const tick = (): void => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const results = await screenEachInSlices(slots);
    running = false;
    expect(results).toHaveLength(32);
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
