/**
 * @module Legacy rows -> ListEntry pieces: the sdn.csv / cons_prim.csv record and alt.csv aliases.
 *
 * sdn.csv columns: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT,
 * Vess_flag, Vess_owner, Remarks. alt.csv columns: ent_num, alt_num, alt_type, alt_name, alt_remarks.
 * Names stay exactly as OFAC wrote them ("LASTNAME, Firstname" for people); the engine normalises.
 */
import type { Alias, AliasType, DropCounter, EntryKind, ListEntry, ListSource } from '../model.js';
import { LIST_INFO } from '../sources.js';
import { nonSdnSourceForPrograms, splitLegacyPrograms } from './programs.js';

export type LegacyFamily = 'sdn' | 'cons';

/** SDN_Type as published; the null marker (here '') means entity. */
const KINDS: ReadonlyMap<string, EntryKind> = new Map<string, EntryKind>([
  ['', 'entity'], ['individual', 'individual'], ['vessel', 'vessel'], ['aircraft', 'aircraft'],
]);

/** Vessel columns of sdn.csv (index) -> `extra` keys, named as in OFAC's XML vesselInfo. */
const VESSEL_COLUMNS: ReadonlyArray<readonly [number, string]> = [
  [5, 'callSign'],
  [6, 'vesselType'],
  [7, 'tonnage'],
  [8, 'grossRegisteredTonnage'],
  [9, 'vesselFlag'],
  [10, 'vesselOwner'],
];

const ALIAS_TYPES: ReadonlyMap<string, AliasType> = new Map<string, AliasType>([
  ['aka', 'aka'], ['a.k.a.', 'aka'], ['fka', 'fka'], ['f.k.a.', 'fka'], ['nka', 'nka'], ['n.k.a.', 'nka'],
]);

const LOW_QUALITY = /\b(?:weak|low[- ]quality)\b/i;

/** ent_num must be a positive integer: it is the entryId users quote back to OFAC. */
export function isEntNum(value: string): boolean {
  if (value.length === 0 || value.length > 9) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return Number(value) > 0;
}

/** Maps a primary record; remarks-derived fields are filled in later, once comments are joined. */
export function mapLegacyPrimary(fields: string[], family: LegacyFamily, drops: DropCounter): ListEntry {
  const [entNum, name, sdnType, programField, title] = fields;
  const programs = splitLegacyPrograms(programField);
  const listSource: ListSource = family === 'sdn' ? 'ofac-sdn' : nonSdnSourceForPrograms(programs);
  const stated = KINDS.get(sdnType.toLowerCase());
  // An SDN_Type OFAC does not use: keep the record; the kind is inferred once its remarks are read.
  if (!stated) drops.drop('kind', 'unknown SDN_Type');
  const entry: ListEntry = {
    listSource,
    entryId: entNum,
    kind: stated ?? 'entity',
    kindInferred: stated === undefined,
    name,
    aliases: [],
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    citizenships: [],
    addresses: [],
    identityDocuments: [],
    programs,
    sourceUrl: LIST_INFO[listSource].sourceUrl,
  };
  if (title) entry.title = title;
  const extra = vesselExtra(fields);
  if (extra) entry.extra = extra;
  return entry;
}

function vesselExtra(fields: string[]): Record<string, string> | undefined {
  let extra: Record<string, string> | undefined;
  for (const [index, key] of VESSEL_COLUMNS) {
    if (fields[index]) (extra ??= {})[key] = fields[index];
  }
  return extra;
}

/** One alt.csv row; null (and counted) when the name is missing. */
export function mapLegacyAlias(fields: string[], drops: DropCounter): Alias | null {
  const [, , altType, altName, altRemarks] = fields;
  if (!altName) {
    drops.drop('alias', 'empty alt_name');
    return null;
  }
  let type = ALIAS_TYPES.get(altType.toLowerCase());
  if (!type) {
    drops.drop('alias.type', 'unknown alt_type');
    type = 'aka';
  }
  return { name: altName, type, quality: LOW_QUALITY.test(altRemarks) ? 'weak' : 'strong' };
}
