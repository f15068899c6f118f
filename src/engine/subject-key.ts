/**
 * @module The subject of a decision as the engine normalises it, and its key (API.md, "Decisions
 * on matches"): HMAC-SHA256 under the account's secret of the name's normalised words in sorted
 * order (so "PUTIN, Vladimir" and "vladimir putin" are one subject), the date of birth, the
 * nationality and the kind as given. Only the key is stored; without the secret it names no one.
 */
import { createHmac } from 'node:crypto';
import { normaliseName } from './normalise.js';
import type { EntryKind } from '../lists/model.js';

export interface DecisionSubject {
  readonly name: string;
  readonly kind?: EntryKind;
  /** YYYY-MM-DD. */
  readonly dateOfBirth?: string;
  /** ISO 3166-1 alpha-2. */
  readonly nationality?: string;
}

/** The canonical text the key is made of; every token kept (weak ones too): two subjects are one only when alike. */
export function subjectText(subject: DecisionSubject): string {
  const words = normaliseName(subject.name).map((t) => t.text).sort();
  return JSON.stringify([words.join(' '), subject.dateOfBirth ?? '', subject.nationality?.toUpperCase() ?? '', subject.kind ?? '']);
}

/** HMAC-SHA256 (hex) of the subject under the account's secret (64 hex). */
export function subjectKey(secretHex: string, subject: DecisionSubject): string {
  return createHmac('sha256', Buffer.from(secretHex, 'hex')).update(subjectText(subject)).digest('hex');
}
