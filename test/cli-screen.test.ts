/**
 * The bulk `screen` command on real files: in-process against the bundled sample lists, and in URL
 * mode against a loopback HTTP server written here that answers POST /screen/batch like the
 * contract (the real engine behind it), including 429 + Retry-After, a 503, a refused key and a
 * server that dies mid-run. Resuming must leave no duplicate and no gap.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerScreenCommand, type ScreenIo } from '../src/cli/screen-command.js';
import { buildEngine, type Engine } from '../src/engine/index.js';
import { loadListSet } from '../src/lists/catalog.js';
import type { ListEntry } from '../src/lists/model.js';
import { readScreenRequest } from '../src/contract/screen-input.js';
import type { ThreadStats } from '../src/cli/screen/thread-stats.js';
import { HAS_SHARED, PROJECT_DIR, SAMPLE_DIR, SNAPSHOT_DIR, sharedPath } from './support/shared.js';

const API_KEY = 'svc_live_TESTKEYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

interface Run {
  code: number;
  out: string;
  err: string;
  /** --in-process: each thread's figures (src/cli/screen/thread-stats.ts). */
  threads?: readonly ThreadStats[];
}

/** Runs `screen` through commander in this process, the way main.ts registers it. */
async function screen(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const run: Run = { code: 0, out: '', err: '' };
  const io: ScreenIo = {
    out: (t) => void (run.out += t),
    err: (t) => void (run.err += t),
    env,
    progressStream: null,
    handleSignals: false,
    setExitCode: (code) => void (run.code = code),
    threadStats: (stats) => void (run.threads = stats),
  };
  const program = new Command('rps').exitOverride().configureOutput({
    writeOut: (t) => void (run.out += t),
    writeErr: (t) => void (run.err += t),
  });
  registerScreenCommand(program, io);
  try {
    await program.parseAsync(['node', 'rps', 'screen', ...args]);
  } catch (error) {
    run.code = (error as { exitCode?: number }).exitCode ?? 1;
  }
  return run;
}

interface Person {
  id: string;
  name: string;
  kind?: string;
  dateOfBirth?: string;
  nationality?: string;
  /** The list entry this row copies the name of. */
  entry?: ListEntry;
  /** The field an invalid row must be reported for. */
  badField?: string;
}

/** 250 rows: every fifth a listed name, a few invalid ones, the rest names on no list. */
function people(entries: readonly ListEntry[]): Person[] {
  const listed = entries.filter((e) => e.name.length > 6).slice(0, 50);
  const invalid: Array<Omit<Person, 'id'>> = [
    { name: 'Bad Date Person', dateOfBirth: '1990-02-30', badField: 'dateOfBirth' },
    { name: 'Bad Country Person', nationality: 'XX', badField: 'nationality' },
    { name: '', badField: 'name' },
    { name: 'Bad Kind Person', kind: 'ship', badField: 'kind' },
  ];
  return Array.from({ length: 250 }, (_, i): Person => {
    const id = `p-${i + 1}`;
    if (i % 47 === 3) return { id, ...invalid[Math.floor(i / 47) % invalid.length] };
    if (i % 5 === 0) {
      const entry = listed[(i / 5) % listed.length];
      return { id, name: entry.name, kind: entry.kind, entry };
    }
    return { id, name: `Qorvath Ymmelin Number ${i + 1}`, kind: 'individual' };
  });
}

const csvCell = (v = ''): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

function toCsv(rows: readonly Person[]): string {
  const lines = rows.map((p) => [p.id, p.name, p.kind, p.dateOfBirth, p.nationality].map(csvCell).join(','));
  return `id,Name,kind,Date of Birth,nationality\n${lines.join('\n')}\n`;
}

function toJsonl(rows: readonly Person[]): string {
  return rows
    .map(({ entry: _e, badField: _b, ...p }) => JSON.stringify(Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined))))
    .join('\n');
}

type OutRow = {
  line: number; id: string | null; requestId?: string; recommendedAction?: string; matchCount?: number;
  topMatch?: { listSource: string; entryId: string } | null; matches?: Array<{ listSource: string; entryId: string }>;
  error?: { code: string; details: Array<{ field: string }> };
  warnings?: Array<{ field: string; issue: string }>;
  coverage?: { status: string };
  extra?: Record<string, string>;
};

async function readJsonl(path: string): Promise<OutRow[]> {
  return (await readFile(path, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as OutRow);
}

/** The output covers every input row once, in order: no duplicate, no gap. */
function expectComplete(out: readonly OutRow[], rows: readonly Person[], firstLine: number): void {
  expect(out.map((r) => r.id)).toEqual(rows.map((p) => p.id));
  expect(out.map((r) => r.line)).toEqual(rows.map((_, i) => firstLine + i));
}

function expectScreened(out: readonly OutRow[], rows: readonly Person[]): void {
  rows.forEach((person, i) => {
    const row = out[i];
    if (person.badField === 'name') {
      expect(row.error?.code).toBe('invalid_request');
      expect(row.error?.details.map((d) => d.field)).toContain(person.badField);
    } else if (person.badField !== undefined) {
      // The bad optional field is left out and named; the name is screened all the same.
      expect(row.warnings?.map((w) => w.field)).toEqual([person.badField]);
      expect(row).toMatchObject({ recommendedAction: 'clear', matchCount: 0 });
    } else if (person.entry !== undefined) {
      expect(row.recommendedAction).not.toBe('clear');
      expect(row.matches).toContainEqual(expect.objectContaining({ listSource: person.entry.listSource, entryId: person.entry.entryId }));
    } else {
      expect(row).toMatchObject({ recommendedAction: 'clear', matchCount: 0, topMatch: null });
    }
  });
}

type Behaviour = 'ok' | '429' | '429-month' | '503' | '401' | 'die';

/** POST /sanctions-screening/v1/screen/batch as API.md describes it, scripted per call number. */
class BatchServer {
  readonly calls: Array<{ authorization: string | undefined; entities: number }> = [];
  private server: Server | null = null;
  url = '';

  /** Changes each screening answer before it is sent (e.g. adds the account's decisions, as the service does). */
  decorate: (answer: Record<string, unknown>) => Record<string, unknown> = (a) => a;

  /** GET /lists answers this catalog (a run prints it as its coverage). */
  catalog: Array<Record<string, unknown>> = [];

  constructor(private readonly engine: Engine, private readonly script: (call: number) => Behaviour) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/sanctions-screening/v1/lists') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: this.catalog }));
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.answer(req.headers.authorization, Buffer.concat(chunks).toString(), res, req.url));
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private answer(authorization: string | undefined, text: string, res: import('node:http').ServerResponse, url?: string): void {
    const behaviour = this.script(this.calls.length + 1);
    const entities = (JSON.parse(text) as { entities: unknown[] }).entities;
    this.calls.push({ authorization, entities: entities.length });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    const error = (code: string) => ({ error: { code, message: code, requestId: crypto.randomUUID() } });
    if (behaviour === 'die') return void res.socket?.destroy();
    if (url !== '/sanctions-screening/v1/screen/batch') return json(404, error('unknown_service'));
    if (behaviour === '401' || authorization !== `Bearer ${API_KEY}`) return json(401, error('invalid_api_key'));
    if (behaviour === '429') return json(429, error('quota_exceeded'), { 'retry-after': '1' });
    if (behaviour === '429-month') {
      return json(429, error('quota_exceeded'), { 'retry-after': '864000', 'x-ratelimit-reset': '2027-01-01T00:00:00Z' });
    }
    if (behaviour === '503') return json(503, error('lists_unavailable'));
    const screenedAt = new Date().toISOString();
    json(200, entities.map((entity) => {
      const input = readScreenRequest(entity);
      if (!input.ok) return { error: { code: 'invalid_request', message: 'invalid', requestId: crypto.randomUUID(), details: input.issues } };
      const result = this.engine.screen(input.request);
      // What the service adds to each answer: which lists the screening covered.
      return this.decorate({ requestId: crypto.randomUUID(), screenedAt, ...result, coverage: { status: 'partial', lists: [] } });
    }), { 'x-ratelimit-limit': '20000', 'x-ratelimit-remaining': '19000', 'x-ratelimit-reset': '2027-01-01T00:00:00Z' });
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

describe('rps screen (bulk)', () => {
  let dir: string;
  let engine: Engine;
  let rows: Person[];
  let csv: string;
  let jsonl: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rps-screen-'));
    const set = await loadListSet({ dir: SAMPLE_DIR });
    engine = await buildEngine(set);
    rows = people(set.entries);
    csv = join(dir, 'people.csv');
    jsonl = join(dir, 'people.jsonl');
    await writeFile(csv, toCsv(rows));
    await writeFile(jsonl, toJsonl(rows));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const local = ['--in-process', '--lists-dir', SAMPLE_DIR];
  const out = (name: string): string => join(dir, name);
  const names = (): string[] => rows.filter((p) => p.name.length > 0).map((p) => p.name);

  it('screens a CSV in-process: one row per input row in order, invalid rows name the field, a summary', async () => {
    const run = await screen(['-i', csv, '-o', out('local.jsonl'), ...local]);
    expect(run.err).not.toMatch(/error/);
    expect(run.code).toBe(0);
    const result = await readJsonl(out('local.jsonl'));
    expectComplete(result, rows, 2);
    expectScreened(result, rows);
    const invalid = rows.filter((p) => p.badField === 'name').length;
    const warned = rows.filter((p) => p.badField !== undefined && p.badField !== 'name').length;
    const flagged = rows.filter((p) => p.entry !== undefined).length;
    expect(run.out).toMatch(new RegExp(`rows\\s+250\\n`));
    expect(run.out).toMatch(new RegExp(`errors\\s+${invalid}\\n`));
    expect(run.out).toMatch(new RegExp(`with warnings\\s+${warned}\\n`));
    // The coverage, before the first row and in the summary.
    expect(run.err).toMatch(/^LIST\s+STATUS\s+ENTRIES\s+PUBLISHED$/m);
    // The bundled sample's OFAC CSVs carry no date: said as such (issue 29), never passed off as dated.
    expect(run.err).toMatch(/^ofac-sdn\s+ok\s+\d+\s+date unknown \(file time \d{4}-\d\d-\d\d\)/m);
    expect(run.err).toMatch(/^bis-denied\s+ok\s+\d+\s+\d{4}-\d\d-\d\d \(publisher\)/m);
    expect(run.out).toMatch(/lists\s+12 of 12 lists ok\n/);
    expect(run.out).toMatch(new RegExp(`clear\\s+${250 - invalid - flagged}\\n`));
    expect(run.out).toContain(`done: 250 rows written to ${out('local.jsonl')}`);
    for (const name of names()) expect(run.out + run.err).not.toContain(name);

    const again = await screen(['-i', csv, '-o', out('local.jsonl'), ...local]);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain('already complete');
  });

  it('reads JSONL (numbers as ids, blank and broken lines) and writes CSV with the top match', async () => {
    const input = out('odd.jsonl');
    await writeFile(input, [
      '{"id": 7, "name": "AEROCARIBBEAN AIRLINES", "kind": "entity"}', '',
      '{"name": "Someone", "nickname": "x"}', 'not json {', '[1, 2]',
      '{"name": "Qorvath Ymmelin", "address": {"country": "de", "city": "Berlin"}}',
    ].join('\n'));
    const run = await screen(['-i', input, '-o', out('odd.csv'), ...local]);
    expect(run.code).toBe(0);
    const lines = (await readFile(out('odd.csv'), 'utf8')).trim().split('\n');
    expect(lines[0]).toBe('line,id,status,requestId,recommendedAction,matchCount,topListSource,topEntryId,topMatchedName,topConfidence,error,warnings,coverage,decision');
    expect(lines[1]).toMatch(/^1,7,screened,[0-9a-f-]{36},manual-review,\d+,ofac-sdn,36,AEROCARIBBEAN AIRLINES,0\.\d+,,,[a-z]*,$/);
    expect(lines[2]).toBe('3,,error,,,,,,,,nickname: is not a known field,,,');
    expect(lines[3]).toBe('4,,error,,,,,,,,json: is not valid JSON,,,');
    expect(lines[4]).toBe('5,,error,,,,,,,,json: must be a JSON object (one request per line),,,');
    expect(lines[5]).toMatch(/^6,,screened,[0-9a-f-]{36},clear,0,,,,,,,[a-z]*,$/);
  });

  it('screens against a server: 100 per call, waits out a 429 Retry-After, retries a 503, same results as in-process', async () => {
    const server = await new BatchServer(engine, (call) => (call === 2 ? '429' : call === 3 ? '503' : 'ok')).start();
    server.catalog = [
      { source: 'ofac-sdn', status: 'sample', entryCount: 40, publishedAt: '2025-12-24T00:00:00.000Z', publishedAtSource: 'publisher' },
      { source: 'bis-denied', status: 'ok', entryCount: 665, publishedAt: '2023-11-28T00:00:00.000Z' },
      { source: 'gsa-sam', status: 'missing', entryCount: 0, publishedAt: null },
    ];
    try {
      const started = Date.now();
      const run = await screen(['-i', jsonl, '-o', out('remote.jsonl'), '--url', server.url, '--concurrency', '1'], { RPS_API_KEY: API_KEY });
      // The server's coverage before the first row (GET /lists), with what is not the official lists called out.
      expect(run.err).toMatch(/^ofac-sdn\s+sample\s+40\s+2025-12-24 \(publisher\)$/m);
      expect(run.err).toMatch(/^gsa-sam\s+missing\s+0\s+-$/m);
      expect(run.err).toContain('warning: SAMPLE lists, not the official ones: ofac-sdn\n');
      expect(run.err).toContain('warning: not screened against current lists: gsa-sam (missing)\n');
      expect(run.out).toMatch(/lists\s+1 of 3 lists ok; sample: ofac-sdn; missing: gsa-sam\n/);
      expect(run.code).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      // Calls: batch 1, batch 2 (429), batch 2 again (503), batch 2, batch 3; invalid rows are never sent.
      const valid = [0, 1, 2].map((k) => rows.slice(k * 100, k * 100 + 100).filter((p) => p.badField !== 'name').length);
      expect(server.calls.map((c) => c.entities)).toEqual([valid[0], valid[1], valid[1], valid[1], valid[2]]);
      expect(server.calls.every((c) => c.authorization === `Bearer ${API_KEY}`)).toBe(true);
      expect(run.out).toMatch(/retries\s+1\n/);
      expect(run.out).toMatch(/429 waits\s+1\n/);
      expect(run.out).toMatch(/quota left\s+19,000/);
      expect(run.out + run.err).not.toContain(API_KEY);
      for (const name of names()) expect(run.out + run.err).not.toContain(name);

      const remote = await readJsonl(out('remote.jsonl'));
      expect(remote.filter((r) => r.requestId).every((r) => r.coverage?.status === 'partial')).toBe(true);
      expectComplete(remote, rows, 1);
      expectScreened(remote, rows);
      const local = await readJsonl(out('local.jsonl'));
      // Only the fields: an empty CSV cell is an absent name ("is required"), "" in JSONL an empty one.
      const strip = (r: OutRow) => ({ action: r.recommendedAction, top: r.topMatch, error: r.error?.details.map((d) => d.field) });
      expect(remote.map(strip)).toEqual(local.map(strip));
    } finally {
      await server.close();
    }
  });

  it('resumes after the server dies mid-run and after a torn write, with no duplicate and no gap', async () => {
    const dying = await new BatchServer(engine, (call) => (call <= 2 ? 'ok' : 'die')).start();
    const args = (url: string) => ['-i', csv, '-o', out('resume.csv'), '--url', url, '--api-key-env', 'SCREEN_KEY', '--retries', '1', '--concurrency', '2'];
    const first = await screen(args(dying.url), { SCREEN_KEY: API_KEY });
    await dying.close();
    expect(first.code).toBe(1);
    expect(first.err).toMatch(/\nstopped \(giving up after 2 failed attempts at one batch: .+\): 200 of 250 rows done, 50 left; run the same command again to continue\n$/);
    const written = (await readFile(out('resume.csv'), 'utf8')).trim().split('\n');
    expect(written).toHaveLength(201);
    // A crash in the middle of writing a batch leaves bytes the checkpoint does not cover.
    await appendFile(out('resume.csv'), '201,p-201,screened,torn-wri');

    const server = await new BatchServer(engine, () => 'ok').start();
    try {
      const second = await screen(args(server.url), { SCREEN_KEY: API_KEY });
      expect(second.code).toBe(0);
      expect(second.out).toMatch(/resumed after\s+200\n/);
      expect(second.out).toMatch(/rows\s+250\n/);
      expect(server.calls.map((c) => c.entities).reduce((a, b) => a + b, 0)).toBe(50 - rows.slice(200).filter((p) => p.badField === 'name').length);
    } finally {
      await server.close();
    }
    const lines = (await readFile(out('resume.csv'), 'utf8')).trim().split('\n').slice(1);
    expect(lines.map((l) => Number(l.split(',')[0]))).toEqual(rows.map((_, i) => i + 2));
    expect(lines.map((l) => l.split(',')[1])).toEqual(rows.map((p) => p.id));
  });

  it('--max-batches stops early and the rerun continues; a changed input or other settings are refused', async () => {
    const target = out('sliced.jsonl');
    const first = await screen(['-i', jsonl, '-o', target, ...local, '--max-batches', '1']);
    expect(first.code).toBe(0);
    expect(first.out).toContain('stopped after --max-batches 1: 100 of 250 rows done, 150 left');
    expect(await readJsonl(target)).toHaveLength(100);

    const other = await screen(['-i', jsonl, '-o', target, ...local, '--fuzziness', 'strict']);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/cannot resume .*other settings .*fuzziness=strict.*--restart/);

    const rest = await screen(['-i', jsonl, '-o', target, ...local, '--max-batches', '5']);
    expect(rest.code).toBe(0);
    expectComplete(await readJsonl(target), rows, 1);

    const edited = out('edited.jsonl');
    await writeFile(edited, toJsonl(rows));
    await screen(['-i', edited, '-o', out('edited-out.jsonl'), ...local, '--max-batches', '1']);
    await appendFile(edited, '\n{"name": "Added Later"}');
    const changed = await screen(['-i', edited, '-o', out('edited-out.jsonl'), ...local]);
    expect(changed.code).toBe(2);
    expect(changed.err).toContain('the input file changed');
  });

  it('stops at once with the server\'s code when the key is refused, and refuses bad usage with exit 2', async () => {
    const server = await new BatchServer(engine, () => '401').start();
    try {
      const refused = await screen(['-i', csv, '-o', out('refused.jsonl'), '--url', server.url], { RPS_API_KEY: API_KEY });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('the server refused the batch: HTTP 401 invalid_api_key');
      expect(server.calls.length).toBeLessThanOrEqual(2);
    } finally {
      await server.close();
    }
    const spent = await new BatchServer(engine, () => '429-month').start();
    try {
      const run = await screen(['-i', csv, '-o', out('spent.jsonl'), '--url', spent.url, '--max-wait', '60'], { RPS_API_KEY: API_KEY });
      expect(run.code).toBe(1);
      expect(run.err).toContain('stopped (the server asks to wait 10.0 days (429 quota_exceeded; quota resets at 2027-01-01T00:00:00Z), more than --max-wait allows): 0 of 250 rows done');
    } finally {
      await spent.close();
    }
    const noKey = await screen(['-i', csv, '-o', out('nokey.jsonl'), '--url', 'http://127.0.0.1:9']);
    expect(noKey).toMatchObject({ code: 2, err: expect.stringContaining('no API key: set RPS_API_KEY') });
    const bothModes = await screen(['-i', csv, '-o', out('x.jsonl'), '--url', 'http://127.0.0.1:9', '--in-process']);
    expect(bothModes.err).toContain('choose one mode');
    const threadsWithUrl = await screen(['-i', csv, '-o', out('x.jsonl'), '--url', 'http://127.0.0.1:9', '--threads', '2'], { RPS_API_KEY: API_KEY });
    expect(threadsWithUrl).toMatchObject({ code: 2, err: expect.stringContaining('--threads goes with --in-process') });
    const same = await screen(['-i', csv, '-o', csv, ...local]);
    expect(same).toMatchObject({ code: 2, err: expect.stringContaining('--output must not be the --input file') });
    const exists = await screen(['-i', csv, '-o', jsonl, ...local]);
    expect(exists).toMatchObject({ code: 2, err: expect.stringContaining('already exists and has no checkpoint') });
    const twice = out('twice.csv');
    await writeFile(twice, 'name,Date of Birth,dob\nA B,1970-01-01,1970-01-01\n');
    const column = await screen(['-i', twice, '-o', out('twice.jsonl'), ...local]);
    expect(column).toMatchObject({ code: 2, err: expect.stringContaining('column "dateOfBirth" appears twice') });
    const keyInArgv = await screen(['-i', csv, '-o', out('y.jsonl'), '--url', 'http://127.0.0.1:9', '--api-key-env', API_KEY]);
    expect(keyInArgv).toMatchObject({ code: 2, err: expect.stringContaining('the NAME of an environment variable') });
    expect(keyInArgv.err).not.toContain(API_KEY);
  });

  it('screens a real customer export: ";" or tab separated, extra columns carried, a bad date only a warning, identifiers read', async () => {
    const listed = rows.find((p) => p.entry !== undefined && p.entry.kind === 'individual') ?? rows.find((p) => p.entry !== undefined)!;
    const header = ['Customer No', 'Name', 'Date of Birth', 'Country', 'Identifiers', 'Branch'];
    const records = [
      ['C-1', listed.name, '1990-02-30', 'ZZ', '', 'Leeds; North'],
      ['C-2', 'Qorvath Ymmelin', '', 'DE', 'passport:X1234567;imo:9187629', 'York'],
      ['C-3', '', '1970-01-01', '', '', '=cmd'],
    ];
    const write = async (name: string, delimiter: string) => {
      const cell = (v: string) => (v.includes(delimiter) || v.includes('"') ? `"${v.replace(/"/g, '""')}"` : v);
      await writeFile(out(name), [header, ...records].map((r) => r.map(cell).join(delimiter)).join('\r\n') + '\r\n');
    };
    await write('export-semicolon.csv', ';');
    await write('export-tab.csv', '\t');

    const semicolon = await screen(['-i', out('export-semicolon.csv'), '-o', out('export-semicolon.csv.out.csv'), ...local]);
    expect(semicolon.code).toBe(0);
    expect(semicolon.err).toContain('input: 3 rows, delimiter ";"; carried to the output, not screened: Customer No, Branch\n');
    const csvOut = (await readFile(out('export-semicolon.csv.out.csv'), 'utf8')).trim().split('\n');
    expect(csvOut[0]).toBe(`line,id,status,requestId,recommendedAction,matchCount,topListSource,topEntryId,topMatchedName,topConfidence,error,warnings,coverage,decision,Customer No,Branch`);
    // The listed name is screened (and caught) although its date and country are invalid; both are named.
    expect(csvOut[1]).toMatch(/^2,,screened,[0-9a-f-]{36},(manual-review|block),[1-9]\d*,.*,dateOfBirth: [^,]+; address\.country: [^,]+,[a-z]*,,C-1,Leeds; North$/);
    expect(csvOut[1]).toContain(`,${listed.entry!.listSource},${listed.entry!.entryId},`);
    expect(csvOut[3]).toBe("4,,error,,,,,,,,name: is required,,,,C-3,'=cmd");

    const tab = await screen(['-i', out('export-tab.csv'), '-o', out('export-tab.jsonl'), ...local]);
    expect(tab.code).toBe(0);
    expect(tab.err).toContain('delimiter tab;');
    const jsonOut = await readJsonl(out('export-tab.jsonl'));
    expect(jsonOut[0]).toMatchObject({ line: 2, extra: { 'Customer No': 'C-1', Branch: 'Leeds; North' } });
    expect(jsonOut[0].recommendedAction).not.toBe('clear');
    expect(jsonOut[0].warnings?.map((w) => w.field)).toEqual(['dateOfBirth', 'address.country']);
    expect(jsonOut[1]).toMatchObject({ recommendedAction: 'clear', extra: { 'Customer No': 'C-2' } });
    expect(jsonOut[2]).toMatchObject({ error: { code: 'invalid_request' }, extra: { 'Customer No': 'C-3', Branch: '=cmd' } });

    // --delimiter overrides the detection: read with ",", the ";" header is one unknown column and no name.
    const forced = await screen(['-i', out('export-semicolon.csv'), '-o', out('forced.jsonl'), ...local, '--delimiter', ',']);
    expect(forced).toMatchObject({ code: 2, err: expect.stringContaining('no "name" column') });
    for (const run of [semicolon, tab]) expect(run.out + run.err).not.toContain(listed.name);
  });

  it('says so, before the first row and in the summary, when it screens against the bundled sample', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'rps-no-lists-'));
    try {
      const run = await screen(['-i', csv, '-o', out('sample.jsonl'), '--in-process', '--lists-dir', empty, '--max-batches', '1']);
      expect(run.code).toBe(0);
      expect(run.err).toContain(`(no list file in ${empty}: the bundled sample)`);
      expect(run.err).toMatch(/^warning: SAMPLE lists, not the official ones: ofac-sdn, .*gsa-sam/m);
      expect(run.out).toMatch(/lists\s+0 of 12 lists ok; sample: ofac-sdn, /);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('reads identifiers: "type:value;type:value" in CSV, the identifiers array in JSONL', async () => {
    const { readCsvRows } = await import('../src/cli/screen/csv-input.js');
    const { jsonlRow } = await import('../src/cli/screen/jsonl-input.js');
    const file = out('identifiers.csv');
    await writeFile(file, 'name,identifiers\nA Ship,IMO:9187629; mmsi:273456789 ;crypto-address:bc1q:x\nB,nocolon\n');
    const read = [];
    for await (const row of readCsvRows(file)) read.push(row.body);
    expect(read[0]?.identifiers).toEqual([
      { type: 'imo', value: '9187629' }, { type: 'mmsi', value: '273456789' }, { type: 'crypto-address', value: 'bc1q:x' },
    ]);
    expect(read[1]?.identifiers).toEqual([{ type: '', value: 'nocolon' }]);
    const identifiers = [{ type: 'passport', value: 'X1234567', country: 'RU' }];
    expect(jsonlRow(1, JSON.stringify({ name: 'A', identifiers })).body).toEqual({ name: 'A', identifiers });
  });

  it('runs from the command line: help with examples, no progress bar when not a terminal', async () => {
    const tiny = out('tiny.csv');
    await writeFile(tiny, 'name,country\nBANCO NACIONAL DE CUBA,CU\n');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'screen', '-i', tiny, '-o', out('tiny.jsonl'), ...local], {
      cwd: PROJECT_DIR, env: { PATH: process.env.PATH ?? '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const [code] = (await once(child, 'close')) as [number];
    expect(code).toBe(0);
    expect(stderr).toMatch(new RegExp(`^input: 1 rows, delimiter ","\nscreening in-process against ${SAMPLE_DIR} \\(${engine.size} list entries\\)\nLIST `));
    expect(stdout).toMatch(/^SUMMARY\s*\nrows\s+1\n/);
    expect((await readJsonl(out('tiny.jsonl')))[0]).toMatchObject({ line: 2, topMatch: { listSource: 'ofac-sdn' } });

    const help = await screen(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('--api-key-env <name>');
    expect(help.out).toContain('rps screen --input people.csv --output results.csv --url https://screening.example.com');
  });

  it('carries decisions from the server: a decision column (top match) and a count of matches suppressed by a live false positive', async () => {
    const server = await new BatchServer(engine, () => 'ok').start();
    // What the service adds on the decisions branch (API.md, "Decisions on matches"): in turn a live
    // false positive, a lapsed one (counts as undecided), a true match, on the top match of a flagged answer.
    const kinds = [{ decision: 'false-positive', lapsed: false }, { decision: 'false-positive', lapsed: true }, { decision: 'true-match', lapsed: false }];
    let flagged = 0;
    server.decorate = (answer) => {
      const matches = answer.matches as Array<Record<string, unknown>>;
      if (matches.length === 0) return answer;
      const kind = kinds[flagged++ % kinds.length];
      matches[0] = { ...matches[0], decision: { decisionId: crypto.randomUUID(), decidedAt: '2026-11-01T00:00:00Z', reference: 'CASE-1', ...kind } };
      return answer;
    };
    try {
      const run = await screen(['-i', csv, '-o', out('decided.csv'), '--url', server.url], { RPS_API_KEY: API_KEY });
      expect(run.code).toBe(0);
      const lines = (await readFile(out('decided.csv'), 'utf8')).trim().split('\n').slice(1);
      const decisions = lines.map((l) => l.split(',').at(-1)).filter((d) => d !== '');
      expect(flagged).toBeGreaterThan(3);
      expect(decisions).toEqual(Array.from({ length: flagged }, (_, i) => ['false-positive', 'lapsed', 'true-match'][i % 3]));
      expect(run.out).toMatch(new RegExp(`suppressed by decision\\s+${Math.ceil(flagged / 3)}\\n`));
    } finally {
      await server.close();
    }
  });

  // Reads the real lists and the yente fixtures in ../shared: skipped with its reason in a clone without it.
  it.skipIf(!HAS_SHARED)(`--in-process --threads 2 on the real lists: output in input order, the same results as one thread, resumable${HAS_SHARED ? '' : ' (skipped: ../shared is absent)'}`, async () => {
    const negatives = (await readFile(sharedPath('eval/yente_screening_fixtures/negatives_global.csv'), 'utf8')).split('\n').slice(1, 651)
      .map((l) => l.split(',')[0]).filter((n) => n !== '' && !n.includes('"'));
    // 900 rows (9 batches): the 250 people (listed names among them) and 650 real-looking names on no list.
    const many: Person[] = [...rows, ...negatives.map((name, i): Person => ({ id: `n-${i + 1}`, name }))];
    const input = out('many.csv');
    await writeFile(input, toCsv(many));
    const real = ['--in-process', '--lists-dir', SNAPSHOT_DIR];
    const one = await screen(['-i', input, '-o', out('one.jsonl'), ...real, '--threads', '1']);
    const two = await screen(['-i', input, '-o', out('two.jsonl'), ...real, '--threads', '2']);
    expect([one.code, two.code]).toEqual([0, 0]);
    // Only requestId and screenedAt differ between two screenings of the same row.
    const strip = (r: OutRow & { screenedAt?: string }) => ({ ...r, requestId: undefined, screenedAt: undefined });
    const single = (await readJsonl(out('one.jsonl'))).map(strip);
    const threaded = (await readJsonl(out('two.jsonl'))).map(strip);
    expectComplete(threaded, many, 2);
    expect(threaded).toEqual(single);
    // Where each thread's time went: one thread screens every valid row itself; with two, the main
    // thread reads and writes and the two screening threads share the rows between them.
    const valid = single.filter((r) => r.error === undefined).length;
    expect(one.threads?.map((t) => [t.thread, t.rows])).toEqual([['main', valid]]);
    expect(two.threads?.map((t) => t.thread)).toEqual(['main', 'screen 1', 'screen 2']);
    expect(two.threads?.[0].rows).toBe(0);
    expect(two.threads?.slice(1).reduce((a, t) => a + t.rows, 0)).toBe(valid);
    for (const t of [...one.threads!, ...two.threads!]) {
      expect(t.activeMs + t.idleMs).toBeLessThanOrEqual(t.wallMs + 50);
      expect(t.activeMs).toBeGreaterThan(0);
      if (process.platform === 'linux') expect(t.cpuMs).toBeGreaterThan(0);
    }
    expect(single.filter((r) => (r.matchCount ?? 0) > 0).length).toBeGreaterThanOrEqual(50);

    // Interrupted after 3 batches, and a torn write after them: the rerun redoes only the rest.
    const partial = await screen(['-i', input, '-o', out('resumed.jsonl'), ...real, '--threads', '2', '--max-batches', '3']);
    expect(partial.out + partial.err).toContain('300 of 900 rows done');
    await appendFile(out('resumed.jsonl'), '{"line": 302, "id": "torn');
    const rest = await screen(['-i', input, '-o', out('resumed.jsonl'), ...real, '--threads', '2']);
    expect(rest.code).toBe(0);
    expect(rest.out).toMatch(/resumed after\s+300\n/);
    expect((await readJsonl(out('resumed.jsonl'))).map(strip)).toEqual(single);
  }, 300_000);
});
