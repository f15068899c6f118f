/**
 * @module Decisions on matches in the embedded store, in four databases of their own beside the
 * layout of lmdb-databases.ts:
 *
 *   decisions        [accountId, decisionId]                         -> StoredDecision
 *   decisionIndex    [accountId, subjectKey, listSource, entryId]    -> decisionId
 *   decisionOrder    [accountId, expiresAtMs, decisionId]            -> true  (newest last; count; expiry)
 *   decisionSecrets  accountId                                       -> 64 hex (the subjectKey HMAC secret)
 *
 * Every check-then-write runs in one write transaction. A create or delete runs with its audit
 * record (the audit databases of the same environment) in a child transaction of its own: lmdb-js
 * commits the callbacks queued in one event-loop turn together and does not undo a plain
 * `transaction` callback that throws part-way, while a child transaction is rolled back alone.
 * The order is by expiry, which is the decision time plus a constant retention, so newest first is
 * the reverse range.
 */
import { randomBytes } from 'node:crypto';
import type { Database, RootDatabase } from 'lmdb';
import type { DecisionLookup, DecisionQuery, DecisionRef, PutDecisionResult, StoredDecision } from '../types.js';

/** Writes the audit record of the step inside the current write transaction (lmdb-counters-audit.ts). */
export type AuditInTransaction = () => void;

type OrderKey = [accountId: string, expiresAtMs: number, decisionId: string];

export interface DecisionDatabases {
  readonly env: RootDatabase;
  readonly decisions: Database<StoredDecision, [string, string]>;
  readonly index: Database<string, [string, string, string, string]>;
  readonly order: Database<true, OrderKey>;
  readonly secrets: Database<string, string>;
}

export function openDecisions(env: RootDatabase, namePrefix: string): DecisionDatabases {
  return {
    env,
    decisions: env.openDB<StoredDecision, [string, string]>(`${namePrefix}decisions`, {}),
    index: env.openDB<string, [string, string, string, string]>(`${namePrefix}decisionIndex`, {}),
    order: env.openDB<true, OrderKey>(`${namePrefix}decisionOrder`, {}),
    secrets: env.openDB<string, string>(`${namePrefix}decisionSecrets`, {}),
  };
}

export function decisionSecret(dbs: DecisionDatabases, accountId: string): Promise<string> {
  return dbs.env.transaction(() => {
    const existing = dbs.secrets.get(accountId);
    if (existing !== undefined) return existing;
    const secret = randomBytes(32).toString('hex');
    dbs.secrets.put(accountId, secret);
    return secret;
  });
}

const expiresMs = (d: StoredDecision): number => Date.parse(d.expiresAt);
const indexKey = (d: DecisionRef & { accountId: string }): [string, string, string, string] => [d.accountId, d.subjectKey, d.listSource, d.entryId];
const orderKey = (d: StoredDecision): OrderKey => [d.accountId, expiresMs(d), d.decisionId];
/** [accountId] sorts before every [accountId, ...]; [accountId, MAX] after them. */
const accountRange = (accountId: string) => ({ start: [accountId] as unknown as OrderKey, end: [accountId, Number.MAX_SAFE_INTEGER] as unknown as OrderKey });

/** Inside a write transaction. */
function remove(dbs: DecisionDatabases, d: StoredDecision): void {
  if (dbs.index.get(indexKey(d)) === d.decisionId) dbs.index.remove(indexKey(d));
  dbs.order.remove(orderKey(d));
  dbs.decisions.remove([d.accountId, d.decisionId]);
}

/** Inside a write transaction: the account's decisions whose expiry is at or before now. */
function dropExpired(dbs: DecisionDatabases, accountId: string, nowMs: number): void {
  const expired: StoredDecision[] = [];
  for (const { key } of dbs.order.getRange({ start: [accountId] as unknown as OrderKey, end: [accountId, nowMs + 1] as unknown as OrderKey })) {
    const d = dbs.decisions.get([accountId, key[2]]);
    if (d !== undefined) expired.push(d);
    else dbs.order.remove(key);
  }
  for (const d of expired) remove(dbs, d);
}

export function putDecision(dbs: DecisionDatabases, decision: StoredDecision, limit: number, now: Date, audit: AuditInTransaction): Promise<PutDecisionResult> {
  return dbs.env.childTransaction((): PutDecisionResult => {
    dropExpired(dbs, decision.accountId, now.getTime());
    const previousId = dbs.index.get(indexKey(decision));
    const previous = previousId === undefined ? undefined : dbs.decisions.get([decision.accountId, previousId]);
    if (previous === undefined) {
      const count = dbs.order.getCount(accountRange(decision.accountId));
      if (count >= limit) return { ok: false, code: 'decision_limit_reached', count };
    } else {
      remove(dbs, previous);
    }
    dbs.decisions.put([decision.accountId, decision.decisionId], decision);
    dbs.index.put(indexKey(decision), decision.decisionId);
    dbs.order.put(orderKey(decision), true);
    audit();
    return { ok: true, replaced: previous?.decisionId ?? null };
  });
}

function live(d: StoredDecision | undefined, accountId: string, nowMs: number): StoredDecision | null {
  return d !== undefined && d.accountId === accountId && expiresMs(d) > nowMs ? d : null;
}

export function findDecisions(dbs: DecisionDatabases, accountId: string, refs: readonly DecisionRef[], now: Date): DecisionLookup {
  const any = dbs.order.getCount({ ...accountRange(accountId), limit: 1 }) > 0;
  if (!any) return { any, found: refs.map(() => null) };
  const found = refs.map((ref) => {
    const id = dbs.index.get(indexKey({ ...ref, accountId }));
    return id === undefined ? null : live(dbs.decisions.get([accountId, id]), accountId, now.getTime());
  });
  return { any, found };
}

export function getDecision(dbs: DecisionDatabases, accountId: string, decisionId: string, now: Date): StoredDecision | null {
  return live(dbs.decisions.get([accountId, decisionId]), accountId, now.getTime());
}

export function listDecisions(dbs: DecisionDatabases, accountId: string, query: DecisionQuery, now: Date): { data: StoredDecision[]; hasMore: boolean } {
  const nowMs = now.getTime();
  const after = query.startingAfter === undefined ? undefined : dbs.decisions.get([accountId, query.startingAfter]);
  if (query.startingAfter !== undefined && after === undefined) return { data: [], hasMore: false };
  const start: OrderKey = after === undefined ? [accountId, Number.MAX_SAFE_INTEGER, ''] : orderKey(after);
  const data: StoredDecision[] = [];
  for (const { key } of dbs.order.getRange({ start, end: [accountId, nowMs, '\uffff'] as OrderKey, reverse: true })) {
    if (after !== undefined && key[2] === after.decisionId) continue;
    const d = live(dbs.decisions.get([accountId, key[2]]), accountId, nowMs);
    if (d === null) continue;
    if (query.listSource !== undefined && d.listSource !== query.listSource) continue;
    if (query.entryId !== undefined && d.entryId !== query.entryId) continue;
    data.push(d);
    if (data.length > query.limit) break;
  }
  return { data: data.slice(0, query.limit), hasMore: data.length > query.limit };
}

export function deleteDecision(dbs: DecisionDatabases, accountId: string, decisionId: string, now: Date, audit: AuditInTransaction): Promise<StoredDecision | null> {
  return dbs.env.childTransaction(() => {
    const d = live(dbs.decisions.get([accountId, decisionId]), accountId, now.getTime());
    if (d === null) return null;
    remove(dbs, d);
    audit();
    return d;
  });
}

/** Every account's expired decisions (the order is by account first, so this walks it whole). */
export function purgeDecisions(dbs: DecisionDatabases, now: Date): Promise<void> {
  return dbs.env.transaction(() => {
    const accounts = new Set<string>();
    for (const { key } of dbs.order.getRange({})) if (key[1] <= now.getTime()) accounts.add(key[0]);
    for (const accountId of accounts) dropExpired(dbs, accountId, now.getTime());
  });
}
