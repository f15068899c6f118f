/**
 * @module What an OFAC "ID" row really is, and small helpers both OFAC XML loaders share.
 *
 * OFAC's classic XML (idList/id) and the remarks of the legacy files use one bucket for identity
 * documents (Passport, Tax ID No., SWIFT/BIC, ISIN...) and for facts about the record that are not
 * documents at all: "Website", "Email Address", "Secondary sanctions risk:", "Listing Date (CMIC)",
 * "Executive Order 13662 Directive Determination -", "Gender"... Only the first kind are identity
 * documents; the others go to `extra` (Gender to `gender`), so a screen result never shows an e-mail
 * address as a passport. Unknown types count as documents: a new identifier type is more likely
 * than a new kind of fact, and a document is never lost that way. Which types are documents follows
 * the legacy remarks reader (remarks-documents.ts): craft registrations and wallets are documents.
 */

export type IdTypeUse = 'document' | 'gender' | 'info';

/**
 * Identifiers (craft registrations, wallets, bank and security codes) that the Enhanced XML files as
 * features rather than identity documents; its reader needs the list to treat them as the other
 * formats do.
 */
const IDENTIFIER_PREFIXES: readonly string[] = [
  'aircraft construction number',
  'aircraft manufacturer',
  'aircraft mode s transponder code',
  'aircraft serial identification',
  'aircraft tail number',
  'bik (ru)',
  'd-u-n-s number',
  'digital currency address',
  'international maritime organization',
  'isin',
  'mmsi',
  'previous aircraft tail number',
  'swift/bic',
  'vessel registration identification',
];

/**
 * Prefixes of the idType values that are facts (seen in consolidated.xml, the legacy remarks and the
 * Enhanced XML feature types). Checked after IDENTIFIER_PREFIXES, so "aircraft" covers the model,
 * operator and manufacture date only.
 */
const INFO_PREFIXES: readonly string[] = [
  'additional sanctions information',
  'aircraft',
  'caatsa section',
  'effective date',
  'email address',
  'executive order',
  'former vessel flag',
  'ifca determination',
  'issuer name',
  'listing date',
  'nationality of registration',
  'organization established date',
  'organization type',
  'other vessel call sign',
  'other vessel flag',
  'other vessel type',
  'peesa information',
  'phone number',
  'previous aircraft',
  'purchase/sales for divestment date',
  'secondary sanctions risk',
  'target type',
  'transactions prohibited',
  'vessel call sign',
  'vessel flag',
  'vessel gross registered tonnage',
  'vessel owner',
  'vessel tonnage',
  'vessel type',
  'vessel year of build',
  'website',
];

export function classifyIdType(idType: string): IdTypeUse {
  const key = idType.trim().toLowerCase();
  if (key === 'gender') return 'gender';
  if (IDENTIFIER_PREFIXES.some((prefix) => key.startsWith(prefix))) return 'document';
  return INFO_PREFIXES.some((prefix) => key.startsWith(prefix)) ? 'info' : 'document';
}

/** An Enhanced XML feature type that is an identifier (see IDENTIFIER_PREFIXES). */
export function isIdentifierFeature(featureType: string): boolean {
  const key = featureType.trim().toLowerCase();
  return IDENTIFIER_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/**
 * Vessel particulars are `extra` keys named after the classic XML vesselInfo elements, as the legacy
 * reader names the sdn.csv vessel columns; the Enhanced XML calls them by feature type.
 */
const VESSEL_KEYS: Readonly<Record<string, string>> = {
  'vessel call sign': 'callSign',
  'vessel type': 'vesselType',
  'vessel flag': 'vesselFlag',
  'vessel owner': 'vesselOwner',
  'vessel tonnage': 'tonnage',
  'vessel gross registered tonnage': 'grossRegisteredTonnage',
};

/** "Secondary sanctions risk:" -> "Secondary sanctions risk"; vessel feature types -> vesselInfo names. */
export function extraKey(type: string): string {
  const key = type.trim().replace(/\s*[:-]+$/, '');
  return VESSEL_KEYS[key.toLowerCase()] ?? key;
}

/** Adds a value to `extra`, joining repeated keys with "; " (a record can have several websites). */
export function addExtra(extra: Record<string, string>, key: string, value: string): void {
  if (key === '' || value === '') return;
  const previous = extra[key];
  extra[key] = previous === undefined ? value : `${previous}; ${value}`;
}

export function genderOf(value: string): 'male' | 'female' | undefined {
  const key = value.trim().toLowerCase();
  if (key === 'male') return 'male';
  if (key === 'female') return 'female';
  return undefined;
}
