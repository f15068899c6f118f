/**
 * One bad list file must not stop every refresh (issue 28 point 3). Before: a UFLPA page nested a
 * million elements deep kept the parser busy for minutes, a SAM ZIP inflating to a gigabyte or more
 * kept it busy (or took the list process out of memory, in a restart loop), and a symlink loop made
 * every scan fail with ELOOP; meanwhile an SDN change was not served, and the catalog said `ok`,
 * /readyz `ready`. Now each file's parse is bounded in time and memory (a worker thread), a reload
 * does not wait for a slow file, unreadable entries fail their own list only, and a watchdog reports
 * every list stale when no scan completes for LISTS_STALE_AFTER_MS.
 *
 * Each case runs the real service (list pipeline process included) on a copy of the bundled sample
 * with the real SDN files of the snapshot: the bad file is generated in the temp directory together
 * with an SDN change; the SDN change must be served, and the bad file's list (only it) turn `stale`
 * with the reason in the catalog, within LISTS_STALE_AFTER_MS.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { mintSessionToken } from '../src/identity/session-token.js';
import type { ListStatus } from '../src/lists/catalog.js';
import { createLogger } from '../src/server/logging/logger.js';
import { startService, type RunningService } from '../src/server/service.js';
import { call, randomPrefix, randomSecret, redisDump, REDIS_URL } from './support/http-harness.js';
import { describeShared, SAMPLE_DIR, SNAPSHOT_DIR } from './support/shared.js';
import { buildStreamedZip } from './support/zip-writer.js';

const SCREEN = '/sanctions-screening/v1/screen';
const STALE_AFTER_MS = 3_000;
const INTERVAL_MS = 200;
const SDN_FILES = ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'];
const SAM_HEADER = readFileSync(join(SAMPLE_DIR, 'SAM_Exclusions_Public_Extract_V2_SAMPLE.csv'), 'utf8').split('\n', 1)[0] + '\n';
const SAM_ZIP = 'SAM_Exclusions_Public_Extract_V2_26001.ZIP';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Running {
  service: RunningService;
  dir: string;
  url: string;
  token: string;
  logs: string[];
}

/** The bundled sample with the snapshot's SDN files, in a temp directory. */
function listsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rps-bounded-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of readdirSync(SAMPLE_DIR)) copyFileSync(join(SAMPLE_DIR, name), join(dir, name));
  for (const name of SDN_FILES) copyFileSync(join(SNAPSHOT_DIR, name), join(dir, name));
  return dir;
}

async function start(env: Record<string, string> = {}): Promise<Running> {
  const dir = listsDir();
  const prefix = randomPrefix();
  const secret = randomSecret();
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-bounded-data-'));
  const config = loadConfig({
    PORT: '0', LISTS_DIR: dir, DATA_DIR: dataDir, REDIS_URL, REDIS_KEY_PREFIX: prefix, SESSION_JWT_SECRET: secret, LOG_LEVEL: 'info',
    LISTS_REFRESH_INTERVAL_MS: String(INTERVAL_MS), LISTS_STALE_AFTER_MS: String(STALE_AFTER_MS), ...env,
  });
  const logs: string[] = [];
  const logger = createLogger({ level: 'info', destination: new Writable({ write: (c, _e, done) => { logs.push(String(c)); done(); } }) });
  const service = await startService(config, logger);
  cleanup.push(async () => {
    await service.close(1_000);
    await redisDump(prefix, true);
    rmSync(dataDir, { recursive: true, force: true });
  });
  cleanup.push(() => {
    if (process.env.BOUNDED_DEBUG) console.info(logs.map((l) => l.slice(0, 400)).join(''));
  });
  await service.lists.first;
  const url = `http://127.0.0.1:${service.port}`;
  const session = await mintSessionToken({ secret, accountId: 'acct-bounded', ttlSeconds: 600 });
  const token = (await call(url, 'POST', '/me/api-keys', { token: session, json: { name: 'k', allowedServiceIds: ['*'] } })).body.token;
  const running = { service, dir, url, token, logs };
  expect((await catalog(running)).every((s) => s.status === 'ok'), JSON.stringify(await catalog(running))).toBe(true);
  return running;
}

async function catalog(r: Running): Promise<ListStatus[]> {
  const lists = await call(r.url, 'GET', '/sanctions-screening/v1/lists', { token: r.token });
  expect(lists.status).toBe(200);
  return lists.body.data;
}

const statusOf = async (r: Running, source: string): Promise<ListStatus> => (await catalog(r)).find((s) => s.source === source)!;

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** Adds an SDN entry the way `lists update` replaces a file (write beside, rename over). */
function addSdnEntry(dir: string, name: string): void {
  const path = join(dir, 'sdn.csv');
  const body = readFileSync(path, 'latin1').replace(/\x1a$/, '');
  writeFileSync(`${path}.tmp`, `${body}99999901,"${name}",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n\x1a`, 'latin1');
  renameSync(`${path}.tmp`, path);
}

const served = (r: Running, name: string) => async (): Promise<boolean> =>
  (await call(r.url, 'POST', SCREEN, { token: r.token, json: { name, fuzziness: 'strict' } })).body.matches?.some((m: { listSource: string }) => m.listSource === 'ofac-sdn') ?? false;

/** `rows` SAM rows, each naming a different firm. */
function* uniqueSamRows(rows: number): Generator<Buffer> {
  yield Buffer.from(SAM_HEADER);
  const batch = 10_000;
  for (let start = 0; start < rows; start += batch) {
    let text = '';
    for (let i = start; i < Math.min(rows, start + batch); i++) {
      text += `"Firm","EXAMPLE TRADING COMPANY NUMBER ${i} LIMITED","","","","","","${i} HARBOUR ROAD","","","","PORTSMOUTH","","GBR","${i}","","","UEI${i}","Reciprocal","GSA","","Prohibition/Restriction","","12/13/2019","Indefinite","","","S4MR${i}","","","2019-12-13"\n`;
    }
    yield Buffer.from(text);
  }
}

/** `mib` MiB of SAM rows that name nobody (each is skipped, nothing accumulates): a parse long in time only. */
function* namelessSamRows(mib: number): Generator<Buffer> {
  yield Buffer.from(SAM_HEADER);
  const row = '"Firm","","","","","","","1 HARBOUR ROAD","","","","PORTSMOUTH","","GBR","1","","","","Reciprocal","GSA","","Prohibition/Restriction","","12/13/2019","Indefinite","","","","","","2019-12-13"\n';
  const chunk = Buffer.from(row.repeat(Math.floor(1024 ** 2 / row.length)));
  for (let i = 0; i < mib; i++) yield chunk;
}

/** The catalog's last reason for a list's failure: GET /lists shows no loader errors (operators read them in the log). */
function lastReason(r: Running, source: string): string | undefined {
  const line = r.logs.filter((l) => l.includes('"msg":"list file failed"') && l.includes(`"source":"${source}"`)).at(-1);
  return line === undefined ? undefined : (JSON.parse(line) as { reason: string }).reason;
}

/** Each list that is not `ok`, with the catalog's reason. */
async function notOk(r: Running): Promise<Record<string, string>> {
  return Object.fromEntries((await catalog(r)).filter((s) => s.status !== 'ok').map((s) => [s.source, `${s.status}: ${lastReason(r, s.source)}`]));
}

const sorted = (o: Record<string, string>): string => JSON.stringify(Object.entries(o).sort());

/** The list pipeline's process (a child of this one). */
function pipelinePid(): number {
  const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => l.includes('pipeline-process'));
  if (line === undefined) throw new Error(`no list pipeline process among\n${out}`);
  return Number(line.trim().split(/\s+/, 1)[0]);
}

/** The process's peak resident memory (VmHWM), in MB: reported, not asserted. */
function peakMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

/**
 * Waits are generous: the pipeline runs at the lowest CPU priority, and on a shared 2-core machine a
 * first load alone has taken 110 s. What is asserted is the order of events and the statuses, never a speed.
 */
const PATIENCE_MS = 180_000;

describeShared('one bad list file fails its own list only (issue 28)', () => {
  it('a UFLPA page nested a million deep, a SAM ZIP beyond LISTS_PARSE_MAX_MB, symlink loops; then the watchdog', async () => {
    const r = await start({ LISTS_PARSE_MAX_MB: '64' });
    const name = 'ZORBLAX QUILLFEATHER MARITIME TRADING';
    expect(await served(r, name)()).toBe(false);
    const page = readFileSync(join(SAMPLE_DIR, 'uflpa-entity-list.html'), 'utf8');
    const deep = page.replace('</body>', `${'<div>'.repeat(500_000)}${'<span>'.repeat(500_000)}${'</div>'.repeat(500_000)}</body>`);
    const zip = await buildStreamedZip('SAM_Exclusions_Public_Extract_V2_26001.CSV', uniqueSamRows(400_000));

    const planted = Date.now();
    writeFileSync(join(r.dir, 'uflpa-entity-list.html'), deep);
    writeFileSync(join(r.dir, SAM_ZIP), zip);
    symlinkSync('dpl.txt', join(r.dir, 'dpl.txt.tmp'));
    renameSync(join(r.dir, 'dpl.txt.tmp'), join(r.dir, 'dpl.txt'));
    symlinkSync('loop-b', join(r.dir, 'loop-a'));
    symlinkSync('loop-a', join(r.dir, 'loop-b'));
    addSdnEntry(r.dir, name);

    const sdnMs = await waitFor(served(r, name), PATIENCE_MS, 'the SDN change served');
    const whenServed = await notOk(r);
    const bad = ['bis-denied', 'dhs-uflpa', 'gsa-sam'];
    // Meanwhile a list whose file is still being read may read stale too (LISTS_STALE_AFTER_MS is 3 s
    // here): wait for the end state, exactly the three bad lists stale, each with its own reason.
    const expected = {
      'bis-denied': 'stale: dpl.txt: unreadable: a symbolic link loop (ELOOP); skipped',
      'dhs-uflpa': 'stale: uflpa-entity-list.html:42: elements nested more than 512 levels deep: not the UFLPA Entity List page',
      'gsa-sam': `stale: ${SAM_ZIP}:0: reading needed more than 64 MB of memory (LISTS_PARSE_MAX_MB); stopped`,
    };
    let errors: Record<string, string> = {};
    await waitFor(async () => sorted(errors = await notOk(r)) === sorted(expected), PATIENCE_MS, 'the three lists stale')
      .catch((error: Error) => { throw new Error(`${error.message}; not ok: ${JSON.stringify(errors)}`); });
    const staleMs = Date.now() - planted;
    // Not before LISTS_STALE_AFTER_MS: a list whose refresh fails is served from its last good copy until then.
    const lastGood = Math.max(...(await catalog(r)).filter((s) => bad.includes(s.source)).map((s) => Date.parse(s.lastRefresh!)));
    // A load that began before the files were planted may end (and stamp lastRefresh) just after.
    expect(lastGood).toBeLessThan(planted + 10_000);
    const ready = await call(r.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'degraded' });
    expect(ready.body.stale).toEqual(expect.arrayContaining(bad));
    console.info(`[bounded] SDN change served ${sdnMs} ms after the bad files arrived (not ok then: ${JSON.stringify(whenServed)}); ` +
      `the three lists stale ${staleMs} ms after: ${JSON.stringify(errors)}`);

    // The watchdog: a list process that can no longer scan (stuck, or aborting in a loop), stopped outright.
    const pid = pipelinePid();
    console.info(`[bounded] list process peak memory: ${peakMb(pid)} MB`);
    process.kill(pid, 'SIGSTOP');
    cleanup.push(() => void process.kill(pid, 'SIGCONT'));
    const stopped = Date.now();
    const watchdogMs = await waitFor(async () => (await catalog(r)).every((s) => s.status === 'stale'), PATIENCE_MS, 'every list stale');
    expect(r.logs.some((l) => l.includes('"msg":"list watchdog: every list is reported stale"') && (JSON.parse(l) as { time: number }).time >= stopped)).toBe(true);
    const tripped = await call(r.url, 'GET', '/readyz');
    expect(tripped.status).toBe(200);
    expect(tripped.body.status).toBe('degraded');
    expect(tripped.body.stale).toHaveLength((await catalog(r)).length);
    expect(tripped.body.reason).toMatch(/^no scan of the list directory has completed/);
    // Not early: counted from the last completed scan, which under load may have ended well before the
    // stop (a scan re-reads the bad files), so the time since the stop is no measure of it.
    expect(Number(/completed for (\d+) s/.exec(tripped.body.reason)?.[1])).toBeGreaterThanOrEqual(Math.round(STALE_AFTER_MS / 1000));
    const screened = await call(r.url, 'POST', SCREEN, { token: r.token, json: { name: 'BANCO NACIONAL DE CUBA' } });
    expect(screened.body.coverage.status).toBe('incomplete');
    console.info(`[bounded] watchdog: every list stale ${watchdogMs} ms after the list process stopped`);

    process.kill(pid, 'SIGCONT');
    // Cleared by the next completed scan: each list back to its own status.
    await waitFor(async () => (await call(r.url, 'GET', '/readyz')).body.reason === undefined && sorted(await notOk(r)) === sorted(expected),
      PATIENCE_MS, 'the watchdog cleared');
  }, 3 * PATIENCE_MS);

  it('a SAM ZIP inflating to 2,000 MiB, read beyond LISTS_PARSE_TIMEOUT_MS: an SDN change does not wait for it', async () => {
    // A quiet machine read 1 GiB of these rows in under 60 s (CI rehearsal, 29 November), so the bound
    // must be what stops the read: twice the rows (just under the 2 GiB an entry may declare) against
    // 45 s, still long enough for the SDN change to be served while the SAM file is being read (7-12 s).
    const r = await start({ LISTS_PARSE_TIMEOUT_MS: '45000' });
    const zip = await buildStreamedZip('SAM_Exclusions_Public_Extract_V2_26001.CSV', namelessSamRows(2_000));
    const name = 'ZORBLAX QUILLFEATHER SHIPPING';
    const planted = Date.now();
    writeFileSync(join(r.dir, SAM_ZIP), zip);
    addSdnEntry(r.dir, name);
    const sdnMs = await waitFor(served(r, name), PATIENCE_MS, 'the SDN change served');
    // Served while the SAM file was still being read: its catalog line says so, its old copy served.
    const sam = { ...(await statusOf(r, 'gsa-sam')), error: lastReason(r, 'gsa-sam') };
    expect(sam.error).toMatch(new RegExp(`^${SAM_ZIP}:0: still being read after \\d+ ms; the other lists did not wait for it$`));
    const expected = { 'gsa-sam': `stale: ${SAM_ZIP}:0: reading took longer than 45000 ms (LISTS_PARSE_TIMEOUT_MS); stopped` };
    let errors: Record<string, string> = {};
    await waitFor(async () => sorted(errors = await notOk(r)) === sorted(expected), PATIENCE_MS, 'gsa-sam stale by its time bound')
      .catch((error: Error) => { throw new Error(`${error.message}; not ok: ${JSON.stringify(errors)}`); });
    expect((await call(r.url, 'GET', '/readyz')).body).toMatchObject({ status: 'degraded', stale: ['gsa-sam'] });
    console.info(`[bounded] list process peak memory: ${peakMb(pipelinePid())} MB`);
    console.info(`[bounded] SAM ZIP inflating to 2,000 MiB (${(zip.length / 1024 ** 2).toFixed(1)} MB zipped): SDN change served after ${sdnMs} ms ` +
      `while gsa-sam read "${sam.error}"; gsa-sam stale ${Date.now() - planted} ms after the file arrived`);
  }, 3 * PATIENCE_MS);
});

describe('LISTS_PARSE_TIMEOUT_MS and LISTS_PARSE_MAX_MB', () => {
  it('default to 5 min and 2048 MB; a bad value stops the start naming it', () => {
    expect(loadConfig({})).toMatchObject({ listsParseTimeoutMs: 300_000, listsParseMaxMb: 2_048 });
    expect(loadConfig({ LISTS_PARSE_TIMEOUT_MS: '60000', LISTS_PARSE_MAX_MB: '512' })).toMatchObject({ listsParseTimeoutMs: 60_000, listsParseMaxMb: 512 });
    expect(() => loadConfig({ LISTS_PARSE_TIMEOUT_MS: '50' })).toThrow('LISTS_PARSE_TIMEOUT_MS must be a whole number of at least 100 (got "50")');
    expect(() => loadConfig({ LISTS_PARSE_TIMEOUT_MS: '5m' })).toThrow('LISTS_PARSE_TIMEOUT_MS must be a whole number of at least 100 (got "5m")');
    expect(() => loadConfig({ LISTS_PARSE_MAX_MB: '16' })).toThrow('LISTS_PARSE_MAX_MB must be a whole number of at least 32 (got "16")');
    expect(() => loadConfig({ LISTS_PARSE_MAX_MB: '100000' })).toThrow('LISTS_PARSE_MAX_MB must be a whole number from 32 to 65536 (got "100000")');
  });
});
