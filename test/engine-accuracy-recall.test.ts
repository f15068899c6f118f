/**
 * The recall classes of issue #14 on the real snapshot (../shared/data/snapshot): each describe block
 * names a class of query that must find its listed entry, checked on several real list names of that
 * class (real rarity, real neighbours), not one example.
 */
import { beforeAll, expect, it } from 'vitest';
import { buildEngine, type Engine, type Fuzziness } from '../src/engine/index.js';
import { planQuery, weightFrom } from '../src/engine/name-matcher.js';
import { MODES } from '../src/engine/modes.js';
import { loadListSet } from '../src/lists/catalog.js';
import type { ListEntry } from '../src/lists/model.js';
import { SNAPSHOT_DIR, describeShared } from './support/shared.js';

describeShared('recall classes on the real snapshot', () => {
  let engine: Engine;
  let entries: readonly ListEntry[];

  beforeAll(async () => {
    const set = await loadListSet({ dir: SNAPSHOT_DIR });
    entries = set.entries;
    engine = await buildEngine(set);
  }, 180_000);

  /** Confidence of the entry listed as `listed` (its primary name, exactly) for `query` in `mode`. */
  function confidence(query: string, listed: string, mode: Fuzziness): number {
    const keys = new Set(entries.filter((e) => e.name === listed).map((e) => `${e.listSource}/${e.entryId}`));
    expect(keys.size, `no entry named ${listed}`).toBeGreaterThan(0);
    const r = engine.screen({ name: query, fuzziness: mode, limit: 1000, threshold: 0.5 });
    return Math.max(0, ...r.matches.filter((m) => keys.has(`${m.listSource}/${m.entryId}`)).map((m) => m.confidence));
  }

  const expectFlagged = (cases: ReadonlyArray<readonly [string, string]>, modes: readonly Fuzziness[] = ['balanced', 'loose']): void => {
    const missed = cases.flatMap(([query, listed]) =>
      modes.filter((mode) => confidence(query, listed, mode) < engine.thresholds[mode].review).map((mode) => `${query} / ${mode}`),
    );
    expect(missed).toEqual([]);
  };

  const plannedTokens = (query: string): string[] =>
    planQuery(query, MODES.balanced, weightFrom(engine.index), engine.index.tokens, undefined, engine.index).tokens.map((t) => t.text);

  it('class 5, joins across the comma: "LAST, First Middle" written "First MiddleLast" is found, short surnames too', () => {
    expectFlagged([
      ['Hsueh Yuanwei', 'WEI, Hsueh Yuan'],
      ['Kyukim', 'KIM, Kyu'],
      ['Yong Muri', 'RI, Yong Mu'],
      ['Stephenlo', 'LO, Stephen'],
      ['Abdurrahman Adomusa', 'MUSA, Abdurrahman Ado'],
      ['Kwang Soksim', 'SIM, Kwang Sok'],
      ['Resittavan', 'TAVAN, Resit'],
      ['Exiangwan', 'WAN, Exiang'],
    ]);
  });

  it('class 5: a joined word is split only where a list name begins with the one part and ends with the other', () => {
    expect(plannedTokens('Kyukim')).toEqual(['kyu', 'kim']);
    // "Stephen" and "Kim" are both listed, but no list name is "KIM, ... Stephen".
    expect(plannedTokens('Stephenkim')).toEqual(['stephenkim']);
  });

  it('typos: a misspelt word is not broken into a short word and a particle or legal form', () => {
    expectFlagged([
      ['Barbin Chuangyue Technology Co. Ltd.', 'Harbin Chuangyue Technology Co. Ltd.'],
      ['Ulatov Ruslan Rustemovich', 'BULATOV, Ruslan Rustemovich'],
      ['Mamood Aqsa', 'MAHMOOD, Aqsa'],
      ['Korea Dasong Bank', 'KOREA DAESONG BANK'],
      ['Nsiper Africa', 'SNIPER AFRICA'],
      ['Tapfumaneyi Asher Wahter', 'TAPFUMANEYI, Asher Walter'],
    ]);
    expect(plannedTokens('Ulatov Ruslan')).toEqual(['ulatov', 'ruslan']);
  });

  it('typos: an x typed into a word is one edit from the list word, not two (x is read "ks")', () => {
    expectFlagged([
      ['Gxeiges Daniel', 'GEIGES, Daniel'],
      ['Artur Pxtrov', 'ARTUR PETROV'],
      ['Edward A. Jxhnson', 'Edward A. Johnson'],
      ['Fxratel Company', 'Faratel Company'],
    ]);
  });

  it('typos: a legal-form word misspelt on its first letter is still the legal form', () => {
    expectFlagged([
      ['KAROUN PETROCHEMICAL OMPANY', 'KAROUN PETROCHEMICAL COMPANY'],
      ['JOINT STOCK hOMPANY RADIOPRIBOR', 'JOINT STOCK COMPANY RADIOPRIBOR'],
      ['MALBERG iIMITED', 'MALBERG LIMITED'],
      ['LIMITED rIABILITY COMPANY ALABUGA EXIM', 'LIMITED LIABILITY COMPANY ALABUGA EXIM'],
      ['NOVIN ENERGY qCOMPANY', 'NOVIN ENERGY COMPANY'],
      ['Shahid Hemmat Indusrtial Group SHIG', 'Shahid Hemmat Industrial Group (SHIG)'],
    ]);
  });

  it('joins of vocabulary words: a join the lists have only as two words is split, and its parts fold as the list\'s did', () => {
    expectFlagged([
      ['PUBLICJOINT STOCK COMPANY BANK URALSIB', 'PUBLIC JOINT STOCK COMPANY BANK URALSIB'],
      ['Neda IndustrialGroup', 'Neda Industrial Group'],
      ['FIRSTDIVISION OF THE SYRIAN ARAB ARMY', 'FIRST DIVISION OF THE SYRIAN ARAB ARMY'],
      ['FIRSTOCEAN GMBH & CO KG', 'FIRST OCEAN GMBH & CO KG'],
      ['WEI HsuehYuan', 'WEI, Hsueh Yuan'],
    ]);
    // A part must be a list word of its own, not a join ("algroup" of some "AL GROUP").
    expect(plannedTokens('Neda IndustrialGroup')).toEqual(['neda', 'industries', 'group']);
  });

  it('typos: an x typed into a legal-form word leaves the legal form', () => {
    expectFlagged([
      ['LIMITED LIxABILITY COMPANY KEKO R', 'LIMITED LIABILITY COMPANY KEKO R'],
      ['LIMxTED LIABILITY COMPANY 3D MALL', 'LIMITED LIABILITY COMPANY 3D MALL'],
    ]);
  });

  it('class 4: an alias with the tokens of another name of its entry but other weak words is found verbatim in strict', () => {
    // "ZULKIFLI, Abdul Hir bin" (a last "bin" is a name) shares its tokens with "HIR, Zulkifli Bin Abdul".
    for (const [alias, id] of [['ZULKIFLI, Abdul Hir bin', '7933'], ['MUHAMMAD, Abu Turab Ali', '21387']]) {
      for (const mode of ['strict', 'balanced', 'loose'] as const) {
        const m = engine.screen({ name: alias, fuzziness: mode, limit: 1000, threshold: 0.5 }).matches.find((x) => x.listSource === 'ofac-sdn' && x.entryId === id);
        expect(m?.confidence ?? 0, `${alias} / ${mode}`).toBeGreaterThanOrEqual(engine.thresholds[mode].review);
      }
    }
  });
});
