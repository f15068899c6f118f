/**
 * @module Reader for the GSA SAM Exclusions public extract (format 'gsa-sam-extract'), as the CSV or
 * as the official ZIP around it.
 *
 * The container is told by its first bytes ("PK" = ZIP), so a renamed file still reads; a ".zip"
 * name without the ZIP signature is rejected as a damaged download. publishedAt rule: the Julian
 * date YYDDD in the file name (the ZIP's, else the CSV entry's), else the newest `Creation_Date` in
 * the file (V2 only), else null (the catalog then uses the fetch time).
 */
import { open, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { DropCounter, ListFormatError, type ParsedList } from '../model.js';
import { readCsvRecords } from './sam-csv.js';
import { readSamHeader, toSamRow, type SamHeader } from './sam-columns.js';
import { SamEntryCollector } from './sam-entries.js';
import { mapSamRow, stringPool } from './sam-map.js';
import { SAM_FORMAT, extractDateFromFileName } from './sam-source.js';
import { openZipCsv } from './sam-zip.js';

interface CsvInput {
  /** Name used in error messages: "x.csv", or "x.ZIP/y.CSV" for the CSV inside a ZIP. */
  label: string;
  /** The file names that may carry the extract date, most authoritative first. */
  names: string[];
  stream: Readable;
}

async function startsWithZipSignature(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
  } finally {
    await handle.close();
  }
}

async function openInput(path: string): Promise<CsvInput> {
  const file = basename(path);
  if ((await stat(path)).size === 0) throw new ListFormatError(file, 1, 'file is empty');
  if (await startsWithZipSignature(path)) {
    const { entryName, stream } = await openZipCsv(path, file);
    return { label: `${file}/${entryName}`, names: [file, basename(entryName)], stream };
  }
  if (/\.zip$/i.test(file)) throw new ListFormatError(file, 0, 'not a ZIP archive (no ZIP signature): damaged download?');
  return { label: file, names: [file], stream: createReadStream(path) };
}

function newestDate(current: string | null, candidate: string | undefined): string | null {
  if (!candidate || !/^\d{4}-\d{2}-\d{2}$/.test(candidate)) return current;
  return current === null || candidate > current ? candidate : current;
}

/** Reads a SAM Exclusions extract (.csv or .zip, V1 or V2 layout). */
export async function readSamExtract(path: string): Promise<ParsedList> {
  const input = await openInput(path);
  const drops = new DropCounter();
  const skipped: Record<string, number> = {};
  const collector = new SamEntryCollector(drops, skipped);
  let header: SamHeader | null = null;
  let newestCreation: string | null = null;
  const intern = stringPool();
  await readCsvRecords(input.stream, input.label, ({ cells, line }) => {
    if (header === null) {
      header = readSamHeader(cells, input.label, line);
      return;
    }
    const row = toSamRow(cells, header);
    const record = mapSamRow(row, drops, intern);
    if (record === null) {
      skipped['row without a name'] = (skipped['row without a name'] ?? 0) + 1;
      return;
    }
    newestCreation = newestDate(newestCreation, record.extra.creationDate);
    collector.add(row, record, cells);
  });
  const entries = collector.entries();
  if (entries.length === 0) throw new ListFormatError(input.label, 2, 'no usable exclusion records after the header');
  const fromName = input.names.map(extractDateFromFileName).find((d) => d !== null) ?? null;
  return { format: SAM_FORMAT, entries, publishedAt: fromName ?? newestCreation, dropped: drops.counts, skipped };
}
