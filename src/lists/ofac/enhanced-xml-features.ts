/**
 * @module Features of one Enhanced XML entity (features > feature) and its date values.
 *
 * A feature is OFAC's typed fact about a record: Birthdate, Place of Birth, Nationality Country,
 * Citizenship Country and Gender fill the ListEntry fields the engine compares; craft and wallet
 * identifiers (Aircraft Tail Number, Digital Currency Address - XBT...) become identity documents as
 * in the other OFAC formats; every other type (Website, Vessel Flag, Aircraft Model, "Secondary
 * sanctions risk:"...) goes to `extra` under its type name, as text. A feature whose reliability OFAC marks "False" is a known-wrong value and is
 * dropped (counted).
 */
import { parseDateValue } from '../dates.js';
import type { DateValue, ListEntry } from '../model.js';
import { countryCode, referenceText, type EnhancedMapContext } from './enhanced-xml-refs.js';
import { addExtra, extraKey, genderOf, isIdentifierFeature } from './xml-id-types.js';
import { childOf, itemsOf, textOf, type XmlNode } from './xml-node.js';

function lastDayOfMonth(iso: string): string {
  const [year, month] = iso.split('-').map(Number);
  return `${iso.slice(0, 8)}${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
}

function spanPrecision(from: string, to: string): DateValue['precision'] {
  if (from === to) return 'day';
  if (from.slice(0, 7) === to.slice(0, 7) && from.endsWith('-01') && to === lastDayOfMonth(from)) return 'month';
  if (from.slice(0, 4) === to.slice(0, 4) && from.endsWith('-01-01') && to.endsWith('-12-31')) return 'year';
  return 'range';
}

/**
 * A valueDate / issueDate / expirationDate element: fromDateBegin..toDateEnd is the widest span the
 * publisher allows ("1951 to 1953" is 1951-01-01..1953-12-31). Each end goes through parseDateValue,
 * so impossible dates (0017-05-26) are refused exactly as in the other loaders. `text` is the
 * feature's display value when there is one.
 */
export function enhancedDate(node: XmlNode, text: string): DateValue | null {
  const from = parseDateValue(textOf(node, 'fromDateBegin'));
  const to = parseDateValue(textOf(node, 'toDateEnd') || textOf(node, 'fromDateEnd'));
  if (from === null || to === null || from.from > to.to) return null;
  const precision = textOf(node, 'isDateRange') === 'true' ? 'range' : spanPrecision(from.from, to.to);
  const shown = text !== '' ? text : from.from === to.to ? from.from : `${from.from} to ${to.to}`;
  return { text: shown, from: from.from, to: to.to, precision, approximate: textOf(node, 'isApproximate') === 'true' };
}

function featureDate(feature: XmlNode, value: string): DateValue | null {
  const node = childOf(feature, 'valueDate');
  return node ? enhancedDate(node, value) : parseDateValue(value);
}

function addCountry(list: string[], feature: XmlNode, value: string, field: string, ctx: EnhancedMapContext): void {
  const code = countryCode(textOf(feature, 'valueRefId') || undefined, value, ctx);
  if (code === undefined) ctx.dropped.drop(field, 'unknown country');
  else if (!list.includes(code)) list.push(code);
}

export function mapFeatures(entity: XmlNode, entry: ListEntry, extra: Record<string, string>, ctx: EnhancedMapContext): void {
  for (const feature of itemsOf(entity, 'features', 'feature')) {
    const type = referenceText(childOf(feature, 'type'), ctx);
    // LOOKUP features name their value by valueRefId; the exports also write it out in <value>.
    const value = textOf(feature, 'value') || (ctx.references.get(textOf(feature, 'valueRefId'))?.value ?? '');
    if (referenceText(childOf(feature, 'reliability'), ctx).toLowerCase() === 'false') {
      ctx.dropped.drop(`feature ${type}`, 'marked false by OFAC');
      continue;
    }
    switch (type) {
      case 'Birthdate': {
        const date = featureDate(feature, value);
        if (date) entry.datesOfBirth.push(date);
        else ctx.dropped.drop('dateOfBirth', 'not a usable date');
        break;
      }
      case 'Place of Birth':
        if (value !== '') entry.placesOfBirth.push(value);
        break;
      case 'Nationality Country':
        addCountry(entry.nationalities, feature, value, 'nationality', ctx);
        break;
      case 'Citizenship Country':
        addCountry(entry.citizenships, feature, value, 'citizenship', ctx);
        break;
      case 'Gender': {
        const gender = genderOf(value);
        if (gender) entry.gender = gender;
        else ctx.dropped.drop('gender', 'unknown value');
        break;
      }
      default:
        if (isIdentifierFeature(type) && value !== '') entry.identityDocuments.push({ type: ctx.pool.intern(type), number: value });
        else addExtra(extra, extraKey(type), value || (featureDate(feature, value)?.text ?? ''));
    }
  }
}
