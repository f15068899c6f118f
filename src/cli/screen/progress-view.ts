/**
 * @module The progress bar of the bulk `screen` command (cli-progress, on stderr): rows done of the
 * input's total, rows per second over this run, ETA, and what the client is waiting for (a 429's
 * Retry-After, a retry). Shown only on a terminal: piped or logged output stays clean.
 */
import { Presets, SingleBar } from 'cli-progress';
import type { RunStats } from './screen-records.js';

export interface ProgressView {
  start(total: number, done: number): void;
  update(done: number): void;
  stop(): void;
}

export const NO_PROGRESS: ProgressView = { start() {}, update() {}, stop() {} };

/** cli-progress redraws on its own timer; this one refreshes rate and waits between batches. */
const REFRESH_MS = 500;

export function terminalProgress(stream: NodeJS.WritableStream, stats: RunStats): ProgressView {
  const bar = new SingleBar(
    {
      stream,
      format: 'screening [{bar}] {percentage}% | {value}/{total} rows | {rate} rows/s | ETA {eta_formatted}{note}',
      hideCursor: true,
      etaBuffer: 20,
      fps: 5,
      barsize: 30,
    },
    Presets.shades_classic,
  );
  let startedAt = 0;
  let startValue = 0;
  let current = 0;
  let timer: NodeJS.Timeout | null = null;
  const payload = () => {
    const seconds = (Date.now() - startedAt) / 1000;
    const rate = seconds > 0 ? Math.round((current - startValue) / seconds) : 0;
    return { rate, note: stats.note === '' ? '' : ` | ${stats.note}` };
  };
  return {
    start(total, done) {
      startedAt = Date.now();
      startValue = done;
      current = done;
      bar.start(total, done, payload());
      timer = setInterval(() => bar.update(payload()), REFRESH_MS);
      timer.unref();
    },
    update(done) {
      current = done;
      bar.update(done, payload());
    },
    stop() {
      if (timer === null) return;
      clearInterval(timer);
      timer = null;
      bar.stop();
    },
  };
}
