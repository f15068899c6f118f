/**
 * @module Identity documents written into OFAC legacy Remarks.
 *
 * The legacy files have no ID columns: OFAC serialises each ID of the XML `idList` into Remarks as
 * "<idType> <idNumber> (<idCountry>) issued <issueDate> expires <expirationDate>", e.g.
 * "Passport G025057 (Egypt) issued 23 Jun 1999 expires 05 Feb 2004". The labels below are the idType
 * values seen in the real SDN and consolidated files that identify a person, company, vessel, aircraft
 * or wallet. Informational idTypes that share the syntax (Website, Email Address, Target Type,
 * Listing Date, Secondary sanctions risk...) are left in the remarks text only.
 */
import { parseDateValue } from '../dates.js';
import type { DropCounter, IdentityDocument } from '../model.js';
import { toAlpha2 } from '../countries.js';

const DOCUMENT_LABELS: readonly string[] = [
  // People
  'Passport', 'Diplomatic Passport', 'British National Overseas Passport', 'Stateless Person Passport',
  'Passport Booklet', 'Travel Document Number', 'National ID No.', 'Identification Number', 'Personal ID Card',
  'Cedula No.', 'C.U.R.P.', 'C.U.R.P. #', 'R.F.C.', 'R.F.C. #', 'RFC', 'C.U.I.', 'C.U.I.P.', 'C.U.I.T.', 'D.N.I.',
  'N.I.E.', 'I.F.E.', 'SSN', 'Tax ID No.', "Driver's License No.", 'Birth Certificate Number',
  'Electoral Registry No.', 'Credencial electoral', 'Cartilla de Servicio Militar Nacional', 'Italian Fiscal Code',
  'National Foreign ID Number', 'Residency Number', 'Refugee ID Card', 'Stateless Person ID Card', 'Kenyan ID No.',
  'Turkish Identification Number', 'Numero de Identidad', 'Moroccan Personal ID No.', 'Bosnian Personal ID No.',
  'CNP (Personal Numerical Code)', 'Tazkira National ID Card', 'UAE Identification', 'VisaNumberID',
  'SRE Permit No.', 'Permit Number', 'Immigration No.', 'Public Security and Immigration No.',
  "Seafarer's Identification Document", 'Pilot License Number', 'Military Registration Number', 'US FEIN', 'RTN',
  'Romanian Permanent Resident CAN', 'Fiscal Code', 'Paraguayan tax identification number',
  // Companies and organisations
  'Registration ID', 'Registration Number', 'Business Registration Document #', 'Business Registration Number',
  'Business Number', 'Company Number', 'UK Company Number', 'Commercial Registry Number', 'C.R. No.',
  'Chamber of Commerce Number', 'Istanbul Chamber of Comm. No.', 'Dubai Chamber of Commerce Membership No.',
  'Government Gazette Number', 'Legal Entity Number', 'Unified Social Credit Code (USCC)',
  'United Social Credit Code Certificate (USCCC)', 'V.A.T. Number', 'NIT #', 'RUC #', 'RIF #', 'Trade License No.',
  'Economic Register Number (CBLS)', 'Central Registration System Number', 'Public Registration Number',
  'Enterprise Number', 'Branch Unit Number', 'D-U-N-S Number', 'License', 'SWIFT/BIC', 'BIK (RU)', 'ISIN',
  'Folio Mercantil No.', 'Matricula Mercantil No', 'Certificate of Incorporation Number', 'LE Number',
  'Registered Charity No.', 'Organization Code', 'File Number', 'MSB Registration Number', 'Tourism License No.',
  'C.I.F.', 'Romanian C.R.', 'Romanian Tax Registration', 'Afghan Money Service Provider License Number',
  'Numero Unico de Identificacao Tributaria (NUIT)',
  // Vessels and aircraft
  'Vessel Registration Identification', 'MMSI', 'International Maritime Organization No.',
  "Aircraft Manufacturer's Serial Number (MSN)", 'Aircraft Tail Number', 'Previous Aircraft Tail Number',
  'Aircraft Construction Number (also called L/N or S/N or F/N)', 'Aircraft Mode S Transponder Code',
  'Aircraft Serial Identification',
];

/** Wallets are typed by currency: "Digital Currency Address - XBT", "... - ETH", "... - USDT". */
const DIGITAL_CURRENCY = /^(Digital Currency Address - [A-Z0-9]{2,10})\s+(.+)$/;

/** Labels grouped by their first word (lower case), longest first, so each segment tests only a few. */
const BY_FIRST_WORD = new Map<string, Array<{ label: string; lower: string }>>();
for (const label of DOCUMENT_LABELS) {
  const key = firstWord(label);
  const list = BY_FIRST_WORD.get(key) ?? [];
  list.push({ label, lower: label.toLowerCase() });
  list.sort((a, b) => b.label.length - a.label.length);
  BY_FIRST_WORD.set(key, list);
}

/** The first word of a text, lower case, without a trailing colon ("DOB:" -> "dob"). */
export function firstWord(text: string, space = firstSpace(text)): string {
  const word = space < 0 ? text : text.slice(0, space);
  return (word.endsWith(':') ? word.slice(0, -1) : word).toLowerCase();
}

/** Index of the first whitespace character (code <= 0x20), or -1. */
export function firstSpace(text: string): number {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) <= 0x20) return i;
  return -1;
}

/**
 * The document in one remarks segment ("alt." already removed), or null when the segment is no
 * document. `word` is firstWord(segment), which the caller has already computed.
 */
export function documentFromSegment(segment: string, word: string, drops: DropCounter): IdentityDocument | null {
  const candidates = BY_FIRST_WORD.get(word);
  if (!candidates) {
    const wallet = word === 'digital' ? DIGITAL_CURRENCY.exec(segment) : null;
    return wallet ? { type: wallet[1], number: wallet[2].trim() } : null;
  }
  const match = candidates.find((c) => hasLabel(segment, c.label, c.lower));
  if (!match) return null;
  const rest = segment.slice(match.label.length).replace(/^:?\s+/, '');
  return parseDocumentValue(match.label, rest, drops);
}

/** OFAC writes the labels in one casing; the lower-case compare is only a fallback. */
function hasLabel(segment: string, label: string, lower: string): boolean {
  const n = label.length;
  if (segment.length <= n || !/[\s:]/.test(segment[n])) return false;
  return segment.startsWith(label) || segment.slice(0, n).toLowerCase() === lower;
}

/** "<number> (<country>) issued <date> expires <date>", every part after the number optional. */
function parseDocumentValue(type: string, text: string, drops: DropCounter): IdentityDocument | null {
  let rest = text.trim();
  let tail = '';
  const dated = /\s+(?:issued|expires)\b/i.exec(rest);
  if (dated) {
    tail = rest.slice(dated.index).trim();
    rest = rest.slice(0, dated.index);
  }
  let country: string | undefined;
  let note: string | undefined;
  const paren = /\s*\(([^()]+)\)$/.exec(rest);
  if (paren && paren.index > 0) {
    country = toAlpha2(paren[1]);
    if (!country) note = paren[1].trim(); // a city or registry name: "(Cali)", "(Stuttgart)"
    rest = rest.slice(0, paren.index);
  }
  const number = rest.trim().replace(/,$/, '');
  // Prose such as "Passport and National ID were issued in Ulm" names a document but gives no number.
  // Numbers carry a digit, except single-token codes like the SWIFT/BIC "BNCUCUHH".
  if (!/\d/.test(number) && !/^[A-Z0-9-]{4,}$/i.test(number)) {
    drops.drop('identityDocument', 'no number');
    return null;
  }
  const doc: IdentityDocument = { type, number };
  if (country) doc.country = country;
  if (tail) readValidity(doc, tail, drops);
  if (note) doc.note = doc.note ? `${note}; ${doc.note}` : note;
  return doc;
}

/** "issued 21 Aug 2006 expires 20 Aug 2008"; prose after "issued" ("issued under the name ...") becomes a note. */
function readValidity(doc: IdentityDocument, tail: string, drops: DropCounter): void {
  const m = /^(?:issued\s+(.+?))?\s*(?:expires\s+(.+))?$/i.exec(tail);
  const issued = m?.[1];
  const expires = m?.[2];
  if (!m || (issued && !looksLikeDate(issued)) || (expires && !looksLikeDate(expires))) {
    doc.note = tail;
    return;
  }
  if (issued) setDate(doc, 'issueDate', issued, drops);
  if (expires) setDate(doc, 'expiryDate', expires, drops);
}

function looksLikeDate(text: string): boolean {
  return /^(?:\d|circa\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)/i.test(text);
}

function setDate(doc: IdentityDocument, field: 'issueDate' | 'expiryDate', text: string, drops: DropCounter): void {
  const value = parseDateValue(text);
  if (!value) {
    drops.drop(`identityDocument.${field}`, 'invalid date');
    return;
  }
  // Keep the precision OFAC gave: "issued 1999" stays "1999", not a made-up 1 January.
  if (value.precision === 'day') doc[field] = value.from;
  else if (value.precision === 'month') doc[field] = value.from.slice(0, 7);
  else if (value.precision === 'year') doc[field] = value.from.slice(0, 4);
  else doc[field] = `${value.from}/${value.to}`; // ISO 8601 interval
}
