/**
 * @module One consolidated.json result object to a CslRecord.
 *
 * The API has written some lists both as arrays and as "; "-joined strings over the years, so every
 * multi-valued field accepts either; null and missing mean empty. Values of the wrong kind (a number
 * where a name belongs) are not guessed at: the record is skipped with the reason.
 */
import type { Address } from '../model.js';
import { toAlpha2 } from '../countries.js';
import { splitMulti, type CslId, type CslRecord } from './csl-record.js';
import { parseCslAddress } from './csv-address.js';
import { parseCslIds } from './csv-ids.js';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A single-valued field as text: numbers are accepted (entity_number: 306), arrays joined with "; ". */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').join('; ');
  return '';
}

/** A multi-valued field: an array holds one value per item (not split again), a string is "; "-joined. */
function list(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((v) => (typeof v === 'string' && v.trim() !== '' ? [v.trim()] : []));
  }
  return typeof value === 'string' ? splitMulti(value) : [];
}

function addressOf(value: unknown): Address | null {
  if (typeof value === 'string') return parseCslAddress(value);
  if (!isObject(value)) return null;
  const address: Address = {};
  const street = text(value.address).trim();
  const city = text(value.city).trim();
  const state = text(value.state).trim();
  const postal = text(value.postal_code).trim();
  const country = text(value.country).trim();
  if (street) address.street = street;
  if (city) address.city = city;
  if (state) address.state = state;
  if (postal) address.postalCode = postal;
  if (country) {
    const code = toAlpha2(country);
    if (code) address.country = code;
    else address.countryText = country;
  }
  return Object.keys(address).length > 0 ? address : null;
}

function idsOf(value: unknown): CslId[] {
  if (typeof value === 'string') return parseCslIds(value, 'type-first');
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): CslId[] => {
    if (typeof item === 'string') return parseCslIds(item, 'type-first');
    if (!isObject(item)) return [];
    const id: CslId = { type: text(item.type), number: text(item.number) };
    const country = text(item.country).trim();
    if (country) id.country = country;
    const issue = text(item.issue_date).trim();
    if (issue) id.issueDate = issue;
    const expiry = text(item.expiration_date).trim();
    if (expiry) id.expirationDate = expiry;
    return [id];
  });
}

function addressesOf(value: unknown): Address[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? splitMulti(value) : [];
  return items.flatMap((item) => addressOf(item) ?? []);
}

/** The record, or the reason it cannot be read. */
export function toCslRecord(result: unknown): CslRecord | string {
  if (!isObject(result)) return 'result that is not an object';
  if (typeof result.name !== 'string') return 'result without a text name';
  return {
    id: text(result.id) || text(result._id),
    source: text(result.source),
    entityNumber: text(result.entity_number),
    type: text(result.type),
    name: result.name,
    title: text(result.title),
    programs: list(result.programs),
    altNames: list(result.alt_names),
    addresses: addressesOf(result.addresses),
    ids: idsOf(result.ids),
    datesOfBirth: list(result.dates_of_birth),
    nationalities: list(result.nationalities),
    citizenships: list(result.citizenships),
    placesOfBirth: list(result.places_of_birth),
    remarks: text(result.remarks),
    federalRegisterNotice: text(result.federal_register_notice),
    startDate: text(result.start_date),
    endDate: text(result.end_date),
    standardOrder: text(result.standard_order),
    licenseRequirement: text(result.license_requirement),
    licensePolicy: text(result.license_policy),
    callSign: text(result.call_sign),
    vesselType: text(result.vessel_type),
    grossTonnage: text(result.gross_tonnage),
    grossRegisteredTonnage: text(result.gross_registered_tonnage),
    vesselFlag: text(result.vessel_flag),
    vesselOwner: text(result.vessel_owner),
    sourceListUrl: text(result.source_list_url),
  };
}
