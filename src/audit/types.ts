/**
 * @module Audit trail: only requestId, the account, screening time and the SHA-256 of the body,
 * kept 30 days; readable only by keys of the account that made the screening.
 */
import type { AuditRecord } from '../store/types.js';

export type { AuditRecord } from '../store/types.js';

export const AUDIT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface AuditService {
  record(record: AuditRecord): Promise<void>;
  /** Null when unknown, older than 30 days, or another account's (the three look the same). */
  get(accountId: string, requestId: string): Promise<AuditRecord | null>;
}
