/**
 * @module What `lists update` downloads: one table of the official files, grouped in units that are
 * validated and swapped together (an OFAC legacy family is only consistent as a whole).
 * URLs come from the config (defaults in config.ts: DEFAULT_LIST_URLS), so tests can point them at a
 * local server.
 */
import type { Config } from '../../config.js';
import type { ListSource } from '../model.js';
import { SAM_FILE, type FeedId } from '../registry.js';

export type UpdateUnitId = 'ofac-sdn' | 'ofac-consolidated' | 'csl' | 'bis-dpl' | 'gsa-sam' | 'dhs-uflpa';

/** One download attempt: the file name it is saved under, and where from. */
export interface DownloadAttempt {
  fileName: string;
  url: string;
}

/** One file to fetch. Several attempts when the name is dated (SAM): the first that exists wins. */
export interface DownloadFile {
  attempts: DownloadAttempt[];
}

export interface UpdateUnit {
  id: UpdateUnitId;
  /** The list sources this unit refreshes from their publisher (used by --only). */
  sources: readonly ListSource[];
  /** The registry feed that reads the downloaded files (for validation). */
  feed: FeedId;
  /** Does a file already in LISTS_DIR belong to this unit (and is replaced by the update)? */
  replaces(fileName: string): boolean;
  /** The files to download, or why the unit cannot run here (e.g. no API key). */
  plan(config: Readonly<Config>, now: Date): DownloadFile[] | { skip: string };
}

/**
 * OFAC is fetched as the classic XML, which carries its publication date (Publish_Date); the legacy
 * delimited files do not. A legacy family already in LISTS_DIR is still read, and replaced (kept in
 * .previous) by the first update.
 */
const OFAC_SDN_XML = 'SDN.XML';
const OFAC_CONS_XML = 'CONSOLIDATED.XML';
const OFAC_SDN_LEGACY = ['SDN.CSV', 'ADD.CSV', 'ALT.CSV', 'SDN_COMMENTS.CSV'];
const OFAC_CONS_LEGACY = ['CONS_PRIM.CSV', 'CONS_ADD.CSV', 'CONS_ALT.CSV', 'CONS_COMMENTS.CSV'];
/** The daily SAM extract of today may not be out yet (it appears in the US morning): try a few days back. */
const SAM_DAYS_BACK = 3;

function named(...names: string[]): (fileName: string) => boolean {
  const lower = new Set(names.map((n) => n.toLowerCase()));
  return (fileName) => lower.has(fileName.toLowerCase());
}

/** OFAC's export names are upper case; we save them lower case (sdn.xml, consolidated.xml), as the readers expect. */
function ofacFiles(config: Readonly<Config>, names: string[]): DownloadFile[] {
  return names.map((name) => ({ attempts: [{ fileName: name.toLowerCase(), url: `${config.listsUrlOfac}/${name}` }] }));
}

function one(fileName: string, url: string): DownloadFile[] {
  return [{ attempts: [{ fileName, url }] }];
}

/** SAM names daily extracts by Julian date: SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP (UTC day). */
export function samFileName(day: Date): string {
  const start = Date.UTC(day.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((day.getTime() - start) / 86_400_000) + 1;
  const yy = String(day.getUTCFullYear() % 100).padStart(2, '0');
  return `SAM_Exclusions_Public_Extract_V2_${yy}${String(dayOfYear).padStart(3, '0')}.ZIP`;
}

function samFiles(config: Readonly<Config>, now: Date): DownloadFile[] | { skip: string } {
  const key = config.samApiKey;
  if (key === null) return { skip: 'SAM_API_KEY is not set (get one at https://sam.gov, Account Details); SAM exclusions not updated' };
  const attempts = Array.from({ length: SAM_DAYS_BACK }, (_, back) => {
    const fileName = samFileName(new Date(now.getTime() - back * 86_400_000));
    const url = new URL(config.listsUrlSam);
    url.searchParams.set('api_key', key);
    url.searchParams.set('fileName', fileName);
    return { fileName, url: url.toString() };
  });
  return [{ attempts }];
}

export const UPDATE_UNITS: readonly UpdateUnit[] = [
  {
    id: 'ofac-sdn', sources: ['ofac-sdn'], feed: 'ofac-xml-sdn',
    replaces: named(OFAC_SDN_XML, ...OFAC_SDN_LEGACY), plan: (config) => ofacFiles(config, [OFAC_SDN_XML]),
  },
  {
    id: 'ofac-consolidated', sources: ['ofac-ssi', 'ofac-fse', 'ofac-non-sdn'], feed: 'ofac-xml-cons',
    replaces: named(OFAC_CONS_XML, ...OFAC_CONS_LEGACY), plan: (config) => ofacFiles(config, [OFAC_CONS_XML]),
  },
  {
    id: 'csl', sources: ['bis-entity', 'bis-unverified', 'bis-meu', 'state-debarred', 'state-isn'], feed: 'csl-csv',
    replaces: named('consolidated.csv'), plan: (config) => one('consolidated.csv', config.listsUrlCsl),
  },
  {
    id: 'bis-dpl', sources: ['bis-denied'], feed: 'bis-dpl',
    replaces: named('dpl.txt'), plan: (config) => one('dpl.txt', config.listsUrlDpl),
  },
  {
    id: 'gsa-sam', sources: ['gsa-sam'], feed: 'gsa-sam',
    replaces: (fileName) => SAM_FILE.test(fileName), plan: samFiles,
  },
  {
    id: 'dhs-uflpa', sources: ['dhs-uflpa'], feed: 'dhs-uflpa',
    replaces: named('uflpa-entity-list.html', 'uflpa-entity-list.htm'),
    plan: (config) => one('uflpa-entity-list.html', config.listsUrlUflpa),
  },
];

export const UPDATE_UNIT_IDS: readonly UpdateUnitId[] = UPDATE_UNITS.map((u) => u.id);

/**
 * Resolves `--only` values (unit ids or list source ids) to units, in table order.
 * Returns the unknown names instead when there are any, so the CLI can name them.
 */
export function selectUnits(only: readonly string[] | undefined): UpdateUnit[] | { unknown: string[] } {
  if (!only || only.length === 0) return [...UPDATE_UNITS];
  const unknown = only.filter((name) => !UPDATE_UNITS.some((u) => u.id === name || u.sources.includes(name as ListSource)));
  if (unknown.length > 0) return { unknown };
  return UPDATE_UNITS.filter((u) => only.some((name) => u.id === name || u.sources.includes(name as ListSource)));
}

/** The URL as it may be shown or logged: the SAM API key and any user:password@ (a proxy's) replaced. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_key=)[^&\s]*/gi, '$1***').replace(/(\/\/)[^/@\s]*@/g, '$1***@');
}
