/**
 * The decision service's store traffic, counted on a real embedded store: nothing when a screening
 * matched nothing, one presence check and then nothing for EMPTY_TTL_MS when the account has no
 * decisions, and exactly one findDecisions for every lookup of an account with decisions, however
 * many subjects (batch slots) and matches it carries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLmdbStore } from '../store/lmdb/lmdb-store.js';
import type { Store } from '../store/types.js';
import { createDecisionService, EMPTY_TTL_MS, type DecisionService } from './decision-service.js';

let dir: string;
let store: Store;
let calls: string[];
let clock: Date;
let service: DecisionService;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rps-decisions-'));
  store = openLmdbStore({ dataDir: dir });
  calls = [];
  // Counts the store calls the service makes; each goes to the real store.
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(property));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  clock = new Date('2031-01-01T00:00:00Z');
  service = createDecisionService({ store: counted, now: () => clock, limit: 100, retentionDays: 365 });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ listSource: 'ofac-sdn', entryId: String(i) }));

describe('decision lookups per screening', () => {
  it('asks nothing when nothing matched', async () => {
    expect(await service.lookup('acct', [{ subject: { name: 'A B' }, entries: [] }])).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks once, then not again for a while, when the account has no decisions', async () => {
    expect(await service.lookup('acct', [{ subject: { name: 'A B' }, entries: entries(3) }])).toBeNull();
    expect(calls).toEqual(['findDecisions']);
    for (let i = 0; i < 5; i++) await service.lookup('acct', [{ subject: { name: 'A B' }, entries: entries(3) }]);
    expect(calls).toHaveLength(1);
    clock = new Date(clock.getTime() + EMPTY_TTL_MS + 1);
    await service.lookup('acct', [{ subject: { name: 'A B' }, entries: entries(3) }]);
    expect(calls).toHaveLength(2);
  });

  it('makes one round trip per lookup, a batch of many subjects and matches included', async () => {
    const made = await service.record({
      accountId: 'acct', keyId: 'k', subject: { name: 'Vladimir Putin' }, listSource: 'ofac-sdn', entryId: '7', entryVersion: 'e'.repeat(64), decision: 'false-positive',
    }, { requestId: 'req-1', bodySha256: 'c'.repeat(64) });
    expect(made.ok).toBe(true);
    calls = [];
    const items = [
      { subject: { name: 'PUTIN, Vladimir' }, entries: entries(10) },
      { subject: { name: 'Someone Else' }, entries: entries(10) },
      { subject: { name: 'vladimir putin' }, entries: entries(10) },
    ];
    const found = await service.lookup('acct', items);
    expect(calls).toEqual(['findDecisions']);
    expect(found?.map((slot) => slot.map((d) => d?.entryId ?? null).filter((x) => x !== null))).toEqual([['7'], [], ['7']]);
  });
});
