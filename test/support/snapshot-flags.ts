/**
 * Assertions of the snapshot class tests (engine-precision-snapshot, engine-recall-classes): what
 * confidence a listed entry gets for a name alone, and whether the mode flags it.
 */
import { expect } from 'vitest';
import type { Engine, Fuzziness } from '../../src/engine/index.js';

export interface SnapshotFlags {
  /** The confidence entry `key` ("list/id") gets for a name alone in `mode` (0 when not reported). */
  confidence(name: string, mode: Fuzziness, key: string): number;
  flagged(name: string, mode: Fuzziness, key: string): boolean;
  /** Each case flagged (or not) in each mode, reported together so one failure names them all. */
  expectFlags(cases: ReadonlyArray<readonly [string, string]>, modes: readonly Fuzziness[], want: boolean): void;
}

/** The assertions on the engine `engine()` returns (built in the suite's beforeAll). */
export function snapshotFlags(engine: () => Engine): SnapshotFlags {
  const confidence = (name: string, mode: Fuzziness, key: string): number => {
    const m = engine().screen({ name, fuzziness: mode, limit: 100, threshold: 0.5 }).matches.find((x) => `${x.listSource}/${x.entryId}` === key);
    return m?.confidence ?? 0;
  };
  const flagged = (name: string, mode: Fuzziness, key: string): boolean => confidence(name, mode, key) >= engine().thresholds[mode].review;
  const expectFlags = (cases: ReadonlyArray<readonly [string, string]>, modes: readonly Fuzziness[], want: boolean): void => {
    const got = cases.flatMap(([q, key]) => modes.map((mode) => ({ q, mode, flagged: flagged(q, mode, key) })));
    expect(got).toEqual(got.map((g) => ({ ...g, flagged: want })));
  };
  return { confidence, flagged, expectFlags };
}
