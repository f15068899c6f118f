/**
 * @module The one place that names every list file pattern, its reader, and which file wins when
 * several feed one list source.
 *
 * A "feed" is one published file (or OFAC legacy file family) read by one reader. File names are
 * matched case-insensitively: OFAC publishes SDN.CSV, the mirrors write sdn.csv. Note the name clash:
 * consolidated.xml is OFAC's non-SDN classic XML, consolidated.csv/.json is the trade.gov CSL.
 */
import type { ListSource, ParsedList } from './model.js';
import { readOfacLegacySet } from './ofac/legacy-csv.js';
import { readOfacClassicXml } from './ofac/classic-xml.js';
import { readOfacEnhancedXml } from './ofac/enhanced-xml.js';
import { readCslCsv } from './csl/csl-csv.js';
import { readCslJson } from './csl/csl-json.js';
import { readDplTxt } from './bis-dpl/dpl-txt.js';
import { readSamExtract } from './gsa-sam/sam-extract.js';
import { readUflpaHtml } from './dhs-uflpa/uflpa-html.js';

export type FeedId =
  | 'ofac-legacy-sdn'
  | 'ofac-legacy-cons'
  | 'ofac-xml-sdn'
  | 'ofac-xml-cons'
  | 'ofac-enhanced-xml'
  | 'csl-csv'
  | 'csl-json'
  | 'bis-dpl'
  | 'gsa-sam'
  | 'dhs-uflpa';

/** A regular file found in a list directory. */
export interface ListFile {
  name: string;
  path: string;
  size: number;
  mtimeMs: number;
  /** Why the entry could not be examined (symlink loop, permission); such a file fails its feed. */
  unreadable?: string;
}

/** The files of one feed found in a directory. `files[0]` is the primary file. */
export interface FeedMatch {
  feed: FeedSpec;
  files: ListFile[];
}

export interface FeedSpec {
  id: FeedId;
  /** Sources this feed can carry; a failure of the feed is reported on them. */
  sources: readonly ListSource[];
  /**
   * True when the file is the publisher's complete list for each of `sources`, so zero entries of a
   * source means the list is empty. The CSL and enhanced-XML exports may carry any subset: they
   * offer only the sources they actually contain.
   */
  complete: boolean;
  /**
   * True when `read` can leave out the rows of sources it is told to skip (the CSL exports, whose
   * ~10,500 Treasury rows are unused whenever OFAC's own files are present): the catalog reads such
   * feeds after the others and skips the sources a preferred file already supplies.
   */
  skipsSources?: boolean;
  /** Groups of files forming one feed each (first file = primary), among a directory's files. */
  match(files: readonly ListFile[]): ListFile[][];
  read(match: FeedMatch, options?: FeedReadOptions): Promise<ParsedList>;
}

export interface FeedReadOptions {
  /** Sources whose rows are not mapped at all (only honoured by feeds with `skipsSources`). */
  skipSources?: ReadonlySet<ListSource>;
}

const OFAC_NON_SDN: readonly ListSource[] = ['ofac-ssi', 'ofac-fse', 'ofac-non-sdn'];
const OFAC_ALL: readonly ListSource[] = ['ofac-sdn', ...OFAC_NON_SDN];
const CSL_SOURCES: readonly ListSource[] = [
  ...OFAC_ALL, 'bis-entity', 'bis-denied', 'bis-unverified', 'bis-meu', 'state-debarred', 'state-isn', 'dhs-uflpa',
];

/** The newest file with this exact name, ignoring case (SDN.CSV and sdn.csv side by side: the newer one). */
function byName(files: readonly ListFile[], name: string): ListFile | undefined {
  return newestFirst(files.filter((f) => f.name.toLowerCase() === name))[0];
}

function newestFirst(files: ListFile[]): ListFile[] {
  return files.sort((a, b) => b.mtimeMs - a.mtimeMs || b.name.localeCompare(a.name));
}

function single(name: string): (files: readonly ListFile[]) => ListFile[] {
  return (files) => {
    const file = byName(files, name);
    return file ? [file] : [];
  };
}

/** One group per file, for feeds whose every file stands alone. */
function each(pick: (files: readonly ListFile[]) => ListFile[]): FeedSpec['match'] {
  return (files) => pick(files).map((file) => [file]);
}

const LEGACY_FAMILY = {
  sdn: { primary: 'sdn.csv', add: 'add.csv', alt: 'alt.csv', comments: 'sdn_comments.csv' },
  cons: { primary: 'cons_prim.csv', add: 'cons_add.csv', alt: 'cons_alt.csv', comments: 'cons_comments.csv' },
} as const;

/** OFAC legacy family: the primary file plus whichever companions are present; companions alone are ignored. */
function legacyFamily(family: 'sdn' | 'cons'): FeedSpec['match'] {
  const names = LEGACY_FAMILY[family];
  return (files) => {
    const primary = byName(files, names.primary);
    if (!primary) return [];
    const companions = [names.add, names.alt, names.comments]
      .map((name) => byName(files, name))
      .filter((f): f is ListFile => f !== undefined);
    return [[primary, ...companions]];
  };
}

function readLegacy(family: 'sdn' | 'cons'): FeedSpec['read'] {
  const names = LEGACY_FAMILY[family];
  return ({ files }) =>
    readOfacLegacySet({
      family,
      primary: files[0].path,
      add: byName(files, names.add)?.path,
      alt: byName(files, names.alt)?.path,
      comments: byName(files, names.comments)?.path,
    });
}

/** SAM extracts: V2 and V1 names, daily (…_V2_24344.ZIP) or undated, zipped or not. */
export const SAM_FILE = /^SAM_Exclusions_Public_Extract.*\.(csv|zip)$/i;
const ENHANCED_FILE = /enhanced.*\.xml$/i;

/** Every feed, in tie-break order (when two files of one tier are equally fresh, the earlier feed wins). */
export const FEEDS: readonly FeedSpec[] = [
  { id: 'ofac-legacy-sdn', sources: ['ofac-sdn'], complete: true, match: legacyFamily('sdn'), read: readLegacy('sdn') },
  { id: 'ofac-legacy-cons', sources: OFAC_NON_SDN, complete: true, match: legacyFamily('cons'), read: readLegacy('cons') },
  { id: 'ofac-xml-sdn', sources: ['ofac-sdn'], complete: true, match: each(single('sdn.xml')), read: (m) => readOfacClassicXml(m.files[0].path) },
  { id: 'ofac-xml-cons', sources: OFAC_NON_SDN, complete: true, match: each(single('consolidated.xml')), read: (m) => readOfacClassicXml(m.files[0].path) },
  {
    id: 'ofac-enhanced-xml', sources: OFAC_ALL, complete: false,
    match: each((files) => files.filter((f) => ENHANCED_FILE.test(f.name))),
    read: (m) => readOfacEnhancedXml(m.files[0].path),
  },
  { id: 'bis-dpl', sources: ['bis-denied'], complete: true, match: each(single('dpl.txt')), read: (m) => readDplTxt(m.files[0].path) },
  {
    id: 'csl-csv', sources: CSL_SOURCES, complete: false, skipsSources: true,
    match: each(single('consolidated.csv')), read: (m, options) => readCslCsv(m.files[0].path, options),
  },
  {
    id: 'csl-json', sources: CSL_SOURCES, complete: false, skipsSources: true,
    match: each(single('consolidated.json')), read: (m, options) => readCslJson(m.files[0].path, options),
  },
  {
    // Daily extracts are named by Julian date (…_V2_24344.ZIP); only the newest one is read.
    id: 'gsa-sam', sources: ['gsa-sam'], complete: true,
    match: each((files) => newestFirst(files.filter((f) => SAM_FILE.test(f.name))).slice(0, 1)),
    read: (m) => readSamExtract(m.files[0].path),
  },
  {
    id: 'dhs-uflpa', sources: ['dhs-uflpa'], complete: true,
    match: each((files) => [byName(files, 'uflpa-entity-list.html') ?? byName(files, 'uflpa-entity-list.htm')].filter((f): f is ListFile => !!f)),
    read: (m) => readUflpaHtml(m.files[0].path),
  },
];

const OFAC_NATIVE_SDN: readonly FeedId[] = ['ofac-legacy-sdn', 'ofac-xml-sdn'];
const OFAC_NATIVE_CONS: readonly FeedId[] = ['ofac-legacy-cons', 'ofac-xml-cons'];
const OFAC_ENHANCED: readonly FeedId[] = ['ofac-enhanced-xml'];
const CSL: readonly FeedId[] = ['csl-csv', 'csl-json'];

/**
 * Per source, feed tiers in precedence order: a lower tier is used only when no file of a higher tier
 * offers the source. Within a tier the freshest file wins. Treasury's own files beat the CSL's copy of
 * them; the native DPL and the CSL's DPL rows compete on freshness (the CSL often lags BIS); SAM and
 * UFLPA come from their publishers when present. Enhanced XML ranks below the full legacy and classic
 * files because OFAC's service also exports filtered subsets in it (one program, one list) that must
 * never replace a full list just for being newer.
 */
export const SOURCE_TIERS: Readonly<Record<ListSource, readonly (readonly FeedId[])[]>> = Object.freeze({
  'ofac-sdn': [OFAC_NATIVE_SDN, OFAC_ENHANCED, CSL],
  'ofac-ssi': [OFAC_NATIVE_CONS, OFAC_ENHANCED, CSL],
  'ofac-fse': [OFAC_NATIVE_CONS, OFAC_ENHANCED, CSL],
  'ofac-non-sdn': [OFAC_NATIVE_CONS, OFAC_ENHANCED, CSL],
  'bis-entity': [CSL],
  'bis-denied': [['bis-dpl', ...CSL]],
  'bis-unverified': [CSL],
  'bis-meu': [CSL],
  'state-debarred': [CSL],
  'state-isn': [CSL],
  'gsa-sam': [['gsa-sam']],
  'dhs-uflpa': [['dhs-uflpa'], CSL],
});

/** Position of a feed among the tiers of `source` (0 = most preferred); -1 when it never feeds it. */
export function tierOf(source: ListSource, id: FeedId): number {
  return SOURCE_TIERS[source].findIndex((tier) => tier.includes(id));
}

/** All feeds present among these files. */
export function matchFeeds(files: readonly ListFile[]): FeedMatch[] {
  return FEEDS.flatMap((feed) => feed.match(files).map((group) => ({ feed, files: group })));
}
