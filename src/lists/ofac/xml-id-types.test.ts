import { describe, expect, it } from 'vitest';
import { addExtra, classifyIdType, extraKey, genderOf, isIdentifierFeature } from './xml-id-types.js';

describe('classifyIdType', () => {
  it('keeps identifiers as documents, including types OFAC has not used yet', () => {
    const identifiers = [
      'Passport',
      'Tax ID No.',
      'SWIFT/BIC',
      'ISIN',
      'Vessel Registration Identification',
      'MMSI',
      'Aircraft Manufacturer’s Serial Number (MSN)',
      'Previous Aircraft Tail Number',
      'Digital Currency Address - XBT',
      'Some New Register No.',
    ];
    for (const type of identifiers) {
      expect(classifyIdType(type), type).toBe('document');
    }
  });

  it('sends the facts OFAC files under idList to extra, and Gender to gender', () => {
    const facts = [
      'Website',
      'Email Address',
      'Secondary sanctions risk:',
      'Executive Order 13662 Directive Determination -',
      'Listing Date (CMIC)',
      'Nationality of Registration',
      'Aircraft Model',
      'Aircraft Manufacture Date',
      'Vessel Flag',
    ];
    for (const type of facts) expect(classifyIdType(type), type).toBe('info');
    expect(classifyIdType(' gender ')).toBe('gender');
  });
});

describe('extra helpers', () => {
  it('drops the trailing ":" or "-" of a type used as a key', () => {
    expect(extraKey('Secondary sanctions risk:')).toBe('Secondary sanctions risk');
    expect(extraKey('Executive Order 13662 Directive Determination -')).toBe('Executive Order 13662 Directive Determination');
    expect(extraKey('Organization Type:')).toBe('Organization Type');
  });

  it('names vessel particulars like the classic vesselInfo elements', () => {
    expect(['Vessel Flag', 'VESSEL TYPE', 'Vessel Gross Registered Tonnage'].map(extraKey)).toEqual([
      'vesselFlag',
      'vesselType',
      'grossRegisteredTonnage',
    ]);
    expect(isIdentifierFeature('Aircraft Tail Number')).toBe(true);
    expect(isIdentifierFeature('Aircraft Model')).toBe(false);
  });

  it('joins repeated keys and ignores empty values', () => {
    const extra: Record<string, string> = {};
    addExtra(extra, 'Website', 'www.a.test');
    addExtra(extra, 'Website', '');
    addExtra(extra, 'Website', 'www.b.test');
    expect(extra).toEqual({ Website: 'www.a.test; www.b.test' });
  });

  it('reads only Male and Female as a gender', () => {
    expect([genderOf('Male'), genderOf('female'), genderOf('Unknown')]).toEqual(['male', 'female', undefined]);
  });
});
