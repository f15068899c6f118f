import { describe, expect, it } from 'vitest';
import { consonantAdded, soundSkeleton } from './sound-skeleton.js';

describe('soundSkeleton', () => {
  it('reads the romanisations of one sound as one', () => {
    const same: Array<[string, string]> = [
      ['rakhim', 'rahim'], ['rachim', 'rahim'], ['tjaplin', 'chaplin'], ['setjin', 'sechin'], ['tsekov', 'cekov'],
      ['shutov', 'sutov'], ['zhukov', 'zukov'], ['dzmitry', 'dmitry'], ['ihar', 'igar'], ['wagner', 'vagner'],
      ['iwanow', 'ivanov'], ['awwad', 'awad'], ['ridwan', 'riduan'], ['zowbai', 'zobai'], ['sabaoui', 'sabawi'],
      ['soleimani', 'salimani'], ['zubaidi', 'zubedi'], ['mertz', 'merz'],
    ];
    for (const [a, b] of same) expect({ a, b, same: soundSkeleton(a) === soundSkeleton(b) }).toEqual({ a, b, same: true });
  });

  it('keeps a consonant sound one side adds', () => {
    const differ: Array<[string, string]> = [['solin', 'smolin'], ['korsar', 'kosar'], ['lwin', 'win'], ['xiwang', 'xiang'], ['versan', 'vesan']];
    for (const [a, b] of differ) expect({ a, b, same: soundSkeleton(a) === soundSkeleton(b) }).toEqual({ a, b, same: false });
  });
});

describe('consonantAdded', () => {
  it('says which side has the consonant the other lacks, in short words', () => {
    expect(consonantAdded('korsar', 'kosar')).toBe('query');
    expect(consonantAdded('maung', 'aung')).toBe('query');
    expect(consonantAdded('xiwang', 'xiang')).toBe('query');
    expect(consonantAdded('solin', 'smolin')).toBe('listed');
  });

  it('is no such pair for spellings, endings, the glued article, a changed letter or long words', () => {
    for (const [q, w] of [
      ['rakhim', 'rahim'], ['korean', 'korea'], ['lavrovs', 'lavrov'], ['albaker', 'baker'], ['isil', 'isis'], ['tamyr', 'tamir'],
      ['petersburg', 'peterburg'], ['kozlovv', 'kozlov'],
    ]) expect({ q, w, side: consonantAdded(q, w) }).toEqual({ q, w, side: null });
  });
});
