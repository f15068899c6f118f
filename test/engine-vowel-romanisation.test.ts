/**
 * Issue #27 (real-world spellings), persons: an Arabic or Persian name romanised with other vowels
 * (e / i, ee / i, o / u, ou / u, a final y for i), its consonants the listed word's in the same
 * places, is the listed name even where the word is two edits from the listed one in fewer than
 * seven letters; vowels that write another Arabic vowel (i for u, a for i), or a word of four
 * letters, are no such spelling. Invented names among the synthetic background that gives them the
 * lists' rarity scale.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, Fuzziness } from '../src/engine/index.js';
import type { ListEntry } from '../src/lists/model.js';
import { sameVowels, vowelPattern } from '../src/engine/arabic-vowels.js';
import { buildEngineWithBackground, entry } from './support/engine-entries.js';

const ENTRIES: ListEntry[] = [
  entry('970', 'QALUBI, Nashwan Rafiq'),
  entry('971', 'USMIRI, Dhakwan Tarif'),
  entry('972', 'TAHIM, Ruji Faddal'),
  entry('973', 'TAMUR, Sabih Ghalib'),
];

let engine: Engine;

beforeAll(async () => {
  engine = await buildEngineWithBackground(ENTRIES);
});

function flagged(name: string, mode: Fuzziness, id: string): boolean {
  const r = engine.screen({ name, kind: 'individual', fuzziness: mode, limit: 50 });
  return r.matches.some((m) => m.entryId === id && m.confidence >= engine.thresholds[mode].review);
}

describe('class: an Arabic or Persian name written with other vowels', () => {
  it('the vowel pattern keeps consonants in place and folds doubled letters and a final y', () => {
    expect(vowelPattern('qelobi')).toBe(vowelPattern('qalubi'));
    expect(vowelPattern('osmery')).toBe(vowelPattern('usmiri'));
    expect(vowelPattern('ballul')).toBe(vowelPattern('balol'));
    expect(vowelPattern('qlubi')).not.toBe(vowelPattern('qalubi'));
    expect(sameVowels('rujee', 'ruji')).toBe(true);
    expect(sameVowels('timar', 'tamur')).toBe(false);
  });

  it('a word two vowel edits from the listed one, the rest of the name as listed, is found in balanced and loose', () => {
    const cases: Array<[string, string]> = [
      ['Nashwan Rafiq Qelobi', '970'], ['Dhakwan Tarif Osmery', '971'], ['Rujee Faddal Tahim', '972'],
    ];
    for (const mode of ['balanced', 'loose'] as const) {
      for (const [q, id] of cases) expect({ q, mode, flagged: flagged(q, mode, id) }).toEqual({ q, mode, flagged: true });
    }
  });

  it('vowels that write another Arabic vowel make another name: clear in balanced', () => {
    for (const [q, id] of [['Sabih Ghalib Timar', '973'], ['Ghalib Timar', '973']] as const) {
      expect({ q, flagged: flagged(q, 'balanced', id) }).toEqual({ q, flagged: false });
    }
  });
});
