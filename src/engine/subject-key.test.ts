import { describe, expect, it } from 'vitest';
import { subjectKey, subjectText } from './subject-key.js';

const SECRET = 'ab'.repeat(32);

describe('subjectKey', () => {
  it('is the same for a name written in another order, case or punctuation', () => {
    expect(subjectKey(SECRET, { name: 'PUTIN, Vladimir' })).toBe(subjectKey(SECRET, { name: 'vladimir putin' }));
    expect(subjectKey(SECRET, { name: 'PUTIN, Vladimir', nationality: 'ru' })).toBe(subjectKey(SECRET, { name: 'Vladimir Putin', nationality: 'RU' }));
  });

  it('differs for another date of birth, nationality, kind, name or secret', () => {
    const base = subjectKey(SECRET, { name: 'Vladimir Putin', dateOfBirth: '1952-10-07' });
    expect(subjectKey(SECRET, { name: 'Vladimir Putin', dateOfBirth: '1952-10-08' })).not.toBe(base);
    expect(subjectKey(SECRET, { name: 'Vladimir Putin' })).not.toBe(base);
    expect(subjectKey(SECRET, { name: 'Vladimir Putin', dateOfBirth: '1952-10-07', nationality: 'RU' })).not.toBe(base);
    expect(subjectKey(SECRET, { name: 'Vladimir Putin', dateOfBirth: '1952-10-07', kind: 'individual' })).not.toBe(base);
    expect(subjectKey(SECRET, { name: 'Vladimir Putina', dateOfBirth: '1952-10-07' })).not.toBe(base);
    expect(subjectKey('cd'.repeat(32), { name: 'Vladimir Putin', dateOfBirth: '1952-10-07' })).not.toBe(base);
  });

  it('keeps the fields apart: a name word cannot pose as a date', () => {
    expect(subjectText({ name: 'A B' })).not.toBe(subjectText({ name: 'A', dateOfBirth: 'B' }));
  });
});
