import { describe, expect, it } from 'vitest';
import { parseCslAddress } from './csv-address.js';
import { detectIdsOrder, parseCslIds } from './csv-ids.js';
import { cleanAlias, splitLegalScopeSuffix } from './csl-names.js';
import { splitMulti } from './csl-record.js';

describe('parseCslAddress (real address shapes of the CSL)', () => {
  it('takes country, postal code, state and city from the right; the rest is the street', () => {
    expect(parseCslAddress('UPON THE DATE OF THE ORDER INCARCERATED AT USM NO: 26265-177, FCI SEAGOVILLE, 2113 NORTH HIGHWAY 175, SEAGOVILLE, TX, 75159, US')).toEqual({
      street: 'UPON THE DATE OF THE ORDER INCARCERATED AT USM NO: 26265-177, FCI SEAGOVILLE, 2113 NORTH HIGHWAY 175',
      city: 'SEAGOVILLE',
      state: 'TX',
      postalCode: '75159',
      country: 'US',
    });
  });

  it('drops the country name BIS writes before the code and reads the city before it', () => {
    expect(parseCslAddress('Tian Wang te Zi #1, Baqiao District, Xian, China, CN')).toEqual({
      street: 'Tian Wang te Zi #1, Baqiao District',
      city: 'Xian',
      country: 'CN',
    });
    expect(parseCslAddress('PO Box 172237, Dubai, UAE, AE')).toEqual({ street: 'PO Box 172237', city: 'Dubai', country: 'AE' });
    expect(parseCslAddress('No. 13, Yanan Road, Hefei, China 230051, CN')).toEqual({
      street: 'No. 13, Yanan Road',
      city: 'Hefei',
      postalCode: '230051',
      country: 'CN',
    });
  });

  it('knows provinces and oblasts as states, and Canadian postal codes', () => {
    expect(parseCslAddress('No. 72 MinJiangBei Road, Yibin, Sichuan, 644007, CN')).toEqual({
      street: 'No. 72 MinJiangBei Road',
      city: 'Yibin',
      state: 'Sichuan',
      postalCode: '644007',
      country: 'CN',
    });
    expect(parseCslAddress('4 Yuri Gagarin Street, Pskov, Pskovskaya Oblast, 180004, RU')?.state).toBe('Pskovskaya Oblast');
    expect(parseCslAddress('6271 Rue Beaulieu, Montreal, QC, H4E 3E9, Canada, CA')).toEqual({
      street: '6271 Rue Beaulieu',
      city: 'Montreal',
      state: 'QC',
      postalCode: 'H4E 3E9',
      country: 'CA',
    });
  });

  it('keeps DPL addresses without a country, and a lone city or country', () => {
    expect(parseCslAddress('134-12 59HT AVENUE, FLUSHING, NY, 11355')).toEqual({
      street: '134-12 59HT AVENUE',
      city: 'FLUSHING',
      state: 'NY',
      postalCode: '11355',
    });
    expect(parseCslAddress('Basrah, IQ')).toEqual({ city: 'Basrah', country: 'IQ' });
    expect(parseCslAddress('SY')).toEqual({ country: 'SY' });
    expect(parseCslAddress(' , ')).toBeNull();
  });

  it('leaves a part with digits in the street rather than calling it a city, and cuts a Federal Register "and "', () => {
    expect(parseCslAddress('128 Joo Seng Road, DP Computers Building 04-04, SG')).toEqual({
      street: '128 Joo Seng Road, DP Computers Building 04-04',
      country: 'SG',
    });
    expect(parseCslAddress('and 58 Yongding Road, Haidian District, Beijing, China')).toEqual({
      street: '58 Yongding Road, Haidian District',
      city: 'Beijing',
      country: 'CN',
    });
  });
});

describe('parseCslIds', () => {
  it('reads the 2023+ order, type first, with a number that holds ", "', () => {
    expect(parseCslIds('Passport, E590976, TN, 19 Jun 1987, 18 Jun 1992; Passport, D000000483, Diplomatic, SY; Gender, Male', 'type-first')).toEqual([
      { type: 'Passport', number: 'E590976', country: 'TN', unlabelledDates: ['19 Jun 1987', '18 Jun 1992'] },
      { type: 'Passport', number: 'D000000483, Diplomatic', country: 'SY' },
      { type: 'Gender', number: 'Male' },
    ]);
  });

  it('reads the 2022 order (alphabetical keys, type last) into the same shape', () => {
    expect(parseCslIds('JO, 2014-08-30, 2009-08-31, K475336, Passport; SY, D000000483, Diplomatic, Passport; Male, Gender', 'type-last')).toEqual([
      { type: 'Passport', number: 'K475336', country: 'JO', unlabelledDates: ['2009-08-31', '2014-08-30'] },
      { type: 'Passport', number: 'D000000483, Diplomatic', country: 'SY' },
      { type: 'Gender', number: 'Male' },
    ]);
  });

  it('keeps a date that is the only value as the number ("Listing Date (CMIC), 2021-06-03")', () => {
    expect(parseCslIds('Listing Date (CMIC), 2021-06-03', 'type-first')).toEqual([{ type: 'Listing Date (CMIC)', number: '2021-06-03' }]);
    expect(parseCslIds('2021-06-03, Listing Date (CMIC)', 'type-last')).toEqual([{ type: 'Listing Date (CMIC)', number: '2021-06-03' }]);
  });

  it('detects the order of a file from where the well-known types stand', () => {
    expect(detectIdsOrder(['Male, Gender; CA, BC166787, Passport', '', 'K048787, Passport'])).toBe('type-last');
    expect(detectIdsOrder(['Gender, Male', 'Passport, 836238033, KP'])).toBe('type-first');
    expect(detectIdsOrder(['', ''])).toBe('type-first');
  });
});

describe('CSL name quirks', () => {
  it('cuts ISN legal-scope suffixes from the name and returns them', () => {
    expect(splitLegalScopeSuffix('Lebanese Hizballah and any successor, sub-unit, or subsidiary thereof')).toEqual({
      name: 'Lebanese Hizballah',
      suffix: 'and any successor, sub-unit, or subsidiary thereof',
    });
    expect(splitLegalScopeSuffix('Sinobright Import and Export Company; and any successor, sub-unit, or subsidiary thereof')).toEqual({
      name: 'Sinobright Import and Export Company',
      suffix: 'and any successor, sub-unit, or subsidiary thereof',
    });
    expect(splitLegalScopeSuffix('Poly Technologies Incorporated (PTI), and its sub-units and successors')).toEqual({
      name: 'Poly Technologies Incorporated (PTI)',
      suffix: 'and its sub-units and successors',
    });
    expect(splitLegalScopeSuffix('Ningbo Vet Energy Technology Co., Ltd. and any successor, subunit, or subsidiary thereof').name).toBe(
      'Ningbo Vet Energy Technology Co., Ltd.',
    );
  });

  it('leaves names without such a suffix alone (only trimmed, line breaks made spaces)', () => {
    expect(splitLegalScopeSuffix(' Sinobright Import and Export Company ')).toEqual({ name: 'Sinobright Import and Export Company' });
    expect(splitLegalScopeSuffix('Gaobeidian Kaituo Precise Instrument\nCo. Ltd')).toEqual({ name: 'Gaobeidian Kaituo Precise Instrument Co. Ltd' });
    expect(splitLegalScopeSuffix('Government Flying Service\n\n')).toEqual({ name: 'Government Flying Service' });
  });

  it('cuts the lower-case "and " of Federal Register alias lists, not a name starting with AND', () => {
    expect(cleanAlias('and JSC 140 Repair Plant')).toBe('JSC 140 Repair Plant');
    expect(cleanAlias('AND Corporation')).toBe('AND Corporation');
  });

  it('splits multi-valued fields on ";" with or without the space', () => {
    expect(splitMulti('NPO Izhmash OAO;OJSC Concern Kalashnikov; OJSC Izhmash; ')).toEqual(['NPO Izhmash OAO', 'OJSC Concern Kalashnikov', 'OJSC Izhmash']);
    expect(splitMulti('')).toEqual([]);
  });
});
