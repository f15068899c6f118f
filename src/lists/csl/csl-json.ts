/**
 * @module Reader for the trade.gov Consolidated Screening List JSON (consolidated.json), format 'csl-json'.
 *
 * Shape: the API's `{ "results": [ {...} ], "total": N, "sources_used": [...] }`, or a bare array of
 * results. A result carries the CSV's fields with lists as arrays: alt_names, addresses
 * [{address, city, state, postal_code, country}], ids [{type, number, country, issue_date,
 * expiration_date}], dates_of_birth, nationalities, citizenships, places_of_birth, programs; the record
 * id is `id` (`_id` accepted). Multi-valued fields given as one "; "-joined string are split like the
 * CSV's. The whole file is parsed at once (the full list is ~50 MB, well within memory).
 *
 * A `total` larger than the results means a single API page or a cut download: rejected, because
 * loading it would silently screen against part of the list.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ListFormatError, type ListSource, type ParsedList } from '../model.js';
import { CslCollector, type CslReadOptions } from './csl-collect.js';
import { cslSourceToListSource } from './csl-source.js';
import { toCslRecord } from './json-record.js';

function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const found = /position (\d+)/.exec(message)?.[1];
    // Failing at the very end means the text stopped in the middle of a value: a cut download.
    const atEnd = found === undefined ? /end of JSON input/i.test(message) : Number(found) >= text.trimEnd().length;
    if (atEnd) throw new ListFormatError(file, lineAt(text, text.length), 'truncated: the JSON ends in the middle of a value');
    // Node 20 gives no position for an unexpected token; its message quotes the text around it.
    const line = found === undefined ? 1 : lineAt(text, Number(found));
    throw new ListFormatError(file, line, `not valid JSON: ${message}`);
  }
}

interface Envelope {
  results: unknown[];
  total?: number;
  sourcesUsed?: unknown;
}

function envelopeOf(file: string, data: unknown): Envelope {
  if (Array.isArray(data)) return { results: data };
  if (data !== null && typeof data === 'object' && Array.isArray((data as { results?: unknown }).results)) {
    const { results, total, sources_used: sourcesUsed } = data as { results: unknown[]; total?: unknown; sources_used?: unknown };
    return typeof total === 'number' ? { results, total, sourcesUsed } : { results, sourcesUsed };
  }
  throw new ListFormatError(file, 1, 'not a CSL consolidated.json: expected {"results": [...]} or an array of results');
}

export async function readCslJson(path: string, options: CslReadOptions = {}): Promise<ParsedList> {
  const file = basename(path);
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new ListFormatError(file, 1, 'empty file, expected a CSL consolidated.json');
  const start = text.trimStart()[0];
  if (start === '<') throw new ListFormatError(file, 1, 'HTML or XML, not a CSL consolidated.json');
  if (start !== '{' && start !== '[') throw new ListFormatError(file, 1, 'not JSON (a CSV or text file?), not a CSL consolidated.json');
  const { results, total, sourcesUsed } = envelopeOf(file, parseJson(file, text));
  if (results.length === 0) throw new ListFormatError(file, 1, 'no records in "results"');
  if (total !== undefined && total > results.length) {
    throw new ListFormatError(file, 1, `holds ${results.length} of the ${total} records it declares (one API page or a cut download)`);
  }
  const collector = new CslCollector(options);
  for (const result of results) {
    const record = toCslRecord(result);
    if (typeof record === 'string') collector.skip(record);
    else collector.add(record);
  }
  const parsed = collector.result('csl-json', total);
  parsed.publishedAtBySource = sourceDates(sourcesUsed);
  return parsed;
}

/**
 * The publisher's date of each list from `sources_used[].source_last_updated`. Several CSL sources
 * feed `ofac-non-sdn` (NS-MBS, CAPTA...): the list is as of the newest of them. Dates that do not
 * parse, and sources of no known list, are ignored (the list then falls back to the download's date).
 */
function sourceDates(sourcesUsed: unknown): Partial<Record<ListSource, string>> {
  const dates: Partial<Record<ListSource, string>> = {};
  if (!Array.isArray(sourcesUsed)) return dates;
  for (const item of sourcesUsed as { source?: unknown; source_last_updated?: unknown }[]) {
    if (typeof item?.source !== 'string' || typeof item.source_last_updated !== 'string') continue;
    const source = cslSourceToListSource(item.source);
    const ms = Date.parse(item.source_last_updated);
    if (source === null || !Number.isFinite(ms)) continue;
    const at = new Date(ms).toISOString();
    if ((dates[source] ?? '') < at) dates[source] = at;
  }
  return dates;
}
