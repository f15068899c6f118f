/**
 * @module The Redis store (REDIS_URL): keys, accounts, quota counters, audit records and
 * revocation events shared by any number of instances. Check-then-write steps are Lua scripts
 * (redis-scripts.ts), so they are atomic across instances. Runs on one Redis or a Redis Cluster
 * (detected on connect): each script's keys share the account's hash slot (redis-records.ts).
 * Revocations go over regular pub/sub, which a cluster relays to every node, so the subscriber is
 * a plain connection to the URL's node.
 */
import {
  auditFields, type Account, type AuditRecord, type AuditWrite, type ChargeRequest, type CounterIncrement, type CounterRef, type DecisionLookup, type DecisionQuery,
  type DecisionRef, type IdempotencyRecord, type InsertKeyResult, type PutDecisionResult, type RevocationEvent, type Store, type StoredDecision, type StoredKey,
} from '../types.js';
import { connectCommands, connectRedis, toStoreError, type CommandConnection, type RedisCommands, type RedisConnectionOptions } from './redis-connection.js';
import { DEFAULT_REPLY_TIMEOUT_MS, ReplyDeadline } from './redis-deadline.js';
import { keyFromHash, keyToHashFields, pairsToRecord, parseTokenIndex, RedisKeys } from './redis-records.js';
import { RedisDecisions } from './redis-decisions.js';
import { RedisKeyExtras } from './redis-key-extras.js';
import { RedisRevocations } from './redis-revocations.js';
import { CHARGE_WITH_AUDIT, INSERT_KEY, REFUND_CHARGE, REVOKE_KEY, runScript } from './redis-scripts.js';

/**
 * How long a voided charge stays refused. A charge can reach Redis after its void only from a
 * connection that was dropped with the command still in Redis's input buffer: seconds, not a day.
 */
const VOID_MARKER_TTL_MS = 24 * 3600_000;

export interface RedisStoreOptions extends RedisConnectionOptions {
  /** Prefix of every key and channel; default "rps:". */
  readonly keyPrefix?: string;
}

export async function openRedisStore(options: RedisStoreOptions): Promise<Store> {
  const connection = await connectCommands(options);
  try {
    const subscriber = await connectRedis(options, 'revocations');
    const names = new RedisKeys(options.keyPrefix ?? 'rps:');
    const revocations = await RedisRevocations.subscribe(subscriber, names.revocationChannel());
    const deadline = new ReplyDeadline(options.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS, undefined, toStoreError);
    return new RedisStore(connection, names, revocations, deadline);
  } catch (error) {
    connection.destroy();
    throw error;
  }
}

class RedisStore implements Store {
  readonly kind = 'redis' as const;
  readonly client: RedisCommands;
  readonly extras: RedisKeyExtras;
  readonly decisions: RedisDecisions;

  constructor(
    readonly connection: CommandConnection,
    readonly names: RedisKeys,
    readonly revocations: RedisRevocations,
    /** Every operation below runs under it: no answer in 2-2.5 s is StoreUnavailableError. */
    readonly deadline: ReplyDeadline,
  ) {
    this.client = connection.commands;
    this.extras = new RedisKeyExtras(this.client, names.prefix);
    this.decisions = new RedisDecisions(this.client, names.prefix);
  }

  ping(): Promise<void> {
    return this.deadline.run(() => this.connection.ping());
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
    const keys = [n.key(key.accountId, key.keyId), n.accountKeys(key.accountId), n.accountActive(key.accountId)];
    const args = [
      String(now.getTime()),
      String(activeKeyLimit),
      key.keyId,
      String(Date.parse(key.createdAt)),
      String(Date.parse(key.expiresAt)),
      ...keyToHashFields(key),
    ];
    const tokenIndex = n.keyHash(key.tokenSha256);
    return this.deadline.run(async () => {
      // The index lives in another slot, so it cannot join the script. Written first, it points at a
      // key that does not exist yet (lookups answer null); removed again when the limit refuses. Should
      // that removal fail, it still points at nothing: the token was never handed out either way.
      await this.client.set(tokenIndex, JSON.stringify({ accountId: key.accountId, keyId: key.keyId }));
      const [inserted, active] = (await runScript(this.client, INSERT_KEY, keys, args)) as [number, number];
      if (inserted === 1) return { ok: true };
      await this.client.del(tokenIndex);
      return { ok: false, code: 'key_limit_reached', activeKeys: active };
    });
  }

  getKey(accountId: string, keyId: string): Promise<StoredKey | null> {
    return this.deadline.run(async () => this.#readKey(accountId, keyId));
  }

  getKeyByTokenHash(tokenSha256: string): Promise<StoredKey | null> {
    return this.deadline.run(async () => {
      const entry = parseTokenIndex(await this.client.get(this.names.keyHash(tokenSha256)));
      return entry === null ? null : this.#readKey(entry.accountId, entry.keyId);
    });
  }

  listKeys(accountId: string): Promise<StoredKey[]> {
    return this.deadline.run(async () => {
      const keyIds = await this.client.zRange(this.names.accountKeys(accountId), 0, -1, { REV: true });
      // Issued together, so they go out in one write (one round trip), on a cluster too.
      const keys = await Promise.all(keyIds.map((keyId) => this.#readKey(accountId, keyId)));
      return keys.filter((key): key is StoredKey => key !== null);
    });
  }

  async #readKey(accountId: string, keyId: string): Promise<StoredKey | null> {
    const key = keyFromHash(await this.client.hGetAll(this.names.key(accountId, keyId)));
    return key !== null && key.accountId === accountId ? key : null;
  }

  revokeKey(accountId: string, keyId: string, now: Date): Promise<StoredKey | null> {
    const keys = [this.names.key(accountId, keyId), this.names.accountActive(accountId)];
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
    if (charge.audit.length > 0) keys.push(this.names.voided(charge.ref.accountId, charge.audit[0].requestId));
    const args = [String(charge.units), String(charge.limit), String(charge.counterExpiresAt.getTime()), String(charge.auditExpiresAt.getTime())];
    for (const record of charge.audit) {
      keys.push(this.names.audit(record.accountId, record.requestId));
      args.push(auditValue(record));
    }
    return this.deadline.run(async () => {
      const [allowed, used] = (await runScript(this.client, CHARGE_WITH_AUDIT, keys, args)) as [number, number];
      return { allowed: allowed === 1, used };
    });
  }

  refundCharge(ref: CounterRef, units: number, requestIds: readonly string[]): Promise<void> {
    const n = this.names;
    const keys = [n.counter(ref), n.voided(ref.accountId, requestIds[0]), ...requestIds.map((id) => n.audit(ref.accountId, id))];
    return this.deadline.run(async () => {
      await runScript(this.client, REFUND_CHARGE, keys, [String(units), String(VOID_MARKER_TTL_MS)]);
    });
  }

  readCounter(ref: CounterRef): Promise<number> {
    return this.deadline.run(async () => Number((await this.client.get(this.names.counter(ref))) ?? 0));
  }

  putAudit(record: AuditRecord, expiresAt: Date): Promise<void> {
    const value = auditValue(record);
    return this.deadline.run(async () => {
      // Redis drops the record itself at expiresAt: nothing to purge.
      await this.client.set(this.names.audit(record.accountId, record.requestId), value, { expiration: { type: 'PXAT', value: expiresAt.getTime() } });
    });
  }

  getAudit(accountId: string, requestId: string, now: Date): Promise<AuditRecord | null> {
    void now; // Redis expiry is authoritative; `now` matters only to the embedded store.
    return this.deadline.run(async () => {
      // Under the account's own name: another account's lookup finds nothing at all.
      const value = await this.client.get(this.names.audit(accountId, requestId));
      const record = value === null ? null : (JSON.parse(value) as AuditRecord);
      return record !== null && record.accountId === accountId ? auditFields(record) : null;
    });
  }

  async purgeExpired(): Promise<void> {
    // Counters (PEXPIREAT) and audit records (PXAT) expire inside Redis; decisions with their keys.
  }

  decisionSecret(accountId: string): Promise<string> {
    return this.deadline.run(() => this.decisions.secret(accountId));
  }

  putDecision(decision: StoredDecision, limit: number, now: Date, audit: AuditWrite): Promise<PutDecisionResult> {
    return this.deadline.run(() => this.decisions.put(decision, limit, now, audit));
  }

  findDecisions(accountId: string, refs: readonly DecisionRef[], now: Date): Promise<DecisionLookup> {
    return this.deadline.run(() => this.decisions.find(accountId, refs, now));
  }

  getDecision(accountId: string, decisionId: string, now: Date): Promise<StoredDecision | null> {
    return this.deadline.run(() => this.decisions.get(accountId, decisionId, now));
  }

  listDecisions(accountId: string, query: DecisionQuery, now: Date): Promise<{ data: StoredDecision[]; hasMore: boolean }> {
    return this.deadline.run(() => this.decisions.list(accountId, query, now));
  }

  deleteDecision(accountId: string, decisionId: string, now: Date, audit: AuditWrite): Promise<StoredDecision | null> {
    return this.deadline.run(() => this.decisions.delete(accountId, decisionId, now, audit));
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
    if (!this.connection.isOpen) return;
    // A graceful close waits for every command in flight; a stalled Redis never answers them, so the
    // wait is bounded by the reply deadline and the connection is then dropped.
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.deadline.timeoutMs)));
    const closed = this.connection.close().then(() => 'closed' as const, () => 'failed' as const);
    const outcome = await Promise.race([closed, bound]).finally(() => clearTimeout(timer));
    if (outcome !== 'closed' && this.connection.isOpen) this.connection.destroy();
  }
}

/** The audited fields only, whatever else the object carries. */
function auditValue(record: AuditRecord): string {
  return JSON.stringify(auditFields(record));
}

function parseAccount(value: string | null): Account | null {
  return value === null ? null : (JSON.parse(value) as Account);
}
