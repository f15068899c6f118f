/**
 * @module The WASM linear memory an engine occupies, for the server's gauge.
 *
 * Engine keeps its MatchingCore private; until it exposes the figure itself (a `memoryBytes`
 * getter on Engine would replace this file), this reads it through the core's own accessor and
 * answers null for an engine without one. test/http-metrics.test.ts fails when it stops working.
 */
import type { ScreeningEngine } from './types.js';

interface WithCore {
  core?: { memoryBytes?: () => number };
}

export function wasmMemoryBytes(engine: ScreeningEngine): number | null {
  const read = (engine as unknown as WithCore).core?.memoryBytes;
  return typeof read === 'function' ? read.call((engine as unknown as WithCore).core) : null;
}
