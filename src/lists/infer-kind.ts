/**
 * @module Kind inference for lists that do not say whether a record is a person or an organisation
 * (BIS, State and UFLPA rows in the CSL, native DPL, SAM "Special Entity Designation").
 *
 * Why: the engine uses `kind` as evidence, so a guess must be conservative. A record is an
 * individual only when it carries person-only data (a date of birth) or a clear person shape;
 * an organisation when its name holds a legal-form or organisation word. Otherwise entity,
 * flagged as inferred so the engine gives it no kind evidence.
 */
import type { EntryKind } from './model.js';

const ORG_WORDS = new Set([
  'co', 'company', 'corp', 'corporation', 'inc', 'incorporated', 'ltd', 'limited', 'llc', 'llp', 'lp', 'plc',
  'gmbh', 'ag', 'sa', 'srl', 'sarl', 'spa', 'bv', 'nv', 'ab', 'as', 'oy', 'kg', 'pte', 'pty', 'jsc', 'ojsc', 'cjsc',
  'pjsc', 'ooo', 'oao', 'zao', 'pao', 'fzco', 'fze', 'fzc', 'llc', 'group', 'holding', 'holdings', 'trading',
  'industries', 'industry', 'industrial', 'enterprise', 'enterprises', 'bank', 'university', 'institute',
  'institution', 'academy', 'laboratory', 'laboratories', 'center', 'centre', 'bureau', 'ministry', 'department',
  'agency', 'authority', 'organization', 'organisation', 'association', 'foundation', 'factory', 'plant',
  'technology', 'technologies', 'tech', 'electronics', 'systems', 'services', 'international', 'shipping',
  'logistics', 'import', 'export', 'network', 'research', 'development', 'engineering', 'solutions', 'partners',
  'committee', 'council', 'army', 'force', 'forces', 'front', 'brigade', 'brigades', 'party', 'movement',
  'establishment', 'office', 'firm', 'store', 'stores', 'school', 'hospital', 'clinic', 'pharmacy', 'church',
  'airlines', 'airline', 'airways', 'aviation', 'petroleum', 'oil', 'gas', 'energy', 'mining', 'metals', 'steel',
  'chemical', 'chemicals', 'communications', 'telecom', 'media', 'co.', 'corp.', 'inc.', 'ltd.',
  // State bodies, armed groups and firm words of real list names that read as two-word "people"
  // without them: "Government of Syria", "Federal Security Service (FSB)", "Kalashnikov Concern",
  // "Islamic Revolutionary Guard Corps", "Main Intelligence Directorate", "Lebanese Hizballah",
  // "Oriental Engineers", "Elemental Lab", "Atlas Sanatgaran" (Persian: industrialists).
  'government', 'service', 'corps', 'concern', 'lab', 'labs', 'engineers', 'guard', 'guards', 'revolutionary',
  'directorate', 'regiment', 'battalion', 'militia', 'hizballah', 'hezbollah', 'hizbollah', 'hizbullah',
  'sanatgaran',
]);

function words(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/\.+$/, ''))
    .filter(Boolean);
}

export function looksLikeOrganisation(name: string): boolean {
  return words(name).some((w) => ORG_WORDS.has(w));
}

export interface InferredKind {
  kind: EntryKind;
  inferred: true;
}

/**
 * Infers the kind of a record whose publisher does not state it.
 * `hasPersonData`: the record carries a date or place of birth, a gender or a nationality of a person.
 */
export function inferKind(name: string, hasPersonData: boolean): InferredKind {
  if (looksLikeOrganisation(name)) return { kind: 'entity', inferred: true };
  if (hasPersonData) return { kind: 'individual', inferred: true };
  // Two to four plain words without an organisation word is the shape of a person's name.
  const n = words(name).length;
  return { kind: n >= 2 && n <= 4 ? 'individual' : 'entity', inferred: true };
}
