/**
 * The article of a listed person's name weighs as weak where it stands, though another listed name
 * has the same word strong (a last particle is read as a name: "Su Bin"). Invented names among
 * synthetic background names (test/support/engine-entries.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/index.js';
import type { ListEntry } from '../src/lists/model.js';
import { buildEngineWithBackground, entry } from './support/engine-entries.js';

const ENTRIES: ListEntry[] = [
  entry('1', 'AL-QORVANDI, Tareq'),
  entry('2', 'AL-MERZANI, Osric Halim'),
  entry('3', 'AL-VESHTARI, Abu Bakr Yusef'),
  // "al" last in these names: read as a name there, strong, so the word's dictionary weight is strong.
  entry('4', 'MERVALDI, Osric Al'),
  entry('5', 'TUNBERAKI, Halvor Al'),
];

let engine: Engine;

beforeAll(async () => {
  engine = await buildEngineWithBackground(ENTRIES);
});

const confidence = (name: string, id: string): number =>
  engine.screen({ name, fuzziness: 'balanced', limit: 50 }).matches.find((m) => m.entryId === id)?.confidence ?? 0;

describe('the article of a listed person\'s name weighs as weak there, whatever other names make of the word', () => {
  it('a later given name and the surname without its article reach balanced review', () => {
    const review = engine.thresholds.balanced.review;
    expect(confidence('Halim Merzani', '2')).toBeGreaterThanOrEqual(review);
    expect(confidence('Yusef Veshtari', '3')).toBeGreaterThanOrEqual(review);
  });

  it('a query that leaves out the article and adds a given name is still a candidate', () => {
    expect(confidence('Tareq Bassil Qorvandi', '1')).toBeGreaterThan(0);
  });
});
