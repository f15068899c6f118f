/**
 * Organisations written with words the lists do not know (issue #27, classes 1, 4 and 6): a
 * listed proper noun inside another language's descriptor, a short name inside a long listed one,
 * a Hungarian "Rt." at a name's end, a transposed pair of letters that reads like a glued article. The queries are our own spellings
 * (Albanian "Burgu" = prison, invented words), the targets real US list entries of the snapshot.
 */
import { beforeAll, expect, it } from 'vitest';
import { buildEngine, type Engine, type Fuzziness } from '../src/engine/index.js';
import { normaliseName } from '../src/engine/normalise.js';
import { ELF_FORM_NAME_WORDS } from '../src/engine/legal-forms-elf.js';
import type { EntryKind } from '../src/lists/model.js';
import { loadListSet } from '../src/lists/catalog.js';
import { FUZZINESS_MODES } from '../src/engine/types.js';
import { SNAPSHOT_DIR, describeShared } from './support/shared.js';

const read = (name: string): string[] => normaliseName(name).map((t) => (t.weak ? `(${t.text})` : t.text));

it('reads a two-letter form written with one dot ("Rt.") as a legal form at the end of a name only', () => {
  expect(read('Adria Rt.')).toEqual(['adria', '(rt)']);
  expect(read('»Adria« Rt.')).toEqual(['adria', '(rt)']);
  // Without its dot, or anywhere else, it is a word of the name (the lists write RT-CAPITAL).
  expect(read('Adria Rt')).toEqual(['adria', 'rt']);
  expect(read('RT Adria')).toEqual(['rt', 'adria']);
  expect(read('Rt. Adria')).toEqual(['rt', 'adria']);
});

it('keeps the words of other languages\' legal-form names from ISO 20275, not those of English names nor short ones', () => {
  const words = new Set(ELF_FORM_NAME_WORDS);
  expect(['sociedad', 'acciones', 'limitada', 'yhtio', 'obshchestvo'].filter((w) => !words.has(w))).toEqual([]);
  expect(['trust', 'capital', 'bank', 'con', 'pro'].filter((w) => words.has(w))).toEqual([]);
});

let engine: Engine;

describeShared('words the lists do not know, in organisations\' names, on the real snapshot', () => {
  beforeAll(async () => {
    engine = await buildEngine(await loadListSet({ dir: SNAPSHOT_DIR }));
  }, 240_000);

  const flagged = (name: string, mode: Fuzziness, key: string, kind?: EntryKind): boolean => {
    const r = engine.screen({ name, kind, fuzziness: mode, limit: 50 });
    return r.summary.recommendedAction !== 'clear'
      && r.matches.some((m) => `${m.listSource}/${m.entryId}` === key && m.confidence >= engine.thresholds[mode].review);
  };
  const expectFlags = (cases: ReadonlyArray<readonly [string, string]>, modes: readonly Fuzziness[], want: boolean, kind?: EntryKind): void => {
    const got = cases.flatMap(([q, key]) => modes.map((mode) => ({ q, mode, flagged: flagged(q, mode, key, kind) })));
    expect(got).toEqual(got.map((g) => ({ ...g, flagged: want })));
  };

  it('a listed proper noun beside a descriptor in another language is that entity in balanced and loose', () => {
    expectFlags([
      ['Burgu Rajaee Shahr', 'ofac-sdn/23467'], // RAJAEE SHAHR PRISON
      ['Burgu Qarchak', 'ofac-sdn/28959'], // QARCHAK PRISON
      ['Burgu Dastgerd', 'ofac-sdn/34143'], // DASTGERD PRISON (a.k.a.)
    ], ['balanced', 'loose'], true, 'entity');
  });

  it('a request of no kind is an organisation by its legal form; without one, the unknown word costs in full', () => {
    expectFlags([['Burgu Rajaee Shahr LLC', 'ofac-sdn/23467']], ['balanced'], true);
    expectFlags([['Burgu Rajaee Shahr', 'ofac-sdn/23467']], ['balanced'], false);
  });

  it('an unknown word beside a rare listed word left unmatched names another organisation', () => {
    // PRENSA LATINA: "latina" is on two list names.
    expectFlags([['Prensa Zorblatt', 'ofac-sdn/1702']], ['balanced'], false, 'entity');
  });

  it('a list name matched whole on a distinctive word, beside unknown words, is that entity; one of generic words only is not', () => {
    // LAZARUS GROUP (a legal form's word left over): "Zorblatt" is most often the descriptor in another
    // language ("X-yhtiö" for X LLC). FOUNDATION FOR CONSTRUCTION: no word of it names one party.
    expectFlags([
      ['Lazarus Zorblatt', 'ofac-sdn/27307'],
      ['Zorblatt Vreka Lazarus', 'ofac-sdn/27307'],
    ], ['balanced', 'loose'], true, 'entity');
    expectFlags([['Foundation for Construction Zorblatt', 'ofac-sdn/7132']], ['balanced'], false, 'entity');
  });

  it('words of another language\'s legal-form names cost as unknown words, though some list names have them', () => {
    // "sociedad" and "limitada" are on list names; written around LAZARUS GROUP's one word, a legal form.
    expectFlags([['Sociedad limitada Lazarus', 'ofac-sdn/27307']], ['balanced', 'loose'], true, 'entity');
  });

  it('the list words a few letters from an unknown word do not crowd the listed name out of the candidates', () => {
    // LIMITED LIABILITY COMPANY RSB-GROUP: "Ksoport" and "Exportr" are a few letters from hundreds of
    // list words (export, support...); at their whole rarity those names filled the candidate cap.
    expectFlags([['RSB Ksoport', 'ofac-sdn/37671'], ['RSB Exportr', 'ofac-sdn/37671']], ['balanced', 'loose'], true, 'entity');
  });

  it('a legal form\'s word of another language with its article or case ending is read as that word', () => {
    // LAZARUS GROUP: ISO 20275 names the Romanian form "Societate pe acţiuni"; "Societatea" is its definite form.
    expectFlags([
      ['Societatea publică pe acțiuni Lazarus', 'ofac-sdn/27307'],
      ['Lazarus Societatea publică pe acțiuni', 'ofac-sdn/27307'],
    ], ['balanced', 'loose'], true, 'entity');
  });

  it('an organisation\'s short name found word for word inside a long list name is that entity', () => {
    // JOINT STOCK COMPANY CONCERN CENTRAL INSTITUTE FOR SCIENTIFIC RESEARCH ELEKTROPRIBOR (a.k.a. CONCERN CSRI ELEKTROPRIBOR JSC)
    expectFlags([['Concern Elektropribor', 'ofac-sdn/40296']], ['balanced', 'loose'], true, 'entity');
  });

  it('"Rt." at the end of a name is the Hungarian legal form in every mode', () => {
    for (const mode of FUZZINESS_MODES) expect(flagged('Atomflot Rt.', mode, 'ofac-sdn/43111'), mode).toBe(true); // FSUE ATOMFLOT
    expect(flagged('Atomflot Rt', 'strict', 'ofac-sdn/43111')).toBe(false);
  });

  it('a transposed pair of letters at a word\'s start is that word, not a glued article ("aLzarus" is no "al Zarus")', () => {
    expectFlags([['aLzarus Group', 'ofac-sdn/27307']], ['balanced', 'loose'], true); // LAZARUS GROUP
  });

  it('a legal form beside a short name found whole is no disagreement where the list name adds only acronyms or descriptors (balanced)', () => {
    expectFlags([
      ['Reshetnev AG', 'ofac-sdn/39138'], // ISS RESHETNEV
      ['Elektropribor AG', 'ofac-sdn/40296'], // CONCERN CSRI ELEKTROPRIBOR JSC
      ['Mashinostroyeniya AG', 'ofac-sdn/16884'], // MIC NPO MASHINOSTROYENIYA JSC
    ], ['balanced'], true, 'entity');
    // A place the list name adds is another party's name (a plant in Kazan): the form costs as before.
    expectFlags([['Elektropribor AG', 'ofac-sdn/48429']], ['balanced'], false, 'entity');
  });

  it('an unknown word stands in for a rarer descriptor the lists use (index-builder.ts descriptorWords), not for a party\'s own name', () => {
    // Qorvalet is invented: MILITIA and GHARARGAH ("headquarters") are descriptors on a few list names each.
    expectFlags([
      ['Qorvalet Kaniyat', 'ofac-sdn/29368'], // KANIYAT MILITIA
      ['Qorvalet Ghaem', 'ofac-sdn/10496'], // GHARARGAH GHAEM
    ], ['balanced'], true, 'entity');
    // KANIYAT is one party's name (on its aliases only); BUSHEHR a place several parties are named after.
    expectFlags([
      ['Zorblatt Militia', 'ofac-sdn/29368'], // KANIYAT MILITIA
      ['Zorblatt Prison', 'ofac-sdn/39709'], // BUSHEHR PRISON
    ], ['balanced'], false, 'entity');
  });
});
