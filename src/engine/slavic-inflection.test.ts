import { describe, expect, it } from 'vitest';
import { nominativeReadings, yoReadings } from './slavic-inflection.js';

describe('nominativeReadings', () => {
  it('reads a genitive, locative or Lithuanian case back to the nominative stem', () => {
    expect(nominativeReadings('trovenka')).toContain('trovenk');
    expect(nominativeReadings('brelkova')).toContain('brelkov');
    expect(nominativeReadings('zardanie')).toContain('zardan');
    expect(nominativeReadings('kolvenio')).toContain('kolven');
    expect(nominativeReadings('kolveris')).toContain('kolver');
    expect(nominativeReadings('dravskowi')).toContain('dravsk');
  });

  it('reads a feminine case ending as the nominative in -a', () => {
    expect(nominativeReadings('merody')).toContain('meroda');
    expect(nominativeReadings('merodoy')).toContain('meroda');
    expect(nominativeReadings('merodos')).toContain('meroda');
  });

  it('leaves a stem of four letters at least, and never returns the word itself', () => {
    expect(nominativeReadings('kora')).toEqual([]);
    expect(nominativeReadings('brela')).toEqual(['brel']);
    expect(nominativeReadings('zardan')).toEqual([]);
    expect(nominativeReadings('zardán')).toEqual([]);
  });
});

describe('yoReadings', () => {
  it('reads one e after a consonant as yo at a time, never a final e nor one after a vowel', () => {
    expect(yoReadings('polvet')).toEqual(['polvyot']);
    expect(yoReadings('semlet')).toEqual(['syomlet', 'semlyot']);
    expect(yoReadings('vaeto')).toEqual([]);
    expect(yoReadings('drone')).toEqual([]);
  });
});
