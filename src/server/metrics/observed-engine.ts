/**
 * @module An engine that reports each screening result to an observer (the screen and match
 * counters), so routes need no metrics code: whatever screens through deps.lists is counted.
 */
import type { ScreenRequest, ScreenResult, ScreeningEngine } from '../../engine/types.js';

export interface ScreenObserver {
  screened(request: ScreenRequest, result: ScreenResult): void;
}

export function observedEngine(engine: ScreeningEngine, observer: ScreenObserver): ScreeningEngine {
  return {
    screen(request) {
      const result = engine.screen(request);
      observer.screened(request, result);
      return result;
    },
    screenBatch(requests) {
      const results = engine.screenBatch(requests);
      results.forEach((result, i) => observer.screened(requests[i], result));
      return results;
    },
    entry: (source, entryId) => engine.entry(source, entryId),
    ...(engine.restrictedTo && { restrictedTo: async (keys) => observedEngine(await engine.restrictedTo!(keys), observer) }),
    get size() {
      return engine.size;
    },
    get thresholds() {
      return engine.thresholds;
    },
  };
}
