/**
 * @module Gauges read from the thread's loaded lists when Prometheus scrapes: per list source its
 * entry count, status and ages, and the engine's size and WASM memory. Ages are computed at scrape
 * time, so an alert such as `rps_list_refresh_age_seconds > 2 * 86400` needs no other input.
 */
import { Gauge, type Registry } from 'prom-client';
import { wasmMemoryBytes } from '../../engine/engine-memory.js';
import type { ListStatusValue } from '../../lists/catalog.js';
import type { ListSource } from '../../lists/model.js';
import type { ListsHolder } from '../lists-pipeline/lists-holder.js';

const STATUSES: readonly ListStatusValue[] = ['ok', 'stale', 'missing', 'sample'];

export function registerListGauges(registry: Registry, lists: ListsHolder, archiveBytes?: () => Promise<ReadonlyMap<ListSource, number>>): void {
  const registers = [registry];
  if (archiveBytes !== undefined) {
    new Gauge({
      name: 'rps_list_archive_bytes', help: 'Bytes the list version archive holds per list source (every version kept, compressed).', labelNames: ['source'], aggregator: 'first', registers,
      async collect() {
        const sizes = await archiveBytes().catch(() => new Map<ListSource, number>());
        this.reset();
        for (const [source, bytes] of sizes) this.set({ source }, bytes);
      },
    });
  }
  // Every serving thread holds the same lists: one thread's figures stand for all ('first').
  new Gauge({
    name: 'rps_list_entries', help: 'Entries loaded per list source.', labelNames: ['source'], aggregator: 'first', registers,
    collect() {
      this.reset();
      for (const s of lists.catalog() ?? []) this.set({ source: s.source }, s.entryCount);
    },
  });
  new Gauge({
    name: 'rps_list_status', help: 'Status of each list source: 1 for its current status, 0 for the others.', labelNames: ['source', 'status'], aggregator: 'first', registers,
    collect() {
      this.reset();
      for (const s of lists.catalog() ?? []) {
        for (const status of STATUSES) this.set({ source: s.source, status }, s.status === status ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'rps_list_published_age_seconds', help: "Seconds since the publisher's date of each list (absent when unknown).", labelNames: ['source'], aggregator: 'first', registers,
    collect() {
      this.reset();
      for (const s of lists.catalog() ?? []) if (s.publishedAt !== null) this.set({ source: s.source }, ageSeconds(s.publishedAt));
    },
  });
  new Gauge({
    name: 'rps_list_refresh_age_seconds', help: 'Seconds since each list was last loaded successfully (absent when never).', labelNames: ['source'], aggregator: 'first', registers,
    collect() {
      this.reset();
      for (const s of lists.catalog() ?? []) if (s.lastRefresh !== null) this.set({ source: s.source }, ageSeconds(s.lastRefresh));
    },
  });
  new Gauge({
    name: 'rps_engine_entries', help: 'List entries in the serving engine (0 before the first load).', aggregator: 'first', registers,
    collect() {
      this.set(lists.builtEngine()?.size ?? 0);
    },
  });
  new Gauge({
    name: 'rps_engine_wasm_memory_bytes', help: 'WASM linear memory of the matching cores (one per serving thread, summed).', registers,
    collect() {
      const engine = lists.builtEngine();
      this.set(engine === null ? 0 : wasmMemoryBytes(engine) ?? 0);
    },
  });
}

function ageSeconds(iso: string): number {
  return Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
}
