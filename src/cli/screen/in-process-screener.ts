/**
 * @module In-process mode of the bulk `screen` command: loads the list directory and builds the
 * engine here, then screens each batch the way POST /screen/batch would (one requestId per row, one
 * screenedAt per batch), with no server, key or quota involved. Nothing is audited: audit records
 * belong to the service.
 */
import { randomUUID } from 'node:crypto';
import { buildEngine, type Engine } from '../../engine/index.js';
import { loadListSet, type ListStatus } from '../../lists/catalog.js';
import { CoverageBook } from '../../contract/coverage.js';
import { ScreenAnswer } from '../../contract/screen-response.js';
import type { ScreenRequest } from '../../engine/types.js';
import type { Screener, SlotOutcome } from './screen-records.js';

export interface InProcessInfo {
  dir: string;
  /** True when LISTS_DIR had no list file and the bundled sample was loaded instead. */
  sample: boolean;
  entries: number;
  catalog: readonly ListStatus[];
}

export async function createInProcessScreener(
  options: { listsDir: string; staleAfterMs: number },
): Promise<{ screener: Screener; info: InProcessInfo; answer: (requests: readonly ScreenRequest[]) => SlotOutcome[] }> {
  const set = await loadListSet({ dir: options.listsDir, staleAfterMs: options.staleAfterMs });
  const engine = await buildEngine(set);
  const answer = answerWith(engine, set.catalog);
  const screener: Screener = {
    async screen(rows) {
      return answer(rows.map((r) => r.request));
    },
    async close() {},
  };
  return { screener, answer, info: { dir: set.dir, sample: set.sample, entries: engine.size, catalog: set.catalog } };
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
