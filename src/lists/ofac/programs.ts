/**
 * @module Which OFAC list a consolidated (non-SDN) record belongs to.
 *
 * The legacy cons_*.csv and classic consolidated.xml files carry no list column: the program tag is
 * the only discriminator. SSI records are designated under EO 13662 (tag UKRAINE-EO13662); FSE
 * records under EO 13608 (tags FSE-IR, FSE-SY, FSE-WMD...). Everything else in the consolidated
 * file is one of the other non-SDN lists: NS-MBS (RUSSIA-EO14024 menu-based), CAPTA (561-Related),
 * NS-CMIC (CMIC-EO13959) and NS-PLC.
 */
import type { ListSource } from '../model.js';

export function nonSdnSourceForPrograms(programs: readonly string[]): ListSource {
  if (programs.some((p) => /^FSE\b/i.test(p.trim()))) return 'ofac-fse';
  if (programs.some((p) => p.trim().toUpperCase() === 'UKRAINE-EO13662')) return 'ofac-ssi';
  return 'ofac-non-sdn';
}

/** Splits the legacy "TAG1] [TAG2" program field into tags. */
export function splitLegacyPrograms(field: string): string[] {
  return field
    .split(/\]\s*\[/)
    .map((p) => p.replace(/^\[|\]$/g, '').trim())
    .filter((p) => p !== '' && p !== '-0-');
}
