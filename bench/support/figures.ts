/**
 * A benchmark figure: a value with its unit and, when the issue sets one, an upper-bound target.
 * Also the plain text tables the benches and bench:check print, and the flattening of any result
 * file into figures for bench/results/summary.json.
 */

export interface Figure {
  label: string;
  value: number;
  unit: string;
  /** Upper bound the issue sets; value at or under it passes. */
  target?: number;
  pass?: boolean;
}

export type Figures = Record<string, Figure>;

/** Four significant digits: more is timer noise. */
export function roundFigure(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const digits = Math.max(0, 3 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(digits, 6)));
}

export function figure(label: string, value: number, unit: string, target?: number): Figure {
  const out: Figure = { label, value: roundFigure(value), unit };
  if (target !== undefined) {
    out.target = target;
    out.pass = value <= target;
  }
  return out;
}

export function verdictOf(f: Figure): string {
  if (f.pass === undefined) return '';
  return f.pass ? 'PASS' : 'MISS';
}

export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function printFigures(title: string, figures: Figures, keys: readonly string[] = Object.keys(figures)): void {
  const rows = keys
    .filter((k) => figures[k])
    .map((k) => {
      const f = figures[k];
      return [f.label, `${f.value} ${f.unit}`, f.target === undefined ? '' : `<= ${f.target} ${f.unit}`, verdictOf(f)];
    });
  console.log(`\n${title}\n${formatTable(['figure', 'value', 'target', 'verdict'], rows)}`);
}

export interface FlatFigure {
  key: string;
  value: number;
  unit: string;
  target?: number;
  pass?: boolean;
}

function isFigure(value: unknown): value is Figure {
  const f = value as Figure;
  return typeof f === 'object' && f !== null && typeof f.value === 'number' && typeof f.unit === 'string';
}

/** The unit a bench's own key names (coldMs, heapRetainedMb...); "1" when the key names none. */
export function unitOfKey(key: string): string {
  // camelCase suffixes only: "items" is no unit of time.
  if (/(^ms|Ms)$/.test(key)) return 'ms';
  if (/(^mb|Mb|MB)$/.test(key)) return 'MB';
  if (/(^bytes|Bytes)$/.test(key)) return 'bytes';
  if (/(precision|recall|f1|rate|ratio|fraction|share)$/i.test(key)) return 'ratio';
  if (/(count|pairs|entries|screened|people|runs|cpus|tp|fp|tn|fn)$/i.test(key)) return 'count';
  return '1';
}

/**
 * Every number of a result file as a figure with a unit: {value, unit} objects as they are, other
 * numbers with the unit their key names. Arrays (examples, error lists) are not figures.
 */
export function flattenFigures(data: unknown, prefix = ''): FlatFigure[] {
  if (isFigure(data)) {
    const { value, unit, target, pass } = data;
    return [{ key: prefix, value, unit, ...(target === undefined ? {} : { target, pass }) }];
  }
  if (typeof data === 'number' && Number.isFinite(data)) {
    return [{ key: prefix, value: data, unit: unitOfKey(prefix.split('.').pop() ?? '') }];
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  return Object.entries(data).flatMap(([k, v]) => flattenFigures(v, prefix ? `${prefix}.${k}` : k));
}
