/**
 * @module Date texts as the lists write them, turned into inclusive ISO ranges.
 *
 * Forms seen in the real files: "12 Jan 1970", "Jan 1970", "1970", "circa 1970", "1968 to 1970",
 * "01 Jan 1960 to 31 Dec 1962", "circa 1979-1982" (OFAC remarks); "1970-01-12", "1970", "circa 1970" (CSL);
 * "01/12/1970" (DPL, SAM: MM/DD/YYYY). Impossible dates ("0017-05-26", "3033-09-30", "31 Feb 1970")
 * return null so the caller can drop the field and count it, keeping the record.
 */
import type { DateValue } from './model.js';

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10,
  november: 11, december: 12,
};

/** Years outside this window are typos in the source data (0017, 3033), not dates. */
const MIN_YEAR = 1800;
const MAX_YEAR = 2100;

interface Point {
  from: string;
  to: string;
  precision: 'day' | 'month' | 'year';
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Returns the ISO date when year-month-day is a real calendar date within the plausible window. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Strict YYYY-MM-DD check for request input: a real calendar date, any year 0001..9999. */
export function isRealCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

function yearPoint(year: number): Point | null {
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  return { from: `${year}-01-01`, to: `${year}-12-31`, precision: 'year' };
}

function monthPoint(year: number, month: number): Point | null {
  const from = isoDate(year, month, 1);
  if (!from) return null;
  return { from, to: `${pad(year, 4)}-${pad(month)}-${pad(daysInMonth(year, month))}`, precision: 'month' };
}

function dayPoint(year: number, month: number, day: number): Point | null {
  const iso = isoDate(year, month, day);
  return iso ? { from: iso, to: iso, precision: 'day' } : null;
}

/** One date point in any of the forms above (no ranges, no "circa"). */
function parsePoint(text: string): Point | null {
  const t = text.trim().replace(/\.$/, '');
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})$/.exec(t))) return yearPoint(Number(m[1]));
  if ((m = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(t))) return dayPoint(Number(m[1]), Number(m[2]), Number(m[3]));
  if ((m = /^(\d{4})-(\d{2})$/.exec(t))) return monthPoint(Number(m[1]), Number(m[2]));
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t))) return dayPoint(Number(m[3]), Number(m[1]), Number(m[2]));
  if ((m = /^(\d{1,2})[ -]([A-Za-z]{3,9})[ -,]+(\d{4})$/.exec(t))) {
    const month = MONTHS[m[2].toLowerCase()];
    return month ? dayPoint(Number(m[3]), month, Number(m[1])) : null;
  }
  if ((m = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/.exec(t))) {
    const month = MONTHS[m[1].toLowerCase()];
    return month ? dayPoint(Number(m[3]), month, Number(m[2])) : null;
  }
  if ((m = /^([A-Za-z]{3,9})[ -,]+(\d{4})$/.exec(t))) {
    const month = MONTHS[m[1].toLowerCase()];
    return month ? monthPoint(Number(m[2]), month) : null;
  }
  return null;
}

/**
 * The two ends of a range: "1968 to 1970", "01 Jan 1960 - 31 Dec 1962", and years joined by a bare
 * hyphen, "1979-1982" (an SDN remark: "DOB circa 1979-1982"). Only four digits on both sides make a
 * bare-hyphen range, so 1970-01-12 and 1970-01 stay dates.
 */
function rangeParts(body: string): [string, string] | null {
  const years = /^(\d{4})\s*[-–]\s*(\d{4})$/.exec(body);
  if (years) return [years[1], years[2]];
  const range = /^(.+?)\s+(?:to|-|–)\s+(.+)$/i.exec(body);
  return range && !/^\d{4}-\d{2}-\d{2}$/.test(body) ? [range[1], range[2]] : null;
}

/**
 * Parses one date text. Returns null when nothing usable is in it; the caller counts the drop.
 * Ranges take the start of the first point and the end of the second.
 */
export function parseDateValue(raw: string): DateValue | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '' || text === '-0-') return null;
  let body = text;
  let approximate = false;
  const circa = /^(?:circa|ca\.?|approximately|approx\.?|about)\s+(.*)$/i.exec(body);
  if (circa) {
    approximate = true;
    body = circa[1];
  }
  const range = rangeParts(body);
  if (range) {
    const a = parsePoint(range[0]);
    const b = parsePoint(range[1]);
    if (!a || !b || a.from > b.to) return null;
    return { text, from: a.from, to: b.to, precision: 'range', approximate };
  }
  const p = parsePoint(body);
  if (!p) return null;
  return { text, from: p.from, to: p.to, precision: p.precision, approximate };
}

/** MM/DD/YYYY (DPL, SAM, OFAC XML Publish_Date) to YYYY-MM-DD; null when not a real date. */
export function usDateToIso(text: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  return m ? isoDate(Number(m[3]), Number(m[1]), Number(m[2])) : null;
}
