/**
 * @module The audit trail on any AuditStore: requestId, the account, screenedAt and the body's SHA-256,
 * kept 30 days. Nothing else of a request reaches this module, so nothing else can be stored.
 */
import { auditFields, type AuditStore } from '../store/types.js';
import { AUDIT_RETENTION_MS, type AuditRecord, type AuditService } from './types.js';

export interface AuditServiceOptions {
  readonly store: AuditStore;
  readonly now?: () => Date;
  readonly retentionMs?: number;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const VERSION_HEX = /^[0-9a-f]{16}$/;

export function createAuditService(options: AuditServiceOptions): AuditService {
  const clock = options.now ?? (() => new Date());
  const retentionMs = options.retentionMs ?? AUDIT_RETENTION_MS;

  return {
    async record(record) {
      checkRecord(record);
      // Copy the audited fields only: a caller passing a richer object must not leak more into the store.
      const kept: AuditRecord = auditFields(record);
      await options.store.putAudit(kept, auditExpiresAt(record, retentionMs));
    },

    async get(accountId, requestId) {
      return options.store.getAudit(accountId, requestId, clock());
    },
  };
}

/** When a record expires: its screenedAt plus the retention (30 days). */
export function auditExpiresAt(record: AuditRecord, retentionMs = AUDIT_RETENTION_MS): Date {
  return new Date(Date.parse(record.screenedAt) + retentionMs);
}

/** Refuses a malformed record (a programming error: the HTTP layer builds them). */
export function checkRecord(record: AuditRecord): void {
  if (!SHA256_HEX.test(record.bodySha256)) throw new RangeError('bodySha256 must be 64 lowercase hex characters');
  if (Number.isNaN(Date.parse(record.screenedAt))) throw new RangeError('screenedAt must be an ISO 8601 timestamp');
  if (record.requestId.length === 0 || record.requestId.length > 100) throw new RangeError('requestId must be 1..100 characters');
  if (typeof record.accountId !== 'string' || record.accountId.length === 0) throw new RangeError('accountId must be set');
  if (record.answerSha256 !== undefined && !SHA256_HEX.test(record.answerSha256)) throw new RangeError('answerSha256 must be 64 lowercase hex characters');
  for (const v of [record.listsVersion, record.engineVersion]) {
    if (v !== undefined && !VERSION_HEX.test(v)) throw new RangeError('listsVersion and engineVersion must be 16 lowercase hex characters');
  }
}
