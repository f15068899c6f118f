/**
 * @module The Redis store (REDIS_URL): keys, accounts, quota counters, audit records and
 * revocation events shared by any number of instances. Check-then-write steps are Lua scripts
 * (redis-scripts.ts), so they are atomic across instances. Assumes one primary (no Cluster).
 */
import type { Account, AuditRecord, ChargeRequest, CounterIncrement, CounterRef, IdempotencyRecord, InsertKeyResult, RevocationEvent, Store, StoredKey } from '../types.js';
import { connectRedis, toStoreError, type RedisClient, type RedisConnectionOptions } from './redis-connection.js';
import { DEFAULT_REPLY_TIMEOUT_MS, ReplyDeadline } from './redis-deadline.js';
import { keyFromHash, keyToHashFields, pairsToRecord, RedisKeys } from './redis-records.js';
import { RedisKeyExtras } from './redis-key-extras.js';
import { RedisRevocations } from './redis-revocations.js';
import { CHARGE_WITH_AUDIT, INSERT_KEY, REFUND_CHARGE, REVOKE_KEY, runScript } from './redis-scripts.js';

export interface RedisStoreOptions extends RedisConnectionOptions {
  /** Prefix of every key and channel; default "rps:". */
  readonly keyPrefix?: string;
}

export async function openRedisStore(options: RedisStoreOptions): Promise<Store> {
  const client = await connectRedis(options, 'commands');
  try {
    const subscriber = await connectRedis(options, 'revocations');
    const names = new RedisKeys(options.keyPrefix ?? 'rps:');
    const revocations = await RedisRevocations.subscribe(subscriber, names.revocationChannel());
    const deadline = new ReplyDeadline(options.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS, undefined, toStoreError);
    return new RedisStore(client, names, revocations, deadline);
  } catch (error) {
    client.destroy();
    throw error;
  }
}

class RedisStore implements Store {
  readonly kind = 'redis' as const;
  readonly extras: RedisKeyExtras;

  constructor(
    readonly client: RedisClient,
    readonly names: RedisKeys,
    readonly revocations: RedisRevocations,
    /** Every operation below runs under it: no answer in 2-2.5 s is StoreUnavailableError. */
    readonly deadline: ReplyDeadline,
  ) {
    this.extras = new RedisKeyExtras(client, names.prefix);
  }

  ping(): Promise<void> {
    return this.deadline.run(async () => {
      await this.client.ping();
    });
  }

  getAccount(accountId: string): Promise<Account | null> {
    return this.deadline.run(async () => parseAccount(await this.client.get(this.names.account(accountId))));
  }

  ensureAccount(initial: Account): Promise<Account> {
    return this.deadline.run(async () => {
      const key = this.names.account(initial.accountId);
      const existing = parseAccount(await this.client.get(key));
      if (existing !== null) return existing;
      // NX: two instances creating the same account on its first request agree on one record.
      const created = await this.client.set(key, JSON.stringify(initial), { condition: 'NX' });
      return created === 'OK' ? initial : (parseAccount(await this.client.get(key)) ?? initial);
    });
  }

  putAccount(account: Account): Promise<void> {
    return this.deadline.run(async () => {
      await this.client.set(this.names.account(account.accountId), JSON.stringify(account));
    });
  }

  insertKey(key: StoredKey, activeKeyLimit: number, now: Date): Promise<InsertKeyResult> {
    const n = this.names;
    const keys = [n.key(key.keyId), n.keyHash(key.tokenSha256), n.accountKeys(key.accountId), n.accountActive(key.accountId)];
    const args = [
      String(now.getTime()),
      String(activeKeyLimit),
      key.keyId,
      String(Date.parse(key.createdAt)),
      String(Date.parse(key.expiresAt)),
      key.tokenSha256,
      ...keyToHashFields(key),
    ];
    return this.deadline.run(async () => {
      const [inserted, active] = (await runScript(this.client, INSERT_KEY, keys, args)) as [number, number];
      return inserted === 1 ? { ok: true } : { ok: false, code: 'key_limit_reached', activeKeys: active };
    });
  }

  getKey(keyId: string): Promise<StoredKey | null> {
    return this.deadline.run(async () => keyFromHash(await this.client.hGetAll(this.names.key(keyId))));
  }

  getKeyByTokenHash(tokenSha256: string): Promise<StoredKey | null> {
    return this.deadline.run(async () => {
      const keyId = await this.client.get(this.names.keyHash(tokenSha256));
      return keyId === null ? null : keyFromHash(await this.client.hGetAll(this.names.key(keyId)));
    });
  }

  listKeys(accountId: string): Promise<StoredKey[]> {
    return this.deadline.run(async () => {
      const keyIds = await this.client.zRange(this.names.accountKeys(accountId), 0, -1, { REV: true });
      if (keyIds.length === 0) return [];
      const multi = this.client.multi();
      for (const keyId of keyIds) multi.hGetAll(this.names.key(keyId));
      const hashes = (await multi.exec()) as unknown as Record<string, string>[];
      return hashes.map(keyFromHash).filter((key): key is StoredKey => key !== null);
    });
  }

  revokeKey(accountId: string, keyId: string, now: Date): Promise<StoredKey | null> {
    const keys = [this.names.key(keyId), this.names.accountActive(accountId)];
    return this.deadline.run(async () => {
      const reply = await runScript(this.client, REVOKE_KEY, keys, [accountId, now.toISOString(), keyId]);
      return reply === null ? null : keyFromHash(pairsToRecord(reply));
    });
  }

  claimIdempotency(accountId: string, keySha256: string, record: IdempotencyRecord, ttlMs: number): Promise<IdempotencyRecord | null> {
    return this.deadline.run(() => this.extras.claim(accountId, keySha256, record, ttlMs));
  }

  releaseIdempotency(accountId: string, keySha256: string, keyId: string): Promise<void> {
    return this.deadline.run(() => this.extras.release(accountId, keySha256, keyId));
  }

  touchKey(accountId: string, keyId: string, at: Date): Promise<void> {
    return this.deadline.run(() => this.extras.touch(accountId, keyId, at));
  }

  lastUsedOf(accountId: string): Promise<Map<string, string>> {
    return this.deadline.run(() => this.extras.lastUsedOf(accountId));
  }

  incrementIfWithin(ref: CounterRef, units: number, limit: number, expiresAt: Date): Promise<CounterIncrement> {
    return this.chargeWithAudit({ ref, units, limit, counterExpiresAt: expiresAt, audit: [], auditExpiresAt: expiresAt });
  }

  chargeWithAudit(charge: ChargeRequest): Promise<CounterIncrement> {
    // One script, one round trip: the counter and the records it pays for change together or not at all.
    const keys = [this.names.counter(charge.ref)];
    const args = [String(charge.units), String(charge.limit), String(charge.counterExpiresAt.getTime()), String(charge.auditExpiresAt.getTime())];
    for (const record of charge.audit) {
      keys.push(this.names.audit(record.requestId));
      args.push(auditValue(record));
    }
    return this.deadline.run(async () => {
      const [allowed, used] = (await runScript(this.client, CHARGE_WITH_AUDIT, keys, args)) as [number, number];
      return { allowed: allowed === 1, used };
    });
  }

  refundCharge(ref: CounterRef, units: number, requestIds: readonly string[]): Promise<void> {
    const keys = [this.names.counter(ref), ...requestIds.map((id) => this.names.audit(id))];
    return this.deadline.run(async () => {
      await runScript(this.client, REFUND_CHARGE, keys, [String(units)]);
    });
  }

  readCounter(ref: CounterRef): Promise<number> {
    return this.deadline.run(async () => Number((await this.client.get(this.names.counter(ref))) ?? 0));
  }

  putAudit(record: AuditRecord, expiresAt: Date): Promise<void> {
    const value = auditValue(record);
    return this.deadline.run(async () => {
      // Redis drops the record itself at expiresAt: nothing to purge.
      await this.client.set(this.names.audit(record.requestId), value, { expiration: { type: 'PXAT', value: expiresAt.getTime() } });
    });
  }

  getAudit(requestId: string, now: Date): Promise<AuditRecord | null> {
    void now; // Redis expiry is authoritative; `now` matters only to the embedded store.
    return this.deadline.run(async () => {
      const value = await this.client.get(this.names.audit(requestId));
      return value === null ? null : (JSON.parse(value) as AuditRecord);
    });
  }

  async purgeExpired(): Promise<void> {
    // Counters (PEXPIREAT) and audit records (PXAT) expire inside Redis.
  }

  publishRevocation(event: RevocationEvent): Promise<void> {
    return this.deadline.run(async () => {
      await this.client.publish(this.names.revocationChannel(), JSON.stringify(event));
    });
  }

  onRevocation(listener: (event: RevocationEvent) => void): () => void {
    return this.revocations.onRevocation(listener);
  }

  async close(): Promise<void> {
    this.deadline.close();
    await this.revocations.close();
    if (!this.client.isOpen) return;
    // A graceful close waits for every command in flight; a stalled Redis never answers them, so the
    // wait is bounded by the reply deadline and the connection is then dropped.
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.deadline.timeoutMs)));
    const closed = this.client.close().then(() => 'closed' as const, () => 'failed' as const);
    const outcome = await Promise.race([closed, bound]).finally(() => clearTimeout(timer));
    if (outcome !== 'closed' && this.client.isOpen) this.client.destroy();
  }
}

/** The three audited fields only, whatever else the object carries. */
function auditValue(record: AuditRecord): string {
  return JSON.stringify({ requestId: record.requestId, screenedAt: record.screenedAt, bodySha256: record.bodySha256 });
}

function parseAccount(value: string | null): Account | null {
  return value === null ? null : (JSON.parse(value) as Account);
}
