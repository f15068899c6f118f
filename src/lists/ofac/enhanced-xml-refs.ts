/**
 * @module The Enhanced XML lookup tables (sanctionsData > referenceValues) and how values use them.
 *
 * Elements that point into referenceValues by refId (`<country refId="11109">Iran</country>`) carry
 * their text too in OFAC's exports; the table fills in only when the text is missing, and gives the
 * ISO code of countries (COUNTRY isoCode), which beats matching the country's name.
 */
import { toAlpha2 } from '../countries.js';
import type { DropCounter } from '../model.js';
import type { StringPool } from './xml-memory.js';
import { textOf, type XmlNode } from './xml-node.js';

export interface ReferenceValue {
  type: string;
  value: string;
  isoCode?: string;
}

export interface EnhancedMapContext {
  references: ReadonlyMap<string, ReferenceValue>;
  dropped: DropCounter;
  skipped: DropCounter;
  pool: StringPool;
}

/** A value element's text, or the referenceValues text its refId points to. */
export function referenceText(node: XmlNode | undefined, ctx: EnhancedMapContext): string {
  if (node === undefined) return '';
  if (node.text !== '') return node.text;
  const refId = node.attributes.refId;
  return refId === undefined ? '' : (ctx.references.get(refId)?.value ?? '');
}

/** Alpha-2 of a country given by refId (COUNTRY isoCode) or by name; undefined when neither maps. */
export function countryCode(refId: string | undefined, text: string, ctx: EnhancedMapContext): string | undefined {
  const iso = refId === undefined ? undefined : ctx.references.get(refId)?.isoCode;
  if (iso !== undefined && /^[A-Z]{2}$/.test(iso)) {
    const code = toAlpha2(iso);
    if (code !== undefined) return code;
  }
  return toAlpha2(text);
}

/** Table entry from one referenceValue element; null when it has no refId. */
export function readReferenceValue(node: XmlNode): [string, ReferenceValue] | null {
  const refId = node.attributes.refId;
  if (refId === undefined) return null;
  const value: ReferenceValue = { type: textOf(node, 'type'), value: textOf(node, 'value') };
  const isoCode = textOf(node, 'isoCode');
  if (isoCode !== '') value.isoCode = isoCode;
  return [refId, value];
}
