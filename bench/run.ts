/**
 * `npm run bench`: runs every bench/*.bench.ts, each in its own node process one after the other
 * (so one bench's heap and JIT state cannot colour the next), then gathers bench/results/*.json
 * into bench/results/summary.json with the machine it ran on and every figure with its unit.
 *
 * `npm run bench -- engine lists` runs only the named benches. Targets are reported by the benches,
 * not enforced here: the exit status is non-zero only when a bench crashes (or a name is unknown).
 * A bench that exits non-zero after writing fresh results reported a missed limit; that is no crash.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { flattenFigures, formatTable, type FlatFigure } from './support/figures.js';
import { machineInfo } from './support/machine.js';
import { PROJECT_DIR, RESULTS_DIR, writeResults } from './support/paths.js';

const BENCH_DIR = join(PROJECT_DIR, 'bench');
const SUFFIX = '.bench.ts';

type Outcome = 'ok' | 'no results (skipped?)' | 'missed a limit' | 'crashed';

interface BenchRun {
  name: string;
  outcome: Outcome;
  exitCode: number | null;
  signal: string | null;
  seconds: number;
}

function availableBenches(): string[] {
  return readdirSync(BENCH_DIR).filter((f) => f.endsWith(SUFFIX)).map((f) => f.slice(0, -SUFFIX.length)).sort();
}

function chosenBenches(args: readonly string[]): string[] {
  const available = availableBenches();
  const names = args.filter((a) => !a.startsWith('-')).map((a) => a.replace(/\.bench\.ts$/, '').replace(/^bench\//, ''));
  const unknown = names.filter((n) => !available.includes(n));
  if (unknown.length > 0) {
    console.error(`bench: unknown bench ${unknown.join(', ')}; available: ${available.join(', ')}`);
    process.exit(2);
  }
  return names.length > 0 ? names : available;
}

function resultsWrittenSince(name: string, since: number): boolean {
  const file = join(RESULTS_DIR, `${name}.json`);
  return existsSync(file) && statSync(file).mtimeMs >= since;
}

function runBench(name: string): BenchRun {
  console.log(`\n=== bench: ${name} ===`);
  const started = Date.now();
  // --expose-gc for the benches that force collections; tsx as a loader keeps the file's own path and argv.
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(BENCH_DIR, `${name}${SUFFIX}`)], {
    cwd: PROJECT_DIR,
    stdio: 'inherit',
  });
  const fresh = resultsWrittenSince(name, started - 1000);
  let outcome: Outcome = 'ok';
  if (child.error || child.signal !== null || (child.status !== 0 && !fresh)) outcome = 'crashed';
  else if (child.status !== 0) outcome = 'missed a limit';
  else if (!fresh) outcome = 'no results (skipped?)';
  if (child.error) console.error(`bench ${name}: ${child.error.message}`);
  return { name, outcome, exitCode: child.status, signal: child.signal, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

interface ResultFile {
  date: string;
  /** Written by this run. */
  fresh: boolean;
  figures: FlatFigure[];
}

function collectResults(since: number): Record<string, ResultFile> {
  if (!existsSync(RESULTS_DIR)) return {};
  const out: Record<string, ResultFile> = {};
  for (const file of readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.json') && f !== 'summary.json').sort()) {
    const path = join(RESULTS_DIR, file);
    const mtime = statSync(path).mtimeMs;
    try {
      const data = JSON.parse(readFileSync(path, 'utf8')) as { date?: unknown };
      const date = typeof data.date === 'string' ? data.date : new Date(mtime).toISOString();
      out[file.slice(0, -'.json'.length)] = { date, fresh: mtime >= since, figures: flattenFigures(data) };
    } catch (error) {
      console.error(`bench: ${path} is not valid JSON (${(error as Error).message}); left out of the summary`);
    }
  }
  return out;
}

function main(): void {
  const names = chosenBenches(process.argv.slice(2));
  const machine = machineInfo();
  const started = Date.now();
  const runs = names.map(runBench);
  const results = collectResults(started - 1000);
  const file = writeResults('summary', { ...machine, loadAverageAfter: machineInfo().loadAverage, runs, results });
  console.log('\n=== bench summary ===');
  console.log(formatTable(
    ['bench', 'outcome', 'exit', 'seconds'],
    runs.map((r) => [r.name, r.outcome, r.signal ?? String(r.exitCode), String(r.seconds)]),
  ));
  console.log(`wrote ${file}`);
  if (runs.some((r) => r.outcome === 'crashed')) process.exitCode = 1;
}

main();
