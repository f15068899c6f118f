/**
 * @module The Lua scripts that make Redis check-then-write steps atomic, run by EVALSHA with a
 * fallback to EVAL when the server's script cache does not hold them (restart, failover, FLUSH).
 */
import { createHash } from 'node:crypto';
import { ErrorReply } from 'redis';
import type { RedisClient } from './redis-connection.js';

export interface LuaScript {
  readonly source: string;
  readonly sha1: string;
}

export function lua(source: string): LuaScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

/**
 * KEYS: counter, then one audit key per record. ARGV: units, limit, counterExpiresAtMs,
 * auditExpiresAtMs, then one audit value per record. Returns {allowed 0|1, used}.
 * A call that would exceed the limit changes nothing: no unit consumed, no record written.
 */
export const CHARGE_WITH_AUDIT = lua(`
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local units = tonumber(ARGV[1])
if used + units > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], units)
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
for i = 2, #KEYS do
  redis.call('SET', KEYS[i], ARGV[i + 3], 'PXAT', ARGV[4])
end
return {1, used}
`);

/**
 * KEYS: counter, then the charge's audit keys. ARGV: units. Gives the units back (never below
 * zero, never creating a counter that expired meanwhile) and deletes the records. Returns used.
 */
export const REFUND_CHARGE = lua(`
local used = redis.call('GET', KEYS[1])
if used then
  local back = math.min(tonumber(used), tonumber(ARGV[1]))
  used = redis.call('DECRBY', KEYS[1], back)
else
  used = 0
end
for i = 2, #KEYS do
  redis.call('DEL', KEYS[i])
end
return used
`);

/**
 * KEYS: key hash, token-hash index, account key zset, account active zset.
 * ARGV: nowMs, limit, keyId, createdAtMs, expiresAtMs, tokenSha256, then the hash's field/value pairs.
 * Returns {inserted 0|1, active keys}.
 */
export const INSERT_KEY = lua(`
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', ARGV[1])
local active = redis.call('ZCARD', KEYS[4])
if active >= tonumber(ARGV[2]) then return {0, active} end
redis.call('HSET', KEYS[1], unpack(ARGV, 7))
redis.call('SET', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[3])
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[3])
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
  client: RedisClient,
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
