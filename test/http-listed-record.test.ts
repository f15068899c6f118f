/**
 * Issue #15 over loopback HTTP on the real list snapshot and real Redis: the listed record
 * (GET /lists/{listSource}/entries/{entryId}) and identifier matching in POST /screen
 * (a vessel by its IMO number under another name, a person by passport number).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadListSet } from '../src/lists/catalog.js';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';
import { SNAPSHOT_DIR, describeShared } from './support/shared.js';

const BASE = '/sanctions-screening/v1';
/** ofac-sdn 15036: the tanker ARTAVIL (f.k.a. ABADAN, SHONA), IMO 9187629, MMSI 572469210, call sign T2EU4. */
const ARTAVIL = { listSource: 'ofac-sdn', entryId: '15036' };
/** ofac-sdn 2676: AL ZAWAHIRI, Dr. Ayman, Passport 1084010 (Egypt), alt. Passport 19820215. */
const ZAWAHIRI = { listSource: 'ofac-sdn', entryId: '2676' };

type Match = { listSource: string; entryId: string; confidence: number; evidence: Array<{ field: string; weight: number; detail?: string }> };

let server: TestServer;
let token: string;
let keyId: string;

const screen = async (json: unknown) => {
  const r = await call(server.url, 'POST', `${BASE}/screen`, { token, json });
  expect(r.status).toBe(200);
  return r.body as { matches: Match[]; summary: { recommendedAction: string } };
};
const find = (matches: Match[], ref: { listSource: string; entryId: string }) =>
  matches.find((m) => m.listSource === ref.listSource && m.entryId === ref.entryId);

describeShared('listed record and identifiers on the real snapshot (issue #15)', () => {
  beforeAll(async () => {
    server = await startTestServer({ lists: await loadListSet({ dir: SNAPSHOT_DIR }) });
    const key = await createKey(server, 'acct-listed-record', { monthlyLimit: 1000 });
    token = key.token;
    keyId = key.keyId;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('GET .../entries/{entryId} answers the entry as listed, with rate-limit headers and no quota unit', async () => {
    const before = await server.services.state.quota.peek({ keyId, accountId: 'acct-listed-record' }, 'sanctions-screening', 1000);
    const r = await call(server.url, 'GET', `${BASE}/lists/ofac-sdn/entries/15036`, { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ...ARTAVIL,
      kind: 'vessel',
      names: [
        { name: 'ARTAVIL', type: 'primary' },
        { name: 'ABADAN', type: 'fka' },
        { name: 'SHONA', type: 'fka' },
        { name: 'ALPHA', type: 'fka', lowQuality: true },
      ],
      identifiers: [
        { type: 'imo', listedType: 'Vessel Registration Identification', value: 'IMO 9187629' },
        { type: 'mmsi', listedType: 'MMSI', value: '572469210' },
        { type: 'call-sign', listedType: 'Call Sign', value: 'T2EU4' },
      ],
      programs: ['IRAN'],
      details: { vesselFlag: 'Iran', vesselType: 'Crude/Oil Products Tanker' },
    });
    expect(r.body.remarks).toContain('Linked To: NATIONAL IRANIAN TANKER COMPANY');
    // Fields the list does not carry are absent, not empty.
    expect(r.body).not.toHaveProperty('datesOfBirth');
    expect(r.body).not.toHaveProperty('addresses');
    expect(r.body.publishedAt).toBe(server.services.lists.catalog()?.find((c) => c.source === 'ofac-sdn')?.publishedAt);
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000');
    const after = await server.services.state.quota.peek({ keyId, accountId: 'acct-listed-record' }, 'sanctions-screening', 1000);
    expect(after.used).toBe(before.used);
  });

  it('a person: dates and places of birth, passports with their issuing country, title, gender', async () => {
    const r = await call(server.url, 'GET', `${BASE}/lists/ofac-sdn/entries/2686`, { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      kind: 'individual',
      placesOfBirth: ['Al Basuriyah, Lebanon'],
      gender: 'male',
      title: 'Secretary General of Hizballah',
      identifiers: [{ type: 'passport', listedType: 'Passport', value: '042833', country: 'LB' }],
      addresses: [{ country: 'LB' }],
    });
    expect(r.body.datesOfBirth[0]).toEqual({ text: '31 Aug 1960', from: '1960-08-31', to: '1960-08-31', precision: 'day', approximate: false });
  });

  it("every match's entryId resolves, and the record carries the matched name", async () => {
    const answers = await Promise.all(
      ['Banco Nacional de Cuba', 'Ayman al-Zawahiri', 'Huawei Technologies', 'Rosneft', 'ARTAVIL'].map((name) => screen({ name, limit: 50 })),
    );
    const matches = answers.flatMap((a) => a.matches as Array<Match & { matchedName: string }>);
    expect(new Set(matches.map((m) => m.listSource)).size).toBeGreaterThan(2);
    for (const m of matches) {
      const r = await call(server.url, 'GET', `${BASE}/lists/${m.listSource}/entries/${encodeURIComponent(m.entryId)}`, { token });
      expect(r.status, `${m.listSource}/${m.entryId}`).toBe(200);
      expect(r.body.names.map((n: { name: string }) => n.name)).toContain(m.matchedName);
    }
  });

  it('404 unknown_list and entry_not_found; 401 without a key', async () => {
    const list = await call(server.url, 'GET', `${BASE}/lists/ofac-xyz/entries/15036`, { token });
    expect(list.status).toBe(404);
    expect(list.body.error.code).toBe('unknown_list');
    const entry = await call(server.url, 'GET', `${BASE}/lists/bis-entity/entries/15036`, { token });
    expect(entry.status).toBe(404);
    expect(entry.body.error.code).toBe('entry_not_found');
    const anonymous = await call(server.url, 'GET', `${BASE}/lists/ofac-sdn/entries/15036`);
    expect(anonymous.status).toBe(401);
  });

  it('a renamed vessel is found by its IMO number, written any usual way, and goes to manual review', async () => {
    const renamed = { name: 'Ocean Harmony', kind: 'vessel' };
    const without = await screen(renamed);
    expect(find(without.matches, ARTAVIL)).toBeUndefined();
    for (const value of ['IMO 9187629', 'imo9187629', '9187-629', 'IMO: 9187629']) {
      const answer = await screen({ ...renamed, identifiers: [{ type: 'imo', value }] });
      const match = find(answer.matches, ARTAVIL);
      expect(match, value).toBeDefined();
      expect(match?.evidence).toContainEqual(expect.objectContaining({ field: 'identifiers', weight: 0.85 }));
      expect(answer.summary.recommendedAction).toBe('manual-review');
    }
    const byMmsi = await screen({ ...renamed, identifiers: [{ type: 'mmsi', value: '572 469 210' }] });
    expect(find(byMmsi.matches, ARTAVIL)).toBeDefined();
    const byCallSign = await screen({ ...renamed, identifiers: [{ type: 'call-sign', value: 't2eu4' }] });
    expect(find(byCallSign.matches, ARTAVIL)).toBeDefined();
  });

  it('never fuzzily, never across incompatible types or issuing countries', async () => {
    const renamed = { name: 'Ocean Harmony', kind: 'vessel' };
    const oneOff = await screen({ ...renamed, identifiers: [{ type: 'imo', value: 'IMO 9187628' }] });
    expect(find(oneOff.matches, ARTAVIL)).toBeUndefined();
    const wrongType = await screen({ ...renamed, identifiers: [{ type: 'passport', value: '9187629' }] });
    expect(find(wrongType.matches, ARTAVIL)).toBeUndefined();
    const other = await screen({ ...renamed, identifiers: [{ type: 'other', value: '9187629' }] });
    expect(find(other.matches, ARTAVIL)).toBeDefined();
    const person = { name: 'Karl Obermeier', identifiers: [{ type: 'passport', value: '1084010', country: 'FR' }] };
    expect(find((await screen(person)).matches, ZAWAHIRI)).toBeUndefined();
  });

  it('a person by passport number: found under another name; with the name it corroborates block', async () => {
    const passport = { type: 'passport', value: '1084010', country: 'EG' };
    const otherName = await screen({ name: 'Karl Obermeier', identifiers: [passport] });
    expect(find(otherName.matches, ZAWAHIRI)).toBeDefined();
    expect(otherName.summary.recommendedAction).toBe('manual-review');
    const nameOnly = await screen({ name: 'Ayman al-Zawahiri' });
    expect(nameOnly.summary.recommendedAction).toBe('manual-review');
    const withPassport = await screen({ name: 'Ayman al-Zawahiri', identifiers: [passport] });
    expect(withPassport.summary.recommendedAction).toBe('block');
    const top = find(withPassport.matches, ZAWAHIRI);
    expect(top?.evidence.find((e) => e.field === 'identifiers')).toMatchObject({ weight: expect.any(Number), detail: 'same passport as listed (Passport)' });
    expect(top?.evidence.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(top!.confidence, 3);
    // A passport the list does not know neither helps nor hurts.
    const unknown = await screen({ name: 'Ayman al-Zawahiri', identifiers: [{ type: 'passport', value: 'X7731904' }] });
    expect(find(unknown.matches, ZAWAHIRI)?.evidence).toContainEqual({ field: 'identifiers', weight: 0, detail: 'listed identifiers of this type differ' });
    expect(unknown.summary.recommendedAction).toBe('manual-review');
  });

  it('place of birth (our extension) is evidence: the same place raises the confidence, another lowers it', async () => {
    const evidenceOf = async (placeOfBirth: string) =>
      find((await screen({ name: 'Ayman al-Zawahiri', placeOfBirth })).matches, ZAWAHIRI)?.evidence.find((e) => e.field === 'placeOfBirth');
    expect(await evidenceOf('Giza')).toEqual({ field: 'placeOfBirth', weight: 0.03, detail: 'same place of birth' });
    expect(await evidenceOf('Cairo, Egypt')).toEqual({ field: 'placeOfBirth', weight: 0.01, detail: 'same country of birth, another place' });
    expect(await evidenceOf('Lyon, France')).toEqual({ field: 'placeOfBirth', weight: -0.05, detail: 'different place of birth' });
  });

  it('400 for more than 20 identifiers, an unknown type or a value over 100 characters', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ type: 'passport', value: `P${1000 + i}` }));
    const twenty = await call(server.url, 'POST', `${BASE}/screen`, { token, json: { name: 'Ocean Harmony', identifiers: many.slice(0, 20) } });
    expect(twenty.status).toBe(200);
    for (const identifiers of [many, [{ type: 'ssn-ish', value: '1234' }], [{ type: 'imo', value: '9'.repeat(101) }], [{ type: 'imo', value: '   ' }]]) {
      const r = await call(server.url, 'POST', `${BASE}/screen`, { token, json: { name: 'Ocean Harmony', identifiers } });
      expect(r.status).toBe(400);
      expect(r.body.error.details[0].field).toMatch(/^identifiers/);
    }
  });
});
