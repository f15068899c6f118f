import { describe, expect, it } from 'vitest';
import { cslSourceToListSource } from './csl-source.js';

describe('cslSourceToListSource', () => {
  it.each([
    ['Specially Designated Nationals (SDN) - Treasury Department', 'ofac-sdn'],
    ['Sectoral Sanctions Identifications List (SSI) - Treasury Department', 'ofac-ssi'],
    ['Foreign Sanctions Evaders (FSE) - Treasury Department', 'ofac-fse'],
    ['Palestinian Legislative Council List (PLC) - Treasury Department', 'ofac-non-sdn'],
    ['Non-SDN Chinese Military-Industrial Complex Companies List (CMIC) - Treasury Department', 'ofac-non-sdn'],
    ['Capta List (CAP) - Treasury Department', 'ofac-non-sdn'],
    ['Non-SDN Menu-Based Sanctions List (NS-MBS List) - Treasury Department', 'ofac-non-sdn'],
    ['Entity List (EL) - Bureau of Industry and Security', 'bis-entity'],
    ['Denied Persons List (DPL) - Bureau of Industry and Security', 'bis-denied'],
    ['Unverified List (UVL) - Bureau of Industry and Security', 'bis-unverified'],
    ['Military End User (MEU) List - Bureau of Industry and Security', 'bis-meu'],
    ['ITAR Debarred (DTC) - State Department', 'state-debarred'],
    ['AECA Debarred List (DTC) - State Department', 'state-debarred'],
    ['Nonproliferation Sanctions (ISN) - State Department', 'state-isn'],
    ['Uyghur Forced Labor Prevention Act Entity List (UFLPA) - Department of Homeland Security', 'dhs-uflpa'],
  ])('maps every source value seen in CSL files and code: %s', (source, expected) => {
    expect(cslSourceToListSource(source)).toBe(expected);
  });

  it('matches leniently on the acronym: case, spacing and a renamed list do not matter', () => {
    expect(cslSourceToListSource('  entity list (el) - bureau of industry and security ')).toBe('bis-entity');
    expect(cslSourceToListSource('Some Renamed Debarred Parties (DTC) - Department of State')).toBe('state-debarred');
    expect(cslSourceToListSource('Non-SDN Menu-Based Sanctions (NS-MBS) - Treasury')).toBe('ofac-non-sdn');
  });

  it('accepts the bare acronyms of the API and full names without an acronym', () => {
    expect(cslSourceToListSource('SDN')).toBe('ofac-sdn');
    expect(cslSourceToListSource('dpl')).toBe('bis-denied');
    expect(cslSourceToListSource('Denied Persons List - Bureau of Industry and Security')).toBe('bis-denied');
  });

  it('answers null for unknown sources instead of guessing', () => {
    expect(cslSourceToListSource('Some Future List (SFL) - Department of Examples')).toBeNull();
    expect(cslSourceToListSource('Entity List Supplement - Bureau of Industry and Security (XYZ)')).toBeNull();
    expect(cslSourceToListSource('Entity')).toBeNull();
    expect(cslSourceToListSource('')).toBeNull();
  });
});
