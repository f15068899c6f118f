/**
 * @module Decisions on matches (API.md, "Decisions on matches"): recording, reading and deleting an
 * account's decisions, and looking up those of a screening's matches in one store round trip.
 * Screening stays free of store traffic for an account with no decisions: that answer is remembered
 * for EMPTY_TTL_MS per thread (this thread's own records clear it at once), and a screening without
 * matches asks nothing. The account's HMAC secret is read once per thread and never leaves it.
 * A create or delete and its audit record are one store step (both or neither).
 */
import { randomUUID } from 'node:crypto';
import { auditExpiresAt, checkRecord } from '../audit/audit-service.js';
import { subjectKey, type DecisionSubject } from '../engine/subject-key.js';
import type { ListSource } from '../lists/model.js';
import type { AuditWrite, DecisionQuery, DecisionRef, DecisionStore, DecisionValue, StoredDecision } from '../store/types.js';

/** How long "this account has no decisions" is believed before the store is asked again. */
export const EMPTY_TTL_MS = 5000;
const SECRET_CACHE_LIMIT = 10_000;
const DAY_MS = 24 * 3600_000;

export interface DecisionServiceOptions {
  readonly store: DecisionStore;
  readonly now: () => Date;
  /** Live decisions an account may hold (409 decision_limit_reached beyond). */
  readonly limit: number;
  /** How long a decision lives. */
  readonly retentionDays: number;
}

export interface NewDecision {
  readonly accountId: string;
  readonly keyId: string;
  readonly subject: DecisionSubject;
  readonly listSource: ListSource;
  readonly entryId: string;
  /** The entry's content hash now (src/lists/versions.ts). */
  readonly entryVersion: string;
  readonly decision: DecisionValue;
  readonly reference?: string;
}

/** What audits a create or delete: the request's ID and the SHA-256 of its body (of nothing for a delete). */
export interface DecisionAudit {
  readonly requestId: string;
  readonly bodySha256: string;
}

export type RecordResult = { readonly ok: true; readonly decision: StoredDecision } | { readonly ok: false; readonly code: 'decision_limit_reached' };

/** One screened subject and the entries it matched. */
export interface LookupItem {
  readonly subject: DecisionSubject;
  readonly entries: readonly { readonly listSource: string; readonly entryId: string }[];
}

export interface DecisionService {
  record(input: NewDecision, audit: DecisionAudit): Promise<RecordResult>;
  get(accountId: string, decisionId: string): Promise<StoredDecision | null>;
  list(accountId: string, query: DecisionQuery): Promise<{ data: StoredDecision[]; hasMore: boolean }>;
  delete(accountId: string, decisionId: string, audit: DecisionAudit): Promise<StoredDecision | null>;
  /** Per item, per entry: the live decision or null; null for all when the account has none. */
  lookup(accountId: string, items: readonly LookupItem[]): Promise<(StoredDecision | null)[][] | null>;
}

export function createDecisionService(options: DecisionServiceOptions): DecisionService {
  const { store, now } = options;
  const emptyUntil = new Map<string, number>();
  const secrets = new Map<string, string>();

  async function secretOf(accountId: string): Promise<string> {
    const known = secrets.get(accountId);
    if (known !== undefined) return known;
    const secret = await store.decisionSecret(accountId);
    if (secrets.size >= SECRET_CACHE_LIMIT) secrets.clear();
    secrets.set(accountId, secret);
    return secret;
  }

  return {
    async record(input, audit) {
      const at = now();
      const decision: StoredDecision = {
        decisionId: randomUUID(),
        accountId: input.accountId,
        subjectKey: subjectKey(await secretOf(input.accountId), input.subject),
        listSource: input.listSource,
        entryId: input.entryId,
        entryVersion: input.entryVersion,
        decision: input.decision,
        reference: input.reference ?? null,
        decidedAt: at.toISOString(),
        keyId: input.keyId,
        expiresAt: new Date(at.getTime() + options.retentionDays * DAY_MS).toISOString(),
      };
      const result = await store.putDecision(decision, options.limit, at, auditWrite(input.accountId, audit, at));
      emptyUntil.delete(input.accountId);
      return result.ok ? { ok: true, decision } : { ok: false, code: result.code };
    },
    get: (accountId, decisionId) => store.getDecision(accountId, decisionId, now()),
    list: (accountId, query) => store.listDecisions(accountId, query, now()),
    delete(accountId, decisionId, audit) {
      const at = now();
      return store.deleteDecision(accountId, decisionId, at, auditWrite(accountId, audit, at));
    },
    async lookup(accountId, items) {
      if (!items.some((item) => item.entries.length > 0)) return null;
      const at = now();
      if ((emptyUntil.get(accountId) ?? 0) > at.getTime()) return null;
      const secret = secrets.get(accountId);
      if (secret === undefined) {
        // First lookup of this account on this thread: whether it has any decision, before its secret.
        const presence = await store.findDecisions(accountId, [], at);
        if (!presence.any) return markEmpty(accountId, at);
        await secretOf(accountId);
        return this.lookup(accountId, items);
      }
      const refs: DecisionRef[] = [];
      for (const item of items) {
        const key = subjectKey(secret, item.subject);
        for (const e of item.entries) refs.push({ subjectKey: key, listSource: e.listSource, entryId: e.entryId });
      }
      const found = await store.findDecisions(accountId, refs, at);
      if (!found.any) return markEmpty(accountId, at);
      let next = 0;
      return items.map((item) => item.entries.map(() => found.found[next++]));
    },
  };

  function markEmpty(accountId: string, at: Date): null {
    if (emptyUntil.size >= SECRET_CACHE_LIMIT) emptyUntil.clear();
    emptyUntil.set(accountId, at.getTime() + EMPTY_TTL_MS);
    return null;
  }
}

/** The audit record of a create or delete at `at`, checked like every audit record, and its expiry. */
function auditWrite(accountId: string, audit: DecisionAudit, at: Date): AuditWrite {
  const record = { requestId: audit.requestId, accountId, screenedAt: at.toISOString(), bodySha256: audit.bodySha256 };
  checkRecord(record);
  return { record, expiresAt: auditExpiresAt(record) };
}
