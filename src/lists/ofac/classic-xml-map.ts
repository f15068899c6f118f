/**
 * @module One classic OFAC XML record (sdnList/sdnEntry, as in sdn.xml and consolidated.xml) to a ListEntry.
 *
 * The collector in classic-xml.ts hands over the record's leaf values as plain strings; everything
 * here is conversion: names written "LASTNAME, Firstname" exactly like the legacy sdn.csv SDN_Name
 * column, countries to alpha-2, dates to ranges, idList rows split into documents and facts.
 */
import { parseDateValue } from '../dates.js';
import { toAlpha2 } from '../countries.js';
import { inferKind } from '../infer-kind.js';
import { LIST_INFO } from '../sources.js';
import { nonSdnSourceForPrograms } from './programs.js';
import { addExtra, classifyIdType, extraKey, genderOf } from './xml-id-types.js';
import { compactEntry, type StringPool } from './xml-memory.js';
import {
  ENTRY_KINDS,
  type Address,
  type Alias,
  type AliasType,
  type DateValue,
  type DropCounter,
  type EntryKind,
  type IdentityDocument,
  type ListEntry,
  type ListSource,
} from '../model.js';

export type RawFields = Record<string, string>;

/** An sdnEntry as collected: leaf values by element name, repeated groups as lists. */
export interface RawClassicEntry {
  /** uid, firstName, lastName, title, sdnType, remarks. */
  fields: RawFields;
  programs: string[];
  akas: RawFields[];
  addresses: RawFields[];
  ids: RawFields[];
  nationalities: RawFields[];
  citizenships: RawFields[];
  datesOfBirth: RawFields[];
  placesOfBirth: RawFields[];
  vessel: RawFields;
}

export interface ClassicMapContext {
  /** 'ofac-sdn' for sdn.xml; null for consolidated.xml, where the programs decide per record. */
  fixedSource: ListSource | null;
  dropped: DropCounter;
  skipped: DropCounter;
  pool: StringPool;
}

const ALIAS_TYPES: Readonly<Record<string, AliasType>> = { 'a.k.a.': 'aka', 'f.k.a.': 'fka', 'n.k.a.': 'nka' };

/** "LASTNAME, Firstname" like the legacy SDN_Name column; entities carry only lastName. */
export function classicName(fields: RawFields): string {
  const last = fields.lastName ?? '';
  const first = fields.firstName ?? '';
  if (last !== '' && first !== '') return `${last}, ${first}`;
  return last !== '' ? last : first;
}

export function createRawClassicEntry(): RawClassicEntry {
  return {
    fields: {}, programs: [], akas: [], addresses: [], ids: [], nationalities: [], citizenships: [],
    datesOfBirth: [], placesOfBirth: [], vessel: {},
  };
}

/** Maps one record; null (counted in skipped) when it has no uid or no name, which no screen can use. */
export function mapClassicEntry(raw: RawClassicEntry, ctx: ClassicMapContext): ListEntry | null {
  const entryId = raw.fields.uid ?? '';
  const name = classicName(raw.fields);
  if (entryId === '') return skip(ctx, 'no uid');
  if (name === '') return skip(ctx, 'no name');
  const programs = raw.programs.map((p) => ctx.pool.intern(p));
  const listSource = ctx.fixedSource ?? nonSdnSourceForPrograms(programs);
  const extra: Record<string, string> = {};
  const entry: ListEntry = {
    listSource,
    entryId,
    kind: 'entity',
    kindInferred: false,
    name,
    aliases: mapAliases(raw.akas, ctx.dropped),
    datesOfBirth: mapDates(raw.datesOfBirth, ctx.dropped),
    placesOfBirth: raw.placesOfBirth.map((p) => p.placeOfBirth ?? '').filter((p) => p !== ''),
    nationalities: mapCountries(raw.nationalities, 'nationality', ctx.dropped),
    citizenships: mapCountries(raw.citizenships, 'citizenship', ctx.dropped),
    addresses: raw.addresses.map(mapAddress).filter((a): a is Address => a !== null),
    identityDocuments: [],
    programs,
    sourceUrl: LIST_INFO[listSource].sourceUrl,
  };
  mapIds(raw.ids, entry, extra, ctx);
  setKind(entry, raw.fields.sdnType, ctx.dropped);
  if (raw.fields.title) entry.title = raw.fields.title;
  if (raw.fields.remarks) entry.remarks = raw.fields.remarks;
  // vesselInfo children keep their element names (callSign, vesselFlag...), as the legacy reader names them.
  for (const [element, value] of Object.entries(raw.vessel)) addExtra(extra, element, value);
  if (Object.keys(extra).length > 0) entry.extra = extra;
  return compactEntry(entry, ctx.pool);
}

function skip(ctx: ClassicMapContext, reason: string): null {
  ctx.skipped.drop('sdnEntry', reason);
  return null;
}

function setKind(entry: ListEntry, sdnType: string | undefined, dropped: DropCounter): void {
  const kind = (sdnType ?? '').toLowerCase() as EntryKind;
  if (ENTRY_KINDS.includes(kind)) {
    entry.kind = kind;
    return;
  }
  dropped.drop('sdnType', sdnType ? 'unknown value, kind inferred' : 'missing, kind inferred');
  const hasPersonData = entry.datesOfBirth.length > 0 || entry.placesOfBirth.length > 0 || entry.gender !== undefined;
  entry.kind = inferKind(entry.name, hasPersonData).kind;
  entry.kindInferred = true;
}

function mapAliases(akas: readonly RawFields[], dropped: DropCounter): Alias[] {
  const aliases: Alias[] = [];
  for (const aka of akas) {
    const name = classicName(aka);
    if (name === '') {
      dropped.drop('aka', 'no name');
      continue;
    }
    let type = ALIAS_TYPES[(aka.type ?? '').toLowerCase()];
    if (type === undefined) {
      dropped.drop('aka type', 'unknown, read as a.k.a.');
      type = 'aka';
    }
    aliases.push({ name, type, quality: aka.category?.toLowerCase() === 'weak' ? 'weak' : 'strong' });
  }
  return aliases;
}

function mapDates(items: readonly RawFields[], dropped: DropCounter): DateValue[] {
  const dates: DateValue[] = [];
  for (const item of items) {
    const value = parseDateValue(item.dateOfBirth ?? '');
    if (value) dates.push(value);
    else dropped.drop('dateOfBirth', 'not a usable date');
  }
  return dates;
}

function mapCountries(items: readonly RawFields[], field: string, dropped: DropCounter): string[] {
  const codes: string[] = [];
  for (const item of items) {
    const code = toAlpha2(item.country);
    if (code === undefined) dropped.drop(field, 'unknown country');
    else if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

function mapAddress(raw: RawFields): Address | null {
  const address: Address = {};
  const street = [raw.address1, raw.address2, raw.address3].filter((s) => s !== undefined && s !== '').join(', ');
  if (street !== '') address.street = street;
  if (raw.city) address.city = raw.city;
  if (raw.stateOrProvince) address.state = raw.stateOrProvince;
  if (raw.postalCode) address.postalCode = raw.postalCode;
  if (raw.country) {
    const code = toAlpha2(raw.country);
    if (code !== undefined) address.country = code;
    else address.countryText = raw.country;
  }
  return Object.keys(address).length > 0 ? address : null;
}

function mapIds(ids: readonly RawFields[], entry: ListEntry, extra: Record<string, string>, ctx: ClassicMapContext): void {
  for (const id of ids) {
    const type = id.idType ?? '';
    const value = id.idNumber ?? '';
    const use = classifyIdType(type);
    if (use === 'gender') {
      const gender = genderOf(value);
      if (gender) entry.gender = gender;
      else ctx.dropped.drop('gender', 'unknown value');
    } else if (use === 'info') {
      addExtra(extra, extraKey(type), id.idCountry ? `${value} (${id.idCountry})` : value);
    } else if (type === '' || value === '') {
      ctx.dropped.drop('id', 'no type or number');
    } else {
      entry.identityDocuments.push(mapDocument(id, type, value, ctx));
    }
  }
}

function mapDocument(id: RawFields, type: string, number: string, ctx: ClassicMapContext): IdentityDocument {
  const doc: IdentityDocument = { type: ctx.pool.intern(type), number };
  if (id.idCountry) {
    const code = toAlpha2(id.idCountry);
    if (code !== undefined) doc.country = code;
    else doc.note = `issued by ${id.idCountry}`;
  }
  const issued = documentDate(id.issueDate, 'id issueDate', ctx.dropped);
  if (issued) doc.issueDate = issued;
  const expires = documentDate(id.expirationDate, 'id expirationDate', ctx.dropped);
  if (expires) doc.expiryDate = expires;
  return doc;
}

function documentDate(text: string | undefined, field: string, dropped: DropCounter): string | undefined {
  if (!text) return undefined;
  const value = parseDateValue(text);
  if (!value) dropped.drop(field, 'not a usable date');
  return value?.from;
}
