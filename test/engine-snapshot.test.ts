/**
 * A handful of screens against the real list snapshot (../shared/data/snapshot), pinned by the
 * publishers' entry IDs: the engine's behaviour on real names, real rarity and real noise.
 */
import { beforeAll, expect, it } from 'vitest';
import { buildEngine, type Engine, type ScreenRequest } from '../src/engine/index.js';
import { MatchingCore } from '../src/engine/core.js';
import { MODES } from '../src/engine/modes.js';
import { matchName, weightFrom } from '../src/engine/name-matcher.js';
import { normaliseName } from '../src/engine/normalise.js';
import { loadListSet } from '../src/lists/catalog.js';
import type { ListEntry } from '../src/lists/model.js';
import { SNAPSHOT_DIR, describeShared } from './support/shared.js';

describeShared('engine on the real snapshot', () => {
  let engine: Engine;
  let entries: readonly ListEntry[];

  beforeAll(async () => {
    const set = await loadListSet({ dir: SNAPSHOT_DIR });
    expect(set.sample).toBe(false);
    entries = set.entries;
    engine = await buildEngine(set);
  });

  /** The first match, when it is at or above the review threshold. */
  const top = (request: ScreenRequest): string | undefined => {
    const { matches, summary } = engine.screen(request);
    return matches[0] && matches[0].confidence >= summary.anyMatchAbove ? `${matches[0].listSource}/${matches[0].entryId}` : undefined;
  };

  it('finds well-known SDN entries first, above review, across spellings and scripts', () => {
    expect(top({ name: 'Usama bin Laden' })).toBe('ofac-sdn/6365');
    expect(top({ name: 'BANCO NACIONAL DE CUBA', fuzziness: 'strict' })).toBe('ofac-sdn/306');
    expect(top({ name: 'Владимир Путин' })).toBe('ofac-sdn/35096');
    expect(top({ name: 'Jong Un Kim' })).toBe('ofac-sdn/20157');
  });

  it('the core\'s score bound changes no kept name score: 400 list names, noised, in balanced and loose', async () => {
    const core = await MatchingCore.load(engine.index.arrays);
    const weightOf = weightFrom(engine.index);
    const names = engine.index.names;
    let kept = 0;
    for (let i = 0; i < 400; i++) {
      const text = names[(i * 7919) % names.length].text;
      // Every other query with its first vowel dropped and the words reversed: near, not equal.
      const query = i % 2 ? text : text.replace(/[aeiou]/i, '').split(' ').reverse().join(' ');
      for (const fuzziness of ['balanced', 'loose'] as const) {
        const keep = (score: number): boolean => score >= 0.45;
        const sorted = (floor: { keep: typeof keep; minRawScore: number }) =>
          matchName(core, engine.index, query, MODES[fuzziness], weightOf, 0xffffffff, floor).sort((a, b) => a.name - b.name);
        const bounded = sorted({ keep, minRawScore: 0.45 });
        expect(bounded, `${query} (${fuzziness})`).toEqual(sorted({ keep, minRawScore: 0 }));
        kept += bounded.length;
      }
    }
    expect(kept).toBeGreaterThan(400);
    // The bound did skip names: otherwise this test would prove nothing.
    expect(core.skippedCount()).toBeGreaterThan(1000);
  });

  it('"George Bush" is clear in every mode (shares only a common given name with listed people)', () => {
    for (const fuzziness of ['strict', 'balanced', 'loose'] as const) {
      expect(engine.screen({ name: 'George Bush', fuzziness }).summary.recommendedAction, fuzziness).toBe('clear');
    }
  });

  it('a correct date of birth raises and a wrong one lowers the confidence of real SDN individuals', () => {
    const people = entries.filter(
      (e) => e.listSource === 'ofac-sdn' && e.kind === 'individual' && e.datesOfBirth.length === 1 && e.datesOfBirth[0].precision === 'day',
    );
    const sample = people.filter((_, i) => i % Math.floor(people.length / 8) === 0).slice(0, 8);
    expect(sample).toHaveLength(8);
    for (const e of sample) {
      const conf = (dateOfBirth?: string): number =>
        engine.screen({ name: e.name, dateOfBirth, limit: 50 }).matches.find((m) => m.entryId === e.entryId)?.confidence ?? 0;
      const dob = e.datesOfBirth[0].from;
      const wrong = `${Number(dob.slice(0, 4)) - 6}${dob.slice(4)}`;
      const base = conf();
      expect(base, e.entryId).toBeGreaterThan(0);
      expect(conf(dob), `${e.entryId} ${dob}`).toBeGreaterThan(base);
      expect(conf(wrong), `${e.entryId} ${wrong}`).toBeLessThan(base);
    }
  });

  it('regression: strict "Mohammad Jafari" does not match "JABER, Mohammad" (ofac-sdn/15587): Jaber is not folded into Jafar', () => {
    const jaber = entries.find((x) => x.listSource === 'ofac-sdn' && x.entryId === '15587');
    expect(jaber?.name).toMatch(/^JABER, Mohammad/);
    const ids = engine.screen({ name: 'Mohammad Jafari', fuzziness: 'strict', limit: 100 }).matches.map((m) => m.entryId);
    expect(ids).not.toContain('15587');
    expect(engine.screen({ name: jaber!.name, fuzziness: 'strict' }).matches.map((m) => m.entryId)).toContain('15587');
  });

  it('regression: a name of more than 12 tokens typed exactly as listed reaches review in balanced (queries keep 24 tokens)', () => {
    const id = 'eb709742e00b9797eeee9dc57099544187c9294b';
    const e = entries.find((x) => x.listSource === 'bis-entity' && x.entryId === id);
    expect(e, 'bis-entity entry of the Belarus Ministry of Defence').toBeDefined();
    expect(normaliseName(e!.name).length).toBeGreaterThan(12);
    const result = engine.screen({ name: e!.name, fuzziness: 'balanced' });
    const m = result.matches.find((x) => x.entryId === id);
    expect(m?.confidence ?? 0).toBeGreaterThanOrEqual(result.summary.anyMatchAbove);
  });
});
