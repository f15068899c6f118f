import { describe, expect, it } from 'vitest';
import { FuzzyWords, NeighbourFilter } from './fuzzy-words.js';

const VOCABULARY: ReadonlyArray<readonly [string, string]> = [
  ['limited', 'ltd'], ['company', 'co'], ['corporation', 'corp'], ['mohammed', 'muhammad'], ['muhamad', 'muhammad'],
  ['aleksandr', 'alexander'], ['sheikh', 'sheikh'], ['holding', 'holding'],
];

/** Every string one edit from `word`: deletions, substitutions, insertions and adjacent swaps. */
function oneEdit(word: string): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz0';
  const out: string[] = [];
  for (let i = 0; i <= word.length; i++) {
    for (const c of letters) out.push(word.slice(0, i) + c + word.slice(i));
    if (i < word.length) {
      out.push(word.slice(0, i) + word.slice(i + 1));
      for (const c of letters) out.push(word.slice(0, i) + c + word.slice(i + 1));
    }
    if (i + 1 < word.length) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return out;
}

describe('NeighbourFilter', () => {
  const a = new FuzzyWords(VOCABULARY.slice(0, 4), 6);
  const b = new FuzzyWords(VOCABULARY.slice(4), 5);
  const filter = new NeighbourFilter([a, b]);
  const agrees = (word: string): void => {
    const near = filter.mayBeNear(word);
    expect(a.find(word, near), word).toBe(a.find(word));
    expect(b.find(word, near), word).toBe(b.find(word));
  };

  it('never hides a vocabulary word from a token within one edit (every edit of every word)', () => {
    let found = 0;
    for (const [word] of VOCABULARY) {
      for (const variant of oneEdit(word)) {
        agrees(variant);
        if (a.find(variant) !== undefined || b.find(variant) !== undefined) found++;
      }
    }
    // The comparison covered real hits, not only misses.
    expect(found).toBeGreaterThan(500);
  });

  it('says "not near" for most unrelated words, and find() then still answers exact words', () => {
    let seed = 11;
    const random = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let far = 0;
    for (let n = 0; n < 5000; n++) {
      const word = Array.from({ length: 5 + Math.floor(random() * 6) }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
      agrees(word);
      if (!filter.mayBeNear(word)) far++;
    }
    expect(far).toBeGreaterThan(4900);
    expect(a.find('limited', false)).toBe('ltd');
    expect(a.find('limitde', false)).toBeUndefined();
    expect(a.find('limitde', filter.mayBeNear('limitde'))).toBe('ltd');
  });
});
