/**
 * Audit reconstruction (issue 29 point 3; API.md "List versions, reconstruction and changes"), over
 * loopback HTTP on the whole service (list pipeline process, version archive, embedded store) with
 * real list files: the snapshot's OFAC SDN CSVs and the BIS DPL copied into a temp LISTS_DIR.
 * Screenings (single JSON, single MessagePack, batch slots) are reconstructed `identical` after a
 * refresh that adds, changes and removes SDN entries, then after a second one (two old sets in
 * turn, concurrently); a decision recorded after the screening does not change it; a body altered
 * by one byte answers 409, another account 404, a corrupt archive file and a pruned version 410.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pack, unpack } from 'msgpackr';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { mintSessionToken } from '../src/identity/session-token.js';
import { VersionArchive } from '../src/lists/archive/version-archive.js';
import { createLogger } from '../src/server/logging/logger.js';
import { startService, type RunningService } from '../src/server/service.js';
import { canonicalJson } from '../src/server/answers/body-hash.js';
import { Command } from 'commander';
import { registerAuditCommand } from '../src/cli/audit-command.js';
import { call } from './support/http-harness.js';
import { describeShared, SNAPSHOT_DIR } from './support/shared.js';

const BASE = '/sanctions-screening/v1';
/** This helper's port range (7100-7199): 7131 + WORKERS. */
const PORT = 7130;
const FILES = ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv', 'dpl.txt'];
const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** An SDN row in sdn.csv's layout (ent_num, name, type, program, then eight -0- columns). */
const row = (id: number, name: string, program = 'CUBA'): string => `${id},"${name}",-0- ,"${program}"${',-0- '.repeat(8)}`;

// WORKERS=2 too: an HTTP worker thread asks the main thread for the archived set (threads/archived-relay.ts).
for (const workers of [1, 2]) describeShared(`audit reconstruction across list refreshes (WORKERS=${workers})`, () => {
  let listsDir: string;
  let dataDir: string;
  let service: RunningService;
  let url: string;
  let token: string;
  let otherToken: string;
  const logs: string[] = [];

  async function keyFor(accountId: string, secret: string): Promise<string> {
    const session = await mintSessionToken({ secret, accountId, ttlSeconds: 3600 });
    const r = await call(url, 'POST', '/me/api-keys', { token: session, json: { name: 'k', allowedServiceIds: ['sanctions-screening'] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.token;
  }

  async function sdnVersion(): Promise<string> {
    const r = await call(url, 'GET', `${BASE}/lists`, { token });
    return r.body.data.find((s: { source: string }) => s.source === 'ofac-sdn').version;
  }

  async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 180_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${what}: not within ${timeoutMs} ms`);
  }

  /** Rewrites sdn.csv (as `lists update` does: beside it, then renamed) and waits until the new version is served and archived. */
  async function refresh(edit: (lines: string[]) => string[]): Promise<string> {
    const before = await sdnVersion();
    const archived = logs.filter((l) => l.includes('"msg":"list versions archived"')).length;
    const path = join(listsDir, 'sdn.csv');
    // CRLF lines, then the DOS end-of-file mark (0x1A) OFAC's files end with.
    const lines = readFileSync(path, 'latin1').split('\r\n');
    const end = lines.pop()!;
    writeFileSync(`${path}.tmp`, [...edit(lines), end].join('\r\n'), 'latin1');
    renameSync(`${path}.tmp`, path);
    await waitFor(async () => (await sdnVersion()) !== before, 'the refreshed SDN served');
    await waitFor(() => logs.filter((l) => l.includes('"msg":"list versions archived"')).length > archived, 'the refreshed set archived');
    return sdnVersion();
  }

  async function post(path: string, body: Buffer | string, headers: Record<string, string>, key = token): Promise<{ status: number; bytes: Buffer; type: string }> {
    const r = await fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, ...headers }, body });
    return { status: r.status, bytes: Buffer.from(await r.arrayBuffer()), type: r.headers.get('content-type') ?? '' };
  }

  const JSON_HEADERS = { 'content-type': 'application/json' };
  const MSGPACK_HEADERS = { 'content-type': 'application/msgpack', accept: 'application/msgpack' };

  async function reconstructJson(requestId: string, body: Buffer | string, headers = JSON_HEADERS, key = token): Promise<{ status: number; headers: Headers; body: any }> {
    return call(url, 'POST', `${BASE}/audit/${requestId}/reconstruct`, { token: key, raw: body, headers });
  }

  beforeAll(async () => {
    listsDir = mkdtempSync(join(tmpdir(), 'rps-reconstruct-lists-'));
    dataDir = mkdtempSync(join(tmpdir(), 'rps-reconstruct-data-'));
    for (const name of FILES) copyFileSync(join(SNAPSHOT_DIR, name), join(listsDir, name));
    const secret = randomHex();
    const config = loadConfig({
      HOST: '127.0.0.1', PORT: String(PORT + workers), LISTS_DIR: listsDir, DATA_DIR: dataDir, SESSION_JWT_SECRET: secret,
      LISTS_REFRESH_INTERVAL_MS: '300', LOG_LEVEL: 'info', WORKERS: String(workers),
    });
    const logger = createLogger({ level: 'info', destination: new Writable({ write: (c, _e, done) => { logs.push(String(c)); done(); } }) });
    service = await startService(config, logger);
    await service.lists.first;
    url = `http://127.0.0.1:${service.port}`;
    token = await keyFor('acct-reconstruct', secret);
    otherToken = await keyFor('acct-reconstruct-other', secret);
    await waitFor(() => logs.some((l) => l.includes('"msg":"list versions archived"')), 'the first set archived');
  }, 300_000);

  afterAll(async () => {
    await service?.close(1_000);
    for (const dir of [listsDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds single JSON, single MessagePack and batch-slot answers identically across refreshes that add, change and remove SDN entries', async () => {
    const version1 = await sdnVersion();
    // Screened against the first set.
    const jsonBody = JSON.stringify({ name: 'AEROCARIBBEAN AIRLINES', lists: ['ofac-sdn'] });
    const single = await post(`${BASE}/screen`, jsonBody, JSON_HEADERS);
    expect(single.status).toBe(200);
    const singleAnswer = JSON.parse(single.bytes.toString('utf8'));
    const packedBody = pack({ name: 'ANGLO-CARIBBEAN CO', kind: 'entity' });
    const packed = await post(`${BASE}/screen`, packedBody, MSGPACK_HEADERS);
    expect(packed.status).toBe(200);
    const packedAnswer = unpack(packed.bytes) as any;
    const entities = [{ name: 'BANCO NACIONAL DE CUBA', kind: 'entity' }, { kind: 'entity', name: 'AEROCARIBBEAN AIRLINE' }];
    const batch = await call(url, 'POST', `${BASE}/screen/batch`, { token, json: { entities } });
    expect(batch.status).toBe(200);
    expect(singleAnswer.matches.map((m: { entryId: string }) => m.entryId)).toContain('36');
    expect(packedAnswer.matches.map((m: { entryId: string }) => m.entryId)).toContain('173');

    // A decision recorded after the screening does not change its reconstruction (only decisions up to screenedAt apply).
    const decided = await call(url, 'POST', `${BASE}/decisions`, {
      token, json: { subject: { name: 'AEROCARIBBEAN AIRLINES' }, listSource: 'ofac-sdn', entryId: '36', decision: 'false-positive' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);

    // Refresh 1: one entry added (a near namesake), one changed (36's name), one removed (173).
    const version2 = await refresh((lines) => [
      ...lines.filter((l) => !l.startsWith('173,')).map((l) => (l.startsWith('36,') ? row(36, 'AEROCARIBBEAN AIRLINES CORPORATION') : l)),
      row(99999901, 'AEROCARIBBEAN AIRLINE SERVICES'),
    ]);
    expect(version2).not.toBe(version1);
    // The lists did change what a screening answers now.
    const now = JSON.parse((await post(`${BASE}/screen`, jsonBody, JSON_HEADERS)).bytes.toString('utf8'));
    expect(now.coverage.listsVersion).not.toBe(singleAnswer.coverage.listsVersion);
    expect(now.matches.map((m: { entryId: string }) => m.entryId)).toContain('99999901');

    const rebuilt = await reconstructJson(singleAnswer.requestId, jsonBody);
    expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(200);
    expect(rebuilt.body).toMatchObject({
      requestId: singleAnswer.requestId, screenedAt: singleAnswer.screenedAt, listsVersion: singleAnswer.coverage.listsVersion,
      engineVersion: { original: singleAnswer.engineVersion, now: singleAnswer.engineVersion }, identical: true,
    });
    expect(Date.parse(rebuilt.body.reconstructedAt)).toBeGreaterThan(Date.parse(singleAnswer.screenedAt));
    expect(rebuilt.body.answer).toEqual(singleAnswer);
    // Read back from the archive, not the served set (the log line names the source; a worker thread logs to stdout).
    if (workers === 1) {
      expect(logs.some((l) => l.includes('"msg":"screening reconstructed"') && l.includes(`"of":"${singleAnswer.requestId}"`) && l.includes('"from":"archive"'))).toBe(true);
    }
    // The reply's JSON carries the answer's exact bytes.
    const raw = await post(`${BASE}/audit/${singleAnswer.requestId}/reconstruct`, jsonBody, JSON_HEADERS);
    expect(raw.bytes.toString('utf8')).toContain(`"answer":${single.bytes.toString('utf8')}}`);

    const rebuiltPacked = await post(`${BASE}/audit/${packedAnswer.requestId}/reconstruct`, packedBody, MSGPACK_HEADERS);
    expect(rebuiltPacked.status).toBe(200);
    const packedReply = unpack(rebuiltPacked.bytes) as any;
    expect(packedReply).toMatchObject({ requestId: packedAnswer.requestId, identical: true });
    expect(packedReply.answer).toEqual(packedAnswer);

    // Batch slots: the entity as JSON in any key order or spacing (compared as canonical JSON).
    for (const [i, slot] of (batch.body as any[]).entries()) {
      const body = JSON.stringify(Object.fromEntries(Object.entries(entities[i]).reverse()), null, 2);
      const r = await reconstructJson(slot.requestId, body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.identical).toBe(true);
      expect(sha256(canonicalJson(r.body.answer))).toBe(sha256(canonicalJson(slot)));
    }

    // Refresh 2: another change. Two old sets reconstructed concurrently: one loaded at a time, both identical.
    const afterFirst = JSON.parse((await post(`${BASE}/screen`, jsonBody, JSON_HEADERS)).bytes.toString('utf8'));
    await refresh((lines) => lines.map((l) => (l.startsWith('306,') ? row(306, 'BANCO NACIONAL DE CUBA S.A.') : l)));
    const [a, b] = await Promise.all([reconstructJson(singleAnswer.requestId, jsonBody), reconstructJson(afterFirst.requestId, jsonBody)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.identical, b.body.identical]).toEqual([true, true]);
    expect(b.body.answer).toEqual(afterFirst);

    // Each reconstruction is audited as a screening of its own (one quota unit).
    const audit = await call(url, 'GET', `${BASE}/audit/${a.headers.get('x-request-id')}`, { token });
    expect(audit.status).toBe(200);
    expect(audit.body).toMatchObject({ bodySha256: sha256(jsonBody), listsVersion: singleAnswer.coverage.listsVersion });
  }, 600_000);

  // The refusals do not depend on the thread layout: once.
  if (workers === 1) it('answers 409 to a body altered by one byte, 404 to another account, 400 to an invalid body', async () => {
    // Not canonical JSON (keys not sorted), so that neither its bytes nor its canonical form match another spacing.
    const body = JSON.stringify({ name: 'AEROCARIBBEAN AIRLINES', kind: 'entity' });
    const answer = JSON.parse((await post(`${BASE}/screen`, body, JSON_HEADERS)).bytes.toString('utf8'));
    const altered = body.replace('AIRLINES', 'AIRLINER');
    expect(altered.length).toBe(body.length);
    const mismatch = await reconstructJson(answer.requestId, altered);
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error.code).toBe('body_mismatch');
    // The same content with other spacing is other bytes: a /screen record hashes the bytes sent.
    expect((await reconstructJson(answer.requestId, JSON.stringify({ name: 'AEROCARIBBEAN AIRLINES', kind: 'entity' }, null, 1))).status).toBe(409);
    const invalid = await reconstructJson(answer.requestId, '{"name": ');
    expect(invalid.status).toBe(400);
    const foreign = await reconstructJson(answer.requestId, body, JSON_HEADERS, otherToken);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    expect((await reconstructJson('00000000-0000-4000-8000-000000000000', body)).status).toBe(404);
    // Unchanged lists: the served engine answers it directly.
    const same = await reconstructJson(answer.requestId, body);
    expect(same.status).toBe(200);
    expect(same.body.identical).toBe(true);

    // The CLI: the body file sent as is; prints identical and the versions; exit 0, or 1 for a refusal.
    const file = join(dataDir, 'body.json');
    writeFileSync(file, body);
    const ok = await cli(['--request-id', answer.requestId, '--input', file, '--url', url]);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/identical\s+yes/);
    expect(ok.out).toContain(answer.coverage.listsVersion);
    expect(ok.out).toContain(`${answer.engineVersion} (unchanged)`);
    expect(ok.out).toMatch(new RegExp(`ofac-sdn\\s+${await sdnVersion()}`));
    expect(ok.out).not.toContain('AEROCARIBBEAN');
    writeFileSync(file, altered);
    const refused = await cli(['--request-id', answer.requestId, '--input', file, '--url', url]);
    expect([refused.code, refused.err]).toEqual([1, expect.stringContaining('409 body_mismatch')]);
    expect((await cli(['--request-id', 'nope', '--input', file, '--url', url])).code).toBe(2);
  }, 120_000);

  async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    let code = 0;
    const program = new Command('rps').exitOverride().configureOutput({ writeOut: (t) => void (out += t), writeErr: (t) => void (err += t) });
    registerAuditCommand(program, { out: (t) => void (out += t), err: (t) => void (err += t), env: { RPS_API_KEY: token } }, (c) => void (code = c));
    try {
      await program.parseAsync(['node', 'rps', 'audit', 'reconstruct', ...args]);
    } catch {
      code = 2;
    }
    return { code, out, err };
  }

  if (workers === 1) it('never answers from a corrupt archive file (410, logged), and answers 410 once the version is pruned', async () => {
    const body = JSON.stringify({ name: 'AEROCARIBBEAN AIRLINES', lists: ['ofac-sdn'] });
    const current = await sdnVersion();
    const answer = JSON.parse((await post(`${BASE}/screen`, body, JSON_HEADERS)).bytes.toString('utf8'));
    await refresh((lines) => [...lines, row(99999902, 'QUILLFEATHER ZORBLAX MARITIME')]);

    const file = join(dataDir, 'lists-archive', 'ofac-sdn', `${current}.json.gz`);
    const good = readFileSync(file);
    const bad = Buffer.from(good);
    bad[Math.floor(bad.length / 2)] ^= 0x01;
    writeFileSync(file, bad);
    const corrupt = await reconstructJson(answer.requestId, body);
    expect(corrupt.status).toBe(410);
    expect(corrupt.body.error.code).toBe('list_version_gone');
    expect(JSON.stringify(corrupt.body.error.details)).toContain('checksum');
    expect(logs.some((l) => l.includes('archived list version failed its check'))).toBe(true);

    writeFileSync(file, good);
    expect((await reconstructJson(answer.requestId, body)).body.identical).toBe(true);

    // Pruned as LISTS_ARCHIVE_DAYS does it, 40 days on: every version but the one served.
    const archive = new VersionArchive(join(dataDir, 'lists-archive'));
    expect(await archive.prune('ofac-sdn', new Set([await sdnVersion()]), new Date(Date.now() + 40 * 86_400_000), 35)).toBeGreaterThan(0);
    const gone = await reconstructJson(answer.requestId, body);
    expect(gone.status).toBe(410);
    expect(gone.body.error.code).toBe('list_version_gone');
  }, 300_000);
});

function randomHex(): string {
  return createHash('sha256').update(String(Math.random())).digest('hex');
}
