import { describe, expect, it } from 'vitest';
import { nextMonthStart, periodOf, secondsUntil } from './month.js';

describe('UTC months', () => {
  it('names the UTC period, not the local one', () => {
    expect(periodOf(new Date('2030-01-31T23:59:59.999Z'))).toBe('2030-01');
    expect(periodOf(new Date('2030-02-01T00:00:00.000Z'))).toBe('2030-02');
    expect(periodOf(new Date('2030-01-31T20:00:00-05:00'))).toBe('2030-02');
  });

  it('resets at the next month start, across year ends and leap Februaries', () => {
    expect(nextMonthStart(new Date('2030-12-15T08:00:00Z')).toISOString()).toBe('2031-01-01T00:00:00.000Z');
    expect(nextMonthStart(new Date('2032-02-29T23:00:00Z')).toISOString()).toBe('2032-03-01T00:00:00.000Z');
    expect(nextMonthStart(new Date('2030-03-01T00:00:00Z')).toISOString()).toBe('2030-04-01T00:00:00.000Z');
  });

  it('rounds Retry-After up and never answers 0', () => {
    const reset = new Date('2030-04-01T00:00:00Z');
    expect(secondsUntil(new Date('2030-03-31T23:59:58.200Z'), reset)).toBe(2);
    expect(secondsUntil(new Date('2030-03-31T23:59:59.999Z'), reset)).toBe(1);
    expect(secondsUntil(reset, reset)).toBe(1);
  });
});
