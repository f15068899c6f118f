/**
 * @module What the GSA SAM Exclusions public extract is and how its file is named.
 *
 * GSA publishes the extract daily as SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP (one CSV inside,
 * named the same with .CSV), where YYDDD is the Julian date of the extract: year 20YY, day of year DDD.
 * The file carries no other publication date, so the name is the best source for `publishedAt`.
 * (Which file names are SAM extracts is decided in ../registry.ts.)
 */
import { isoDate } from '../dates.js';

export const SAM_FORMAT = 'gsa-sam-extract';

/**
 * The extract date from a file name ending in _YYDDD (e.g. "..._V2_24344.ZIP" -> "2024-12-09");
 * null when the name has no such suffix or DDD is not a day of that year.
 */
export function extractDateFromFileName(fileName: string): string | null {
  const m = /_(\d{2})(\d{3})\.[a-z]+$/i.exec(fileName);
  if (!m) return null;
  const year = 2000 + Number(m[1]);
  const dayOfYear = Number(m[2]);
  if (dayOfYear < 1) return null;
  // Day N of the year is January N rolled forward; a DDD past the year's end rolls into the next year.
  const date = new Date(Date.UTC(year, 0, dayOfYear));
  if (date.getUTCFullYear() !== year) return null;
  return isoDate(year, date.getUTCMonth() + 1, date.getUTCDate());
}
