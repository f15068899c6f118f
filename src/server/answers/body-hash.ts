/**
 * @module The audit fingerprints (API.md "Audit"): SHA-256 of the raw body for POST /screen, and of
 * the canonical JSON of the entity for a batch slot, so a client can recompute either from what it sent.
 */
import { hash } from 'node:crypto';

export function sha256Hex(data: Buffer | string): string {
  // One native call per request, no Hash object (crypto.hash, Node >= 20.12).
  return hash('sha256', data, 'hex');
}

/**
 * JSON with object keys sorted (by UTF-16 code units, as Array.prototype.sort does) at every level
 * and no whitespace; strings and numbers as JSON.stringify writes them. Only called on validated
 * entities, which hold nothing but objects, arrays, strings and numbers.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
