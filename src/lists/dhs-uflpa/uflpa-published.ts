/**
 * @module The date DHS puts on the UFLPA Entity List page.
 *
 * dhs.gov pages end with a "Last Updated: MM/DD/YYYY" (or "Last Reviewed/Updated") line, sometimes
 * as a <time datetime="..."> element. Rule: a <time> inside such a line first (its datetime is
 * machine-readable), else the date written after "Last Updated"/"Last Reviewed/Updated" in the text,
 * else null: the page then carries no date and the catalog uses the fetch time. Effective dates of
 * rows are not used: the newest addition says nothing about when removals or edits were published.
 */
import { DomUtils } from 'htmlparser2';
import { parseDateValue } from '../dates.js';
import { textOf, type HtmlDocument, type HtmlElement } from './uflpa-dom.js';

const LAST_UPDATED = /\blast\s+(?:reviewed\s*\/\s*)?(?:updated|modified|reviewed)\b/i;
const DATE_AFTER_LABEL = new RegExp(
  `${LAST_UPDATED.source}\\s*:?\\s*(\\d{1,2}/\\d{1,2}/\\d{4}|\\d{4}-\\d{2}-\\d{2}|[A-Za-z]{3,9}\\.?\\s+\\d{1,2},?\\s+\\d{4})`,
  'i',
);

/** A day-precision ISO date from a date text, or null. */
function isoDay(text: string): string | null {
  const value = parseDateValue(text);
  return value && value.precision === 'day' ? value.from : null;
}

/** The text around a <time>: its parent, or grandparent when the parent holds only the date. */
function labelOf(time: HtmlElement): string {
  let scope = time.parent;
  for (let depth = 0; scope && depth < 3; depth += 1, scope = scope.parent) {
    const text = textOf(scope as HtmlElement);
    if (LAST_UPDATED.test(text)) return text;
  }
  return '';
}

function fromTimeElement(doc: HtmlDocument): string | null {
  for (const time of DomUtils.getElementsByTagName('time', doc.children, true)) {
    if (labelOf(time) === '') continue;
    const machine = time.attribs.datetime?.trim().slice(0, 10);
    const iso = (machine && isoDay(machine)) || isoDay(textOf(time));
    if (iso) return iso;
  }
  return null;
}

/** The page's "Last Updated" date as YYYY-MM-DD, or null when the page states none. */
export function findLastUpdated(doc: HtmlDocument): string | null {
  const fromTime = fromTimeElement(doc);
  if (fromTime) return fromTime;
  const m = DATE_AFTER_LABEL.exec(textOf(doc));
  return m ? isoDay(m[1]) : null;
}
