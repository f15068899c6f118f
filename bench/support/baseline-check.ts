/**
 * Ratio comparison of engine figures with the committed baseline, for bench/check.ts. Every
 * compared figure is lower-is-better (times, memory); memory gets its own, tighter margin because
 * it does not move with the machine's load.
 */
import type { Figure, Figures } from './figures.js';

/** What bench:check reads of bench/results/engine.json. */
export interface EngineResults {
  date: string;
  node: string;
  cpuModel: string;
  cpus: number;
  loadAverage: number;
  figures: Figures;
}

export interface BaselineFile {
  note: string;
  date: string;
  /** The commit the working tree was based on when the baseline was measured (null outside git). */
  gitHead: string | null;
  node: string;
  cpuModel: string;
  cpus: number;
  loadAverage: number;
  figures: Figures;
  /** lmdb vs Redis ratios from bench/results/stores.json (bench/stores.bench.ts). */
  stores?: Figures;
  /** Request-path and batch ratios from bench/results/request-path.json (bench/request-path.bench.ts). */
  requestPath?: Figures;
}

export interface Margins {
  margin: number;
  memoryMargin: number;
}

export interface ComparisonRow {
  key: string;
  failed: boolean;
  /** figure, baseline, now, ratio, verdict */
  cells: [string, string, string, string, string];
}

function marginFor(f: Figure, margins: Margins): number {
  return f.unit === 'MB' || f.unit === 'bytes' ? margins.memoryMargin : margins.margin;
}

/**
 * `limit`: a hard limit of the figure (HARD_LIMITS): above it the figure fails whatever the
 * baseline; at or under it, a rise against the baseline is shown but does not fail (such figures
 * are judged by their limit, not by the last measurement).
 */
export function compareFigure(
  key: string, base: Figure | undefined, now: Figure | undefined, margins: Margins, limit?: number,
): ComparisonRow {
  const shown = (f: Figure | undefined): string => (f ? `${f.value} ${f.unit}` : '-');
  if (!now) return { key, failed: true, cells: [key, shown(base), '-', '-', 'MISSING now'] };
  if (limit !== undefined) {
    const over = !(now.value <= limit);
    const ratio = base && base.value > 0 ? `${(now.value / base.value).toFixed(2)}x` : '-';
    const verdict = over ? `OVER THE LIMIT (> ${limit} ${now.unit})` : `ok (limit ${limit} ${now.unit})`;
    return { key, failed: over, cells: [now.label, shown(base), shown(now), ratio, verdict] };
  }
  if (!base) return { key, failed: false, cells: [now.label, '-', shown(now), '-', 'new (no baseline)'] };
  if (base.unit !== now.unit) {
    return { key, failed: true, cells: [now.label, shown(base), shown(now), '-', 'unit changed: update the baseline'] };
  }
  const ratio = base.value > 0 ? now.value / base.value : now.value > 0 ? Infinity : 1;
  const margin = marginFor(now, margins);
  const verdict = ratio > margin ? `REGRESSION (> x${margin})` : ratio < 1 / margin ? 'improved' : 'ok';
  return { key, failed: ratio > margin, cells: [now.label, shown(base), shown(now), `${ratio.toFixed(2)}x`, verdict] };
}

export function compareFigures(
  base: Figures, now: Figures, keys: readonly string[], margins: Margins, limits: Readonly<Record<string, number>> = {},
): ComparisonRow[] {
  return keys.map((k) => compareFigure(k, base[k], now[k], margins, limits[k]));
}
