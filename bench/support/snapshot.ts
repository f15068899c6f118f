/** Loads the real snapshot once and builds an engine on it (for the evaluation and benchmarks). */
import { loadListSet, type LoadedListSet } from '../../src/lists/catalog.js';
import { buildEngine, type Engine } from '../../src/engine/index.js';
import { SNAPSHOT_DIR } from './paths.js';

export interface Snapshot {
  set: LoadedListSet;
  engine: Engine;
  loadMs: number;
  buildMs: number;
}

export async function loadSnapshot(): Promise<Snapshot> {
  let t = performance.now();
  const set = await loadListSet({ dir: SNAPSHOT_DIR });
  const loadMs = performance.now() - t;
  t = performance.now();
  const engine = await buildEngine(set);
  return { set, engine, loadMs, buildMs: performance.now() - t };
}
