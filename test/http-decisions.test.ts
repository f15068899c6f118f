/**
 * Decisions that stick (issue 30), over real HTTP on the embedded store, one Redis and a 3-master
 * Redis Cluster: screen a subject, record false-positive decisions on what it matched, screen again
 * (each match listed with its decision, action clear), change one of those entries in a list refresh
 * (its decision lapsed, action back to manual-review). Also: the decision routes' validation, 404 to
 * another account, the audit record of a create and a delete, a batch, and the per-account cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoadedListSet } from '../src/lists/catalog.js';
import { installListSet } from '../src/server/bootstrap.js';
import { createLogger } from '../src/server/logging/logger.js';
import { call, createKey, sampleLists, startTestServer, type TestServer } from './support/http-harness.js';
import { useRedisCluster } from './support/redis-url.js';

const BASE = '/sanctions-screening/v1';
const clusterUrl = useRedisCluster();
const quiet = createLogger({ level: 'silent', destination: { write: () => undefined } });

/** A listed individual's name written "SURNAME, Given", and its words reversed and lower-cased. */
async function subjectNames(): Promise<{ listed: string; reordered: string }> {
  const set = await sampleLists();
  const person = set.entries.find((e) => e.listSource === 'ofac-sdn' && e.kind === 'individual' && /^[A-Z]+, [A-Z][a-z]+$/.test(e.name));
  if (person === undefined) throw new Error('the sample has no OFAC individual named "SURNAME, Given"');
  const [surname, given] = person.name.split(', ');
  return { listed: person.name, reordered: `${given.toLowerCase()} ${surname.toLowerCase()}` };
}

/** The sample set with one entry's content changed (a program added), as a refresh would load it. */
async function withChangedEntry(listSource: string, entryId: string): Promise<LoadedListSet> {
  const set = await sampleLists();
  const entries = set.entries.map((e) => (e.listSource === listSource && e.entryId === entryId ? { ...e, programs: [...e.programs, 'CHANGED-IN-TEST'] } : e));
  return { ...set, entries, fingerprint: `${set.fingerprint}-changed`, loadedAt: new Date().toISOString() };
}

const STORES = [
  ['lmdb', () => startTestServer({ store: 'lmdb' })],
  ['redis', () => startTestServer()],
  ['redis-cluster', () => startTestServer({ env: { REDIS_URL: clusterUrl() } })],
] as const;

describe.each(STORES)('decisions that stick: %s', (_name, start) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
  }, 60_000);
  afterAll(async () => server?.close());

  it('a false-positive clears the action while the entry is unchanged, and lapses when it changes', async () => {
    const key = await createKey(server, 'acct-dec');
    const { listed, reordered } = await subjectNames();
    const subject = { name: listed, kind: 'individual' };
    const first = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: subject });
    expect(first.status).toBe(200);
    expect(first.body.summary.recommendedAction).toBe('manual-review');
    const reviewed = first.body.matches.filter((m: any) => m.confidence >= first.body.summary.anyMatchAbove);
    expect(reviewed.length).toBeGreaterThan(0);
    for (const m of first.body.matches) expect(m.decision).toBeUndefined();

    // The subject written another way ("given surname", lower case) is the same subject.
    const made = [];
    for (const m of reviewed) {
      const r = await call(server.url, 'POST', `${BASE}/decisions`, {
        token: key.token,
        json: { subject: { name: reordered, kind: 'individual' }, listSource: m.listSource, entryId: m.entryId, decision: 'false-positive', reference: 'CASE-30.1' },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ listSource: m.listSource, entryId: m.entryId, decision: 'false-positive', reference: 'CASE-30.1', keyId: key.keyId });
      expect(r.body.subjectKey).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(r.body)).not.toContain(reordered.split(' ')[0]);
      made.push(r.body);
    }

    const second = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: subject });
    expect(second.body.summary.recommendedAction).toBe('clear');
    for (const d of made) {
      const m = second.body.matches.find((x: any) => x.listSource === d.listSource && x.entryId === d.entryId);
      expect(m, 'the decided match stays listed').toBeDefined();
      expect(m.decision).toEqual({ decisionId: d.decisionId, decision: 'false-positive', decidedAt: d.decidedAt, reference: 'CASE-30.1', lapsed: false });
      expect(m.evidence.length).toBeGreaterThan(0);
    }
    // Another subject (a date of birth added) is another key: no decision applies.
    const other = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: { ...subject, dateOfBirth: '1950-01-01' } });
    expect(other.body.matches.every((m: any) => m.decision === undefined)).toBe(true);
    // The batch: one store round trip for its slots, the decision on the slot of that subject only.
    const batch = await call(server.url, 'POST', `${BASE}/screen/batch`, { token: key.token, json: [subject, { ...subject, nationality: 'ZW' }] });
    expect(batch.body[0].summary.recommendedAction).toBe('clear');
    expect(batch.body[1].summary.recommendedAction).not.toBe('clear');

    // A refresh changes the first decided entry: that decision lapses and the action is back.
    const changed = made[0];
    await installListSet(server.services.lists, await withChangedEntry(changed.listSource, changed.entryId), quiet);
    const third = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: subject });
    expect(third.body.summary.recommendedAction).toBe('manual-review');
    const lapsed = third.body.matches.find((x: any) => x.listSource === changed.listSource && x.entryId === changed.entryId);
    expect(lapsed.decision).toMatchObject({ decisionId: changed.decisionId, lapsed: true });
    await installListSet(server.services.lists, await sampleLists(), quiet);
  });

  it('a true-match forces at least manual-review whatever the threshold', async () => {
    const key = await createKey(server, 'acct-true');
    const { listed } = await subjectNames();
    const subject = { name: listed, kind: 'individual', threshold: 0.99 };
    const first = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: subject });
    expect(first.body.summary.recommendedAction).toBe('clear');
    const top = first.body.matches[0];
    const r = await call(server.url, 'POST', `${BASE}/decisions`, {
      token: key.token, json: { subject: { name: listed, kind: 'individual' }, listSource: top.listSource, entryId: top.entryId, decision: 'true-match' },
    });
    expect(r.status).toBe(200);
    expect(r.body.reference).toBeNull();
    const second = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: subject });
    expect(second.body.summary.recommendedAction).toBe('manual-review');
    expect(second.body.matches[0].decision).toMatchObject({ decision: 'true-match', lapsed: false });
  });

  it("lists, deletes and audits; another account's decision answers 404 and never applies", async () => {
    const key = await createKey(server, 'acct-own');
    const stranger = await createKey(server, 'acct-stranger');
    const { listed } = await subjectNames();
    const subject = { name: listed, kind: 'individual' };
    const top = (await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: subject })).body.matches[0];
    const created = await call(server.url, 'POST', `${BASE}/decisions`, {
      token: key.token, json: { subject, listSource: top.listSource, entryId: top.entryId, decision: 'false-positive', reference: 'A-1' },
    });
    expect(created.headers.get('x-ratelimit-limit')).not.toBeNull();
    const id = created.body.decisionId;
    const audit = await call(server.url, 'GET', `${BASE}/audit/${created.headers.get('x-request-id')}`, { token: key.token });
    expect(audit.status).toBe(200);

    const theirs = await call(server.url, 'POST', `${BASE}/screen`, { token: stranger.token, json: subject });
    expect(theirs.body.matches.every((m: any) => m.decision === undefined)).toBe(true);
    expect((await call(server.url, 'GET', `${BASE}/decisions`, { token: stranger.token })).body).toEqual({ data: [], hasMore: false });
    expect((await call(server.url, 'DELETE', `${BASE}/decisions/${id}`, { token: stranger.token })).status).toBe(404);

    const listedPage = await call(server.url, 'GET', `${BASE}/decisions?listSource=${top.listSource}&entryId=${encodeURIComponent(top.entryId)}&limit=5`, { token: key.token });
    expect(listedPage.body.data.map((d: any) => d.decisionId)).toEqual([id]);
    const deleted = await call(server.url, 'DELETE', `${BASE}/decisions/${id}`, { token: key.token });
    expect(deleted.status).toBe(200);
    expect((await call(server.url, 'GET', `${BASE}/audit/${deleted.headers.get('x-request-id')}`, { token: key.token })).status).toBe(200);
    expect((await call(server.url, 'DELETE', `${BASE}/decisions/${id}`, { token: key.token })).body.error.code).toBe('decision_not_found');
    const after = await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: subject });
    expect(after.body.matches.every((m: any) => m.decision === undefined)).toBe(true);
  });

  it("the key page's routes: /me/decisions pages and deletes with a session token (audited), refuses an API key, sees no other account's", async () => {
    const key = await createKey(server, 'acct-me');
    const { listed } = await subjectNames();
    const subject = { name: listed, kind: 'individual' };
    const top = (await call(server.url, 'POST', `${BASE}/screen`, { token: key.token, json: subject })).body.matches[0];
    const ids: string[] = [];
    for (const reference of ['M-1', 'M-2', 'M-3']) {
      const made = await call(server.url, 'POST', `${BASE}/decisions`, {
        token: key.token, json: { subject: { ...subject, name: `${listed} ${reference}` }, listSource: top.listSource, entryId: top.entryId, decision: 'false-positive', reference },
      });
      ids.unshift(made.body.decisionId);
    }
    const session = await server.session('acct-me');
    const page1 = await call(server.identityUrl, 'GET', '/me/decisions?limit=2', { token: session });
    expect(page1.body.data.map((d: any) => d.decisionId)).toEqual(ids.slice(0, 2));
    expect(page1.body.hasMore).toBe(true);
    const page2 = await call(server.identityUrl, 'GET', `/me/decisions?limit=2&startingAfter=${ids[1]}`, { token: session });
    expect(page2.body).toMatchObject({ data: [{ decisionId: ids[2] }], hasMore: false });
    expect((await call(server.identityUrl, 'GET', '/me/decisions?limit=0', { token: session })).status).toBe(400);
    expect((await call(server.identityUrl, 'GET', '/me/decisions', { token: key.token })).status).toBe(401);
    expect((await call(server.url, 'GET', `${BASE}/decisions`, { token: session })).status).toBe(401);

    const other = await server.session('acct-me-other');
    expect((await call(server.identityUrl, 'GET', '/me/decisions', { token: other })).body).toEqual({ data: [], hasMore: false });
    expect((await call(server.identityUrl, 'DELETE', `/me/decisions/${ids[0]}`, { token: other })).body.error.code).toBe('decision_not_found');
    const deleted = await call(server.identityUrl, 'DELETE', `/me/decisions/${ids[0]}`, { token: session });
    expect(deleted.body.decisionId).toBe(ids[0]);
    expect((await call(server.url, 'GET', `${BASE}/audit/${deleted.headers.get('x-request-id')}`, { token: key.token })).status).toBe(200);
    expect((await call(server.url, 'GET', `${BASE}/decisions`, { token: key.token })).body.data.map((d: any) => d.decisionId)).toEqual(ids.slice(1));
  });

  it('validates strictly: no free text, a case reference of 1..64 [A-Za-z0-9._:-], a listed entry', async () => {
    const key = await createKey(server, 'acct-valid');
    const good = { subject: { name: 'Someone Else' }, listSource: 'ofac-sdn', entryId: (await sampleLists()).entries.find((e) => e.listSource === 'ofac-sdn')!.entryId, decision: 'false-positive' };
    const cases: [unknown, string][] = [
      [{ ...good, reference: 'has space' }, 'reference'],
      [{ ...good, reference: 'x'.repeat(65) }, 'reference'],
      [{ ...good, note: 'free text' }, 'note'],
      [{ ...good, decision: 'maybe' }, 'decision'],
      [{ ...good, subject: { name: 'A', address: { city: 'X' } } }, 'subject.address'],
      [{ ...good, subject: { name: '  ' } }, 'subject.name'],
    ];
    for (const [json, field] of cases) {
      const r = await call(server.url, 'POST', `${BASE}/decisions`, { token: key.token, json });
      expect(r.status, field).toBe(400);
      expect(r.body.error.details.map((d: any) => d.field)).toContain(field);
    }
    expect((await call(server.url, 'POST', `${BASE}/decisions`, { token: key.token, json: { ...good, entryId: 'no-such-entry' } })).body.error.code).toBe('entry_not_found');
    expect((await call(server.url, 'GET', `${BASE}/decisions?limit=0`, { token: key.token })).status).toBe(400);
  });
});

describe('the per-account cap', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ store: 'lmdb', env: { DECISIONS_LIMIT: '2' } });
  });
  afterAll(async () => server?.close());

  it('answers 409 decision_limit_reached past DECISIONS_LIMIT; replacing one is still taken', async () => {
    const key = await createKey(server, 'acct-cap');
    const entryId = (await sampleLists()).entries.find((e) => e.listSource === 'ofac-sdn')!.entryId;
    const make = (name: string) => call(server.url, 'POST', `${BASE}/decisions`, {
      token: key.token, json: { subject: { name }, listSource: 'ofac-sdn', entryId, decision: 'false-positive' },
    });
    expect((await make('First Person')).status).toBe(200);
    expect((await make('Second Person')).status).toBe(200);
    const refused = await make('Third Person');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('decision_limit_reached');
    expect((await make('person first')).status).toBe(200);
  });
});
