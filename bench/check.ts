/**
 * `npm run bench:check`: a performance regression gate. Runs the engine bench (or, with --no-run,
 * reads the latest bench/results/engine.json), compares its headline figures with the committed
 * bench/baseline.json by ratio, prints baseline / now / ratio / verdict, and exits 1 when a figure
 * grew beyond the margin. The store ratios of bench/results/stores.json (lmdb vs Redis, written by
 * `npm run bench -- stores`) are compared the same way with the baseline's `stores`, when both exist;
 * `--stores` runs that bench first. Likewise the request-path and batch ratios of
 * bench/results/request-path.json with the baseline's `requestPath` (`--request-path` runs that bench first).
 *
 *   --margin <x>         allowed now/baseline ratio for times (default 1.5: a shared machine is noisy)
 *   --memory-margin <x>  the same for memory (default 1.1: memory does not depend on load)
 *   --no-run             compare the latest results instead of running the bench
 *   --update             write bench/baseline.json from the results (after running, unless --no-run)
 *   --results <file>     the engine results to compare (default bench/results/engine.json)
 *   --baseline <file>    the baseline to compare with (default bench/baseline.json)
 *
 * Figures with a hard limit (HARD_LIMITS: the costliest adversarial screening over the median, at
 * most 20x) fail above it whatever the baseline.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compareFigures, type BaselineFile, type EngineResults } from './support/baseline-check.js';
import { HARD_LIMITS, HEADLINE_KEYS } from './support/engine-targets.js';
import { formatTable, type Figures } from './support/figures.js';
import { PROJECT_DIR, RESULTS_DIR, requireShared } from './support/paths.js';
import { REQUEST_PATH_KEYS, STORE_KEYS } from './support/store-targets.js';

const DEFAULT_BASELINE = join(PROJECT_DIR, 'bench/baseline.json');
const DEFAULT_RESULTS = join(RESULTS_DIR, 'engine.json');
const STORE_RESULTS = join(RESULTS_DIR, 'stores.json');
const REQUEST_PATH_RESULTS = join(RESULTS_DIR, 'request-path.json');

function fail(message: string): never {
  console.error(`bench:check: ${message}`);
  process.exit(1);
}

interface Options {
  margin: number;
  memoryMargin: number;
  run: boolean;
  update: boolean;
  stores: boolean;
  results: string;
  baseline: string;
  requestPath: boolean;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      margin: { type: 'string', default: '1.5' },
      'memory-margin': { type: 'string', default: '1.1' },
      'no-run': { type: 'boolean', default: false },
      update: { type: 'boolean', default: false },
      stores: { type: 'boolean', default: false },
      results: { type: 'string', default: DEFAULT_RESULTS },
      baseline: { type: 'string', default: DEFAULT_BASELINE },
      'request-path': { type: 'boolean', default: false },
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
    stores: values.stores,
    results: values.results,
    baseline: values.baseline,
    requestPath: values['request-path'],
  };
}

/**
 * Runs bench/<name>.bench.ts. The stores bench exits 1 on a missed target; with `missedTargetOk` that
 * is left to the ratios to the baseline (a shared machine moves them), as long as it wrote results.
 */
function runBench(name: string, results: string, missedTargetOk = false): void {
  requireShared('bench:check');
  const started = Date.now();
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(PROJECT_DIR, `bench/${name}.bench.ts`)], {
    cwd: PROJECT_DIR,
    stdio: 'inherit',
  });
  const fresh = existsSync(results) && statSync(results).mtimeMs >= started - 1000;
  if (child.error || (child.status !== 0 && !(missedTargetOk && fresh))) {
    fail(`the ${name} bench failed (${child.error?.message ?? `exit ${child.signal ?? child.status}`})`);
  }
  if (!fresh) fail(`the ${name} bench wrote no fresh ${results}`);
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

function storeFigures(): Figures | null {
  return existsSync(STORE_RESULTS) ? readJson<{ figures: Figures }>(STORE_RESULTS, '').figures : null;
}

/** The request-path and batch ratios of bench/results/request-path.json (`npm run bench -- request-path`). */
function requestPathFigures(): Figures | null {
  return existsSync(REQUEST_PATH_RESULTS) ? readJson<{ figures: Figures }>(REQUEST_PATH_RESULTS, '').figures : null;
}

function updateBaseline(results: EngineResults, path: string): void {
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
    ...(storeFigures() !== null && { stores: Object.fromEntries(STORE_KEYS.map((k) => [k, storeFigures()![k]])) }),
    ...(requestPathFigures() !== null && { requestPath: Object.fromEntries(REQUEST_PATH_KEYS.map((k) => [k, requestPathFigures()![k]])) }),
  };
  writeFileSync(path, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`bench:check: wrote ${path} from the results of ${results.date}`);
}

function main(): void {
  const opts = options();
  if (opts.run) runBench('engine', opts.results);
  if (opts.stores) runBench('stores', STORE_RESULTS, true);
  if (opts.requestPath) runBench('request-path', REQUEST_PATH_RESULTS, true);
  const results = readJson<EngineResults>(opts.results, `${opts.results} is missing: run \`npm run bench -- engine\` or drop --no-run`);
  if (!results.figures) fail(`${opts.results} has no figures: rerun the engine bench`);
  if (opts.update) return updateBaseline(results, opts.baseline);

  const baseline = readJson<BaselineFile>(opts.baseline, `${opts.baseline} is missing: create it with \`npm run bench:check -- --update\``);
  const stores = storeFigures();
  const requestPath = requestPathFigures();
  const rows = [
    ...compareFigures(baseline.figures, results.figures, HEADLINE_KEYS, opts, HARD_LIMITS),
    ...(stores !== null && baseline.stores !== undefined ? compareFigures(baseline.stores, stores, STORE_KEYS, opts) : []),
    ...(requestPath !== null && baseline.requestPath !== undefined ? compareFigures(baseline.requestPath, requestPath, REQUEST_PATH_KEYS, opts) : []),
  ];
  console.log(`\nbench:check: baseline ${baseline.date} (load ${baseline.loadAverage}) vs now ${results.date} (load ${results.loadAverage})`);
  console.log(`margins: times x${opts.margin}, memory x${opts.memoryMargin}`);
  if (Math.max(baseline.loadAverage, results.loadAverage) > results.cpus) {
    // Other processes competing for the CPUs inflate wall times, p99 the most: say so next to the verdicts.
    console.log(`warning: load average above the ${results.cpus} CPUs during a run; the timings are inflated`);
  }
  console.log(formatTable(['figure', 'baseline', 'now', 'ratio', 'verdict'], rows.map((r) => r.cells)));
  const failed = rows.filter((r) => r.failed);
  if (failed.length > 0) fail(`${failed.length} figure(s) regressed beyond the margin or over their limit: ${failed.map((r) => r.key).join(', ')}`);
  console.log('bench:check: no regression beyond the margin');
}

main();
