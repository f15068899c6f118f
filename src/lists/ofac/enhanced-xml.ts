/**
 * @module Reader for OFAC's Enhanced XML (root `sanctionsData`, the Sanctions List Service
 * "ENHANCED_XML" export of the SDN list and the non-SDN lists).
 *
 * Layout: publicationInfo > dataAsOf; referenceValues > referenceValue (lookup tables by refId);
 * featureTypes; entities > entity. The file is streamed (xml-stream.ts): only the reference table,
 * which OFAC writes before the entities, and the entity being read are held. Each entity is built
 * as a small tree (xml-node.ts) and mapped by enhanced-xml-map.ts.
 *
 * publishedAt is the date part of dataAsOf ("2024-08-28T00:00:00" -> "2024-08-28"): OFAC writes
 * midnight without a zone, so the day is all it says.
 */
import { basename } from 'node:path';
import { isoDate } from '../dates.js';
import { DropCounter, ListFormatError, type ListEntry, type ParsedList } from '../model.js';
import { mapEnhancedEntity } from './enhanced-xml-map.js';
import { readReferenceValue, type EnhancedMapContext, type ReferenceValue } from './enhanced-xml-refs.js';
import { StringPool } from './xml-memory.js';
import { RecordTreeBuilder, type XmlNode } from './xml-node.js';
import { streamXml } from './xml-stream.js';

export const OFAC_ENHANCED_XML_FORMAT = 'ofac-enhanced-xml';

/** referenceValue sits at depth 3 (sanctionsData > referenceValues > referenceValue), entity too. */
const RECORD_DEPTH = 3;

function dateOfDataAsOf(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

export async function readOfacEnhancedXml(path: string): Promise<ParsedList> {
  const references = new Map<string, ReferenceValue>();
  const dropped = new DropCounter();
  const skipped = new DropCounter();
  const ctx: EnhancedMapContext = { references, dropped, skipped, pool: new StringPool() };
  const entries: ListEntry[] = [];
  let dataAsOf = '';
  let entityCount = 0;

  const onRecord = (record: XmlNode): void => {
    if (record.name === 'entity') {
      entityCount += 1;
      entries.push(...mapEnhancedEntity(record, ctx));
      return;
    }
    const reference = readReferenceValue(record);
    if (reference) references.set(reference[0], reference[1]);
  };
  const onOther = (path: readonly string[], text: string): void => {
    if (path.length === 3 && path[1] === 'publicationInfo' && path[2] === 'dataAsOf') dataAsOf = text;
  };
  const builder = new RecordTreeBuilder(RECORD_DEPTH, new Set(['entity', 'referenceValue']), onRecord, onOther);
  const { lastLine } = await streamXml(path, 'sanctionsData', builder);
  // No OFAC list is empty: a file without entities is a failed export, and loading it would clear the list.
  if (entityCount === 0) throw new ListFormatError(basename(path), lastLine, 'no entity records');

  const publishedAt = dataAsOf === '' ? null : dateOfDataAsOf(dataAsOf);
  if (dataAsOf !== '' && publishedAt === null) dropped.drop('dataAsOf', 'not a date');
  return { format: OFAC_ENHANCED_XML_FORMAT, entries, publishedAt, dropped: dropped.counts, skipped: skipped.counts };
}
