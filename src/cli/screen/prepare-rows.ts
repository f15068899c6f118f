/**
 * @module Input row -> a request ready to screen, or an error row naming the field. Validation is the
 * server's own (src/server/screen-input.ts), so a row rejected here would be rejected by the API and
 * the other way round; nothing invalid is sent, and no quota is spent on it.
 */
import type { Fuzziness } from '../../engine/types.js';
import type { FieldIssue } from '../../errors.js';
import type { ListSource } from '../../lists/model.js';
import { readScreenRequest } from '../../server/screen-input.js';
import type { InputRow, OutputRecord, ValidRow } from './screen-records.js';

/** Command-line defaults applied to rows that do not set the field themselves. */
export interface RowDefaults {
  fuzziness?: Fuzziness;
  threshold?: number;
  limit?: number;
  lists?: ListSource[];
}

export type PreparedRow = { valid: true; row: ValidRow } | { valid: false; record: OutputRecord };

export function prepareRow(input: InputRow, defaults: RowDefaults): PreparedRow {
  const { line, id } = input;
  if (input.body === null || input.issues.length > 0) {
    return { valid: false, record: invalidRecord(line, id, input.issues) };
  }
  const body = withDefaults(input.body, defaults);
  const checked = readScreenRequest(body);
  if (!checked.ok) return { valid: false, record: invalidRecord(line, id, checked.issues) };
  return { valid: true, row: { line, id, body, request: checked.request } };
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
