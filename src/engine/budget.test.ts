/**
 * The bounds on one screening's work (issue #12): what transliteration may produce per word and per
 * name, the word break's share and its cache use, the tokens a plan keeps, the aliases' shared budget.
 */
import { describe, expect, it } from 'vitest';
import { ALIAS_BUDGET, ALIAS_FLOOR, FULL_LIMITS, aliasLimits } from './budget.js';
import { FuzzyWords } from './fuzzy-words.js';
import { MODES } from './modes.js';
import { planQuery, type WeightOf } from './name-matcher.js';
import { MAX_TOKEN_LENGTH, NAME_LIMITS, classCacheSize, classifyWord, rawWords } from './normalise.js';

const letters = (words: ReadonlyArray<{ text: string }>): number => words.reduce((n, w) => n + w.text.length, 0);

describe('rawWords: caps on what transliteration produces', () => {
  it('cuts a word at MAX_TOKEN_LENGTH as it is made (300 x Щ is 1,200 letters, U+3316 ten per character)', () => {
    for (const raw of ['Щ'.repeat(300), '\u3316'.repeat(300), 'ß'.repeat(300)]) {
      const words = rawWords(raw);
      expect(words).toHaveLength(1);
      expect(words[0].text).toHaveLength(MAX_TOKEN_LENGTH);
    }
  });

  it('keeps at most NAME_LIMITS.words words (an emoji transliterates to seven)', () => {
    expect(rawWords('\u{1FAF0}'.repeat(300))).toHaveLength(NAME_LIMITS.words);
    expect(rawWords('a '.repeat(500))).toHaveLength(NAME_LIMITS.words);
    // Han and Hangul, one word per character, stop at the cap too.
    expect(rawWords('王'.repeat(500))).toHaveLength(NAME_LIMITS.words);
  });

  it('keeps at most NAME_LIMITS.letters letters, and reads at most NAME_LIMITS.chars characters', () => {
    const words = rawWords(`${'abcdefghijklmnopqrstuvwxyzabcdefghijklm '.repeat(60)}`);
    expect(letters(words)).toBeLessThanOrEqual(NAME_LIMITS.letters + MAX_TOKEN_LENGTH);
    expect(letters(words)).toBeGreaterThanOrEqual(NAME_LIMITS.letters);
    expect(rawWords(`${' '.repeat(NAME_LIMITS.chars)}Putin`)).toEqual([]);
  });

  it('reads at most limits.chars characters after NFKC too (U+FDFA is 18 characters of it)', () => {
    // Two ligatures' worth of input: eight words, not the 1,200 words of all 300.
    const words = rawWords('\uFDFA'.repeat(300), { chars: 36, words: 1000, letters: 10_000 });
    expect(words.map((w) => w.text)).toEqual(rawWords('\uFDFA\uFDFA', NAME_LIMITS).map((w) => w.text));
  });

  it('takes smaller limits when given (an alias of a crowded request)', () => {
    const limits = { chars: 40, words: 3, letters: 100 };
    expect(rawWords('one two three four five', limits).map((w) => w.text)).toEqual(['one', 'two', 'three']);
    // 40 characters read: the third word is cut where the input is.
    expect(rawWords('w'.repeat(30) + ' tail ' + 'y'.repeat(30), limits).map((w) => w.text)).toEqual(['w'.repeat(30), 'tail', 'yyyy']);
  });

  it('leaves real names as they were: the longest listed names are far under every cap', () => {
    const long = 'OBSHCHESTVO S OGRANICHENNOY OTVETSTVENNOSTYU NAUCHNO PROIZVODSTVENNOE OBEDINENIE '.repeat(3);
    expect(rawWords(long).map((w) => w.text).join(' ')).toBe(long.trim().toLowerCase());
  });
});

describe('bounded caches and searches', () => {
  it('the word break classifies its trial fragments without adding them to the word-class cache', () => {
    const known = new Map([['holdings', 0], ['ltd', 1]]);
    const weightOf: WeightOf = () => 1;
    const word = 'qzxvbnmlkjhgfdsapoiuytrewqzxvbnmlkjhgfdsapoiuytrewq';
    const before = classCacheSize();
    planQuery(word, MODES.balanced, weightOf, known);
    // The word itself may be remembered; none of its ~50 splits is.
    expect(classCacheSize() - before).toBeLessThanOrEqual(1);
    // The break still works: a joined pair of known words is split.
    expect(planQuery('HOLDINGSLTD', MODES.balanced, weightOf, known).tokens.map((t) => t.text)).toEqual(['holding', 'ltd']);
  });

  it('classifyWord(word, false) answers like classifyWord(word) and leaves the cache alone', () => {
    const before = classCacheSize();
    expect(classifyWord('mohammedx9', false)).toEqual(classifyWord('mohammedx9'));
    expect(classCacheSize()).toBe(before + 1);
    classifyWord('unrememberedfragment', false);
    expect(classCacheSize()).toBe(before + 1);
  });

  it('a closed vocabulary knows its longest word: a token two letters longer is nobody\'s neighbour', () => {
    const words = new FuzzyWords([['limited', 'ltd'], ['company', 'co']] as const, 6);
    expect(words.maxLength).toBe(7);
    expect(words.find('limitedd')).toBe('ltd');
    expect(words.find('limiteddd')).toBeUndefined();
  });
});

describe('the plan and the aliases share a budget', () => {
  const weights: Record<string, number> = { putin: 9, vladimir: 4, zzrare: 12 };
  const weightOf: WeightOf = (t) => weights[t.text] ?? 1;

  it('a name keeps its first FULL_LIMITS.tokens tokens, as before', () => {
    const plan = planQuery(Array.from({ length: 40 }, (_, i) => `w${i}a`).join(' '), MODES.balanced, weightOf);
    expect(plan.tokens.map((t) => t.text)).toEqual(Array.from({ length: FULL_LIMITS.tokens }, (_, i) => `w${i}a`));
  });

  it('under a smaller share, a name keeps its rarest tokens, in their order', () => {
    const limits = { ...FULL_LIMITS, tokens: 3 };
    const plan = planQuery('aa bb zzrare cc vladimir dd putin ee', MODES.balanced, weightOf, undefined, limits);
    expect(plan.tokens.map((t) => t.text)).toEqual(['zzrare', 'vladimir', 'putin']);
  });

  it('aliases get full limits while few, equal shares of ALIAS_BUDGET when many, never under ALIAS_FLOOR', () => {
    expect(aliasLimits(1)).toEqual(FULL_LIMITS);
    const twenty = aliasLimits(20);
    for (const key of Object.keys(FULL_LIMITS) as Array<keyof typeof FULL_LIMITS>) {
      expect(twenty[key], key).toBe(Math.min(FULL_LIMITS[key], Math.max(ALIAS_FLOOR[key], Math.floor(ALIAS_BUDGET[key] / 20))));
      expect(twenty[key], key).toBeLessThanOrEqual(FULL_LIMITS[key]);
      expect(aliasLimits(1000)[key], key).toBe(ALIAS_FLOOR[key]);
    }
  });
});
