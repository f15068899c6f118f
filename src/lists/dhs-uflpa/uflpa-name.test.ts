import { describe, expect, it } from 'vitest';
import type { Alias } from '../model.js';
import { parseEntityCell } from './uflpa-name.js';

const aka = (name: string): Alias => ({ name, type: 'aka', quality: 'strong' });
const fka = (name: string): Alias => ({ name, type: 'fka', quality: 'strong' });

// Name strings quoted verbatim in ../shared/data/lists/dhs_uflpa/PROVENANCE.md.
describe('parseEntityCell on the published alias patterns', () => {
  it('"and two aliases: A; and B" (Hetian Haolin)', () => {
    const cell = parseEntityCell(
      'Hetian Haolin Hair Accessories Co. Ltd. (and two aliases: Hotan Haolin Hair Accessories; and Hollin Hair Accessories)',
    );
    expect(cell).toEqual({
      name: 'Hetian Haolin Hair Accessories Co. Ltd.',
      aliases: [aka('Hotan Haolin Hair Accessories'), aka('Hollin Hair Accessories')],
      withSubsidiaries: false,
      subsidiaries: [],
    });
  });

  it('"also known as A; B; C; and D" (Aksu Huafu)', () => {
    const cell = parseEntityCell(
      'Aksu Huafu Color Spinning Co., Ltd. (also known as Aksu Huafu Textiles Co., Ltd.; Akesu Huafu; Aksu Huafu Dyed Melange Yarn; and Akesu Huafu Melange Yarn Co., Ltd.)',
    );
    expect(cell.name).toBe('Aksu Huafu Color Spinning Co., Ltd.');
    expect(cell.aliases).toEqual([
      aka('Aksu Huafu Textiles Co., Ltd.'),
      aka('Akesu Huafu'),
      aka('Aksu Huafu Dyed Melange Yarn'),
      aka('Akesu Huafu Melange Yarn Co., Ltd.'),
    ]);
  });

  it('"also known as ...; and ..., and formerly known as ...; ...; and ..." (Hongyuan Green Energy)', () => {
    const cell = parseEntityCell(
      'Hongyuan Green Energy Co., Ltd. (also known as HY Solar; and Hoyuan Green Energy Co. Ltd., and formerly known as Wuxi Shangji CNC Co., Ltd.; Wuxi Shangji Automation Co., Ltd.; and Wuxi Shangji Grinding Machine Co., Ltd.)',
    );
    expect(cell.name).toBe('Hongyuan Green Energy Co., Ltd.');
    expect(cell.aliases).toEqual([
      aka('HY Solar'),
      aka('Hoyuan Green Energy Co. Ltd.'),
      fka('Wuxi Shangji CNC Co., Ltd.'),
      fka('Wuxi Shangji Automation Co., Ltd.'),
      fka('Wuxi Shangji Grinding Machine Co., Ltd.'),
    ]);
  });

  it('a single alias (Xinjiang Zhonghe) and a plain name (Camel Group)', () => {
    expect(parseEntityCell('Xinjiang Zhonghe Co., Ltd. (also known as Xinjiang Joinworld Co., Ltd.)')).toMatchObject({
      name: 'Xinjiang Zhonghe Co., Ltd.',
      aliases: [aka('Xinjiang Joinworld Co., Ltd.')],
    });
    expect(parseEntityCell('  Camel Group Co.,\n  Ltd. ')).toMatchObject({ name: 'Camel Group Co., Ltd.', aliases: [] });
  });

  it('the brief\'s form "(also known as A; and formerly known as B; C)"', () => {
    expect(parseEntityCell('X Co. (also known as A; and formerly known as B; C)').aliases).toEqual([aka('A'), fka('B'), fka('C')]);
  });

  it('keeps parentheses that are not alias lists in the name', () => {
    expect(parseEntityCell('Kashgar Construction Engineering (Group) Co., Ltd.')).toMatchObject({
      name: 'Kashgar Construction Engineering (Group) Co., Ltd.',
      aliases: [],
    });
    expect(parseEntityCell('Example (Group) Co., Ltd. (also known as Example Group)').aliases).toEqual([aka('Example Group')]);
  });
});

// Synthetic subsidiary strings built on the documented patterns (no verbatim appendix text is stored).
describe('parseEntityCell on subsidiaries', () => {
  it('"and its subsidiaries" without names', () => {
    expect(parseEntityCell('Example Textile Group Co., Ltd. and its subsidiaries')).toEqual({
      name: 'Example Textile Group Co., Ltd.',
      aliases: [],
      withSubsidiaries: true,
      subsidiaryPhrase: 'and its subsidiaries',
      subsidiaries: [],
    });
  });

  it('"and its N <place>-based subsidiaries, which include A, B, and C"', () => {
    const cell = parseEntityCell(
      'Example Holdings Corporation and its three Zhuhai-based subsidiaries, which include Zhuhai Alpha Co., Ltd., Zhuhai Beta Technology Co., Ltd., and Zhuhai Gamma Co., Ltd.',
    );
    expect(cell.name).toBe('Example Holdings Corporation');
    expect(cell.subsidiaryPhrase).toBe('and its three Zhuhai-based subsidiaries');
    expect(cell.subsidiaries.map((s) => s.name)).toEqual([
      'Zhuhai Alpha Co., Ltd.',
      'Zhuhai Beta Technology Co., Ltd.',
      'Zhuhai Gamma Co., Ltd.',
    ]);
  });

  it('"and its two subsidiaries: A (also known as A2); and B" with aliases on both levels', () => {
    const cell = parseEntityCell(
      'Example Corp (also known as ExCorp) and its two subsidiaries: Alpha Ltd. (also known as Alpha Two; Alpha Three); and Beta Inc.',
    );
    expect(cell).toEqual({
      name: 'Example Corp',
      aliases: [aka('ExCorp')],
      withSubsidiaries: true,
      subsidiaryPhrase: 'and its two subsidiaries',
      subsidiaries: [
        { name: 'Alpha Ltd.', aliases: [aka('Alpha Two'), aka('Alpha Three')] },
        { name: 'Beta Inc.', aliases: [] },
      ],
    });
  });

  it('does not read "and its subsidiaries" inside an alias parenthetical as the entity\'s', () => {
    const cell = parseEntityCell('Example Co. (also known as Old Example and its subsidiaries)');
    expect(cell.withSubsidiaries).toBe(false);
    expect(cell.aliases).toEqual([aka('Old Example and its subsidiaries')]);
  });
});

describe('parseEntityCell edge cases', () => {
  it('reads dotted abbreviations and leaves "Aka" inside a name alone', () => {
    expect(parseEntityCell('Synthetic X Co. (a.k.a. Aka Trading Co.; f.k.a. Old X Co.)').aliases).toEqual([
      aka('Aka Trading Co.'),
      fka('Old X Co.'),
    ]);
  });

  it('reads "now known as" as nka', () => {
    expect(parseEntityCell('Synthetic Y Co. (now known as Y Holdings)').aliases).toEqual([
      { name: 'Y Holdings', type: 'nka', quality: 'strong' },
    ]);
  });
});
