/**
 * @module The loaded lists of one thread: the list set's catalog and the engine built from it,
 * swapped as one when a reload finishes, so a request never sees one list set's catalog with
 * another's engine.
 */
import type { ScreeningEngine } from '../engine/types.js';
import type { ListStatus } from '../lists/catalog.js';
import type { ListsView } from './deps.js';

interface Loaded {
  engine: ScreeningEngine;
  catalog: readonly ListStatus[];
}

export class ListsHolder implements ListsView {
  private loaded: Loaded | null = null;

  engine(): ScreeningEngine | null {
    return this.loaded?.engine ?? null;
  }

  catalog(): readonly ListStatus[] | null {
    return this.loaded?.catalog ?? null;
  }

  set(engine: ScreeningEngine, catalog: readonly ListStatus[]): void {
    this.loaded = { engine, catalog };
  }
}
