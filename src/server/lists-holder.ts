/**
 * @module The loaded lists of one thread: the list set's catalog and the engine built from it,
 * swapped as one when a reload finishes, so a request never sees one list set's catalog with
 * another's engine. A request that started before a swap finishes on the engine it took.
 */
import type { ScreeningEngine } from '../engine/types.js';
import type { ListStatus } from '../lists/catalog.js';
import type { ListsView } from './deps.js';
import { observedEngine, type ScreenObserver } from './metrics/observed-engine.js';

interface Loaded {
  /** What requests use: the engine, reporting to the observer when there is one. */
  engine: ScreeningEngine;
  built: ScreeningEngine;
  catalog: readonly ListStatus[];
}

export class ListsHolder implements ListsView {
  private loaded: Loaded | null = null;

  constructor(private readonly observer: ScreenObserver | null = null) {}

  engine(): ScreeningEngine | null {
    return this.loaded?.engine ?? null;
  }

  /** The engine as built, without the observer (gauges read it). */
  builtEngine(): ScreeningEngine | null {
    return this.loaded?.built ?? null;
  }

  catalog(): readonly ListStatus[] | null {
    return this.loaded?.catalog ?? null;
  }

  set(engine: ScreeningEngine, catalog: readonly ListStatus[]): void {
    const observed = this.observer === null ? engine : observedEngine(engine, this.observer);
    this.loaded = { engine: observed, built: engine, catalog };
  }
}
