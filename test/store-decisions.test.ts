/**
 * Decisions on matches, one contract on every store: the embedded lmdb store, one Redis and a
 * 3-master Redis Cluster (started by this file), each with a second store object on the same data
 * where it matters (a second thread, a second instance).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditWrite, DecisionRef, Store, StoredDecision } from '../src/store/types.js';
import { storeHarnesses, type StoreHarness } from './store-harness.js';

const NOW = new Date('2031-03-10T12:00:00.000Z');
const DAY_MS = 24 * 3600_000;

let serial = 0;
function decision(accountId: string, overrides: Partial<StoredDecision> = {}): StoredDecision {
  serial++;
  const decidedAt = new Date(NOW.getTime() + serial * 1000);
  return {
    decisionId: randomUUID(),
    accountId,
    subjectKey: `${'ab'.repeat(31)}${String(serial % 100).padStart(2, '0')}`,
    listSource: 'ofac-sdn',
    entryId: String(1000 + serial),
    entryVersion: 'e'.repeat(64),
    decision: 'false-positive',
    reference: `CASE-${serial}`,
    decidedAt: decidedAt.toISOString(),
    keyId: randomUUID(),
    expiresAt: new Date(decidedAt.getTime() + 365 * DAY_MS).toISOString(),
    ...overrides,
  };
}

/** The audit record of one create or delete (API.md: each is audited by its requestId). */
function audited(accountId = 'acct-audit'): AuditWrite {
  return { record: { requestId: randomUUID(), accountId, screenedAt: NOW.toISOString(), bodySha256: 'c'.repeat(64) }, expiresAt: new Date(NOW.getTime() + 30 * DAY_MS) };
}

/** A step the store refuses part-way: its audit expiry is no time (checked after the decision's own writes on lmdb). */
const failing = (accountId: string): AuditWrite => ({ ...audited(accountId), expiresAt: new Date(Number.NaN) });

const refOf = (d: StoredDecision): DecisionRef => ({ subjectKey: d.subjectKey, listSource: d.listSource, entryId: d.entryId });

describe.each(storeHarnesses())('decision store contract: %s', (_name, make) => {
  let harness: StoreHarness;
  let store: Store;

  beforeEach(async () => {
    harness = make();
    store = await harness.open();
  });
  afterEach(async () => harness.cleanup());

  it('creates one secret per account, the same for every store object, never another', async () => {
    const second = await harness.open();
    const [a, b] = await Promise.all([store.decisionSecret('acct-s'), second.decisionSecret('acct-s')]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    expect(await store.decisionSecret('acct-s')).toBe(a);
    expect(await store.decisionSecret('acct-t')).not.toBe(a);
  });

  it('stores, finds in one call, gets, lists and deletes; another account sees nothing', async () => {
    expect(await store.findDecisions('acct-d', [], NOW)).toEqual({ any: false, found: [] });
    const first = decision('acct-d');
    const second = decision('acct-d', { decision: 'true-match', reference: null, listSource: 'bis-entity' });
    expect(await store.putDecision(first, 10, NOW, audited())).toEqual({ ok: true, replaced: null });
    expect(await store.putDecision(second, 10, NOW, audited())).toEqual({ ok: true, replaced: null });
    const unknown = { ...refOf(first), entryId: 'nope' };
    expect(await store.findDecisions('acct-d', [refOf(second), unknown, refOf(first)], NOW)).toEqual({ any: true, found: [second, null, first] });
    expect(await store.findDecisions('acct-other', [refOf(first)], NOW)).toEqual({ any: false, found: [null] });
    expect(await store.getDecision('acct-d', first.decisionId, NOW)).toEqual(first);
    expect(await store.getDecision('acct-other', first.decisionId, NOW)).toBeNull();
    expect(await store.listDecisions('acct-d', { limit: 10 }, NOW)).toEqual({ data: [second, first], hasMore: false });
    expect(await store.listDecisions('acct-other', { limit: 10 }, NOW)).toEqual({ data: [], hasMore: false });
    expect(await store.deleteDecision('acct-other', first.decisionId, NOW, audited())).toBeNull();
    expect(await store.deleteDecision('acct-d', first.decisionId, NOW, audited())).toEqual(first);
    expect(await store.deleteDecision('acct-d', first.decisionId, NOW, audited())).toBeNull();
    expect((await store.findDecisions('acct-d', [refOf(first), refOf(second)], NOW)).found).toEqual([null, second]);
  });

  it('replaces the decision on the same subject and entry, and a second store object sees it', async () => {
    const first = decision('acct-r');
    await store.putDecision(first, 10, NOW, audited());
    const again = decision('acct-r', { ...refOf(first), decision: 'true-match' });
    const other = await harness.open();
    expect(await other.putDecision(again, 10, NOW, audited())).toEqual({ ok: true, replaced: first.decisionId });
    expect((await store.findDecisions('acct-r', [refOf(first)], NOW)).found).toEqual([again]);
    expect(await store.getDecision('acct-r', first.decisionId, NOW)).toBeNull();
    expect((await store.listDecisions('acct-r', { limit: 10 }, NOW)).data).toEqual([again]);
  });

  it('refuses past the cap, counting only live decisions, also under concurrent writers', async () => {
    const other = await harness.open();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? store : other).putDecision(decision('acct-c'), 3, NOW, audited())));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, code: 'decision_limit_reached', count: 3 });
    const [kept] = (await store.listDecisions('acct-c', { limit: 1 }, NOW)).data;
    // At the cap, a decision that replaces one is still taken.
    expect((await store.putDecision(decision('acct-c', refOf(kept)), 3, NOW, audited())).ok).toBe(true);
    // An expired decision counts no more: after the retention, the account has room again.
    const later = new Date(NOW.getTime() + 400 * DAY_MS);
    const fresh = decision('acct-c', { decidedAt: later.toISOString(), expiresAt: new Date(later.getTime() + DAY_MS).toISOString() });
    expect(await store.putDecision(fresh, 3, later, audited())).toEqual({ ok: true, replaced: null });
    expect((await store.listDecisions('acct-c', { limit: 10 }, later)).data).toEqual([fresh]);
  });

  it('never answers an expired decision', async () => {
    const d = decision('acct-e', { expiresAt: new Date(NOW.getTime() + DAY_MS).toISOString() });
    await store.putDecision(d, 10, NOW, audited());
    const after = new Date(NOW.getTime() + 2 * DAY_MS);
    expect((await store.findDecisions('acct-e', [refOf(d)], after)).found).toEqual([null]);
    expect(await store.getDecision('acct-e', d.decisionId, after)).toBeNull();
    expect((await store.listDecisions('acct-e', { limit: 10 }, after)).data).toEqual([]);
    expect(await store.deleteDecision('acct-e', d.decisionId, after, audited())).toBeNull();
    await store.purgeExpired(after);
    expect(await store.getDecision('acct-e', d.decisionId, NOW)).toBeNull();
  });

  it('pages newest first with startingAfter and filters by list and entry', async () => {
    const made: StoredDecision[] = [];
    for (let i = 0; i < 5; i++) {
      const d = decision('acct-p', { listSource: i % 2 === 0 ? 'ofac-sdn' : 'bis-entity', entryId: i < 2 ? 'E1' : `E${i}` });
      made.push(d);
      await store.putDecision(d, 10, NOW, audited());
    }
    const newestFirst = [...made].reverse();
    const page1 = await store.listDecisions('acct-p', { limit: 2 }, NOW);
    expect(page1).toEqual({ data: newestFirst.slice(0, 2), hasMore: true });
    const page2 = await store.listDecisions('acct-p', { limit: 2, startingAfter: page1.data[1].decisionId }, NOW);
    expect(page2).toEqual({ data: newestFirst.slice(2, 4), hasMore: true });
    const page3 = await store.listDecisions('acct-p', { limit: 2, startingAfter: page2.data[1].decisionId }, NOW);
    expect(page3).toEqual({ data: newestFirst.slice(4), hasMore: false });
    expect((await store.listDecisions('acct-p', { limit: 10, listSource: 'bis-entity' }, NOW)).data).toEqual([made[3], made[1]]);
    expect((await store.listDecisions('acct-p', { limit: 10, listSource: 'ofac-sdn', entryId: 'E1' }, NOW)).data).toEqual([made[0]]);
  });

  it('writes a create or a delete and its audit record in one step: both, or after a failure neither', async () => {
    const kept = decision('acct-a');
    const created = audited('acct-a');
    expect(await store.putDecision(kept, 2, NOW, created)).toEqual({ ok: true, replaced: null });
    expect(await store.getAudit('acct-a', created.record.requestId, NOW)).toEqual(created.record);

    const broken = failing('acct-a');
    const lost = decision('acct-a');
    await expect(store.putDecision(lost, 2, NOW, broken)).rejects.toThrow();
    await expect(store.putDecision(decision('acct-a', refOf(kept)), 2, NOW, broken)).rejects.toThrow();
    await expect(store.deleteDecision('acct-a', kept.decisionId, NOW, broken)).rejects.toThrow();
    expect(await store.getDecision('acct-a', lost.decisionId, NOW)).toBeNull();
    expect((await store.listDecisions('acct-a', { limit: 10 }, NOW)).data).toEqual([kept]);
    expect((await store.findDecisions('acct-a', [refOf(kept)], NOW)).found).toEqual([kept]);
    expect(await store.getAudit('acct-a', broken.record.requestId, NOW)).toBeNull();

    // A failing step committed together with a sound one (lmdb batches one event-loop turn) takes only itself down.
    const sound = decision('acct-a');
    const soundAudit = audited('acct-a');
    const [ok, bad] = await Promise.allSettled([store.putDecision(sound, 3, NOW, soundAudit), store.putDecision(decision('acct-a'), 3, NOW, failing('acct-a'))]);
    expect(ok).toEqual({ status: 'fulfilled', value: { ok: true, replaced: null } });
    expect(bad.status).toBe('rejected');
    expect(await store.getAudit('acct-a', soundAudit.record.requestId, NOW)).toEqual(soundAudit.record);

    // Refused at the cap, or nothing to delete: no audit record either.
    const refused = audited('acct-a');
    expect((await store.putDecision(decision('acct-a'), 2, NOW, refused)).ok).toBe(false);
    const deleted = audited('acct-a');
    expect(await store.deleteDecision('acct-a', kept.decisionId, NOW, deleted)).toEqual(kept);
    const again = audited('acct-a');
    expect(await store.deleteDecision('acct-a', kept.decisionId, NOW, again)).toBeNull();
    expect(await store.getAudit('acct-a', deleted.record.requestId, NOW)).toEqual(deleted.record);
    for (const none of [refused, again]) expect(await store.getAudit('acct-a', none.record.requestId, NOW)).toBeNull();
  });
});
