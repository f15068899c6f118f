import { describe, expect, it } from 'vitest';
import { splitNameList, splitOutsideParens } from './name-list.js';

describe('splitNameList', () => {
  it('keeps legal forms after a comma on their name (SAM Cross-Reference, S4MRRFPZD)', () => {
    expect(splitNameList('VMC CONSTRUCTION, LLC, VMC CONSTRUCTION, LLC  DBA VICTOR TORRES CONSTRUCTION')).toEqual([
      'VMC CONSTRUCTION, LLC',
      'VMC CONSTRUCTION, LLC DBA VICTOR TORRES CONSTRUCTION',
    ]);
    expect(splitNameList('TERRA KLEAN SOLUTIONS INC., ANTONIO FLORES')).toEqual(['TERRA KLEAN SOLUTIONS INC.', 'ANTONIO FLORES']);
  });

  it('splits mixed-case lists with "Co., Ltd." and a final "and"', () => {
    expect(splitNameList('Zhuhai A Co., Ltd., Zhuhai B Co., Ltd., and Zhuhai C Co. Ltd.')).toEqual([
      'Zhuhai A Co., Ltd.',
      'Zhuhai B Co., Ltd.',
      'Zhuhai C Co. Ltd.',
    ]);
    expect(splitNameList('A Trading L.L.C.; and B Inc.')).toEqual(['A Trading L.L.C.', 'B Inc.']);
  });

  it('ignores separators inside parentheses', () => {
    expect(splitNameList('A Co., Ltd. (also known as A1; A2), B Co.')).toEqual(['A Co., Ltd. (also known as A1; A2)', 'B Co.']);
    expect(splitOutsideParens('x (a; b); y', /;/)).toEqual(['x (a; b)', ' y']);
  });

  it('joins a lone word onto the previous name only when asked (LAST, FIRST)', () => {
    expect(splitNameList('SMITH, JOHN', { joinSingleWords: true })).toEqual(['SMITH, JOHN']);
    expect(splitNameList('SMITH, JOHN')).toEqual(['SMITH', 'JOHN']);
  });

  it('does not glue a name that merely starts with a legal-form word', () => {
    expect(splitNameList('ACME LLC, COMPANY STORE INC')).toEqual(['ACME LLC', 'COMPANY STORE INC']);
  });
});
