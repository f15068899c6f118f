import { describe, expect, it } from 'vitest';
import { hungarianReadings } from './hungarian-spelling.js';

describe('hungarianReadings', () => {
  it('reads sz, cs and zs as s, ch and zh, and drops an adjective\'s -i after a consonant', () => {
    expect(hungarianReadings('kelvisztan')).toEqual(['kelvistan']);
    expect(hungarianReadings('kelvisztani')).toEqual(['kelvistani', 'kelvistan']);
    expect(hungarianReadings('csorvazsa')).toEqual(['chorvazha']);
  });

  it('leaves a word without a Hungarian digraph alone', () => {
    expect(hungarianReadings('kelvistani')).toEqual([]);
    expect(hungarianReadings('türkisztáni')).toEqual([]);
  });
});
