import { describe, expect, it } from 'vitest';
import { countryName, exactCountryName, isAssignedAlpha2, toAlpha2 } from './countries.js';

describe('toAlpha2', () => {
  it('reads alpha-2, alpha-3, ISO names and the publishers\' own spellings', () => {
    expect(['de', 'DEU', 'Germany', 'germany.', ' Korea,  North ', 'Burma', 'Russia', 'Region: Crimea', 'USA'].map(toAlpha2)).toEqual([
      'DE', 'DE', 'DE', 'DE', 'KP', 'MM', 'RU', 'UA', 'US',
    ]);
  });

  it('keeps the list-only codes of withdrawn countries', () => {
    expect(['AN', 'YU', 'Soviet Union'].map(toAlpha2)).toEqual(['AN', 'YU', 'SU']);
  });

  it('takes the first country listing a name, as i18n-iso-countries does ("Congo" is CG)', () => {
    expect(toAlpha2('Congo')).toBe('CG');
    expect(toAlpha2('Congo, Democratic Republic of the')).toBe('CD');
  });

  it('answers undefined for unknown texts, including names of Object.prototype members', () => {
    for (const text of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'Atlantis', '-0-', '', '  ']) {
      expect(toAlpha2(text), text).toBeUndefined();
    }
    expect(toAlpha2(undefined)).toBeUndefined();
    expect(toAlpha2(null)).toBeUndefined();
  });

  it('gives the same answer when asked again (answers are remembered)', () => {
    for (let i = 0; i < 3; i++) {
      expect(toAlpha2('Iran')).toBe('IR');
      expect(toAlpha2('constructor')).toBeUndefined();
    }
  });
});

describe('exactCountryName', () => {
  it('reads whole English names and the BIS abbreviations, never codes or publisher spellings', () => {
    expect(['China', 'russia', 'UAE', 'U.A.E.', 'PRC'].map(exactCountryName)).toEqual(['CN', 'RU', 'AE', 'AE', 'CN']);
    for (const text of ['CN', 'CHN', 'Burma', 'Korea, North', 'constructor', 'Xian']) expect(exactCountryName(text), text).toBeUndefined();
  });

  it('resolves a name two codes list as toAlpha2 does: one index for both ("Congo" is CG, issue 18)', () => {
    expect(exactCountryName('Congo')).toBe('CG');
    expect(exactCountryName('Congo')).toBe(toAlpha2('Congo'));
  });
});

describe('isAssignedAlpha2 and countryName', () => {
  it('accepts assigned codes only and names them', () => {
    expect(isAssignedAlpha2('DE')).toBe(true);
    expect(isAssignedAlpha2('YU')).toBe(false);
    expect(isAssignedAlpha2('de')).toBe(false);
    expect(countryName('DE')).toBe('Germany');
  });
});
