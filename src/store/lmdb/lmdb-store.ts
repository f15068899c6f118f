/**
 * @module The embedded store: LMDB in DATA_DIR, the default when REDIS_URL is unset. It survives
 * restarts and is safe across the HTTP worker threads of one process (LMDB serialises writers).
 * Revocations reach the other threads through a BroadcastChannel named after the database path;
 * separate processes sharing one DATA_DIR do not hear them and rely on the 30 s key cache bound.
 * Every write goes through LmdbCommits (lmdb-commits.ts): a failed commit is a 503, never a crash.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { StoreUnavailableError } from '../errors.js';
import { isRevocationEvent, RevocationListeners } from '../revocation-listeners.js';
import type {
  Account, AuditRecord, AuditWrite, ChargeRequest, CounterIncrement, CounterRef, DecisionLookup, DecisionQuery, DecisionRef, IdempotencyRecord, InsertKeyResult,
  PutDecisionResult, RevocationEvent, Store, StoredDecision, StoredKey,
} from '../types.js';
import { LmdbCommits } from './lmdb-commits.js';
import * as counters from './lmdb-counters-audit.js';
import { openLmdbDatabases, type LmdbDatabases } from './lmdb-databases.js';
import * as decisions from './lmdb-decisions.js';
import * as extras from './lmdb-key-extras.js';
import * as keys from './lmdb-keys.js';

export interface LmdbStoreOptions {
  readonly dataDir: string;
  /** Prefix of the database names, so tests can share a directory without sharing data. */
  readonly namePrefix?: string;
  /** How often committed writes are flushed to disk; 0 flushes every commit before it resolves. Default 1000. */
  readonly syncIntervalMs?: number;
}

export const DEFAULT_SYNC_INTERVAL_MS = 1000;

export function openLmdbStore(options: LmdbStoreOptions): Store {
  return new LmdbStore(options);
}

class LmdbStore implements Store {
  readonly kind = 'lmdb' as const;
  readonly #dbs: LmdbDatabases;
  readonly #extras: extras.KeyExtrasDatabases;
  readonly #decisions: decisions.DecisionDatabases;
  readonly #commits: LmdbCommits;
  readonly #channel: BroadcastChannel;
  readonly #listeners = new RevocationListeners();
  #closed = false;

  constructor(options: LmdbStoreOptions) {
    const prefix = options.namePrefix ?? 'rps:';
    const syncIntervalMs = options.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
    this.#dbs = openLmdbDatabases(options.dataDir, prefix, syncIntervalMs);
    this.#extras = extras.openKeyExtras(this.#dbs.env, prefix);
    this.#decisions = decisions.openDecisions(this.#dbs.env, prefix);
    this.#commits = new LmdbCommits(this.#dbs.env, syncIntervalMs);
    this.#channel = new BroadcastChannel(`rps-revocations:${this.#dbs.path}:${prefix}`);
    this.#channel.onmessage = (message) => {
      const data = (message as { data?: unknown }).data;
      if (isRevocationEvent(data)) this.#listeners.emit(data);
    };
    // The channel must not keep a finished process (CLI, tests) alive.
    this.#channel.unref();
  }

  /** Ready means a write commits now: a full disk makes this throw until space is back. */
  async ping(): Promise<void> {
    const dbs = this.#open();
    await this.#commits.write(() => dbs.probe.put('write', Date.now()));
  }

  async getAccount(accountId: string): Promise<Account | null> {
    return this.#fresh().accounts.get(accountId) ?? null;
  }

  ensureAccount(initial: Account): Promise<Account> {
    return this.#write((dbs) => keys.ensureAccount(dbs, initial), true);
  }

  putAccount(account: Account): Promise<void> {
    return this.#write((dbs) => keys.putAccount(dbs, account));
  }

  insertKey(key: StoredKey, activeKeyLimit: number, now: Date): Promise<InsertKeyResult> {
    return this.#write((dbs) => keys.insertKey(dbs, key, activeKeyLimit, now));
  }

  async getKey(accountId: string, keyId: string): Promise<StoredKey | null> {
    const key = this.#fresh().keys.get(keyId);
    return key !== undefined && key.accountId === accountId ? key : null;
  }

  async getKeyByTokenHash(tokenSha256: string): Promise<StoredKey | null> {
    return keys.getKeyByTokenHash(this.#fresh(), tokenSha256);
  }

  async listKeys(accountId: string): Promise<StoredKey[]> {
    return keys.listKeysSync(this.#fresh(), accountId);
  }

  revokeKey(accountId: string, keyId: string, now: Date): Promise<StoredKey | null> {
    return this.#write((dbs) => keys.revokeKey(dbs, accountId, keyId, now));
  }

  claimIdempotency(accountId: string, keySha256: string, record: IdempotencyRecord, ttlMs: number): Promise<IdempotencyRecord | null> {
    this.#fresh();
    return this.#commits.write(() => extras.claimIdempotency(this.#extras, accountId, keySha256, record, ttlMs));
  }

  releaseIdempotency(accountId: string, keySha256: string, keyId: string): Promise<void> {
    this.#open();
    return this.#commits.write(() => extras.releaseIdempotency(this.#extras, accountId, keySha256, keyId));
  }

  touchKey(accountId: string, keyId: string, at: Date): Promise<void> {
    this.#open();
    return this.#commits.write(() => extras.touchKey(this.#extras, accountId, keyId, at));
  }

  async lastUsedOf(accountId: string): Promise<Map<string, string>> {
    this.#fresh();
    return extras.lastUsedOf(this.#extras, accountId);
  }

  incrementIfWithin(ref: CounterRef, units: number, limit: number, expiresAt: Date): Promise<CounterIncrement> {
    return this.#write((dbs) => counters.incrementIfWithin(dbs, ref, units, limit, expiresAt));
  }

  chargeWithAudit(charge: ChargeRequest): Promise<CounterIncrement> {
    return this.#write((dbs) => counters.chargeWithAudit(dbs, charge));
  }

  refundCharge(ref: CounterRef, units: number, requestIds: readonly string[]): Promise<void> {
    return this.#write((dbs) => counters.refundCharge(dbs, ref, units, requestIds));
  }

  async readCounter(ref: CounterRef): Promise<number> {
    return counters.readCounter(this.#fresh(), ref);
  }

  putAudit(record: AuditRecord, expiresAt: Date): Promise<void> {
    return this.#write((dbs) => counters.putAudit(dbs, record, expiresAt));
  }

  async getAudit(accountId: string, requestId: string, now: Date): Promise<AuditRecord | null> {
    return counters.getAudit(this.#fresh(), accountId, requestId, now);
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.#write((dbs) => counters.purgeExpired(dbs, now));
    await this.#commits.write(() => extras.purgeIdempotency(this.#extras, now));
    await this.#commits.write(() => decisions.purgeDecisions(this.#decisions, now));
  }

  decisionSecret(accountId: string): Promise<string> {
    this.#fresh();
    return this.#commits.write(() => decisions.decisionSecret(this.#decisions, accountId));
  }

  putDecision(decision: StoredDecision, limit: number, now: Date, audit: AuditWrite): Promise<PutDecisionResult> {
    const dbs = this.#fresh();
    const writeAudit = (): void => counters.writeAudit(dbs, audit.record, audit.expiresAt);
    return this.#commits.write(() => decisions.putDecision(this.#decisions, decision, limit, now, writeAudit));
  }

  async findDecisions(accountId: string, refs: readonly DecisionRef[], now: Date): Promise<DecisionLookup> {
    this.#fresh();
    return decisions.findDecisions(this.#decisions, accountId, refs, now);
  }

  async getDecision(accountId: string, decisionId: string, now: Date): Promise<StoredDecision | null> {
    this.#fresh();
    return decisions.getDecision(this.#decisions, accountId, decisionId, now);
  }

  async listDecisions(accountId: string, query: DecisionQuery, now: Date): Promise<{ data: StoredDecision[]; hasMore: boolean }> {
    this.#fresh();
    return decisions.listDecisions(this.#decisions, accountId, query, now);
  }

  deleteDecision(accountId: string, decisionId: string, now: Date, audit: AuditWrite): Promise<StoredDecision | null> {
    const dbs = this.#fresh();
    const writeAudit = (): void => counters.writeAudit(dbs, audit.record, audit.expiresAt);
    return this.#commits.write(() => decisions.deleteDecision(this.#decisions, accountId, decisionId, now, writeAudit));
  }

  async publishRevocation(event: RevocationEvent): Promise<void> {
    this.#open();
    this.#channel.postMessage(event);
    // BroadcastChannel skips the sender; this object's own listeners hear it directly.
    this.#listeners.emit(event);
  }

  onRevocation(listener: (event: RevocationEvent) => void): () => void {
    return this.#listeners.add(listener);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    this.#channel.close();
    await this.#commits.close();
    await this.#dbs.env.close();
  }

  /** A write through LmdbCommits; `fresh` resets the read snapshot first (a read decides the write). */
  #write<T>(operation: (dbs: LmdbDatabases) => Promise<T>, fresh = false): Promise<T> {
    const dbs = fresh ? this.#fresh() : this.#open();
    return this.#commits.write(() => operation(dbs));
  }

  /**
   * lmdb-js reuses one read snapshot until a 0 ms timer; a write committed meanwhile by another
   * thread or store object would stay invisible. Reads that decide something start fresh.
   */
  #fresh(): LmdbDatabases {
    const dbs = this.#open();
    dbs.env.resetReadTxn();
    return dbs;
  }

  #open(): LmdbDatabases {
    if (this.#closed) throw new StoreUnavailableError('the embedded store is closed');
    return this.#dbs;
  }
}
