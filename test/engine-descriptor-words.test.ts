/**
 * Descriptors of organisations (index-builder.ts descriptorWords), computed from the list entries
 * when the index is built. Invented entries and names only.
 */
import { expect, it } from 'vitest';
import { buildIndex } from '../src/engine/index-builder.js';
import type { EntryKind, ListEntry } from '../src/lists/model.js';

let next = 0;
const entry = (name: string, kind: EntryKind = 'entity', aliases: string[] = [], city?: string): ListEntry => ({
  listSource: 'ofac-sdn', entryId: String(++next), kind, kindInferred: false, name,
  aliases: aliases.map((a) => ({ name: a, type: 'aka', quality: 'strong' })) as ListEntry['aliases'],
  datesOfBirth: [], placesOfBirth: [], nationalities: [], citizenships: [],
  addresses: city ? [{ city }] : [], identityDocuments: [], programs: [], sourceUrl: '',
});

// Vessels of one invented word each: an index as large as the lists', where a word on one or two names is distinctive.
const letters = (n: number): string => Array.from({ length: 4 }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join('');
const vessels = (): ListEntry[] => Array.from({ length: 3000 }, (_, n) => entry(`Zq${letters(n)}`, 'vessel'));

const flagsOf = (entries: ListEntry[]): Record<string, number> => {
  const index = buildIndex([...entries, ...vessels()]);
  return Object.fromEntries([...index.tokens].map(([text, id]) => [text, index.arrays.tokDesc[id]]));
};

it('flags a word of several organisations\' names beside different distinctive words', () => {
  const flags = flagsOf([
    entry('Vorlanth Brigadier Militia'), entry('Quessmar Militia'), entry('Tobrennic Steelworks'),
    // Not a place, a surname or a party's own name.
    entry('Dravnik Foundry', 'entity', [], 'Dravnik'), entry('Dravnik Tannery'), // a place (an address's city)
    entry('Pellowes, Ardan', 'individual'), entry('Pellowes Tannery'), entry('Pellowes Mercantile'), // a surname
    entry('Kelvaro Ostrand Holdings', 'entity', ['Kelvaro Ostrand']), entry('Kelvaro Ostrand Shipping'), // one party's words
    entry('Harnswick Group', 'entity', ['Harnswick Cooperative']), // one entry's aliases
    entry('Germany Tannery'), entry('Germany Foundry'), // a country
  ]);
  expect({ militia: flags.militia, tannery: flags.tannery, foundry: flags.foundry }).toEqual({ militia: 1, tannery: 1, foundry: 1 });
  expect({
    vorlanth: flags.vorlanth, dravnik: flags.dravnik, pellowes: flags.pellowes, kelvaro: flags.kelvaro, ostrand: flags.ostrand,
    harnswick: flags.harnswick, germany: flags.germany, steelworks: flags.steelworks,
  }).toEqual({ vorlanth: 0, dravnik: 0, pellowes: 0, kelvaro: 0, ostrand: 0, harnswick: 0, germany: 0, steelworks: 0 });
});

it('an index weighed by a larger one takes that one\'s descriptors', () => {
  const full = buildIndex([entry('Vorlanth Militia'), entry('Quessmar Militia'), ...vessels()]);
  const part = buildIndex([entry('Quessmar Militia')], full);
  expect(part.arrays.tokDesc[part.tokens.get('militia')!]).toBe(1);
  expect(buildIndex([entry('Quessmar Militia')]).arrays.tokDesc[0]).toBe(0);
});
