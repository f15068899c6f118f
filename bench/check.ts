/**
 * `npm run bench:check`: a performance regression gate. Runs the engine bench (or, with --no-run,
 * reads the latest bench/results/engine.json), compares its headline figures with the committed
 * bench/baseline.json by ratio, prints baseline / now / ratio / verdict, and exits 1 when a figure
 * grew beyond the margin.
 *
 *   --margin <x>         allowed now/baseline ratio for times (default 1.5: a shared machine is noisy)
 *   --memory-margin <x>  the same for memory (default 1.1: memory does not depend on load)
 *   --no-run             compare the latest results instead of running the bench
 *   --update             write bench/baseline.json from the results (after running, unless --no-run)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compareFigures, type BaselineFile, type EngineResults } from './support/baseline-check.js';
import { HEADLINE_KEYS } from './support/engine-targets.js';
import { formatTable } from './support/figures.js';
import { PROJECT_DIR, RESULTS_DIR, requireShared } from './support/paths.js';

const BASELINE = join(PROJECT_DIR, 'bench/baseline.json');
const RESULTS = join(RESULTS_DIR, 'engine.json');

function fail(message: string): never {
  console.error(`bench:check: ${message}`);
  process.exit(1);
}

function options(): { margin: number; memoryMargin: number; run: boolean; update: boolean } {
  const { values } = parseArgs({
    options: {
      margin: { type: 'string', default: '1.5' },
      'memory-margin': { type: 'string', default: '1.1' },
      'no-run': { type: 'boolean', default: false },
      update: { type: 'boolean', default: false },
    },
  });
  const ratio = (name: string, text: string): number => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < 1) fail(`--${name} must be a ratio of 1 or more, got "${text}"`);
    return value;
  };
  return {
    margin: ratio('margin', values.margin),
    memoryMargin: ratio('memory-margin', values['memory-margin']),
    run: !values['no-run'],
    update: values.update,
  };
}

function runEngineBench(): void {
  requireShared('bench:check');
  const started = Date.now();
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(PROJECT_DIR, 'bench/engine.bench.ts')], {
    cwd: PROJECT_DIR,
    stdio: 'inherit',
  });
  if (child.error || child.status !== 0) {
    fail(`the engine bench failed (${child.error?.message ?? `exit ${child.signal ?? child.status}`})`);
  }
  if (!existsSync(RESULTS) || statSync(RESULTS).mtimeMs < started - 1000) fail(`the engine bench wrote no fresh ${RESULTS}`);
}

function readJson<T>(path: string, missing: string): T {
  if (!existsSync(path)) fail(missing);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    return fail(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

function gitHead(): string | null {
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_DIR, encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : null;
}

function updateBaseline(results: EngineResults): void {
  const figures = Object.fromEntries(HEADLINE_KEYS.filter((k) => results.figures[k]).map((k) => [k, results.figures[k]]));
  const baseline: BaselineFile = {
    note: 'Engine figures bench:check compares with; rewrite with `npm run bench:check -- --update`.',
    date: results.date,
    gitHead: gitHead(),
    node: results.node,
    cpuModel: results.cpuModel,
    cpus: results.cpus,
    loadAverage: results.loadAverage,
    figures,
  };
  writeFileSync(BASELINE, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`bench:check: wrote ${BASELINE} from the results of ${results.date}`);
}

function main(): void {
  const opts = options();
  if (opts.run) runEngineBench();
  const results = readJson<EngineResults>(RESULTS, `${RESULTS} is missing: run \`npm run bench -- engine\` or drop --no-run`);
  if (!results.figures) fail(`${RESULTS} has no figures: rerun the engine bench`);
  if (opts.update) return updateBaseline(results);

  const baseline = readJson<BaselineFile>(BASELINE, `${BASELINE} is missing: create it with \`npm run bench:check -- --update\``);
  const rows = compareFigures(baseline.figures, results.figures, HEADLINE_KEYS, opts);
  console.log(`\nbench:check: baseline ${baseline.date} (load ${baseline.loadAverage}) vs now ${results.date} (load ${results.loadAverage})`);
  console.log(`margins: times x${opts.margin}, memory x${opts.memoryMargin}`);
  if (Math.max(baseline.loadAverage, results.loadAverage) > results.cpus) {
    // Other processes competing for the CPUs inflate wall times, p99 the most: say so next to the verdicts.
    console.log(`warning: load average above the ${results.cpus} CPUs during a run; the timings are inflated`);
  }
  console.log(formatTable(['figure', 'baseline', 'now', 'ratio', 'verdict'], rows.map((r) => r.cells)));
  const failed = rows.filter((r) => r.failed);
  if (failed.length > 0) fail(`${failed.length} figure(s) regressed beyond the margin: ${failed.map((r) => r.key).join(', ')}`);
  console.log('bench:check: no regression beyond the margin');
}

main();
