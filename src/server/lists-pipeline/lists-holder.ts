/**
 * @module The loaded lists of one thread: the list set's catalog and the engine built from it,
 * swapped as one when a reload finishes, so a request never sees one list set's catalog with
 * another's engine. A request that started before a swap finishes on the engine it took.
 * The coverage of answers (contract/coverage.ts) is computed at the swap too, once per list set.
 * While the list watchdog has tripped (lists-watchdog.ts), every loaded list reads `stale`, in the
 * catalog, the coverage and /readyz alike.
 *
 * With several HTTP workers a thread is ready only once every worker has its lists (a probe that
 * gets one 200 sends traffic to all of them): the pool tells each worker so (`poolReady`).
 */
import type { ScreeningEngine } from '../../engine/types.js';
import type { ListStatus } from '../../lists/catalog.js';
import { CoverageBook } from '../../contract/coverage.js';
import type { ListsPolicy, ListsView } from '../deps.js';
import { observedEngine, type ScreenObserver } from '../metrics/observed-engine.js';

interface Loaded {
  /** The catalog as loaded, before the watchdog's overlay. */
  loadedCatalog: readonly ListStatus[];
  /** What requests use: the engine, reporting to the observer when there is one. */
  engine: ScreeningEngine;
  built: ScreeningEngine;
  catalog: readonly ListStatus[];
  coverage: CoverageBook;
  /** Identifies the loaded set (its catalog: sources, counts, dates, load times), equal on every worker that installed the same payload. */
  version: string;
}

const DEFAULT_POLICY: ListsPolicy = { required: [], maxAgeDays: 30, poolReady: true };

export class ListsHolder implements ListsView {
  private loaded: Loaded | null = null;
  private allWorkersReady: boolean;
  private watchdogReason: string | null = null;

  constructor(
    private readonly observer: ScreenObserver | null = null,
    readonly policy: Readonly<ListsPolicy> = DEFAULT_POLICY,
  ) {
    this.allWorkersReady = policy.poolReady;
  }

  /** Every serving thread of the process has its lists (always true with one thread). */
  poolReady(): boolean {
    return this.allWorkersReady;
  }

  markPoolReady(): void {
    this.allWorkersReady = true;
  }

  coverage(): CoverageBook | null {
    return this.loaded?.coverage ?? null;
  }

  engine(): ScreeningEngine | null {
    return this.loaded?.engine ?? null;
  }

  /** The loaded set's version (null until loaded): threads with equal versions give equal answers. */
  version(): string | null {
    return this.loaded?.version ?? null;
  }

  /** The engine as built, without the observer (gauges read it). */
  builtEngine(): ScreeningEngine | null {
    return this.loaded?.built ?? null;
  }

  catalog(): readonly ListStatus[] | null {
    return this.loaded?.catalog ?? null;
  }

  set(engine: ScreeningEngine, loadedCatalog: readonly ListStatus[]): void {
    const observed = this.observer === null ? engine : observedEngine(engine, this.observer);
    const catalog = overlay(loadedCatalog, this.watchdogReason);
    this.loaded = {
      engine: observed, built: engine, loadedCatalog, catalog, coverage: new CoverageBook(catalog, this.policy.required),
      version: `${engine.size}:${JSON.stringify(catalog)}`,
    };
  }

  /** Why every list is reported stale (lists-watchdog.ts), or null. */
  watchdog(): string | null {
    return this.watchdogReason;
  }

  /** The watchdog tripped (every list turns stale, the reason in its `error`) or cleared (null). */
  setWatchdog(reason: string | null): void {
    this.watchdogReason = reason;
    if (this.loaded !== null) this.set(this.loaded.built, this.loaded.loadedCatalog);
  }
}

/** Every list `ok` turned `stale` with the watchdog's reason; missing and sample lists stay what they are. */
function overlay(catalog: readonly ListStatus[], reason: string | null): readonly ListStatus[] {
  if (reason === null) return catalog;
  return catalog.map((s) => (s.status === 'ok' || s.status === 'stale' ? { ...s, status: 'stale', error: reason } : s));
}
