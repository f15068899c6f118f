import { beforeAll, describe, expect, it } from 'vitest';
import { loadListSet, type LoadedListSet } from '../lists/catalog.js';
import { SAMPLE_DIR } from '../../test/support/shared.js';
import { onlyEntries, RESTRICTED_MAX } from './changed-only.js';
import { ALIAS_WORK } from './budget.js';
import { entryKey } from './entry-lookup.js';
import { buildEngine, type Engine } from './index.js';
import type { ScreenResult } from './types.js';

const all = (r: ScreenResult) => [...r.matches, ...(r.beyondLimit ?? [])];

describe('screening some entries only (changedSince)', () => {
  let set: LoadedListSet;
  let engine: Engine;
  beforeAll(async () => {
    set = await loadListSet({ dir: SAMPLE_DIR, sampleDir: null });
    engine = await buildEngine(set);
  }, 60_000);

  it('a few entries: an index of their own scoring each exactly as the full engine, and nothing else', async () => {
    const chosen = set.entries.filter((_, i) => i % 7 === 0).slice(0, 30);
    const keys = new Set(chosen.map((e) => entryKey(e.listSource, e.entryId)));
    const restricted = await engine.restrictedTo(keys);
    expect(restricted.size).toBe(chosen.length);
    const requests = [...chosen.map((e) => ({ name: e.name })), ...set.entries.slice(0, 60).map((e) => ({ name: e.name, fuzziness: 'loose' as const }))];
    for (const request of requests) {
      const full = all(engine.screen(request)).filter((m) => keys.has(entryKey(m.listSource, m.entryId)));
      const mine = all(restricted.screen(request));
      expect(mine.every((m) => keys.has(entryKey(m.listSource, m.entryId))), request.name).toBe(true);
      for (const m of full) expect(mine.find((x) => x.entryId === m.entryId && x.listSource === m.listSource)?.confidence, request.name).toBe(m.confidence);
    }
    // Every chosen entry is found by its own name.
    for (const e of chosen) expect(all(restricted.screen({ name: e.name })).some((m) => m.entryId === e.entryId), e.name).toBe(true);
  }, 60_000);

  it(`past ${RESTRICTED_MAX} entries: the full engine's answers with only those entries' matches, the action judged over them`, async () => {
    const named = set.entries[0];
    const others = new Set(set.entries.filter((e) => e.entryId !== named.entryId || e.listSource !== named.listSource)
      .map((e) => entryKey(e.listSource, e.entryId)));
    for (let i = 0; others.size <= RESTRICTED_MAX; i++) others.add(`ofac-sdn/not-an-entry-${i}`);
    const filtered = await engine.restrictedTo(others);
    const full = engine.screen({ name: named.name });
    expect(full.matches.some((m) => m.entryId === named.entryId)).toBe(true);
    const result = filtered.screen({ name: named.name });
    expect(result.matches.some((m) => m.entryId === named.entryId && m.listSource === named.listSource)).toBe(false);
    expect(result.matches).toEqual(all(full).filter((m) => others.has(entryKey(m.listSource, m.entryId))).slice(0, 10));
    if (result.matches.length === 0) expect(result.summary.recommendedAction).toBe('clear');
  }, 60_000);

  it('the entries kept of an answer whose aliases the work bound cut still say how many were not compared', () => {
    const keys = new Set(set.entries.map((e) => entryKey(e.listSource, e.entryId)));
    const request = { name: set.entries[0].name, aliases: set.entries.slice(1, 6).map((e) => e.name) };
    // A bound so low that no alias is compared (benches set it the same way).
    engine.aliasWork = 1;
    try {
      const full = engine.screen(request);
      expect(full.summary.aliasesNotCompared).toBe(5);
      expect(onlyEntries(engine, keys, 10).screen(request).summary).toEqual(full.summary);
    } finally {
      engine.aliasWork = ALIAS_WORK;
    }
  });
});
