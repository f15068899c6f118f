/**
 * The changes feed and delta screening (issue 29 point 4; API.md "List versions, reconstruction and
 * changes") on the whole service (list pipeline, version archive, HTTP over loopback): lists refreshed
 * from the July 2021 SDN files to the snapshot's, `GET /lists/changes` gives exactly the diff counted
 * here independently (both file sets parsed by the loader, entries compared by id and by their whole
 * content), by listsVersion and by time; `changedSince` screens the entries added or changed only;
 * a `since` older than the archive answers 410, a malformed one 400; and a restart on the same content
 * keeps its versionSince (the archive remembers it).
 */
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerScreenCommand } from '../src/cli/screen-command.js';
import { loadConfig } from '../src/config.js';
import { mintSessionToken } from '../src/identity/session-token.js';
import { VersionArchive } from '../src/lists/archive/version-archive.js';
import type { ListEntry } from '../src/lists/model.js';
import { readOfacLegacySet } from '../src/lists/ofac/legacy-csv.js';
import { canonicalJson, entryContent } from '../src/lists/versions.js';
import { createLogger } from '../src/server/logging/logger.js';
import { startService, type RunningService } from '../src/server/service.js';
import { worstBatch } from '../bench/support/adversarial.js';
import { call } from './support/http-harness.js';
import { describeShared, sharedPath } from './support/shared.js';

const BASE = '/sanctions-screening/v1';
const OLD = sharedPath('data/lists/ofac_sdn/2021-07-07');
const NEW = sharedPath('data/snapshot');
const SDN_FILES = ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'];
/** Ports of this test (the range given to this work: 7200-7299). */
const PORTS = [7201, 7202];

const readSdn = async (dir: string): Promise<ListEntry[]> =>
  (await readOfacLegacySet({ family: 'sdn', primary: `${dir}/sdn.csv`, add: `${dir}/add.csv`, alt: `${dir}/alt.csv`, comments: `${dir}/sdn_comments.csv` })).entries;

/** Counted here: ids only in the new set, only in the old, and in both with any content field different. */
function countDiff(before: readonly ListEntry[], after: readonly ListEntry[]): { added: string[]; changed: string[]; removed: string[] } {
  const content = (entries: readonly ListEntry[]): Map<string, string> => new Map(entries.map((e) => [e.entryId, canonicalJson(entryContent(e))]));
  const a = content(before);
  const b = content(after);
  const byId = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  return {
    added: [...b.keys()].filter((id) => !a.has(id)).sort(byId),
    changed: [...b.keys()].filter((id) => a.has(id) && a.get(id) !== b.get(id)).sort(byId),
    removed: [...a.keys()].filter((id) => !b.has(id)).sort(byId),
  };
}

function copySdn(from: string, to: string): void {
  for (const f of SDN_FILES) {
    copyFileSync(join(from, f), join(to, `${f}.tmp`));
    renameSync(join(to, `${f}.tmp`), join(to, f));
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeShared('changes feed and changedSince over a refresh of real SDN files', () => {
  const listsDir = mkdtempSync(join(tmpdir(), 'rps-changes-lists-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-changes-data-'));
  const secret = 'c'.repeat(64);
  let service: RunningService | null = null;
  /** Warnings and errors, printed when a test fails. */
  const logs: string[] = [];
  let url = '';
  let token = '';
  let oldEntries: ListEntry[];
  let newEntries: ListEntry[];

  async function start(port: number): Promise<void> {
    const config = loadConfig({
      PORT: String(port), LISTS_DIR: listsDir, DATA_DIR: dataDir, SESSION_JWT_SECRET: secret, 
      // A reload waits one interval at most for a file still being read: long enough for the SDN files on a busy machine.
      LISTS_REFRESH_INTERVAL_MS: '4000', LOG_LEVEL: 'warn',
      // The crafted batch of the pacing test is about 2 MB of JSON (multi-byte scripts).
      MAX_BODY_BYTES: String(8 * 2 ** 20),
    });
    service = await startService(config, createLogger({ level: 'warn', destination: new Writable({ write: (c, _e, done) => { logs.push(String(c)); done(); } }) }));
    await service.lists.first;
    url = `http://127.0.0.1:${service.port}`;
  }

  const sdnStatus = async (): Promise<{ version: string; versionSince: string; entryCount: number }> =>
    (await call(url, 'GET', `${BASE}/lists`, { token })).body.data.find((s: { source: string }) => s.source === 'ofac-sdn');

  let oldListsVersion = '';
  let between = '';
  let sdnAfter: { version: string; versionSince: string };

  beforeAll(async () => {
    oldEntries = await readSdn(OLD);
    newEntries = await readSdn(NEW);
    copySdn(OLD, listsDir);
    await start(PORTS[0]);
    const session = await mintSessionToken({ secret, accountId: 'acct-changes', ttlSeconds: 600 });
    token = (await call(url, 'POST', '/me/api-keys', { token: session, json: { name: 'k', allowedServiceIds: ['*'] } })).body.token;
    const first = await call(url, 'POST', `${BASE}/screen`, { token, json: { name: 'Nobody In Particular' } });
    oldListsVersion = first.body.coverage.listsVersion;
    const before = await sdnStatus();
    expect(before.entryCount).toBe(oldEntries.length);
    between = new Date().toISOString();
    copySdn(NEW, listsDir);
    await waitFor(async () => (await sdnStatus()).version !== before.version, 240_000, 'the refreshed SDN list');
    sdnAfter = await sdnStatus();
  }, 400_000);

  afterAll(async () => {
    if (logs.length > 0) console.log(logs.join('').slice(0, 4_000));
    await service?.close(1_000);
    rmSync(listsDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('GET /lists/changes gives exactly the diff counted independently, by listsVersion and by time', async () => {
    const expected = countDiff(oldEntries, newEntries);
    expect(expected.added.length).toBeGreaterThan(5_000);
    expect(expected.changed.length).toBeGreaterThan(800);
    expect(expected.removed.length).toBeGreaterThan(800);
    for (const since of [oldListsVersion, between]) {
      const r = await call(url, 'GET', `${BASE}/lists/changes?since=${encodeURIComponent(since)}`, { token });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      expect(r.body.from).toBe(oldListsVersion);
      const sdn = r.body.lists.find((l: { source: string }) => l.source === 'ofac-sdn');
      expect(sdn).toEqual({ source: 'ofac-sdn', fromVersion: expect.any(String), toVersion: sdnAfter.version, ...expected });
      // The other lists were missing before and after: nothing changed.
      for (const l of r.body.lists.filter((x: { source: string }) => x.source !== 'ofac-sdn')) expect(l).toMatchObject({ added: [], changed: [], removed: [] });
      // `to` is the next since: nothing changed since then.
      const next = await call(url, 'GET', `${BASE}/lists/changes?since=${r.body.to}`, { token });
      expect(next.body.lists.every((l: { added: string[]; changed: string[]; removed: string[] }) => l.added.length + l.changed.length + l.removed.length === 0)).toBe(true);
    }
  });

  it('shows the archive\'s size in the catalog and in /metrics', async () => {
    const sdn = (await call(url, 'GET', `${BASE}/lists`, { token })).body.data.find((s: { source: string }) => s.source === 'ofac-sdn');
    // Two versions kept (entries and hashes, compressed): about a megabyte each.
    expect(sdn.archiveBytes).toBeGreaterThan(1_000_000);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/rps_list_archive_bytes\{source="ofac-sdn"\} [1-9]\d{6,}/);
  });

  it('answers 410 list_version_gone for a since older than the archive or never served, 400 for a malformed one', async () => {
    for (const since of ['2001-01-01T00:00:00Z', '0123456789abcdef']) {
      const r = await call(url, 'GET', `${BASE}/lists/changes?since=${since}`, { token });
      expect([r.status, r.body.error.code]).toEqual([410, 'list_version_gone']);
    }
    for (const query of ['since=yesterday', 'since=2026-03-02', 'since=2026-03-02T00:00:00%2B01:00', '']) {
      const r = await call(url, 'GET', `${BASE}/lists/changes?${query}`, { token });
      expect([r.status, r.body.error.code, r.body.error.details[0].field], query).toEqual([400, 'invalid_request', 'since']);
    }
    expect((await call(url, 'GET', `${BASE}/lists/changes?since=${oldListsVersion}`)).status).toBe(401);
  });

  it('changedSince screens only the entries added or changed since; coverage says so; 410 for a since the archive does not reach', async () => {
    const { added, changed } = countDiff(oldEntries, newEntries);
    const addedEntry = newEntries.find((e) => e.entryId === added[0])!;
    const unchanged = newEntries.find((e) => e.kind === 'entity' && !added.includes(e.entryId) && !changed.includes(e.entryId) && e.name.length > 20)!;
    const screen = (name: string, changedSince?: string) =>
      call(url, 'POST', `${BASE}/screen`, { token, json: { name, lists: ['ofac-sdn'], ...(changedSince && { changedSince }) } });
    const ids = (r: { body: { matches: Array<{ entryId: string }> } }): string[] => r.body.matches.map((m) => m.entryId);

    const found = await screen(addedEntry.name, oldListsVersion);
    expect(found.status).toBe(200);
    expect(ids(found)).toContain(addedEntry.entryId);
    expect(found.body.coverage).toMatchObject({ changedSince: oldListsVersion, listsVersion: expect.any(String) });
    // Unchanged since: a full screening finds it, a changedSince screening does not.
    expect(ids(await screen(unchanged.name))).toContain(unchanged.entryId);
    const delta = await screen(unchanged.name, between);
    expect(ids(delta)).not.toContain(unchanged.entryId);
    expect(delta.body.coverage.changedSince).toBe(between);
    // Since the version served now: nothing is new.
    const none = await screen(addedEntry.name, found.body.coverage.listsVersion);
    expect([none.body.matches, none.body.summary.recommendedAction]).toEqual([[], 'clear']);

    const gone = await screen(addedEntry.name, '2001-01-01T00:00:00Z');
    expect([gone.status, gone.body.error.code]).toEqual([410, 'list_version_gone']);
    const malformed = await screen(addedEntry.name, 'last week');
    expect([malformed.status, malformed.body.error.details[0].field]).toEqual([400, 'changedSince']);
    const batch = await call(url, 'POST', `${BASE}/screen/batch`, {
      token, json: [{ name: addedEntry.name, changedSince: oldListsVersion }, { name: addedEntry.name, changedSince: 'fedcba9876543210' }, { name: addedEntry.name }],
    });
    expect(batch.status).toBe(200);
    expect(batch.body[0].matches.map((m: { entryId: string }) => m.entryId)).toContain(addedEntry.entryId);
    expect(batch.body[0].coverage.changedSince).toBe(oldListsVersion);
    expect(batch.body[1].error.code).toBe('list_version_gone');
    expect(batch.body[2].coverage).not.toHaveProperty('changedSince');
  });

  it('changedSince values resolving to the same list versions build the restricted index once, whatever their spelling or lists filter', async () => {
    // A caller varying changedSince by a millisecond, or its lists filter, must not make the serving
    // thread build an index per request (each of up to RESTRICTED_MAX entries costs hundreds of ms).
    const builds = async (): Promise<number> =>
      Number((await (await fetch(`${url}/metrics`)).text()).match(/^rps_changed_since_index_build_duration_seconds_count (\d+)/m)?.[1] ?? NaN);
    const name = newEntries.find((e) => e.kind === 'entity' && e.name.length > 20)!.name;
    const screen = (changedSince: string, lists?: string[]) =>
      call(url, 'POST', `${BASE}/screen`, { token, json: { name, changedSince, ...(lists && { lists }) } });
    const all = (await call(url, 'POST', `${BASE}/screen`, { token, json: { name } })).body.coverage.listsVersion;
    const sdnOnly = (await call(url, 'POST', `${BASE}/screen`, { token, json: { name, lists: ['ofac-sdn'] } })).body.coverage.listsVersion;
    const before = await builds();
    expect(before).toBeGreaterThanOrEqual(0);
    // Times a millisecond apart, all since the set served now began, and its listsVersions (of every list, of ofac-sdn):
    // one set of versions, nothing changed since.
    const now = Date.now();
    const since = [...Array.from({ length: 16 }, (_, i) => new Date(now - i).toISOString()), all, sdnOnly];
    const answers = await Promise.all(since.flatMap((s) => [screen(s), screen(s, ['ofac-sdn'])]));
    for (const a of answers) expect([a.status, a.body.matches, a.body.summary?.recommendedAction]).toEqual([200, [], 'clear']);
    expect(await builds() - before).toBeLessThanOrEqual(1);
    // Asked again later: nothing more built.
    const after = await builds();
    for (const s of since.slice(0, 4)) expect((await screen(s)).status).toBe(200);
    expect(await builds()).toBe(after);
  }, 60_000);

  it('keeps answering /healthz while the worst batch of 100 runs with changedSince on every slot (paced as any batch)', async () => {
    // changedSince slots are screened on the receiving thread, each on its changedSince engine; the
    // costliest requests (twenty aliases of 300 characters) cost their reading whatever the entries.
    const changedSince = new Date().toISOString();
    const entities = worstBatch().map((e) => ({ ...e, changedSince }));
    await call(url, 'POST', `${BASE}/screen/batch`, { token, json: entities.slice(0, 5) });
    const healthzMs = async (): Promise<number> => {
      const started = performance.now();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      return performance.now() - started;
    };
    const started = performance.now();
    let finished = 0;
    const batch = call(url, 'POST', `${BASE}/screen/batch`, { token, json: entities }).finally(() => {
      finished = performance.now();
    });
    const waits: number[] = [];
    while (finished === 0) waits.push(await healthzMs());
    const answer = await batch;
    const batchMs = finished - started;
    expect(answer.status).toBe(200);
    for (const slot of answer.body) expect([slot.coverage?.changedSince, slot.summary?.recommendedAction], JSON.stringify(slot).slice(0, 300)).toEqual([changedSince, 'clear']);
    expect(waits.length, `healthz answered ${waits.length} times in a ${batchMs.toFixed(0)} ms batch`).toBeGreaterThanOrEqual(5);
    const longest = Math.max(...waits);
    expect(longest, `longest healthz wait ${longest.toFixed(0)} ms, batch ${batchMs.toFixed(0)} ms`).toBeLessThan(batchMs / 4);
  }, 240_000);

  it('the bulk CLI with --changed-since prints the versions and the next --changed-since, and screens the changed entries only', async () => {
    const { added, changed } = countDiff(oldEntries, newEntries);
    const addedEntry = newEntries.find((e) => e.entryId === added[0])!;
    const unchanged = newEntries.find((e) => e.kind === 'entity' && !added.includes(e.entryId) && !changed.includes(e.entryId) && e.name.length > 20)!;
    const input = join(dataDir, 'people.csv');
    writeFileSync(input, `id,name\nnew,"${addedEntry.name}"\nold,"${unchanged.name}"\n`);
    const output = join(dataDir, 'results.jsonl');
    const run = { code: 0, out: '', err: '' };
    const program = new Command('rps').exitOverride();
    registerScreenCommand(program, {
      out: (t) => void (run.out += t), err: (t) => void (run.err += t), env: { RPS_API_KEY: token }, progressStream: null, handleSignals: false,
      setExitCode: (code) => void (run.code = code),
    });
    await program.parseAsync(['node', 'rps', 'screen', '-i', input, '-o', output, '--url', url, '--lists', 'ofac-sdn', '--changed-since', oldListsVersion]);
    expect(run.code, run.err).toBe(0);
    const next = (await call(url, 'GET', `${BASE}/lists/changes?since=${oldListsVersion}`, { token })).body.to;
    expect(run.err).toContain(`changed since ${oldListsVersion}`);
    expect(run.err).toMatch(/ofac-sdn: \d+ added, \d+ changed, \d+ removed/);
    expect(run.err).toContain(`next time use --changed-since ${next}`);
    const rows = readFileSync(output, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.find((r) => r.id === 'new').matches.map((m: { entryId: string }) => m.entryId)).toContain(addedEntry.entryId);
    expect(rows.find((r) => r.id === 'old').matches.map((m: { entryId: string }) => m.entryId)).not.toContain(unchanged.entryId);
    // In-process has no version archive: refused.
    const refused = { code: 0, err: '' };
    const local = new Command('rps').exitOverride();
    registerScreenCommand(local, { out: () => undefined, err: (t) => void (refused.err += t), env: {}, progressStream: null, handleSignals: false, setExitCode: (c) => void (refused.code = c) });
    await local.parseAsync(['node', 'rps', 'screen', '-i', input, '-o', join(dataDir, 'r2.csv'), '--in-process', '--changed-since', oldListsVersion]);
    expect([refused.code, refused.err]).toEqual([2, expect.stringContaining('--changed-since goes with --url')]);
  }, 60_000);

  it('a restart on the same content keeps versionSince (from the version archive)', async () => {
    // The archive is written after the install (serving never waits for it): wait until it names the version.
    const archive = new VersionArchive(join(dataDir, 'lists-archive'));
    await waitFor(async () => (await archive.index('ofac-sdn')).versions.some((v) => v.version === sdnAfter.version), 60_000, 'the archived version');
    await service!.close(1_000);
    service = null;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await start(PORTS[1]);
    const again = await sdnStatus();
    expect(again.version).toBe(sdnAfter.version);
    expect(again.versionSince).toBe(sdnAfter.versionSince);
    // The feed still reaches the version served before the restart.
    const r = await call(url, 'GET', `${BASE}/lists/changes?since=${oldListsVersion}`, { token });
    expect(r.status).toBe(200);
  }, 120_000);
});
