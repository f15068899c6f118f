/**
 * Issue #27 class 1: one word of a name spelled further off than the token search reaches, the rest of
 * the name matched (assembly/score.ts matchOneOff, name-matcher.ts oneOffBarred). Balanced finds the
 * entry where the word off is a later given name, a patronymic or an organisation's rarer word after
 * its first; never where it is a person's surname or first given name, nor an organisation's first
 * word. Invented names among the synthetic background that gives them the lists' rarity scale.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, Fuzziness } from '../src/engine/index.js';
import type { ListEntry } from '../src/lists/model.js';
import { buildEngineWithBackground, entry } from './support/engine-entries.js';

const ENTRIES: ListEntry[] = [
  entry('950', 'ZENTRAVO HOUNGVAL TRADING COMPANY', { kind: 'entity' }),
  entry('951', 'VANTORA QUELMIRSK CARRIERS S.A.', { kind: 'entity' }),
  entry('952', 'BRISELEV, Anatoly Tarkhanovich'),
];

let engine: Engine;

beforeAll(async () => {
  engine = await buildEngineWithBackground(ENTRIES);
});

function flagged(name: string, mode: Fuzziness, id: string): boolean {
  const r = engine.screen({ name, fuzziness: mode, limit: 50, kind: id < '952' ? 'entity' : 'individual' });
  return r.summary.recommendedAction !== 'clear' && r.matches.some((m) => m.entryId === id && m.confidence >= engine.thresholds[mode].review);
}

describe('class: one word spelled further off, the rest of the name matched', () => {
  it('balanced finds an organisation by its other words and a later word spelled another way', () => {
    expect(flagged('Zentravo Honval Trading Co.', 'balanced', '950')).toBe(true);
  });

  it('balanced finds a person whose patronymic is spelled another way', () => {
    expect(flagged('Anatoly Tarkevich BRISELEV', 'balanced', '952')).toBe(true);
  });

  it('stays clear in balanced where the word off is a surname, a first given name or an organisation\'s first word', () => {
    const cases: Array<[string, string]> = [
      ['Anatoly Tarkhanovich BRIZEV', '952'],
      ['Anatoly Tarkhanovich BRISELIOVS', '952'],
      ['Vintesa Quelmirsk Carriers S.A.', '951'],
      ['Wantesa Quelmirsk Carriers S.A.', '951'],
    ];
    for (const [q, id] of cases) expect({ q, flagged: flagged(q, 'balanced', id) }).toEqual({ q, flagged: false });
  });

  it('strict finds none of them', () => {
    expect(flagged('Zentravo Honval Trading Co.', 'strict', '950')).toBe(false);
    expect(flagged('Anatoly Tarkevich BRISELEV', 'strict', '952')).toBe(false);
  });
});
