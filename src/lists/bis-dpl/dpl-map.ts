/**
 * @module One row of BIS's native dpl.txt to a ListEntry ('bis-denied').
 *
 * The DPL states no kind: it is inferred (kindInferred). Names keep BIS's spelling but lose the
 * leading space some carry (" I. ASH"). Dates: Effective_Date and Expiration_Date are MM/DD/YYYY,
 * Last_Update is YYYY-MM-DD; an impossible one (the real Last_Update 3033-09-30) is dropped and
 * counted, the row kept. The `extra` keys match the CSL's DPL rows (startDate, endDate,
 * standardOrder, federalRegisterNotice), and Action goes to `remarks` as the CSL does.
 */
import { parseDateValue, usDateToIso } from '../dates.js';
import { inferKind } from '../infer-kind.js';
import type { Address, DropCounter, ListEntry } from '../model.js';
import { LIST_INFO } from '../sources.js';
import { exactCountryName, toAlpha2 } from '../countries.js';

/** A data row by header name (Name, Street_Address, ...), values as published. */
export type DplRow = Readonly<Record<DplColumn, string>>;

export const DPL_COLUMNS = [
  'Name', 'Street_Address', 'City', 'State', 'Country', 'Postal_Code', 'Effective_Date', 'Expiration_Date',
  'Standard_Order', 'Last_Update', 'Action', 'FR_Citation',
] as const;
export type DplColumn = (typeof DPL_COLUMNS)[number];

function addressOf(row: DplRow, drops: DropCounter): Address | null {
  const address: Address = {};
  const street = row.Street_Address.trim();
  const city = row.City.trim();
  const state = row.State.trim();
  const postal = row.Postal_Code.trim();
  const country = row.Country.trim();
  if (street) address.street = street;
  if (city) address.city = city;
  if (state) address.state = state;
  if (postal) address.postalCode = postal;
  if (country) {
    // ISO-2 as a rule; two rows write "PRC".
    const code = exactCountryName(country) ?? toAlpha2(country);
    if (code) address.country = code;
    else {
      address.countryText = country;
      drops.drop('Country', 'unknown country');
    }
  }
  return Object.keys(address).length > 0 ? address : null;
}

function usDate(extra: Record<string, string>, key: string, field: string, value: string, drops: DropCounter): void {
  if (value.trim() === '') return;
  const iso = usDateToIso(value);
  if (iso) extra[key] = iso;
  else drops.drop(field, 'not a real date');
}

/**
 * The row's valid Last_Update as YYYY-MM-DD, or null: dropped and counted when impossible
 * (3033-09-30) or later than `today`, because a future date would make the list look fresher than
 * it is (publishedAt is the newest Last_Update).
 */
export function lastUpdateOf(row: DplRow, today: string, drops: DropCounter): string | null {
  const text = row.Last_Update.trim();
  if (text === '') return null;
  const date = parseDateValue(text);
  if (!date || date.precision !== 'day') drops.drop('Last_Update', 'not a real date');
  else if (date.from > today) drops.drop('Last_Update', 'in the future');
  else return date.from;
  return null;
}

export function mapDplRow(row: DplRow, entryId: string, lastUpdate: string | null, drops: DropCounter): ListEntry {
  const name = row.Name.trim();
  const extra: Record<string, string> = {};
  usDate(extra, 'startDate', 'Effective_Date', row.Effective_Date, drops);
  usDate(extra, 'endDate', 'Expiration_Date', row.Expiration_Date, drops);
  if (row.Standard_Order.trim()) extra.standardOrder = row.Standard_Order.trim().toUpperCase();
  if (lastUpdate) extra.lastUpdate = lastUpdate;
  if (row.FR_Citation.trim()) extra.federalRegisterNotice = row.FR_Citation.trim();
  const address = addressOf(row, drops);
  const entry: ListEntry = {
    listSource: 'bis-denied',
    entryId,
    kind: inferKind(name, false).kind,
    kindInferred: true,
    name,
    aliases: [],
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    citizenships: [],
    addresses: address ? [address] : [],
    identityDocuments: [],
    programs: [],
    sourceUrl: LIST_INFO['bis-denied'].sourceUrl,
  };
  if (row.Action.trim()) entry.remarks = row.Action.trim();
  if (Object.keys(extra).length > 0) entry.extra = extra;
  return entry;
}
