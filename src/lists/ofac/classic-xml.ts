/**
 * @module Reader for OFAC's classic XML (root `sdnList`): sdn.xml and the non-SDN consolidated.xml.
 *
 * Streams the file (see xml-stream.ts) and keeps only the record being read. Layout:
 *   sdnList > publshInformation > Publish_Date (MM/DD/YYYY), Record_Count   ("publsh" is OFAC's spelling)
 *   sdnList > sdnEntry > uid, firstName, lastName, title, sdnType, remarks,
 *                        programList > program, vesselInfo > callSign..., and the item lists
 *                        akaList > aka, addressList > address, idList > id, nationalityList > nationality,
 *                        citizenshipList > citizenship, dateOfBirthList > dateOfBirthItem,
 *                        placeOfBirthList > placeOfBirthItem (each item: leaf values).
 *
 * Which list the records belong to: both files share the schema and name no list, and the API takes
 * no option, so the file name decides (OFAC publishes them as sdn.xml and consolidated.xml): a base
 * name starting with "cons" is the non-SDN consolidated list, where each record's programs pick SSI,
 * FSE or the other non-SDN lists (programs.ts); any other name is the SDN list.
 */
import { basename } from 'node:path';
import { usDateToIso } from '../dates.js';
import { DropCounter, ListFormatError, type ListEntry, type ListSource, type ParsedList } from '../model.js';
import {
  createRawClassicEntry,
  mapClassicEntry,
  type ClassicMapContext,
  type RawClassicEntry,
  type RawFields,
} from './classic-xml-map.js';
import { consolidatedEntries } from './programs.js';
import { StringPool } from './xml-memory.js';
import { streamXml, XmlRejection, type XmlVisitor } from './xml-stream.js';

export const OFAC_CLASSIC_XML_FORMAT = 'ofac-classic-xml';

type ItemList = 'akas' | 'addresses' | 'ids' | 'nationalities' | 'citizenships' | 'datesOfBirth' | 'placesOfBirth';

/** The item-list elements of an sdnEntry and where their items go. */
const ITEM_LISTS: Readonly<Record<string, ItemList>> = {
  akaList: 'akas',
  addressList: 'addresses',
  idList: 'ids',
  nationalityList: 'nationalities',
  citizenshipList: 'citizenships',
  dateOfBirthList: 'datesOfBirth',
  placeOfBirthList: 'placesOfBirth',
};

/** OFAC spells it "publshInformation"; the correct spelling is accepted should they fix it. */
const PUBLISH_INFO: ReadonlySet<string> = new Set(['publshInformation', 'publishInformation']);

/** The list a classic XML file holds, from its name (see the module comment). */
export function classicSourceForFile(path: string): ListSource | null {
  return basename(path).toLowerCase().startsWith('cons') ? null : 'ofac-sdn';
}

/** Collects one sdnEntry at a time; depth 1 is sdnList. */
class ClassicCollector implements XmlVisitor {
  readonly entries: ListEntry[] = [];
  readonly publish: RawFields = {};
  entryCount = 0;
  private entry: RawClassicEntry | null = null;
  private item: RawFields | null = null;

  constructor(private readonly ctx: ClassicMapContext) {}

  open(path: readonly string[]): void {
    if (path.length === 2 && path[1] === 'sdnEntry') this.entry = createRawClassicEntry();
    else if (path.length === 4 && this.entry && ITEM_LISTS[path[2]] !== undefined) this.item = {};
  }

  close(path: readonly string[], text: string): void {
    const name = path[path.length - 1];
    if (path.length === 2 && name === 'sdnEntry') this.finishEntry();
    else if (path.length === 3 && PUBLISH_INFO.has(path[1])) this.publish[name] = text;
    else if (this.entry) this.closeInEntry(this.entry, path, name, text);
  }

  private closeInEntry(entry: RawClassicEntry, path: readonly string[], name: string, text: string): void {
    if (path.length === 3) {
      if (text !== '') entry.fields[name] = text;
    } else if (path.length === 4) {
      const list = ITEM_LISTS[path[2]];
      if (list !== undefined && this.item) entry[list].push(this.item);
      else if (path[2] === 'programList' && name === 'program' && text !== '') entry.programs.push(text);
      else if (path[2] === 'vesselInfo' && text !== '') entry.vessel[name] = text;
      this.item = null;
    } else if (path.length === 5 && this.item && text !== '') {
      this.item[name] = text;
    }
  }

  private finishEntry(): void {
    this.entryCount += 1;
    const mapped = mapClassicEntry(this.entry ?? createRawClassicEntry(), this.ctx);
    // The consolidated file's records go on every non-SDN list their programs name.
    if (mapped) this.entries.push(...(this.ctx.fixedSource === null ? consolidatedEntries(mapped) : [mapped]));
    this.entry = null;
  }
}

function declaredCountOf(publish: RawFields): number | undefined {
  const text = publish.Record_Count;
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new XmlRejection(`Record_Count "${text}" is not a number`);
  return Number(text);
}

export async function readOfacClassicXml(path: string): Promise<ParsedList> {
  const dropped = new DropCounter();
  const skipped = new DropCounter();
  const collector = new ClassicCollector({
    fixedSource: classicSourceForFile(path),
    dropped,
    skipped,
    pool: new StringPool(),
  });
  const { lastLine } = await streamXml(path, 'sdnList', collector);
  let declaredCount: number | undefined;
  try {
    declaredCount = declaredCountOf(collector.publish);
  } catch (error) {
    throw new ListFormatError(basename(path), lastLine, (error as Error).message);
  }
  // No OFAC list is empty: a file without records is a failed export, and loading it would clear the list.
  if (collector.entryCount === 0) throw new ListFormatError(basename(path), lastLine, 'no sdnEntry records');
  // A count that differs from Record_Count means OFAC's export or our copy lost records.
  if (declaredCount !== undefined && declaredCount !== collector.entryCount) {
    throw new ListFormatError(
      basename(path),
      lastLine,
      `Record_Count declares ${declaredCount} records but the file holds ${collector.entryCount}`,
    );
  }
  const publishDate = collector.publish.Publish_Date;
  const publishedAt = publishDate ? usDateToIso(publishDate) : null;
  if (publishDate && publishedAt === null) dropped.drop('Publish_Date', 'not a MM/DD/YYYY date');
  return {
    format: OFAC_CLASSIC_XML_FORMAT,
    entries: collector.entries,
    publishedAt,
    ...(declaredCount !== undefined ? { declaredCount } : {}),
    dropped: dropped.counts,
    skipped: skipped.counts,
  };
}
