/**
 * The eval's 'arabic-script' kind: listed names of people from Arabic-script countries written back in
 * Persian / Arabic script, every letter that shares a Latin reading drawn in turn.
 */
import { describe, expect, it } from 'vitest';
import { drawKind, perturb, seeded, toArabicScript } from '../bench/eval/perturb.js';
import { entry } from './support/engine-entries.js';

const NAMES = [
  'ZADEH, Reza', 'HAZRATI, Mohammad Hossein', 'AL-ZOMOR, Abboud Abdul Latif Hassan', 'ZARQUN, Abd al Hadi',
  'NAZARI, Ali Akbar', 'KHAZEIN, Mahmoud', 'TALEBZADEH, Zeinab Mehanna', 'AL-RAWI, Walid Talib Zughayr',
  "'ABD AL-SALAM, 'Abd al-Malik Muhammad Yusuf 'Uthman", 'UR-REHMAN, Mati', 'NOORZAI, Hajji Faizullah Khan',
  'MAHMOOD, Sultan Bashir-Ud-Din', 'SADATI, Seyyed Mahmoud', 'EL ZEIN, Mohamed', 'QASIR, Ali',
];
const COUNTRIES = ['IR', 'IQ', 'SY', 'AF', 'PK', 'LB', 'YE'];
const people = NAMES.flatMap((name, n) =>
  Array.from({ length: 20 }, (_, k) => entry(`${n}-${k}`, name, { nationalities: [COUNTRIES[(n + k) % COUNTRIES.length]] })));

/** Arabic-script letters only, words parted by single spaces. */
const ARABIC_WORDS = /^[\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]+( [\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]+)*$/;

describe("perturbation kind 'arabic-script'", () => {
  const queries = drawKind('arabic-script', people, people.length, 11);

  it('writes every query wholly in Arabic-script letters, no Latin letter left', () => {
    expect(queries).toHaveLength(people.length);
    for (const q of queries) {
      expect(q.query, q.entry.name).toMatch(ARABIC_WORDS);
      expect(q.query, q.entry.name).not.toMatch(/[A-Za-z]/);
    }
  });

  it('is deterministic for a seed', () => {
    expect(drawKind('arabic-script', people, people.length, 11).map((q) => q.query)).toEqual(queries.map((q) => q.query));
    for (const p of people.slice(0, 40)) expect(perturb('arabic-script', p, seeded(5))).toBe(perturb('arabic-script', p, seeded(5)));
  });

  it('over a sample uses each letter Persian reads as z: ز ذ ض ظ', () => {
    const text = queries.map((q) => q.query).join(' ');
    for (const z of ['ز', 'ذ', 'ض', 'ظ']) expect(text, z).toContain(z);
  });

  it('applies to individuals of Arabic-script countries with two or more words and writable names only', () => {
    const at = (name: string, more: Parameters<typeof entry>[2] = { nationalities: ['IR'] }) => perturb('arabic-script', entry('1', name, more), seeded(3));
    expect(at('KARIMI, Reza')).not.toBeNull();
    expect(at('KARIMI, Reza', { citizenships: ['SY'] })).not.toBeNull();
    expect(at('KARIMI, Reza', { nationalities: ['RU'] })).toBeNull();
    expect(at('KARIMI, Reza', { nationalities: ['IR'], kind: 'entity' })).toBeNull();
    expect(at('KARIMI')).toBeNull();
    expect(at('KARIMI, Reza 2')).toBeNull();
    expect(at('ALARIFI, Naif Hassan S.')).toBeNull();
  });

  it('writes the article attached, Abd al-X with the article, and the Allah ending as الله', () => {
    const write = (name: string, seed = 1) => toArabicScript(name, seeded(seed)) ?? '';
    for (let seed = 1; seed <= 20; seed++) {
      expect(write('AL-LIBI, Abu Yahya', seed)).toMatch(/(^| )ال\S+/);
      expect(write('ZARQUN, Abd al Hadi', seed)).toMatch(/عبد ?ال\S+/);
      expect(write('NOORZAI, Faizullah', seed)).toMatch(/\Sالله/);
      expect(write('UR-REHMAN, Mati', seed)).toMatch(/(^| )الر\S+/);
    }
  });
});
