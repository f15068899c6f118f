/**
 * @module Download progress for `lists update`: one cli-progress bar per file (bytes, rate, ETA) on
 * stderr, so stdout keeps only the result lines. Silent when not on a terminal or with --quiet.
 */
import cliProgress from 'cli-progress';
import type { DownloadProgress } from './download.js';

export interface FileProgress extends DownloadProgress {
  /** Ends the bar with a short note ("ok", "failed"). */
  finish(note: string): void;
}

export interface UpdateProgress {
  file(label: string): FileProgress;
  stop(): void;
}

export const SILENT_PROGRESS: UpdateProgress = {
  file: () => ({ start() {}, advance() {}, finish() {} }),
  stop() {},
};

interface Payload {
  label: string;
  note: string;
  known: boolean;
}

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): UpdateProgress {
  const bars = new cliProgress.MultiBar({
    stream,
    format: formatLine,
    hideCursor: true,
    clearOnComplete: false,
    stopOnComplete: false,
    fps: 8,
    barsize: 16,
  });
  return {
    file(label) {
      const bar = bars.create(1, 0, { label, note: '', known: false } satisfies Payload);
      let received = 0;
      return {
        start(total) {
          if (total !== null && total > 0) bar.setTotal(total);
          bar.update(0, { known: total !== null && total > 0 });
        },
        advance(bytes) {
          received += bytes;
          bar.update(received);
        },
        finish(note) {
          bar.update(received, { note });
          bar.stop();
        },
      };
    },
    stop: () => bars.stop(),
  };
}

/** Fits 80 columns: "sdn.csv              [========--------] 1.2/3.7 MiB  850 KiB/s  ETA 3 s". */
function formatLine(options: cliProgress.Options, params: cliProgress.Params, payload: Payload): string {
  const elapsed = Math.max((Date.now() - params.startTime) / 1000, 0.001);
  const rate = `${formatBytes(params.value / elapsed, 0)}/s`;
  const label = payload.label.length > 20 ? `${payload.label.slice(0, 19)}~` : payload.label.padEnd(20);
  const tail = payload.note ? `  ${payload.note}` : '';
  if (!payload.known) return `${label} ${formatBytes(params.value).padStart(10)}  ${rate}${tail}`;
  const bar = cliProgress.Format.BarFormat(params.progress, options);
  const perSecond = params.value / elapsed;
  const eta = !payload.note && perSecond > 0 ? `  ETA ${Math.ceil((params.total - params.value) / perSecond)} s` : '';
  return `${label} [${bar}] ${formatAmount(params.value, params.total).padStart(15)}  ${rate}${eta}${tail}`;
}

/** "1.2/3.7 MiB": both numbers in the unit of the total. */
function formatAmount(value: number, total: number): string {
  const [divisor, unit] = total < 1024 ** 2 ? [1024, 'KiB'] : total < 1024 ** 3 ? [1024 ** 2, 'MiB'] : [1024 ** 3, 'GiB'];
  return `${(value / divisor).toFixed(1)}/${(total / divisor).toFixed(1)} ${unit}`;
}

export function formatBytes(bytes: number, digits = 1): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(digits)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(digits)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(digits + 1)} GiB`;
}
