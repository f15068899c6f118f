/**
 * @module In-process mode of the bulk `screen` command: the lists and index prepared here
 * (shared-lists.ts: read from the index cache, or loaded and built), then screens each batch the way POST /screen/batch would (one requestId per row, one
 * screenedAt per batch), with no server, key or quota involved. Nothing is audited: audit records
 * belong to the service.
 */
import { randomUUID } from 'node:crypto';
import { engineFromIndex, type Engine } from '../../engine/index.js';
import type { ListStatus } from '../../lists/catalog.js';
import type { InProcessInfo } from './screen-records.js';
import { CoverageBook } from '../../contract/coverage.js';
import { ScreenAnswer } from '../../contract/screen-response.js';
import type { ScreenRequest } from '../../engine/types.js';
import type { Screener, SlotOutcome } from './screen-records.js';
import { prepareLists, unpackSharedLists, type ListsOptions } from './shared-lists.js';
import { ThreadMeter } from './thread-stats.js';

export async function createInProcessScreener(
  options: ListsOptions,
): Promise<{ screener: Screener; info: InProcessInfo; cacheNote: string | null; answer: (requests: readonly ScreenRequest[]) => SlotOutcome[] }> {
  const meter = new ThreadMeter('main');
  const { info, packed, built, cacheNote } = await prepareLists(options, false);
  const { index, entries } = built ?? (await unpackSharedLists(packed!));
  const engine = await engineFromIndex(index, { entries, catalog: info.catalog });
  const answer = answerWith(engine, info.catalog);
  meter.ready();
  const screener: Screener = {
    async screen(rows) {
      return meter.screen(rows.length, () => answer(rows.map((r) => r.request)));
    },
    async threadStats() {
      return [meter.read()];
    },
    async close() {},
  };
  return { screener, answer, info, cacheNote };
}

/** Screens requests as POST /screen/batch would, with this engine and this catalog's coverage. */
export function answerWith(engine: Engine, catalog: readonly ListStatus[]): (requests: readonly ScreenRequest[]) => SlotOutcome[] {
  const coverage = new CoverageBook(catalog, []);
  return (requests) => {
    const screenedAt = new Date().toISOString();
    const results = engine.screenBatch([...requests]);
    return results.map((result, i) => ({
      ok: true, response: new ScreenAnswer(randomUUID(), screenedAt, result, coverage.of(requests[i].lists)).toValue(),
    }));
  };
}
