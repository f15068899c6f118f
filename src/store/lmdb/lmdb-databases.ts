/**
 * @module The embedded store's layout: one LMDB environment in DATA_DIR/state-db, eight named
 * databases. LMDB serialises write transactions across threads and processes, so every
 * read-check-write below runs inside `env.transaction` and is atomic without further locking.
 *
 *   accounts       accountId                         -> Account
 *   keys           keyId                             -> StoredKey
 *   keyHashes      tokenSha256                       -> keyId
 *   accountKeys    [accountId, createdAtMs, keyId]   -> true     (newest first by reverse range)
 *   counters       [period, keyId, serviceId]        -> used units
 *   counterExpiry  [expiresAtMs, period, keyId, svc] -> true     (purge scans only what expired)
 *   audit          requestId                         -> StoredAudit
 *   auditExpiry    [expiresAtMs, requestId]          -> true
 *   probe          'write'                           -> ms    (readiness: a write commits now)
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { open, type Database, type Key, type RootDatabase } from 'lmdb';
import type { Account, AuditRecord, StoredKey } from '../types.js';
import { envSyncOptions } from './lmdb-commits.js';

export interface StoredAudit extends AuditRecord {
  readonly expiresAtMs: number;
}

export type CounterKey = [period: string, keyId: string, serviceId: string];

export interface LmdbDatabases {
  readonly env: RootDatabase;
  readonly path: string;
  readonly accounts: Database<Account, string>;
  readonly keys: Database<StoredKey, string>;
  readonly keyHashes: Database<string, string>;
  readonly accountKeys: Database<true, [string, number, string]>;
  readonly counters: Database<number, CounterKey>;
  readonly counterExpiry: Database<true, [number, ...CounterKey]>;
  readonly audit: Database<StoredAudit, string>;
  readonly auditExpiry: Database<true, [number, string]>;
  readonly probe: Database<number, string>;
}

export function openLmdbDatabases(dataDir: string, namePrefix: string, syncIntervalMs: number): LmdbDatabases {
  const path = resolve(join(dataDir, 'state-db'));
  // 0700: the directory holds key hashes and account settings, nothing for other users.
  mkdirSync(path, { recursive: true, mode: 0o700 });
  const env = open({ path, maxDbs: 16, ...envSyncOptions(syncIntervalMs) });
  const db = <V, K extends Key>(name: string): Database<V, K> =>
    env.openDB<V, K>(`${namePrefix}${name}`, {});
  return {
    env,
    path,
    accounts: db('accounts'),
    keys: db('keys'),
    keyHashes: db('keyHashes'),
    accountKeys: db('accountKeys'),
    counters: db('counters'),
    counterExpiry: db('counterExpiry'),
    audit: db('audit'),
    auditExpiry: db('auditExpiry'),
    probe: db('probe'),
  };
}
