/**
 * @module One CSL record as both readers hand it to the mapper: the CSV reader from its 29 columns,
 * the JSON reader from an API result object. Texts are as published (untrimmed is fine); only the
 * multi-valued fields are already split, and addresses and ids already taken apart, because the two
 * formats write those differently (flat "; "/", " text in the CSV, objects in the JSON).
 */
import type { Address } from '../model.js';

/** One group of the `ids` column: an identity document or a fact such as "Gender, Male". */
export interface CslId {
  type: string;
  number: string;
  /** The issuing country as published (alpha-2 in the CSL). */
  country?: string;
  issueDate?: string;
  expirationDate?: string;
  /**
   * Dates the CSV wrote without saying which is which: it drops empty parts, so a lone date can be
   * the issue or the expiry date (OFAC's own data shows both). Two dates are issue then expiry.
   */
  unlabelledDates?: string[];
}

export interface CslRecord {
  /** `_id` (CSV) or `id` (JSON). */
  id: string;
  source: string;
  entityNumber: string;
  type: string;
  name: string;
  title: string;
  programs: string[];
  altNames: string[];
  addresses: Address[];
  ids: CslId[];
  datesOfBirth: string[];
  nationalities: string[];
  citizenships: string[];
  placesOfBirth: string[];
  remarks: string;
  federalRegisterNotice: string;
  startDate: string;
  endDate: string;
  standardOrder: string;
  licenseRequirement: string;
  licensePolicy: string;
  callSign: string;
  vesselType: string;
  grossTonnage: string;
  grossRegisteredTonnage: string;
  vesselFlag: string;
  vesselOwner: string;
  sourceListUrl: string;
}

/**
 * Splits a CSL multi-valued text ("a; b; c") into trimmed, non-empty parts. The separator is "; ",
 * but BIS rows also join with a bare ";" ("NPO Izhmash OAO;OJSC Concern Kalashnikov"), so any ";"
 * separates.
 */
export function splitMulti(text: string): string[] {
  if (text.indexOf(';') < 0) {
    // Most fields hold one value or none: no arrays to split and filter (a full file has ~100,000).
    const value = text.trim();
    return value === '' ? [] : [value];
  }
  const parts: string[] = [];
  for (const part of text.split(';')) {
    const value = part.trim();
    if (value !== '') parts.push(value);
  }
  return parts;
}
