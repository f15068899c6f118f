/**
 * @module The embedded store: LMDB in DATA_DIR, the default when REDIS_URL is unset. It survives
 * restarts and is safe across the HTTP worker threads of one process (LMDB serialises writers).
 * Revocations reach the other threads through a BroadcastChannel named after the database path;
 * separate processes sharing one DATA_DIR do not hear them and rely on the 30 s key cache bound.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { StoreUnavailableError } from '../errors.js';
import { isRevocationEvent, RevocationListeners } from '../revocation-listeners.js';
import type { Account, AuditRecord, ChargeRequest, CounterIncrement, CounterRef, InsertKeyResult, RevocationEvent, Store, StoredKey } from '../types.js';
import * as counters from './lmdb-counters-audit.js';
import { openLmdbDatabases, type LmdbDatabases } from './lmdb-databases.js';
import * as keys from './lmdb-keys.js';

export interface LmdbStoreOptions {
  readonly dataDir: string;
  /** Prefix of the database names, so tests can share a directory without sharing data. */
  readonly namePrefix?: string;
}

export function openLmdbStore(options: LmdbStoreOptions): Store {
  return new LmdbStore(options);
}

class LmdbStore implements Store {
  readonly kind = 'lmdb' as const;
  readonly #dbs: LmdbDatabases;
  readonly #channel: BroadcastChannel;
  readonly #listeners = new RevocationListeners();
  #closed = false;

  constructor(options: LmdbStoreOptions) {
    const prefix = options.namePrefix ?? 'rps:';
    this.#dbs = openLmdbDatabases(options.dataDir, prefix);
    this.#channel = new BroadcastChannel(`rps-revocations:${this.#dbs.path}:${prefix}`);
    this.#channel.onmessage = (message) => {
      const data = (message as { data?: unknown }).data;
      if (isRevocationEvent(data)) this.#listeners.emit(data);
    };
    // The channel must not keep a finished process (CLI, tests) alive.
    this.#channel.unref();
  }

  async ping(): Promise<void> {
    this.#open();
  }

  async getAccount(accountId: string): Promise<Account | null> {
    return this.#fresh().accounts.get(accountId) ?? null;
  }

  ensureAccount(initial: Account): Promise<Account> {
    return keys.ensureAccount(this.#fresh(), initial);
  }

  putAccount(account: Account): Promise<void> {
    return keys.putAccount(this.#open(), account);
  }

  insertKey(key: StoredKey, activeKeyLimit: number, now: Date): Promise<InsertKeyResult> {
    return keys.insertKey(this.#open(), key, activeKeyLimit, now);
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
    return keys.revokeKey(this.#open(), accountId, keyId, now);
  }

  incrementIfWithin(ref: CounterRef, units: number, limit: number, expiresAt: Date): Promise<CounterIncrement> {
    return counters.incrementIfWithin(this.#open(), ref, units, limit, expiresAt);
  }

  chargeWithAudit(charge: ChargeRequest): Promise<CounterIncrement> {
    return counters.chargeWithAudit(this.#open(), charge);
  }

  refundCharge(ref: CounterRef, units: number, requestIds: readonly string[]): Promise<void> {
    return counters.refundCharge(this.#open(), ref, units, requestIds);
  }

  async readCounter(ref: CounterRef): Promise<number> {
    return counters.readCounter(this.#fresh(), ref);
  }

  putAudit(record: AuditRecord, expiresAt: Date): Promise<void> {
    return counters.putAudit(this.#open(), record, expiresAt);
  }

  async getAudit(accountId: string, requestId: string, now: Date): Promise<AuditRecord | null> {
    return counters.getAudit(this.#fresh(), accountId, requestId, now);
  }

  async purgeExpired(now: Date): Promise<void> {
    await counters.purgeExpired(this.#open(), now);
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
    await this.#dbs.env.close();
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
