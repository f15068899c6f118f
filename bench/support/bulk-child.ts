/**
 * One bulk run for bench/bulk.bench.ts, in its own process so its peak RSS is its own:
 * `node --import tsx bench/support/bulk-child.ts <input> <output> <listsDir> <threads>`.
 * Runs `rps screen --in-process` as main.ts does and prints one JSON line: elapsed time, rows, peak RSS.
 */
import { Command } from 'commander';
import { registerScreenCommand, type ScreenIo } from '../../src/cli/screen-command.js';

const [input, output, listsDir, threads] = process.argv.slice(2);
let summary = '';
let errors = '';
let code = 0;
const io: ScreenIo = {
  out: (t) => void (summary += t),
  err: (t) => void (errors += t),
  env: {},
  progressStream: null,
  handleSignals: false,
  setExitCode: (c) => void (code = c),
};
const program = new Command('rps').exitOverride();
registerScreenCommand(program, io);
const started = performance.now();
await program.parseAsync(['node', 'rps', 'screen', '-i', input, '-o', output, '--in-process', '--lists-dir', listsDir, '--threads', threads, '--restart']);
const elapsedMs = performance.now() - started;
if (code !== 0) {
  process.stderr.write(errors);
  process.exit(code);
}
const rows = Number(/^rows\s+([\d,]+)$/m.exec(summary)?.[1].replace(/,/g, '') ?? NaN);
// maxRSS is the process's peak resident set in KiB, worker threads included.
process.stdout.write(`${JSON.stringify({ elapsedMs, rows, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
