/**
 * Audit reconstruction (issue 29 point 3): the whole service in this process (list pipeline process,
 * version archive, embedded store) on a copy of the shared snapshot, over loopback HTTP.
 *
 * - Reconstruct latency against an old list set (after a refresh changed the SDN): read back from
 *   the archive, indexed by the list pipeline, unpacked on the serving thread in 4 ms slices; each
 *   run loads the set anew (it is released after use).
 * - Reconstruct latency against the set served now (the served engine, no archive read).
 * - /screen latency while an old set is being loaded (a request every 10 ms), beside the same
 *   figure with nothing loading, in one alternated run: loading must not block serving.
 * - The archive's size: compressed bytes per list version of the snapshot.
 *
 * Run alone: `npx tsx bench/reconstruct.bench.ts`. Writes bench/results/reconstruct.json.
 * Port 7141 (this bench's own); figures on a shared machine are noisy: compare ratios, not values.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../src/config.js';
import { mintSessionToken } from '../src/identity/session-token.js';
import { VersionArchive } from '../src/lists/archive/version-archive.js';
import { LIST_SOURCES } from '../src/lists/model.js';
import { createLogger } from '../src/server/logging/logger.js';
import { startService } from '../src/server/service.js';
import { figure, printFigures, type Figures } from './support/figures.js';
import { machineInfo } from './support/machine.js';
import { requireShared, SNAPSHOT_DIR, writeResults } from './support/paths.js';

const PORT = 7141;
const ARCHIVE_RUNS = 5;
const SERVED_RUNS = 20;
const BODY = JSON.stringify({ name: 'AEROCARIBBEAN AIRLINES', kind: 'entity' });
const JSON_HEADERS = { 'content-type': 'application/json' };

requireShared('reconstruct bench');
const listsDir = mkdtempSync(join(tmpdir(), 'rps-bench-reconstruct-lists-'));
const dataDir = mkdtempSync(join(tmpdir(), 'rps-bench-reconstruct-data-'));
for (const name of readdirSync(SNAPSHOT_DIR)) copyFileSync(join(SNAPSHOT_DIR, name), join(listsDir, name));
const logs: string[] = [];
const secret = 'b'.repeat(64);
const config = loadConfig({
  HOST: '127.0.0.1', PORT: String(PORT), LISTS_DIR: listsDir, DATA_DIR: dataDir, SESSION_JWT_SECRET: secret,
  LISTS_REFRESH_INTERVAL_MS: '500', LOG_LEVEL: 'info',
});
const service = await startService(config, createLogger({ level: 'info', destination: new Writable({ write: (c, _e, done) => { logs.push(String(c)); done(); } }) }));
const url = `http://127.0.0.1:${PORT}`;

try {
  await service.lists.first;
  await waitFor(() => archivedCount() >= 1, 'the first set archived');
  const session = await mintSessionToken({ secret, accountId: 'bench-reconstruct', ttlSeconds: 3600 });
  const created = await fetch(`${url}/me/api-keys`, { method: 'POST', headers: { authorization: `Bearer ${session}`, ...JSON_HEADERS },
    body: JSON.stringify({ name: 'bench', allowedServiceIds: ['sanctions-screening'] }) });
  const token = ((await created.json()) as { token: string }).token;
  const post = async (path: string, body: string): Promise<{ ms: number; json: any }> => {
    const started = performance.now();
    const r = await fetch(`${url}/sanctions-screening/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...JSON_HEADERS }, body });
    const json = await r.json();
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - started, json };
  };

  const old = (await post('/screen', BODY)).json;
  const archiveBytes = await archiveSizes();
  await refreshSdn(async () => {
    const r = await fetch(`${url}/sanctions-screening/v1/lists`, { headers: { authorization: `Bearer ${token}` } });
    return ((await r.json()) as { data: { source: string; version: string }[] }).data.find((l) => l.source === 'ofac-sdn')!.version;
  });
  const current = (await post('/screen', BODY)).json;

  const fromArchive: number[] = [];
  for (let i = 0; i < ARCHIVE_RUNS; i++) {
    const r = await post(`/audit/${old.requestId}/reconstruct`, BODY);
    if (!r.json.identical) throw new Error('an archived reconstruction was not identical');
    fromArchive.push(r.ms);
  }
  // The server says where each set came from: these must have been read back from the archive.
  const fromArchiveLogs = logs.filter((l) => l.includes('"msg":"screening reconstructed"') && l.includes('"from":"archive"')).length;
  if (fromArchiveLogs < ARCHIVE_RUNS) throw new Error(`only ${fromArchiveLogs} of ${ARCHIVE_RUNS} reconstructions read the archive`);
  const fromServed: number[] = [];
  for (let i = 0; i < SERVED_RUNS; i++) fromServed.push((await post(`/audit/${current.requestId}/reconstruct`, BODY)).ms);

  // Serving while an old set loads, alternated with serving while nothing loads.
  const during: number[] = [];
  const idle: number[] = [];
  for (let i = 0; i < 3; i++) {
    idle.push(...(await screenEvery10ms(token, () => new Promise((resolve) => setTimeout(resolve, 1_500)))));
    during.push(...(await screenEvery10ms(token, () => post(`/audit/${old.requestId}/reconstruct`, BODY))));
  }

  const figures: Figures = {
    'archive.medianMs': figure(`reconstruct against an old set (archive), median of ${ARCHIVE_RUNS}`, median(fromArchive), 'ms'),
    'archive.minMs': figure('reconstruct against an old set, min', Math.min(...fromArchive), 'ms'),
    'archive.maxMs': figure('reconstruct against an old set, max', Math.max(...fromArchive), 'ms'),
    'served.medianMs': figure(`reconstruct against the served set, median of ${SERVED_RUNS}`, median(fromServed), 'ms'),
    'served.p99Ms': figure('reconstruct against the served set, max', Math.max(...fromServed), 'ms'),
    'screen.idleP50Ms': figure('/screen every 10 ms, nothing loading: p50', quantile(idle, 0.5), 'ms'),
    'screen.idleP99Ms': figure('/screen every 10 ms, nothing loading: p99', quantile(idle, 0.99), 'ms'),
    'screen.loadingP50Ms': figure('/screen every 10 ms while an old set loads: p50', quantile(during, 0.5), 'ms'),
    'screen.loadingP99Ms': figure('/screen every 10 ms while an old set loads: p99', quantile(during, 0.99), 'ms'),
    'archive.setKb': figure('archive: one version of every snapshot list, compressed', archiveBytes.total / 1024, 'KB'),
    ...Object.fromEntries(archiveBytes.bySource.map(([source, bytes]) => [`archive.${source}.kb`, figure(`archive: one ${source} version`, bytes / 1024, 'KB')])),
  };
  printFigures('Audit reconstruction (full snapshot; noisy on a shared machine)', figures);
  writeResults('reconstruct', { date: new Date().toISOString(), machine: machineInfo(), figures });
} finally {
  await service.close(1_000);
  rmSync(listsDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

function archivedCount(): number {
  return logs.filter((l) => l.includes('"msg":"list versions archived"')).length;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One SDN entry renamed (CRLF lines, then OFAC's 0x1A end mark), then wait until served and archived. */
async function refreshSdn(sdnVersion: () => Promise<string>): Promise<void> {
  const version = await sdnVersion();
  const path = join(listsDir, 'sdn.csv');
  const lines = readFileSync(path, 'latin1').split('\r\n');
  const end = lines.pop()!;
  const edited = lines.map((l) => (l.startsWith('36,') ? l.replace('AEROCARIBBEAN AIRLINES', 'AEROCARIBBEAN AIRLINES CORP') : l));
  writeFileSync(`${path}.tmp`, [...edited, end].join('\r\n'), 'latin1');
  renameSync(`${path}.tmp`, path);
  // Only the old set must be archived (it was, before); the new one is used as served.
  await waitFor(async () => (await sdnVersion()) !== version, 'the refreshed SDN served');
}

async function archiveSizes(): Promise<{ total: number; bySource: [string, number][] }> {
  const archive = new VersionArchive(join(dataDir, 'lists-archive'));
  const bySource: [string, number][] = [];
  for (const source of LIST_SOURCES) {
    const size = await archive.size(source);
    if (size > 0) bySource.push([source, size]);
  }
  return { total: bySource.reduce((s, [, b]) => s + b, 0), bySource };
}

/** /screen latencies, a request due every 10 ms, while `work` runs. */
async function screenEvery10ms(token: string, work: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  let running = true;
  const load = (async () => {
    const inFlight: Promise<void>[] = [];
    while (running) {
      inFlight.push((async () => {
        const started = performance.now();
        const r = await fetch(`${url}/sanctions-screening/v1/screen`, {
          method: 'POST', headers: { authorization: `Bearer ${token}`, ...JSON_HEADERS }, body: '{"name":"Quentin Marblewhisk"}',
        });
        await r.arrayBuffer();
        out.push(performance.now() - started);
      })());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(inFlight);
  })();
  await work();
  running = false;
  await load;
  return out;
}

function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
