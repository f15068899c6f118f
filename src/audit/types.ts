/**
 * @module Audit trail: only requestId, screening time and the SHA-256 of the body, kept 30 days.
 */
import type { AuditRecord } from '../store/types.js';

export type { AuditRecord } from '../store/types.js';

export const AUDIT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface AuditService {
  record(record: AuditRecord): Promise<void>;
  /** Null when unknown or older than 30 days. */
  get(requestId: string): Promise<AuditRecord | null>;
}
