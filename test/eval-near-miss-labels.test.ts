/**
 * The eval's near-miss negatives must be negatives: a generated name that is by construction one of
 * the eval's own positives (a listed name with words added, a drawn word equal or one edit from the
 * listed word, a hyphenated part that is only an article) is dropped and counted, not scored as a
 * false positive. Each rule is checked on a list built so that the generator cannot avoid it.
 */
import { describe, expect, it } from 'vitest';
import { foldedWords, nearMisses, type NegativeRow } from '../bench/eval/near-miss.js';
import { aka, entry } from './support/engine-entries.js';

const row = (first: string, last: string): NegativeRow => ({ full_name: `${first} ${last}`, first_name: first, last_name: last, date_of_birth: '', nationality: '' });

describe('near-miss labels', () => {
  it('folds words independently of the engine', () => {
    expect(foldedWords("HIRZALLAH, Samir 'Abd Al-Mu'in")).toEqual(['hirzallah', 'samir', 'abd', 'al', 'muin']);
  });

  it('drops a name that holds a whole listed alias of its entry, counting why', () => {
    // Every given+other-surname draw of this person holds the alias "KASSA, Abraha" whole.
    const listed = [entry('1', 'TESFAYE, Abraha Kassa', { aliases: aka('KASSA, Abraha') })];
    const rows = [row('Nobody', 'Jackson'), row('Other', 'Murphy')];
    const dropped: Record<string, Record<string, number>> = {};
    const out = nearMisses(listed, rows, 10, 1, dropped);
    expect(out['given+other-surname']).toEqual([]);
    expect(dropped['given+other-surname']['listed-name-with-words-added']).toBeGreaterThan(0);
  });

  it('drops a drawn given name equal or one edit from the listed given name', () => {
    const listed = [entry('1', 'IBARRA CARDONA, Carlos Jesus')];
    const dropped: Record<string, Record<string, number>> = {};
    const out = nearMisses(listed, [row('Karlos', 'Smith'), row('Carlos', 'Jones')], 10, 1, dropped);
    expect(out['other-given+surname']).toEqual([]);
    expect(dropped['other-given+surname']['replacement-equals-listed-word']).toBeGreaterThan(0);
  });

  it('keeps a real other given name, and drops a compound whose part is an article', () => {
    const listed = [entry('1', 'IBARRA CARDONA, Carlos'), entry('2', "HIRZALLAH, Samir 'Abd Al-Mu'in")];
    const dropped: Record<string, Record<string, number>> = {};
    const out = nearMisses(listed, [row('Walter', 'Smith')], 10, 1, dropped);
    expect(out['other-given+surname']).toContain('Walter IBARRA CARDONA');
    expect(out['missing-part']).toEqual([]);
    expect(dropped['missing-part']['particle-dropped']).toBeGreaterThan(0);
  });

  it('counts repeated listed words, and keeps a one-letter surname, so real near misses are not dropped', () => {
    // "AHMED, Ahmed" is not held by a query with one Ahmed; "O, In Chun" needs its surname O.
    const listed = [entry('1', 'AHMED, Ahmed'), entry('2', 'O, In Chun')];
    const out = nearMisses(listed, [row('Walter', 'Barrett'), row('Walter', 'Owens')], 20, 1);
    expect(out['given+other-surname']).toEqual(expect.arrayContaining(['Ahmed Barrett', 'In Chun Owens']));
  });

  it('lets one query word stand for one listed word only: CHOE Min is not CHOE, Chol-Min', () => {
    const listed = [entry('1', 'CHOE, Chol-Min', { nationalities: ['KP'] })];
    const out = nearMisses(listed, [row('Walter', 'Smith')], 10, 1);
    expect(out['missing-part']).toEqual(expect.arrayContaining(['CHOE Min', 'CHOE Chol']));
  });

  it('drops a name that holds its own entry\'s alias in another transliteration or with two letters swapped', () => {
    // Every one-token-swapped draw keeps "Maksim SAFONOV" (the alias spells it Maxim) or "Mahdy Akil" (the alias: Madhy).
    const listed = [
      entry('1', 'SAFONOV, Maksim Valeryevich', { aliases: aka('SAFONOV, Maxim') }),
    ];
    const dropped: Record<string, Record<string, number>> = {};
    const rng = [row('Dwayne', 'Jackson'), row('Walter', 'Murphy')];
    const out = nearMisses(listed, rng, 10, 1, dropped);
    expect(out['one-token-swapped'].filter((q) => q.startsWith('Maksim') && q.endsWith('SAFONOV'))).toEqual([]);
    expect(dropped['one-token-swapped']['listed-name-with-words-added']).toBeGreaterThan(0);
    const madhy = nearMisses([entry('2', 'HELBAWI, Mahdy Akil', { aliases: aka('AKIL, Madhy') })], rng, 10, 1);
    expect(madhy['one-token-swapped'].filter((q) => q.startsWith('Mahdy Akil'))).toEqual([]);
  });

  it('keeps a swap of another name, however it is spelled, for a name the entry does not list', () => {
    const listed = [entry('1', 'SAFONOV, Maksim Valeryevich', { aliases: aka('SAFONOV, Maxim') })];
    const out = nearMisses(listed, [row('Dwayne', 'Jackson')], 10, 1);
    expect(out['one-token-swapped']).toEqual(expect.arrayContaining(['Dwayne Valeryevich SAFONOV', 'Maksim Valeryevich Jackson']));
  });

  it('never swaps a particle, and drops a compound whose part is the article in its sun-letter form', () => {
    const swapped = nearMisses([entry('1', 'PULIDO ORTIZ, Bayardo de Jesus')], [row('Martirio', 'Jackson')], 20, 1);
    expect(swapped['one-token-swapped'].length).toBeGreaterThan(0);
    expect(swapped['one-token-swapped'].every((q) => /\bde\b/.test(q))).toBe(true);
    const dropped: Record<string, Record<string, number>> = {};
    const compound = nearMisses([entry('2', 'KHALIL, Fazl-ur Rehman'), entry('3', 'TAHA, Husam a-Shaykh')], [row('Walter', 'Smith')], 10, 1, dropped);
    expect(compound['missing-part']).toEqual([]);
    expect(dropped['missing-part']['particle-dropped']).toBeGreaterThan(0);
  });
});
