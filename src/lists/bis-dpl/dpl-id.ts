/**
 * @module Stable IDs for native Denied Persons List rows.
 *
 * BIS's dpl.txt gives no record ID, and one person appears on several rows (one per address, one per
 * denial order). The ID is derived from what identifies a row and does not change when BIS merely
 * updates it (Last_Update, Action and Expiration_Date change on renewals and are left out):
 *
 *   "dpl-" + first 16 hex digits of SHA-256 over
 *   Name | Street_Address | City | Country | Effective_Date | FR_Citation
 *
 * each field trimmed, upper-cased and with runs of whitespace collapsed to one space. Two rows that
 * still produce the same ID (exact duplicates) get "-2", "-3" in file order, so IDs are unique and
 * stay stable across parses of the same file.
 */
import { createHash } from 'node:crypto';

export interface DplIdFields {
  name: string;
  street: string;
  city: string;
  country: string;
  effectiveDate: string;
  frCitation: string;
}

function normalise(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, ' ');
}

export function dplBaseId(fields: DplIdFields): string {
  const key = [fields.name, fields.street, fields.city, fields.country, fields.effectiveDate, fields.frCitation]
    .map(normalise)
    .join('|');
  return `dpl-${createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 16)}`;
}

/** Hands out IDs in file order, suffixing repeats of a base ID with -2, -3… */
export class DplIdAllocator {
  private readonly seen = new Map<string, number>();

  next(fields: DplIdFields): string {
    const base = dplBaseId(fields);
    const count = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  }
}
