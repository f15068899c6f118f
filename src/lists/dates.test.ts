import { describe, expect, it } from 'vitest';
import { isRealCalendarDate, parseDateValue, usDateToIso } from './dates.js';

describe('parseDateValue', () => {
  it.each([
    ['12 Jan 1970', '1970-01-12', '1970-01-12', 'day'],
    ['Jan 1970', '1970-01-01', '1970-01-31', 'month'],
    ['1970', '1970-01-01', '1970-12-31', 'year'],
    ['1968 to 1970', '1968-01-01', '1970-12-31', 'range'],
    ['01 Jan 1960 to 31 Dec 1962', '1960-01-01', '1962-12-31', 'range'],
    ['1970-02-28', '1970-02-28', '1970-02-28', 'day'],
    ['02/29/2000', '2000-02-29', '2000-02-29', 'day'],
  ])('%s', (text, from, to, precision) => {
    expect(parseDateValue(text)).toMatchObject({ from, to, precision, approximate: false });
  });

  it('marks circa dates approximate', () => {
    expect(parseDateValue('circa 1955')).toMatchObject({ from: '1955-01-01', to: '1955-12-31', approximate: true });
  });

  it('reads year ranges joined by a bare hyphen, with or without circa (SDN remark "DOB circa 1979-1982")', () => {
    expect(parseDateValue('circa 1979-1982')).toEqual({
      text: 'circa 1979-1982', from: '1979-01-01', to: '1982-12-31', precision: 'range', approximate: true,
    });
    expect(parseDateValue('1998-2006')).toMatchObject({ from: '1998-01-01', to: '2006-12-31', precision: 'range', approximate: false });
    expect(parseDateValue('1979 - 1982')).toMatchObject({ from: '1979-01-01', to: '1982-12-31', precision: 'range' });
    expect(parseDateValue('1979–1982')).toMatchObject({ from: '1979-01-01', to: '1982-12-31', precision: 'range' });
  });

  it('keeps ISO days and months apart from year ranges', () => {
    expect(parseDateValue('1970-01-12')).toMatchObject({ from: '1970-01-12', to: '1970-01-12', precision: 'day' });
    expect(parseDateValue('1970-01')).toMatchObject({ from: '1970-01-01', to: '1970-01-31', precision: 'month' });
    expect(parseDateValue('circa 1970-01-12')).toMatchObject({ from: '1970-01-12', precision: 'day', approximate: true });
  });

  it.each(['0017-05-26', '3033-09-30', '31 Feb 1970', '1971 to 1970', '1982-1979', '1979-3033', '9395-4833', 'unknown', '', '-0- '])(
    'rejects the source-data typo %s',
    (text) => expect(parseDateValue(text)).toBeNull(),
  );
});

describe('strict helpers', () => {
  it('checks real calendar dates', () => {
    expect(isRealCalendarDate('2024-02-29')).toBe(true);
    expect(isRealCalendarDate('2023-02-29')).toBe(false);
    expect(isRealCalendarDate('2023-2-1')).toBe(false);
  });
  it('converts US dates', () => {
    expect(usDateToIso('12/31/2021')).toBe('2021-12-31');
    expect(usDateToIso('13/01/2021')).toBeNull();
  });
});
