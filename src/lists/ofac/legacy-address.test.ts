import { describe, expect, it } from 'vitest';
import { mapLegacyAddress, splitCityLine } from './legacy-address.js';

describe('splitCityLine', () => {
  // Forms taken from the real add.csv "City/State/Province/Postal Code" column.
  it.each([
    ['Havana', { city: 'Havana' }],
    ['Moscow 105187', { city: 'Moscow', postalCode: '105187' }],
    ['Miami, FL 33122', { city: 'Miami', state: 'FL', postalCode: '33122' }],
    ['London EC3N 1DY', { city: 'London', postalCode: 'EC3N 1DY' }],
    ['Zurich CH-8022', { city: 'Zurich', postalCode: 'CH-8022' }],
    ['Frankfurt am Main, Hessen 60326', { city: 'Frankfurt am Main', state: 'Hessen', postalCode: '60326' }],
    ['Montreal, Quebec H2L 1K3', { city: 'Montreal', state: 'Quebec', postalCode: 'H2L 1K3' }],
    ['Culiacan, Sinaloa C.P.80180', { city: 'Culiacan', state: 'Sinaloa', postalCode: 'C.P.80180' }],
    ['Rotterdam 3022 TH', { city: 'Rotterdam', postalCode: '3022 TH' }],
    ['Tehran 15119-43885', { city: 'Tehran', postalCode: '15119-43885' }],
    ['0578 Oslo', { city: 'Oslo', postalCode: '0578' }],
    ['438864', { postalCode: '438864' }],
    ['Volsk-18, Saratov 412918', { city: 'Volsk-18', state: 'Saratov', postalCode: '412918' }],
    ['Tecun Uman Zona 2, Ayutla, San Marcos', { city: 'Tecun Uman Zona 2', state: 'Ayutla, San Marcos' }],
    ['Gallarate,, Varese', { city: 'Gallarate', state: 'Varese' }],
    ['', {}],
  ])('%s', (text, parts) => {
    expect(splitCityLine(text)).toEqual(parts);
  });
});

describe('mapLegacyAddress', () => {
  it('maps the country to alpha-2', () => {
    expect(mapLegacyAddress('Zweierstrasse 35', 'Zurich CH-8022', 'Switzerland')).toEqual({
      street: 'Zweierstrasse 35',
      city: 'Zurich',
      postalCode: 'CH-8022',
      country: 'CH',
    });
    expect(mapLegacyAddress('', 'Pyongyang', 'Korea, North')).toEqual({ city: 'Pyongyang', country: 'KP' });
  });

  it('keeps a region that maps to no ISO code as text, and drops "undetermined"', () => {
    expect(mapLegacyAddress('', '', 'Region: Kafia Kingi')).toEqual({ countryText: 'Region: Kafia Kingi' });
    expect(mapLegacyAddress('', 'Kabul', 'undetermined')).toEqual({ city: 'Kabul' });
  });

  it('returns null for a placeholder row with every column null', () => {
    expect(mapLegacyAddress('', '', '')).toBeNull();
    expect(mapLegacyAddress('', '', 'undetermined')).toBeNull();
  });
});
