/**
 * @module Which of our list sources a CSL row belongs to, from its `source` column.
 *
 * trade.gov writes the source as "<list name> (<acronym>) - <agency>", e.g.
 * "Entity List (EL) - Bureau of Industry and Security", and has renamed lists over time
 * ("ITAR Debarred (DTC)" became "AECA Debarred List (DTC)"). The acronym is the stable part, so it
 * decides; the API's bare acronyms ("SDN", "EL") are accepted too. A source we do not know maps to
 * null and the caller skips the row and counts it: screening against a guessed list would
 * mislabel every match.
 */
import type { ListSource } from '../model.js';

/** CSL acronyms, upper-cased, without a trailing " LIST" ("NS-MBS List" is NS-MBS). */
const BY_ACRONYM: Readonly<Record<string, ListSource>> = Object.freeze({
  SDN: 'ofac-sdn',
  SSI: 'ofac-ssi',
  FSE: 'ofac-fse',
  PLC: 'ofac-non-sdn',
  CMIC: 'ofac-non-sdn',
  CAP: 'ofac-non-sdn',
  'NS-MBS': 'ofac-non-sdn',
  MBS: 'ofac-non-sdn',
  EL: 'bis-entity',
  DPL: 'bis-denied',
  UVL: 'bis-unverified',
  MEU: 'bis-meu',
  DTC: 'state-debarred',
  ISN: 'state-isn',
  UFLPA: 'dhs-uflpa',
});

/**
 * Full list names without an acronym, for a source column that lost its parentheses. Only exact
 * names are accepted (case and spacing aside), never parts of them.
 */
const BY_NAME: Readonly<Record<string, ListSource>> = Object.freeze({
  'specially designated nationals': 'ofac-sdn',
  'sectoral sanctions identifications list': 'ofac-ssi',
  'foreign sanctions evaders': 'ofac-fse',
  'palestinian legislative council list': 'ofac-non-sdn',
  'non-sdn chinese military-industrial complex companies list': 'ofac-non-sdn',
  'capta list': 'ofac-non-sdn',
  'non-sdn menu-based sanctions list': 'ofac-non-sdn',
  'entity list': 'bis-entity',
  'denied persons list': 'bis-denied',
  'unverified list': 'bis-unverified',
  'military end user list': 'bis-meu',
  'itar debarred': 'state-debarred',
  'aeca debarred list': 'state-debarred',
  'nonproliferation sanctions': 'state-isn',
  'uyghur forced labor prevention act entity list': 'dhs-uflpa',
});

function normaliseAcronym(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, ' ').replace(/ LIST$/, '');
}

/** The list name before " - <agency>", e.g. "Entity List" of "Entity List - Bureau of ...". */
function listName(source: string): string {
  return source.split(/\s+-\s+/)[0].trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A file has a dozen distinct source texts over thousands of rows: each is worked out once. */
const known = new Map<string, ListSource | null>();

/** Maps a CSL `source` value to our ListSource; null when the source is not one we know. */
export function cslSourceToListSource(source: string): ListSource | null {
  let found = known.get(source);
  if (found === undefined) {
    if (known.size > 1000) known.clear();
    found = mapSource(source);
    known.set(source, found);
  }
  return found;
}

function mapSource(source: string): ListSource | null {
  const text = source.trim();
  if (text === '') return null;
  const acronyms = [...text.matchAll(/\(([^()]+)\)/g)].map((m) => normaliseAcronym(m[1]));
  for (const acronym of acronyms) {
    const found = BY_ACRONYM[acronym];
    if (found) return found;
  }
  if (acronyms.length > 0) return null;
  return BY_ACRONYM[normaliseAcronym(text)] ?? BY_NAME[listName(text)] ?? null;
}
