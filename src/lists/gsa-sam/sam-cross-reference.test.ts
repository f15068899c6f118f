import { describe, expect, it } from 'vitest';
import { parseCrossReference } from './sam-cross-reference.js';

describe('parseCrossReference', () => {
  it('reads the "(also ...)" forms of the real V2 excerpt', () => {
    expect(parseCrossReference('(also TERRA KLEAN SOLUTIONS INC.)')).toEqual(['TERRA KLEAN SOLUTIONS INC.']);
    expect(parseCrossReference('(also PEANUT BUTTER, LLC)')).toEqual(['PEANUT BUTTER, LLC']);
    expect(
      parseCrossReference('(also VMC CONSTRUCTION, LLC, VMC CONSTRUCTION, LLC  DBA VICTOR TORRES CONSTRUCTION)'),
    ).toEqual(['VMC CONSTRUCTION, LLC', 'VICTOR TORRES CONSTRUCTION']);
  });

  it('leaves out the record\'s own name (TERRA KLEAN, S4MR1Y9QG)', () => {
    expect(parseCrossReference('(also TERRA KLEAN SOLUTIONS INC., ANTONIO FLORES)', 'TERRA KLEAN SOLUTIONS INC.')).toEqual([
      'ANTONIO FLORES',
    ]);
  });

  it('splits several groups, semicolons and repeated "also"', () => {
    expect(parseCrossReference('(also STAR ONE; STAR TWO also STAR THREE) (also SMITH, JOHN)')).toEqual([
      'STAR ONE',
      'STAR TWO',
      'STAR THREE',
      'SMITH, JOHN',
    ]);
  });

  it('accepts text without parentheses and returns nothing for an empty value', () => {
    expect(parseCrossReference('also ACME D/B/A ACME WIDGETS')).toEqual(['ACME', 'ACME WIDGETS']);
    expect(parseCrossReference('')).toEqual([]);
    expect(parseCrossReference('   ')).toEqual([]);
  });
});
