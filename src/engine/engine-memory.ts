/**
 * @module The WASM linear memory an engine occupies, for the server's gauge: the Engine's own
 * figure when it is one, null for another ScreeningEngine implementation.
 */
import { Engine } from './engine.js';
import type { ScreeningEngine } from './types.js';

export function wasmMemoryBytes(engine: ScreeningEngine): number | null {
  if (engine instanceof Engine) return engine.memoryBytes;
  const inner = (engine as { inner?: ScreeningEngine }).inner;
  return inner ? wasmMemoryBytes(inner) : null;
}
