/**
 * The packed-index cache of `rps screen --in-process` (src/cli/screen/index-cache.ts), on a copy of
 * the bundled sample lists: a run that reads the cache answers byte for byte as one that builds
 * (only requestId and screenedAt differ, as between any two runs) and prints the same lists; a
 * corrupt or truncated cache file is reported and rebuilt, never used; any change of a list file's
 * content misses the cache, even at the same size and modification time; two entries are kept.
 */
import { cp, mkdtemp, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerScreenCommand, type ScreenIo } from '../src/cli/screen-command.js';
import { SAMPLE_DIR } from './support/shared.js';

interface Run {
  code: number;
  out: string;
  err: string;
}

/** Runs `screen` through commander in this process, the way main.ts registers it. */
async function screen(args: string[]): Promise<Run> {
  const run: Run = { code: 0, out: '', err: '' };
  const io: ScreenIo = {
    out: (t) => void (run.out += t),
    err: (t) => void (run.err += t),
    env: {},
    progressStream: null,
    handleSignals: false,
    setExitCode: (code) => void (run.code = code),
  };
  const program = new Command('rps').exitOverride();
  registerScreenCommand(program, io);
  await program.parseAsync(['node', 'rps', 'screen', ...args]);
  return run;
}

const NAMES = ['BANCO NACIONAL DE CUBA', 'AEROCARIBBEAN AIRLINES', 'Hasan NASRALLAH', 'John Smith', 'Maria Gonzalez Lopez', 'CUBANA DE AVIACION'];

describe('rps screen --in-process index cache', () => {
  let dir: string;
  let lists: string;
  let cache: string;
  let input: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rps-index-cache-'));
    lists = join(dir, 'lists');
    cache = join(dir, 'cache');
    await cp(SAMPLE_DIR, lists, { recursive: true });
    input = join(dir, 'people.csv');
    await writeFile(input, `id,name\n${NAMES.map((n, i) => `p${i + 1},${n}`).join('\n')}\n`);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = (output: string, ...extra: string[]): Promise<Run> =>
    screen(['-i', input, '-o', join(dir, output), '--in-process', '--lists-dir', lists, '--restart', ...extra]);
  const cached = (output: string, ...extra: string[]): Promise<Run> => run(output, '--index-cache', cache, ...extra);
  /** The answers without what differs between any two runs (a fresh requestId, the time screened). */
  const answers = async (output: string): Promise<string> =>
    (await readFile(join(dir, output), 'utf8')).replace(/"(requestId|screenedAt)":"[^"]*"/g, '"$1":"-"');
  /** What the run printed about the lists and the summary, without the cache's own line, timings and output name. */
  const printed = (r: Run): string => (r.err + r.out).split('\n').filter((l) => !/index cache|^rate |^elapsed |^done: /.test(l)).join('\n');
  const entries = async (): Promise<string[]> => (await readdir(cache)).filter((n) => n.endsWith('.rpsidx'));

  it('answers and prints the same whether the lists and index are built or read from the cache, one thread or two', async () => {
    const built = await run('plain.jsonl', '--no-index-cache');
    const saved = await cached('saved.jsonl');
    const read = await cached('read.jsonl');
    const readThreads = await cached('threads.jsonl', '--threads', '2');
    for (const r of [built, saved, read, readThreads]) expect(r.code).toBe(0);
    expect(built.err).not.toContain('index cache');
    expect(saved.err).toContain('lists and index built, saved to the index cache');
    expect(read.err).toContain(`lists and index read from the index cache ${cache}`);
    expect(readThreads.err).toContain('lists and index read from the index cache');
    const plain = await answers('plain.jsonl');
    expect(plain).toContain('AEROCARIBBEAN AIRLINES');
    for (const output of ['saved.jsonl', 'read.jsonl', 'threads.jsonl']) expect(await answers(output)).toBe(plain);
    for (const r of [saved, read, readThreads]) expect(printed(r)).toBe(printed(built));
    // Dates of both kinds, a publisher's and a file's time, come out the same from the cache.
    expect(printed(built)).toMatch(/^bis-denied\s+ok\s+\d+\s+2023-11-15 \(publisher\)$/m);
    expect(printed(built)).toMatch(/^ofac-sdn\s+ok\s+\d+\s+date unknown \(file time \d{4}-\d\d-\d\d\)$/m);
  });

  it('reports a corrupt or truncated cache file, rebuilds it and never uses it', async () => {
    await cached('warm.jsonl');
    const [file] = await entries();
    const path = join(cache, file);
    const bytes = await readFile(path);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await writeFile(path, bytes);
    const corrupt = await cached('corrupt.jsonl');
    expect(corrupt.err).toContain(`warning: the index cache ${path} is corrupt or truncated (checksum mismatch); ignored and rebuilt`);
    expect(corrupt.err).toContain('lists and index built, saved to the index cache');
    expect(await answers('corrupt.jsonl')).toBe(await answers('warm.jsonl'));

    await truncate(path, Math.floor(bytes.length / 3));
    const truncated = await cached('truncated.jsonl');
    expect(truncated.err).toContain('is corrupt or truncated');
    expect(await answers('truncated.jsonl')).toBe(await answers('warm.jsonl'));
    const again = await cached('again.jsonl');
    expect(again.err).toContain('lists and index read from the index cache');
    expect(again.err).not.toContain('warning');
  });

  it('misses the cache when a list file changes, even at the same size and time; keeps the last two entries', async () => {
    await cached('before.jsonl');
    const sdn = join(lists, 'sdn.csv');
    const { mtime, atime } = await stat(sdn);
    const text = await readFile(sdn, 'utf8');
    await writeFile(sdn, text.replace('"AEROCARIBBEAN AIRLINES"', '"AEROCARIBBEAN AIRLINEZ"'));
    await utimes(sdn, atime, mtime);
    const changed = await cached('changed.jsonl');
    expect(changed.err).toContain('lists and index built, saved to the index cache');
    expect(await answers('changed.jsonl')).toContain('AEROCARIBBEAN AIRLINEZ');
    expect(await entries()).toHaveLength(2);

    await writeFile(join(lists, 'sdn_comments.csv'), `${await readFile(join(lists, 'sdn_comments.csv'), 'utf8')}\n`);
    expect((await cached('third.jsonl')).err).toContain('lists and index built, saved');
    expect(await entries()).toHaveLength(2);
    // The entry in use was kept: the same lists read it back.
    expect((await cached('fourth.jsonl')).err).toContain('lists and index read from the index cache');
  });
});
