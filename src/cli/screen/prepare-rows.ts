/**
 * @module Input row -> a request ready to screen, or an error row naming the field. Validation is the
 * server's own (src/contract/screen-input.ts), so a row rejected here would be rejected by the API and
 * the other way round; nothing invalid is sent, and no quota is spent on it.
 *
 * An invalid optional field about the party (a date of birth such as 1990-02-30, an unknown country
 * code, a bad alias or identifier) does not stop the name from being screened: in a real export one
 * bad cell must not leave a listed name unscreened. The field is left out, the name is screened
 * without its evidence, and the row carries the issue as a warning. An invalid name, or an invalid
 * screening setting (fuzziness, threshold, limit, lists: the caller's policy), is still an error row.
 */
import type { Fuzziness } from '../../engine/types.js';
import type { FieldIssue } from '../../errors.js';
import type { ListSource } from '../../lists/model.js';
import { readScreenRequest } from '../../contract/screen-input.js';
import type { InputRow, OutputRecord, ValidRow } from './screen-records.js';

/** Command-line defaults applied to rows that do not set the field themselves. */
export interface RowDefaults {
  /** --changed-since: every row is screened against the entries added or changed since then only. */
  changedSince?: string;
  fuzziness?: Fuzziness;
  threshold?: number;
  limit?: number;
  lists?: ListSource[];
}

export type PreparedRow = { valid: true; row: ValidRow } | { valid: false; record: OutputRecord };

/** Fields describing the party that may be left out when invalid (issue field -> its top-level key). */
const DROPPABLE: ReadonlySet<string> = new Set(['kind', 'aliases', 'dateOfBirth', 'nationality', 'address', 'identifiers']);

export function prepareRow(input: InputRow, defaults: RowDefaults): PreparedRow {
  const { line, id } = input;
  const carried = input.extra === undefined ? {} : { extra: input.extra };
  if (input.body === null || input.issues.length > 0) {
    return { valid: false, record: { ...invalidRecord(line, id, input.issues), ...carried } };
  }
  const body = withDefaults(input.body, defaults);
  const checked = readScreenRequest(body);
  if (checked.ok) return { valid: true, row: { line, id, body, request: checked.request, warnings: [], ...carried } };
  if (!checked.issues.every((issue) => DROPPABLE.has(topLevel(issue.field)))) {
    return { valid: false, record: { ...invalidRecord(line, id, checked.issues), ...carried } };
  }
  const reduced = without(body, checked.issues);
  const again = readScreenRequest(reduced);
  if (!again.ok) return { valid: false, record: { ...invalidRecord(line, id, checked.issues), ...carried } };
  return { valid: true, row: { line, id, body: reduced, request: again.request, warnings: checked.issues, ...carried } };
}

/** "address.country" -> "address", "aliases[2]" -> "aliases". */
const topLevel = (field: string): string => field.split(/[.[]/)[0];

/**
 * The body without the fields the issues name: one bad alias or identifier goes, not all of them;
 * an address loses only its bad part. (A second validation checks the result.)
 */
function without(body: Record<string, unknown>, issues: readonly FieldIssue[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  const dropItems = new Map<string, Set<number>>();
  for (const { field } of issues) {
    const item = /^(\w+)\[(\d+)\]/.exec(field);
    const sub = /^address\.(\w+)$/.exec(field);
    if (item && Array.isArray(copy[item[1]])) {
      const set = dropItems.get(item[1]) ?? new Set<number>();
      dropItems.set(item[1], set.add(Number(item[2])));
    } else if (sub && typeof copy.address === 'object' && copy.address !== null) {
      const { [sub[1]]: _dropped, ...rest } = copy.address as Record<string, unknown>;
      copy.address = rest;
    } else {
      delete copy[topLevel(field)];
    }
  }
  for (const [key, indexes] of dropItems) {
    if (!(key in copy)) continue;
    const kept = (copy[key] as unknown[]).filter((_, i) => !indexes.has(i));
    if (kept.length > 0) copy[key] = kept;
    else delete copy[key];
  }
  if (typeof copy.address === 'object' && copy.address !== null && Object.keys(copy.address).length === 0) delete copy.address;
  return copy;
}

function withDefaults(body: Record<string, unknown>, defaults: RowDefaults): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(defaults)) if (value !== undefined) merged[field] = value;
  return { ...merged, ...body };
}

function invalidRecord(line: number, id: string | null, details: FieldIssue[]): OutputRecord {
  const fields = details.map((d) => d.field).join(', ');
  return {
    line,
    id,
    ok: false,
    error: { code: 'invalid_request', message: `invalid ${fields || 'row'}`, details },
  };
}
