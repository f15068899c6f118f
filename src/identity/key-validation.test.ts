import { describe, expect, it } from 'vitest';
import type { Account } from '../store/types.js';
import { checkKeyInput, parseIsoUtc } from './key-validation.js';

const NOW = new Date('2030-01-15T10:00:00Z');
const ACCOUNT: Account = { accountId: 'a', subscriptions: ['*'], keyLimit: 10, monthlyLimitCap: 50_000, createdAt: NOW.toISOString() };

function issues(input: object): string[] {
  const result = checkKeyInput({ name: 'ok', allowedServiceIds: ['sanctions-screening'], ...input }, ACCOUNT, NOW);
  return result.ok ? [] : result.details.map((d) => `${d.field}: ${d.issue}`);
}

describe('key create rules', () => {
  it('accepts a minimal body with defaults: 20000 a month, 365 days', () => {
    const result = checkKeyInput({ name: 'ci', allowedServiceIds: ['*'] }, ACCOUNT, NOW);
    expect(result).toEqual({ ok: true, value: { name: 'ci', allowedServiceIds: ['*'], monthlyLimit: 20_000, expiresAt: new Date('2031-01-15T10:00:00Z') } });
  });

  it('lowers the default monthly limit to a cap below 20000', () => {
    const result = checkKeyInput({ name: 'ci', allowedServiceIds: ['*'] }, { ...ACCOUNT, monthlyLimitCap: 100 }, NOW);
    expect(result.ok && result.value.monthlyLimit).toBe(100);
  });

  it('checks the name: 1..100 printable characters, not only spaces', () => {
    expect(issues({ name: '' })).toEqual(['name: must be 1 to 100 characters and not only spaces']);
    expect(issues({ name: '   ' })).toEqual(['name: must be 1 to 100 characters and not only spaces']);
    expect(issues({ name: 'é'.repeat(100) })).toEqual([]);
    expect(issues({ name: '🔑'.repeat(100) })).toEqual([]);
    expect(issues({ name: 'a'.repeat(101) })).toHaveLength(1);
    expect(issues({ name: 'tab\there' })).toEqual(['name: must contain only printable characters']);
    expect(issues({ name: 42 })).toEqual(['name: required, a string of 1 to 100 printable characters']);
  });

  it('checks service IDs: slugs or ["*"] alone, no repeats', () => {
    expect(issues({ allowedServiceIds: [] })).toEqual(['allowedServiceIds: required, a non-empty array of service IDs or ["*"]']);
    expect(issues({ allowedServiceIds: ['a'] })).toEqual(['allowedServiceIds[0]: must match ^[a-z][a-z0-9-]{1,62}$']);
    expect(issues({ allowedServiceIds: ['ok-service', 'Upper'] })).toEqual(['allowedServiceIds[1]: must match ^[a-z][a-z0-9-]{1,62}$']);
    expect(issues({ allowedServiceIds: ['*', 'x-y'] })).toEqual(['allowedServiceIds: "*" must be the only entry']);
    expect(issues({ allowedServiceIds: ['ab', 'ab'] })).toEqual(['allowedServiceIds: must not repeat a service ID']);
    expect(issues({ allowedServiceIds: ['some-other-platform-service'] })).toEqual([]);
  });

  it('checks expiresAt: ISO 8601 UTC, a real date, future, at most 3 years', () => {
    expect(issues({ expiresAt: '2030-06-01T00:00:00Z' })).toEqual([]);
    expect(issues({ expiresAt: '2030-06-01T00:00:00.123+00:00' })).toEqual([]);
    expect(issues({ expiresAt: '2030-01-15T10:00:00Z' })).toEqual(['expiresAt: must be in the future']);
    expect(issues({ expiresAt: '2033-01-15T10:00:00Z' })).toEqual([]);
    expect(issues({ expiresAt: '2033-01-15T10:00:01Z' })).toEqual(['expiresAt: must be at most 3 years from now']);
    for (const bad of ['2030-02-30T00:00:00Z', '2030-06-01', '2030-06-01T00:00:00+02:00', '2030-06-01T24:00:00Z', 'soon', 1_900_000_000]) {
      expect(issues({ expiresAt: bad })).toEqual(['expiresAt: must be an ISO 8601 UTC timestamp such as 2026-01-31T00:00:00Z']);
    }
  });

  it('checks monthlyLimit: whole number from 1 to the account cap', () => {
    expect(issues({ monthlyLimit: 50_000 })).toEqual([]);
    expect(issues({ monthlyLimit: 50_001 })).toEqual(["monthlyLimit: must be at most 50000, this account's cap"]);
    for (const bad of [0, -1, 1.5, '10']) expect(issues({ monthlyLimit: bad })).toEqual(['monthlyLimit: must be a whole number of at least 1']);
  });

  it('names unknown fields', () => {
    expect(issues({ token: 'x', status: 'active' })).toEqual(['token: unknown field', 'status: unknown field']);
  });

  it('parses ISO UTC timestamps with fractions', () => {
    expect(parseIsoUtc('2030-01-01T00:00:00.5Z')?.toISOString()).toBe('2030-01-01T00:00:00.500Z');
    expect(parseIsoUtc('2030-01-01T00:00Z')?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseIsoUtc('2031-02-29T00:00:00Z')).toBeNull();
  });
});
