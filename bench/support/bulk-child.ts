/**
 * One bulk run for bench/bulk.bench.ts, in its own process so its peak RSS is its own:
 * `node --import tsx bench/support/bulk-child.ts <input> <output> <listsDir> <threads> <indexCacheDir>`.
 * Runs `rps screen --in-process` as main.ts does and prints one JSON line: elapsed time, CPU time,
 * rows, peak RSS, whether the lists and index came from the index cache, and each thread's figures
 * (src/cli/screen/thread-stats.ts: its own CPU time, run-queue wait, busy and idle time, rows screened).
 */
import { Command } from 'commander';
import type { ScreenIo } from '../../src/cli/screen-command.js';
import type { ThreadStats } from '../../src/cli/screen/thread-stats.js';
// The compiled CLI, as users run it (`rps` is dist/cli/main.js): under tsx every worker thread
// would also transpile the sources it loads, work a user never pays (npm run build:ts first).
const { registerScreenCommand } = (await import(new URL(`../../${process.env.BULK_BENCH_DIST ?? 'dist'}/cli/screen-command.js`, import.meta.url).href)) as typeof import('../../src/cli/screen-command.js');

const [input, output, listsDir, threads, indexCache] = process.argv.slice(2);
let summary = '';
let errors = '';
let code = 0;
let threadFigures: readonly ThreadStats[] = [];
const io: ScreenIo = {
  out: (t) => void (summary += t),
  err: (t) => void (errors += t),
  env: {},
  progressStream: null,
  handleSignals: false,
  setExitCode: (c) => void (code = c),
  threadStats: (stats) => void (threadFigures = stats),
};
const program = new Command('rps').exitOverride();
registerScreenCommand(program, io);
const started = performance.now();
await program.parseAsync(['node', 'rps', 'screen', '-i', input, '-o', output, '--in-process', '--lists-dir', listsDir, '--threads', threads, '--index-cache', indexCache, '--restart']);
const elapsedMs = performance.now() - started;
if (code !== 0) {
  process.stderr.write(errors);
  process.exit(code);
}
const rows = Number(/^rows\s+([\d,]+)$/m.exec(summary)?.[1].replace(/,/g, '') ?? NaN);
// maxRSS is the process's peak resident set in KiB and the CPU time is user + system, worker threads included.
const usage = process.resourceUsage();
const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
const cache = /read from the index cache/.test(errors) ? 'used' : /saved to the index cache/.test(errors) ? 'built and saved' : 'not used';
process.stdout.write(`${JSON.stringify({ elapsedMs, cpuMs, rows, peakRssMb: usage.maxRSS / 1024, cache, threads: threadFigures })}\n`);
