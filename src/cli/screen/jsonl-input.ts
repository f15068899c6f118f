/**
 * @module JSON Lines input of the bulk `screen` command: one screening request object per line, as
 * the API takes it, plus an optional "id" (string or number) carried through to the output.
 * Blank lines are skipped; a line that is not a JSON object becomes an error row.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { InputRow } from './screen-records.js';

export async function* readJsonlRows(path: string): AsyncGenerator<InputRow> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    // A BOM at the start of the file is an editor artefact, not part of the JSON.
    const trimmed = (line === 1 ? text.replace(/^\uFEFF/, '') : text).trim();
    if (trimmed === '') continue;
    yield jsonlRow(line, trimmed);
  }
}

export function jsonlRow(line: number, text: string): InputRow {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not the parser's message: V8 quotes the text around the error, which may hold a name.
    return { line, id: null, body: null, issues: [{ field: 'json', issue: 'is not valid JSON' }] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { line, id: null, body: null, issues: [{ field: 'json', issue: 'must be a JSON object (one request per line)' }] };
  }
  const { id, ...body } = parsed as Record<string, unknown>;
  if (id === undefined || id === null) return { line, id: null, body, issues: [] };
  if ((typeof id === 'string' && id.length <= 200) || (typeof id === 'number' && Number.isFinite(id))) {
    return { line, id: String(id), body, issues: [] };
  }
  return { line, id: null, body: null, issues: [{ field: 'id', issue: 'must be a string (at most 200 characters) or a number' }] };
}
