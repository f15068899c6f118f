/**
 * @module Decisions on matches in Redis, under the account's hash tag `{a:<accountId>}` like every
 * key of the account, so each script's keys share one slot on a Redis Cluster:
 *
 *   <prefix>{a:<account>}:dec        hash  d:<decisionId> -> StoredDecision JSON
 *                                          k:<subjectKey>\t<listSource>\t<entryId> -> decisionId
 *   <prefix>{a:<account>}:decorder   zset  decisionId scored by its expiry (ms): newest last, count, expiry
 *   <prefix>{a:<account>}:decsecret  the subjectKey HMAC secret (64 hex), SET once
 *
 * Both decision keys expire with the account's newest decision; expired decisions inside them are
 * dropped by the next write and never answered. A create or delete writes its audit record
 * (`<prefix>{a:<account>}:audit:<requestId>`, the same slot) in the same script. Redis does not undo
 * a script's earlier writes when a later command fails, so each write script checks every argument
 * before its first write: a failure leaves neither the decision change nor its audit record.
 */
import { randomBytes } from 'node:crypto';
import { auditFields, type AuditWrite, type DecisionLookup, type DecisionQuery, type DecisionRef, type PutDecisionResult, type StoredDecision } from '../types.js';
import type { RedisCommands } from './redis-connection.js';
import { lua, runScript } from './redis-scripts.js';

/**
 * The start of both write scripts, whose keys are hash, order, audit record and whose ARGV start
 * with now (ms) and end with the audit record's JSON and expiry (ms): check that every time (the
 * ARGV indexes in TIMES, set by the script) is a whole number before anything is written; then the
 * helpers to write the audit record and to drop one decision; then drop those expired by now.
 */
const PRELUDE = `
for _, i in ipairs(TIMES) do
  if not string.match(ARGV[i], '^%d+$') then return redis.error_reply('ERR bad time argument') end
end
local function audit() redis.call('SET', KEYS[3], ARGV[#ARGV - 1], 'PXAT', ARGV[#ARGV]) end
local function drop(id)
  local json = redis.call('HGET', KEYS[1], 'd:' .. id)
  if json then
    local d = cjson.decode(json)
    local field = 'k:' .. d.subjectKey .. '\\t' .. d.listSource .. '\\t' .. d.entryId
    if redis.call('HGET', KEYS[1], field) == id then redis.call('HDEL', KEYS[1], field) end
    redis.call('HDEL', KEYS[1], 'd:' .. id)
  end
  redis.call('ZREM', KEYS[2], id)
  return json
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])) do drop(id) end
`;

/**
 * KEYS: hash, order, audit record. ARGV: nowMs, limit, decisionId, index field, JSON, expiresAtMs,
 * audit JSON, audit expiry ms. Returns {1, replaced|false} or {0, count}.
 */
const PUT = lua(`local TIMES = {1, 6, #ARGV}
${PRELUDE}
local previous = redis.call('HGET', KEYS[1], ARGV[4])
if previous then drop(previous)
else
  local count = redis.call('ZCARD', KEYS[2])
  if count >= tonumber(ARGV[2]) then return {0, count} end
end
redis.call('HSET', KEYS[1], 'd:' .. ARGV[3], ARGV[5], ARGV[4], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[6], ARGV[3])
local newest = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')[2]
redis.call('PEXPIREAT', KEYS[1], newest)
redis.call('PEXPIREAT', KEYS[2], newest)
audit()
return {1, previous or false}
`);

/** KEYS: hash, order, audit record. ARGV: nowMs, decisionId, audit JSON, audit expiry ms. Returns the deleted JSON or false. */
const DELETE = lua(`local TIMES = {1, #ARGV}
${PRELUDE}
if redis.call('HEXISTS', KEYS[1], 'd:' .. ARGV[2]) == 0 then return false end
local json = drop(ARGV[2])
audit()
return json
`);

/** KEYS: hash, order. ARGV: index fields. Returns {0} when the account has none, else {1, json|''...}. */
const FIND = lua(`
if redis.call('EXISTS', KEYS[2]) == 0 then return {0} end
local out = {1}
for i = 1, #ARGV do
  local id = redis.call('HGET', KEYS[1], ARGV[i])
  out[#out + 1] = (id and redis.call('HGET', KEYS[1], 'd:' .. id)) or ''
end
return out
`);

/**
 * KEYS: hash, order. ARGV: nowMs, limit, startingAfter|'', listSource|'', entryId|''. Newest first,
 * at most limit + 1 JSON values (the extra one says another page follows).
 */
const LIST = lua(`
local ids = redis.call('ZREVRANGEBYSCORE', KEYS[2], '+inf', '(' .. ARGV[1])
local started = ARGV[3] == ''
local out = {}
for _, id in ipairs(ids) do
  if not started then
    started = id == ARGV[3]
  else
    local json = redis.call('HGET', KEYS[1], 'd:' .. id)
    if json then
      local keep = true
      if ARGV[4] ~= '' or ARGV[5] ~= '' then
        local d = cjson.decode(json)
        keep = (ARGV[4] == '' or d.listSource == ARGV[4]) and (ARGV[5] == '' or d.entryId == ARGV[5])
      end
      if keep then
        out[#out + 1] = json
        if #out > tonumber(ARGV[2]) then break end
      end
    end
  end
end
return out
`);

/** KEYS: secret. ARGV: a fresh secret. Returns the stored one (first writer wins). */
const SECRET = lua(`
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
`);

const indexField = (ref: DecisionRef): string => `k:${ref.subjectKey}\t${ref.listSource}\t${ref.entryId}`;

/** The last two ARGV of a write script: the audit record's JSON and its expiry (ms). */
function auditTail(audit: AuditWrite): string[] {
  return [JSON.stringify(auditFields(audit.record)), String(audit.expiresAt.getTime())];
}

export class RedisDecisions {
  constructor(readonly client: RedisCommands, readonly prefix: string) {}

  #keys(accountId: string): string[] {
    return [`${this.prefix}{a:${accountId}}:dec`, `${this.prefix}{a:${accountId}}:decorder`];
  }

  /** The write scripts' keys: the decision keys, then the audit record (redis-records.ts RedisKeys.audit). */
  #writeKeys(accountId: string, audit: AuditWrite): string[] {
    return [...this.#keys(accountId), `${this.prefix}{a:${accountId}}:audit:${audit.record.requestId}`];
  }

  async secret(accountId: string): Promise<string> {
    return String(await runScript(this.client, SECRET, [`${this.prefix}{a:${accountId}}:decsecret`], [randomBytes(32).toString('hex')]));
  }

  async put(decision: StoredDecision, limit: number, now: Date, audit: AuditWrite): Promise<PutDecisionResult> {
    const args = [String(now.getTime()), String(limit), decision.decisionId, indexField(decision), JSON.stringify(decision), String(Date.parse(decision.expiresAt))];
    args.push(...auditTail(audit));
    const [ok, detail] = (await runScript(this.client, PUT, this.#writeKeys(decision.accountId, audit), args)) as [number, string | number | null];
    if (ok === 1) return { ok: true, replaced: typeof detail === 'string' ? detail : null };
    return { ok: false, code: 'decision_limit_reached', count: Number(detail) };
  }

  async find(accountId: string, refs: readonly DecisionRef[], now: Date): Promise<DecisionLookup> {
    const reply = (await runScript(this.client, FIND, this.#keys(accountId), refs.map(indexField))) as [number, ...string[]];
    if (reply[0] === 0) return { any: false, found: refs.map(() => null) };
    return { any: true, found: reply.slice(1).map((json) => live(json as string, accountId, now)) };
  }

  async get(accountId: string, decisionId: string, now: Date): Promise<StoredDecision | null> {
    return live(await this.client.hGet(this.#keys(accountId)[0], `d:${decisionId}`), accountId, now);
  }

  async list(accountId: string, query: DecisionQuery, now: Date): Promise<{ data: StoredDecision[]; hasMore: boolean }> {
    const args = [String(now.getTime()), String(query.limit), query.startingAfter ?? '', query.listSource ?? '', query.entryId ?? ''];
    const reply = (await runScript(this.client, LIST, this.#keys(accountId), args)) as string[];
    const data = reply.map((json) => live(json, accountId, now)).filter((d): d is StoredDecision => d !== null);
    return { data: data.slice(0, query.limit), hasMore: data.length > query.limit };
  }

  async delete(accountId: string, decisionId: string, now: Date, audit: AuditWrite): Promise<StoredDecision | null> {
    const args = [String(now.getTime()), decisionId];
    args.push(...auditTail(audit));
    const reply = await runScript(this.client, DELETE, this.#writeKeys(accountId, audit), args);
    return live(typeof reply === 'string' ? reply : null, accountId, now);
  }
}

function live(json: string | null | undefined, accountId: string, now: Date): StoredDecision | null {
  if (json === null || json === undefined || json === '') return null;
  const d = JSON.parse(json) as StoredDecision;
  return d.accountId === accountId && Date.parse(d.expiresAt) > now.getTime() ? d : null;
}
