/**
 * Organisations written with their generic words in another form (issue #27, Latin script, session 31):
 * a legal form written out in words of another language, or of another country's family, around an
 * exact distinctive name; a descriptor of another language beside a distinctive word; an English
 * generic word inflected otherwise than the list writes it. The queries are our own spellings
 * (invented words Zorblatt, Vreka; our own transliterations), the targets real US list entries of
 * the snapshot; the pairs that must stay apart are invented on both sides.
 */
import { beforeAll, expect, it } from 'vitest';
import { buildEngine, createPairScorer, type Engine, type Fuzziness } from '../src/engine/index.js';
import { MODES, NAME_SHARE } from '../src/engine/modes.js';
import { loadListSet } from '../src/lists/catalog.js';
import { SNAPSHOT_DIR, describeShared } from './support/shared.js';

let engine: Engine;

describeShared('generic words of organisations written another way, on the real snapshot', () => {
  beforeAll(async () => {
    engine = await buildEngine(await loadListSet({ dir: SNAPSHOT_DIR }));
  }, 240_000);

  const flagged = (name: string, mode: Fuzziness, key: string): boolean => {
    const r = engine.screen({ name, kind: 'entity', fuzziness: mode, limit: 50 });
    return r.summary.recommendedAction !== 'clear'
      && r.matches.some((m) => `${m.listSource}/${m.entryId}` === key && m.confidence >= engine.thresholds[mode].review);
  };
  const expectFlags = (cases: ReadonlyArray<readonly [string, string]>, modes: readonly Fuzziness[], want: boolean): void => {
    const got = cases.flatMap(([q, key]) => modes.map((mode) => ({ q, mode, flagged: flagged(q, mode, key) })));
    expect(got).toEqual(got.map((g) => ({ ...g, flagged: want })));
  };
  const pairConfidence = async (a: string, b: string): Promise<number> =>
    (await createPairScorer(engine.index).score(a, b, 'balanced')) * NAME_SHARE;

  it('a legal form of another family beside a one-word name spelled another way is that entity', () => {
    expectFlags([['Chartija, s. r. o.', 'ofac-sdn/36636']], ['balanced', 'loose'], true); // OOO KHARTIYA
  });

  it('a legal form written out in words of another language that no phrase of ISO 20275 reads weighs as one legal form', () => {
    expectFlags([
      ['Sociedade por ações Kronshtadt', 'ofac-sdn/35854'], // JOINT STOCK COMPANY KRONSHTADT
      ['Sociedade por ações Radiopribor', 'ofac-sdn/37721'], // JOINT STOCK COMPANY RADIOPRIBOR
    ], ['balanced', 'loose'], true);
  });

  it('an unknown word standing in for the one descriptor beside a distinctive word costs as that word', () => {
    expectFlags([['Zorblatt de Zahedan', 'ofac-sdn/34142']], ['balanced', 'loose'], true); // ZAHEDAN PRISON
  });

  it('an English generic word inflected otherwise than the lists usually write it is that word', () => {
    expectFlags([['Korea United Development Banking', 'ofac-sdn/19509']], ['balanced', 'loose'], true); // KOREA UNITED DEVELOPMENT BANK
  });

  it('keeps apart what only looks like these classes: a country for another, one word for two, a common inflection', async () => {
    const review = MODES.balanced.thresholds.review;
    // A country is no descriptor, and "France S.A.R.L." no legal form written out.
    expect(await pairConfidence('Zorblatt Solutions (France), S.A.R.L.', 'Zorblatt Solutions (Germany), GmbH')).toBeLessThan(review);
    // An unknown word stands in for one descriptor, not for two.
    expect(await pairConfidence('Zorblatt Localization, Inc.', 'Zorblatt Global Solutions, Inc.')).toBeLessThan(review);
    // "Shipping" is as common on the lists as "Ship": a word of its own, not an inflection.
    expect(await pairConfidence('Zorblatt Shipping Inc.', 'Zorblatt Ship Finance Inc.')).toBeLessThan(review);
  });

  it('a person\'s given name is no descriptor an unknown word stands in for', () => {
    const r = engine.screen({ name: 'Vreka Haqqani', kind: 'entity', fuzziness: 'balanced', limit: 50 });
    const persons = r.matches.filter((m) => m.confidence >= engine.thresholds.balanced.review && m.entityType === 'individual');
    expect(persons.map((m) => m.matchedName)).toEqual([]);
  });
});
