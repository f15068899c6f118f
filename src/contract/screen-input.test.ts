import { describe, expect, it } from 'vitest';
import { readScreenRequest } from './screen-input.js';

const issuesOf = (data: unknown) => {
  const r = readScreenRequest(data);
  if (r.ok) throw new Error('expected invalid');
  return r.issues;
};

describe('readScreenRequest', () => {
  it('trims, upper-cases countries and fills defaults', () => {
    const r = readScreenRequest({ name: '  Ivan Petrov ', nationality: 'ru', address: { country: 'de', city: ' Berlin ' } });
    expect(r).toEqual({
      ok: true,
      request: { name: 'Ivan Petrov', nationality: 'RU', address: { country: 'DE', city: 'Berlin' }, fuzziness: 'balanced', limit: 10 },
    });
  });

  it('names an impossible date of birth', () => {
    expect(issuesOf({ name: 'x', dateOfBirth: '1970-02-30' })).toEqual([
      { field: 'dateOfBirth', issue: 'must be a real calendar date YYYY-MM-DD' },
    ]);
  });

  it('names unknown fields, at any depth', () => {
    expect(issuesOf({ name: 'x', nickname: 'y', address: { street: 'z' } })).toEqual([
      { field: 'nickname', issue: 'is not a known field' },
      { field: 'address.street', issue: 'is not a known field' },
    ]);
  });

  it('rejects a whitespace-only name, a 301-character name and a missing one', () => {
    expect(issuesOf({ name: '   ' })).toEqual([{ field: 'name', issue: 'must not be empty' }]);
    expect(issuesOf({ name: 'a'.repeat(301) })).toEqual([{ field: 'name', issue: 'must have at most 300 characters' }]);
    expect(issuesOf({})).toEqual([{ field: 'name', issue: 'is required' }]);
    expect(readScreenRequest({ name: ` ${'a'.repeat(300)} ` }).ok).toBe(true);
  });

  it('rejects unassigned country codes and names the enum values', () => {
    expect(issuesOf({ name: 'x', nationality: 'XX', kind: 'person', fuzziness: 'max' })).toEqual([
      { field: 'kind', issue: 'must be one of: individual, entity, vessel, aircraft' },
      { field: 'nationality', issue: 'must be an assigned ISO 3166-1 alpha-2 country code' },
      { field: 'fuzziness', issue: 'must be one of: strict, balanced, loose' },
    ]);
  });

  it('bounds aliases, limit, threshold and lists', () => {
    const issues = issuesOf({
      name: 'x', aliases: Array(21).fill('a'), limit: 51, threshold: 1.5, lists: ['ofac-sdn', 'eu-fsf'],
    });
    expect(issues).toEqual([
      { field: 'aliases', issue: 'must have at most 20 items' },
      { field: 'lists[1]', issue: 'must be one of: ' + 'ofac-sdn, ofac-ssi, ofac-fse, ofac-non-sdn, bis-entity, bis-denied, bis-unverified, bis-meu, state-debarred, state-isn, gsa-sam, dhs-uflpa' },
      { field: 'limit', issue: 'must be <= 50' },
      { field: 'threshold', issue: 'must be <= 1' },
    ]);
    expect(issuesOf({ name: 'x', limit: 2.5 })).toEqual([{ field: 'limit', issue: 'must be an integer' }]);
  });

  it('rejects wrong types, NaN, control characters and non-objects', () => {
    expect(issuesOf({ name: 7 })).toEqual([{ field: 'name', issue: 'must be a string' }]);
    expect(issuesOf({ name: 'x', threshold: Number.NaN })).toEqual([{ field: 'threshold', issue: 'must be a number' }]);
    expect(issuesOf({ name: 'a\u0000b' })).toEqual([{ field: 'name', issue: 'must not contain control characters' }]);
    expect(issuesOf({ name: 'a\ud800' })).toEqual([{ field: 'name', issue: 'must not contain control characters' }]);
    expect(issuesOf([{ name: 'x' }])).toEqual([{ field: 'body', issue: 'must be an object' }]);
    expect(issuesOf(null)).toEqual([{ field: 'body', issue: 'must be an object' }]);
  });
});
