/**
 * @module Idempotency-Key bindings and keys' last use in Redis. Both live under the account's hash
 * tag `{a:<accountId>}` (the cluster layout of the account keys), so each step touches one slot:
 *
 *   <prefix>{a:<account>}:idem:<keySha256>  -> {"keyId","bodySha256"} JSON, PX = the binding's 24 h
 *   <prefix>{a:<account>}:lastused          -> hash keyId -> ISO 8601 UTC
 */
import type { IdempotencyRecord } from '../types.js';
import type { RedisCommands } from './redis-connection.js';
import { lua, runScript } from './redis-scripts.js';

/** KEYS: binding. ARGV: value, ttlMs. Returns the existing value, or false after binding. */
const CLAIM = lua(`
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
`);

/** KEYS: binding. ARGV: keyId. Deletes the binding only while it names that key. */
const RELEASE = lua(`
local existing = redis.call('GET', KEYS[1])
if existing and cjson.decode(existing).keyId == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`);

export class RedisKeyExtras {
  constructor(readonly client: RedisCommands, readonly prefix: string) {}

  idempotencyKey(accountId: string, keySha256: string): string {
    return `${this.prefix}{a:${accountId}}:idem:${keySha256}`;
  }

  lastUsedKey(accountId: string): string {
    return `${this.prefix}{a:${accountId}}:lastused`;
  }

  async claim(accountId: string, keySha256: string, record: IdempotencyRecord, ttlMs: number): Promise<IdempotencyRecord | null> {
    const value = JSON.stringify({ keyId: record.keyId, bodySha256: record.bodySha256 });
    const reply = await runScript(this.client, CLAIM, [this.idempotencyKey(accountId, keySha256)], [value, String(ttlMs)]);
    if (typeof reply !== 'string') return null;
    const existing = JSON.parse(reply) as IdempotencyRecord;
    return { keyId: existing.keyId, bodySha256: existing.bodySha256 };
  }

  async release(accountId: string, keySha256: string, keyId: string): Promise<void> {
    await runScript(this.client, RELEASE, [this.idempotencyKey(accountId, keySha256)], [keyId]);
  }

  async touch(accountId: string, keyId: string, at: Date): Promise<void> {
    await this.client.hSet(this.lastUsedKey(accountId), keyId, at.toISOString());
  }

  async lastUsedOf(accountId: string): Promise<Map<string, string>> {
    return new Map(Object.entries(await this.client.hGetAll(this.lastUsedKey(accountId))));
  }
}
