/**
 * @module The Lua scripts that make Redis check-then-write steps atomic, run by EVALSHA with a
 * fallback to EVAL when the server's script cache does not hold them (restart, failover, FLUSH).
 * Every script's keys are of one account (one hash slot, redis-records.ts), so they run on a
 * Redis Cluster as on one Redis.
 */
import { createHash } from 'node:crypto';
import { ErrorReply } from 'redis';
import type { RedisCommands } from './redis-connection.js';

export interface LuaScript {
  readonly source: string;
  readonly sha1: string;
}

export function lua(source: string): LuaScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

/**
 * KEYS: counter, the charge's void marker (absent when there are no records), then one audit key
 * per record. ARGV: units, limit, counterExpiresAtMs, auditExpiresAtMs, then one audit value per
 * record. Returns {allowed 0|1, used}. A call that would exceed the limit changes nothing: no unit
 * consumed, no record written. Nor does a charge already voided (REFUND_CHARGE ran first: a charge
 * that reached Redis late, after its request was answered 503).
 */
export const CHARGE_WITH_AUDIT = lua(`
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local units = tonumber(ARGV[1])
if #KEYS > 1 and redis.call('EXISTS', KEYS[2]) == 1 then return {0, used} end
if used + units > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], units)
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
for i = 3, #KEYS do
  redis.call('SET', KEYS[i], ARGV[i + 2], 'PXAT', ARGV[4])
end
return {1, used}
`);

/**
 * KEYS: counter, the charge's void marker, then the charge's audit keys. ARGV: units, markerTtlMs.
 * Voids a charge whatever became of it, idempotently: marks it void (so it can never apply later),
 * and only if its audit records are there (written in the same step as the units, so the charge
 * did apply) deletes them and gives the units back (never below zero). Run twice, or for a charge
 * that never reached Redis, it gives nothing back. Returns used.
 */
export const REFUND_CHARGE = lua(`
redis.call('SET', KEYS[2], '1', 'PX', ARGV[2])
local found = 0
for i = 3, #KEYS do
  found = found + redis.call('DEL', KEYS[i])
end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if found > 0 and used > 0 then
  used = redis.call('DECRBY', KEYS[1], math.min(used, tonumber(ARGV[1])))
end
return used
`);

/**
 * KEYS: key hash, account key zset, account active zset (the token index is outside the account's
 * slot: the store writes it before and removes it when refused).
 * ARGV: nowMs, limit, keyId, createdAtMs, expiresAtMs, then the hash's field/value pairs.
 * Returns {inserted 0|1, active keys}.
 */
export const INSERT_KEY = lua(`
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[1])
local active = redis.call('ZCARD', KEYS[3])
if active >= tonumber(ARGV[2]) then return {0, active} end
redis.call('HSET', KEYS[1], unpack(ARGV, 6))
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[3])
return {1, active + 1}
`);

/**
 * KEYS: key hash, account active zset. ARGV: accountId, nowIso, keyId.
 * Returns the key's hash as a flat field/value list, or nil when absent or another account's.
 */
export const REVOKE_KEY = lua(`
if redis.call('HGET', KEYS[1], 'accountId') ~= ARGV[1] then return nil end
if redis.call('HGET', KEYS[1], 'revokedAt') == '' then
  redis.call('HSET', KEYS[1], 'revokedAt', ARGV[2])
end
redis.call('ZREM', KEYS[2], ARGV[3])
return redis.call('HGETALL', KEYS[1])
`);

export async function runScript(
  client: RedisCommands,
  script: LuaScript,
  keys: string[],
  args: string[],
): Promise<unknown> {
  try {
    return await client.evalSha(script.sha1, { keys, arguments: args });
  } catch (error) {
    if (!(error instanceof ErrorReply) || !error.message.startsWith('NOSCRIPT')) throw error;
    // EVAL also loads the script into the cache, so the next call takes the EVALSHA path.
    return client.eval(script.source, { keys, arguments: args });
  }
}
