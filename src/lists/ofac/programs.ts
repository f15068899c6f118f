/**
 * @module Which OFAC list a consolidated (non-SDN) record belongs to.
 *
 * The legacy cons_*.csv and classic consolidated.xml files carry no list column: the program tag is
 * the only discriminator. SSI records are designated under EO 13662 (tag UKRAINE-EO13662); FSE
 * records under EO 13608 (tags FSE-IR, FSE-SY, FSE-WMD...). Everything else in the consolidated
 * file is one of the other non-SDN lists: NS-MBS (RUSSIA-EO14024 menu-based), CAPTA (561-Related),
 * NS-CMIC (CMIC-EO13959) and NS-PLC.
 *
 * A record can be on several of them: 87 SSI records of the 2024 file are also tagged RUSSIA-EO14024
 * (NS-MBS). Such a record becomes one entry per list (same entryId), so it is screenable under each.
 */
import { LIST_SOURCES, type ListEntry, type ListSource } from '../model.js';
import { LIST_INFO } from '../sources.js';

/** Tags that place a consolidated record on one of the "other" non-SDN lists, whatever else it carries. */
const OTHER_NON_SDN_TAG = /^(?:RUSSIA-EO14024|561-RELATED|CMIC-EO13959|NS-[A-Z-]+)$/;

export function nonSdnSourceForPrograms(programs: readonly string[]): ListSource {
  if (programs.some((p) => /^FSE\b/i.test(p.trim()))) return 'ofac-fse';
  if (programs.some((p) => p.trim().toUpperCase() === 'UKRAINE-EO13662')) return 'ofac-ssi';
  return 'ofac-non-sdn';
}

/** Every non-SDN list a consolidated record is on, in LIST_SOURCES order (the first is nonSdnSourceForPrograms'). */
export function nonSdnSourcesForPrograms(programs: readonly string[]): ListSource[] {
  const first = nonSdnSourceForPrograms(programs);
  const sources = new Set<ListSource>([first]);
  if (programs.some((p) => /^FSE\b/i.test(p.trim()))) sources.add('ofac-fse');
  if (programs.some((p) => p.trim().toUpperCase() === 'UKRAINE-EO13662')) sources.add('ofac-ssi');
  if (programs.some((p) => OTHER_NON_SDN_TAG.test(p.trim().toUpperCase()))) sources.add('ofac-non-sdn');
  return LIST_SOURCES.filter((s) => sources.has(s));
}

/** The entry once per list it is on: the same record, each copy with its own listSource and sourceUrl. */
export function entryOnEachList(entry: ListEntry, sources: readonly ListSource[]): ListEntry[] {
  return sources.map((listSource) =>
    listSource === entry.listSource ? entry : { ...entry, listSource, sourceUrl: LIST_INFO[listSource].sourceUrl });
}

/** A consolidated (non-SDN) record as one entry per list its programs put it on. */
export function consolidatedEntries(entry: ListEntry): ListEntry[] {
  return entryOnEachList(entry, nonSdnSourcesForPrograms(entry.programs));
}

/** Splits the legacy "TAG1] [TAG2" program field into tags. */
export function splitLegacyPrograms(field: string): string[] {
  return field
    .split(/\]\s*\[/)
    .map((p) => p.replace(/^\[|\]$/g, '').trim())
    .filter((p) => p !== '' && p !== '-0-');
}
