import { describe, expect, it } from 'vitest';
import { listedIdentifierType, normaliseIdentifier } from './identifiers.js';

describe('identifiers', () => {
  it('normalises case, separators and a leading type word, never anything else', () => {
    expect(normaliseIdentifier('IMO 9187629')).toBe('9187629');
    expect(normaliseIdentifier('imo9187629')).toBe('9187629');
    expect(normaliseIdentifier('IMO: 9187-629')).toBe('9187629');
    expect(normaliseIdentifier('MMSI 572 469 210')).toBe('572469210');
    expect(normaliseIdentifier('Passport No. A-123.456')).toBe('A123456');
    expect(normaliseIdentifier('AABA 670850 Y')).toBe('AABA670850Y');
    // A code that merely begins with the letters of a type word keeps them.
    expect(normaliseIdentifier('BICAFRPP')).toBe('BICAFRPP');
    expect(normaliseIdentifier('NO12345')).toBe('NO12345');
    expect(normaliseIdentifier('IMOTANKER')).toBe('IMOTANKER');
  });

  it("reads the loaders' document types into the contract's identifier types", () => {
    const cases: Array<[string, string]> = [
      ['Vessel Registration Identification', 'imo'], ['MMSI', 'mmsi'], ['Passport', 'passport'], ['Diplomatic Passport', 'passport'],
      ['National ID No.', 'national-id'], ['Cedula No.', 'national-id'], ['Tax ID No.', 'tax-id'], ['R.F.C.', 'tax-id'],
      ['C.U.I.T.', 'tax-id'], ['Registration Number', 'registration-number'], ['Business Registration Number', 'registration-number'],
      ['Unified Social Credit Code (USCC)', 'registration-number'], ['SWIFT/BIC', 'swift-bic'],
      ['Digital Currency Address - XBT', 'crypto-address'], ["Aircraft Manufacturer's Serial Number (MSN)", 'aircraft-serial'],
      ['UEI', 'registration-number'], ['Government Gazette Number', 'other'], ['ISIN', 'other'],
    ];
    for (const [listed, type] of cases) expect(listedIdentifierType(listed), listed).toBe(type);
  });
});
