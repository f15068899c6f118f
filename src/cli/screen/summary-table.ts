/**
 * @module The table printed at the end of a bulk run, and the one line that says what to do next.
 * Outcome counts cover the whole output file (earlier interrupted runs included); retries, waits,
 * rate and elapsed time cover this run.
 */
import { formatTable } from '../text-table.js';
import type { RunOutcome } from './run-screen.js';

interface Line {
  label: string;
  value: string | number;
}

/** `lists`: the coverage of the run in one line (coverage-view.ts), when the lists were looked at. */
export function summaryTable(outcome: RunOutcome, lists: string | null = null): string {
  const { tally, stats } = outcome;
  const seconds = outcome.elapsedMs / 1000;
  const lines: Line[] = [
    { label: 'rows', value: tally.rows },
    { label: 'clear', value: tally.clear },
    { label: 'manual-review', value: tally.manualReview },
    { label: 'block', value: tally.block },
    { label: 'errors', value: tally.errors },
    { label: 'with warnings', value: tally.warnings ?? 0 },
    { label: 'suppressed by decision', value: tally.suppressed ?? 0 },
    { label: 'retries', value: stats.retries },
    { label: '429 waits', value: stats.waits },
    { label: 'rate (rows/s)', value: seconds > 0 ? Math.round(outcome.rowsThisRun / seconds) : 0 },
    { label: 'elapsed', value: duration(seconds) },
  ];
  if (outcome.resumedFrom > 0) lines.splice(1, 0, { label: 'resumed after', value: outcome.resumedFrom });
  if (stats.waits > 0) lines.push({ label: 'waited', value: duration(stats.waitedMs / 1000) });
  if (stats.quotaRemaining !== null) lines.push({ label: 'quota left', value: stats.quotaRemaining });
  if (lists !== null) lines.push({ label: 'lists', value: lists });
  return formatTable<Line>([{ header: 'SUMMARY', value: (l) => l.label }, { header: '', value: (l) => l.value }], lines);
}

/** What happened and, unless the run is complete, how to continue. */
export function statusLine(outcome: RunOutcome, output: string): string {
  const left = outcome.inputRows - outcome.tally.rows;
  switch (outcome.status) {
    case 'complete':
      return `done: ${rowsText(outcome.tally.rows)} written to ${output}`;
    case 'already-complete':
      return `already complete: ${output} holds all ${outcome.tally.rows} rows (pass --restart to screen again)`;
    case 'partial':
      return `${outcome.reason}: ${outcome.tally.rows} of ${outcome.inputRows} rows done, ${left} left; run the same command again to continue`;
    case 'stopped':
      return `stopped (${outcome.reason}): ${outcome.tally.rows} of ${outcome.inputRows} rows done, ${left} left; run the same command again to continue`;
  }
}

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${Math.round(seconds % 60)} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const rowsText = (n: number): string => `${n} row${n === 1 ? '' : 's'}`;
