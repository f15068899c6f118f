import { describe, expect, it } from 'vitest';
import { inferKind, looksLikeOrganisation } from './infer-kind.js';

describe('inferKind', () => {
  it.each([
    'Government of Syria',
    'Government Flying Service',
    'Federal Security Service (FSB)',
    'Kalashnikov Concern',
    'Islamic Revolutionary Guard Corps',
    'Fifth Border Guard Regiment',
    'Main Intelligence Directorate',
    'Lebanese Hizballah',
    "Kata'ib Hezbollah",
    'Oriental Engineers',
    'Elemental Lab',
    'Canada Lab Instruments',
    'Atlas Sanatgaran',
    'Syrian Army',
    'Al-Nusrah Front',
  ])('takes the real list name %s for an organisation, whatever else the record holds', (name) => {
    expect(looksLikeOrganisation(name)).toBe(true);
    expect(inferKind(name, false)).toEqual({ kind: 'entity', inferred: true });
    // An organisation word outweighs person data: a name such as these is never a person's.
    expect(inferKind(name, true).kind).toBe('entity');
  });

  it('matches whole words only: a surname that starts like an organisation word stays a person', () => {
    for (const name of ['Pep Guardiola', 'Servicio Garcia', 'Armyan Petrosyan', 'Labib Hassan', 'Corpsman Lee']) {
      expect(looksLikeOrganisation(name)).toBe(false);
      expect(inferKind(name, false).kind).toBe('individual');
    }
  });

  it('takes person data, else the two-to-four-word shape, for a person', () => {
    expect(inferKind('Ali Reza Ahmadi', false).kind).toBe('individual');
    expect(inferKind('Ahmadi', true).kind).toBe('individual');
    expect(inferKind('Ahmadi', false).kind).toBe('entity');
    expect(inferKind('Abd al Rahman bin Ali al Qahtani', false).kind).toBe('entity');
  });
});
