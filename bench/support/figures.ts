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

const RATIO_WORDS = new Set(['precision', 'recall', 'f1', 'rate', 'ratio', 'fraction', 'share']);
const COUNT_WORDS = new Set([
  'count', 'pairs', 'entries', 'screened', 'people', 'runs', 'cpus', 'requests', 'errors', 'non2xx', 'workers',
  'connections', 'queries', 'tp', 'fp', 'tn', 'fn',
]);

/** The unit one key segment names (coldMs, heapRetainedMb, "p99 ms", "req/s", recall), or undefined. */
function unitOfSegment(key: string): string | undefined {
  // camelCase or spaced suffixes only: "items" is no unit of time.
  if (/(^ms|Ms| ms)$/.test(key)) return 'ms';
  if (/(S| s)$/.test(key)) return 's';
  if (/\/s$/.test(key)) return '1/s';
  if (/(^mb|Mb|MB)$/.test(key)) return 'MB';
  if (/(^bytes|Bytes)$/.test(key)) return 'bytes';
  const words = key.split(/(?=[A-Z])|[\s_-]+/).map((w) => w.toLowerCase());
  if (words.some((w) => RATIO_WORDS.has(w))) return 'ratio';
  if (COUNT_WORDS.has(words[words.length - 1])) return 'count';
  return undefined;
}

/** The unit of a dotted key: its innermost segment that names one ("recall.balanced" is a ratio); else "1". */
export function unitOfKey(key: string): string {
  const segments = key.split('.');
  for (let i = segments.length - 1; i >= 0; i--) {
    const unit = unitOfSegment(segments[i]);
    if (unit) return unit;
  }
  return '1';
}

/** Rows of a result table carry their name in one of these fields (e.g. http.json's scenarios). */
const ROW_LABELS = ['scenario', 'name', 'mode', 'label'] as const;

function rowLabel(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const row = item as Record<string, unknown>;
  const field = ROW_LABELS.find((f) => typeof row[f] === 'string');
  return field === undefined ? undefined : (row[field] as string);
}

/**
 * Every number of a result file as a figure with a unit: {value, unit} objects as they are, other
 * numbers with the unit their key names. Arrays count only when each row names itself (a scenario
 * table); other arrays (examples, error lists) hold no figures.
 */
export function flattenFigures(data: unknown, prefix = ''): FlatFigure[] {
  const join = (k: string): string => (prefix ? `${prefix}.${k}` : k);
  if (isFigure(data)) {
    const { value, unit, target, pass } = data;
    return [{ key: prefix, value, unit, ...(target === undefined ? {} : { target, pass }) }];
  }
  if (typeof data === 'number' && Number.isFinite(data)) {
    return [{ key: prefix, value: data, unit: unitOfKey(prefix) }];
  }
  if (Array.isArray(data)) {
    const labels = data.map(rowLabel);
    if (labels.some((l) => l === undefined)) return [];
    return data.flatMap((row, i) => flattenFigures(row, join(labels[i] as string)));
  }
  if (typeof data !== 'object' || data === null) return [];
  return Object.entries(data).flatMap(([k, v]) => flattenFigures(v, join(k)));
}
