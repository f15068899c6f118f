/**
 * @module One CSL record (from either reader) to a ListEntry.
 *
 * - entryId: OFAC's ent_num (`entity_number`) for Treasury rows, so a CSL copy of an SDN record has
 *   the ID OFAC gives it; the CSL `_id` hash for BIS and State rows (they have no other ID).
 * - kind: the `type` column when given (Treasury rows only); BIS and State rows state no kind, so it
 *   is inferred (flagged kindInferred), with birth data or nationality counting as a person's data,
 *   a legal-scope name suffix ("and any successor, sub-unit...") meaning an organisation and
 *   "(PRC individual)" in an ISN name a person.
 * - Unusable values (an impossible date such as the real Entity List start_date 0017-05-26, an
 *   unknown country code) drop the field and are counted; the record stays.
 */
import { LIST_INFO } from '../sources.js';
import { inferKind } from '../infer-kind.js';
import { parseDateValue } from '../dates.js';
import type { Alias, DateValue, DropCounter, EntryKind, ListEntry, ListSource } from '../model.js';
import { cslSourceToListSource } from './csl-source.js';
import { cleanAlias, splitLegalScopeSuffix } from './csl-names.js';
import { toAlpha2 } from '../countries.js';
import { applyCslIds } from './csl-ids-map.js';
import type { CslRecord } from './csl-record.js';

export type CslMapOutcome = { entry: ListEntry } | { skip: string };

const KINDS: Readonly<Record<string, EntryKind>> = Object.freeze({
  individual: 'individual',
  entity: 'entity',
  vessel: 'vessel',
  aircraft: 'aircraft',
});

const TREASURY: ReadonlySet<ListSource> = new Set(['ofac-sdn', 'ofac-ssi', 'ofac-fse', 'ofac-non-sdn']);

function kindOf(record: CslRecord, name: string, suffix: string | undefined, drops: DropCounter): { kind: EntryKind; kindInferred: boolean } {
  const type = record.type.trim();
  const stated = KINDS[type.toLowerCase()];
  if (stated) return { kind: stated, kindInferred: false };
  if (type !== '') drops.drop('type', 'unknown value');
  // "and any successor, sub-unit, or subsidiary thereof" is said of organisations only; ISN marks
  // some people in the name itself: "Linda Zhai (PRC individual)".
  if (suffix) return { kind: 'entity', kindInferred: true };
  if (/\bindividual\)/i.test(name)) return { kind: 'individual', kindInferred: true };
  const hasPersonData =
    record.datesOfBirth.length + record.nationalities.length + record.citizenships.length + record.placesOfBirth.length > 0;
  return { kind: inferKind(name, hasPersonData).kind, kindInferred: true };
}

function aliasesOf(altNames: readonly string[], name: string): Alias[] {
  const seen = new Set([name.toLowerCase()]);
  const aliases: Alias[] = [];
  for (const raw of altNames) {
    const alias = cleanAlias(raw);
    const key = alias.toLowerCase();
    if (alias === '' || seen.has(key)) continue;
    seen.add(key);
    aliases.push({ name: alias, type: 'aka', quality: 'strong' });
  }
  return aliases;
}

function datesOfBirth(texts: readonly string[], drops: DropCounter): DateValue[] {
  const dates: DateValue[] = [];
  for (const text of texts) {
    const date = parseDateValue(text);
    if (date) dates.push(date);
    else drops.drop('dates_of_birth', 'not a date');
  }
  return dates;
}

function countryCodes(values: readonly string[], field: string, drops: DropCounter): string[] {
  const codes: string[] = [];
  for (const value of values) {
    const code = toAlpha2(value);
    if (!code) drops.drop(field, 'unknown country');
    else if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

function unique(values: readonly string[]): string[] {
  if (values.length === 0) return [];
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** start_date / end_date: ISO when a real day, dropped and counted when impossible (0017-05-26). */
function dateExtra(extra: Record<string, string>, key: string, field: string, text: string, drops: DropCounter): void {
  if (text.trim() === '') return;
  const date = parseDateValue(text);
  if (!date) drops.drop(field, 'not a real date');
  else extra[key] = date.precision === 'day' ? date.from : date.text;
}

function setText(extra: Record<string, string>, key: string, value: string): void {
  const text = value.trim();
  if (text !== '') extra[key] = text;
}

function textExtras(record: CslRecord): Record<string, string> {
  const extra: Record<string, string> = {};
  setText(extra, 'federalRegisterNotice', record.federalRegisterNotice);
  setText(extra, 'standardOrder', record.standardOrder.toUpperCase());
  setText(extra, 'licenseRequirement', record.licenseRequirement);
  setText(extra, 'licensePolicy', record.licensePolicy);
  setText(extra, 'callSign', record.callSign);
  setText(extra, 'vesselType', record.vesselType);
  setText(extra, 'grossTonnage', record.grossTonnage);
  setText(extra, 'grossRegisteredTonnage', record.grossRegisteredTonnage);
  setText(extra, 'vesselFlag', record.vesselFlag);
  setText(extra, 'vesselOwner', record.vesselOwner);
  return extra;
}

export function mapCslRecord(record: CslRecord, drops: DropCounter): CslMapOutcome {
  const listSource = cslSourceToListSource(record.source);
  if (!listSource) return { skip: `unknown source "${record.source.trim()}"` };
  const entityNumber = record.entityNumber.trim();
  const entryId = TREASURY.has(listSource) && entityNumber !== '' ? entityNumber : record.id.trim();
  if (entryId === '') return { skip: 'record without an id' };
  const { name, suffix } = splitLegalScopeSuffix(record.name);
  if (name === '') return { skip: 'record without a name' };

  const extra = textExtras(record);
  if (suffix) extra.nameSuffix = suffix;
  dateExtra(extra, 'startDate', 'start_date', record.startDate, drops);
  dateExtra(extra, 'endDate', 'end_date', record.endDate, drops);
  const entry: ListEntry = {
    listSource,
    entryId,
    ...kindOf(record, name, suffix, drops),
    name,
    aliases: aliasesOf(record.altNames, name),
    datesOfBirth: datesOfBirth(record.datesOfBirth, drops),
    placesOfBirth: unique(record.placesOfBirth),
    nationalities: countryCodes(record.nationalities, 'nationalities', drops),
    citizenships: countryCodes(record.citizenships, 'citizenships', drops),
    addresses: record.addresses,
    identityDocuments: [],
    programs: unique(record.programs),
    sourceUrl: record.sourceListUrl.trim() || LIST_INFO[listSource].sourceUrl,
  };
  applyCslIds(entry, record.ids, extra, drops);
  if (record.title.trim() !== '') entry.title = record.title.trim();
  if (record.remarks.trim() !== '') entry.remarks = record.remarks.trim();
  if (Object.keys(extra).length > 0) entry.extra = extra;
  return { entry };
}
