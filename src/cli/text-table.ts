/**
 * @module Plain-text tables for CLI output: left-aligned columns separated by two spaces, numbers
 * right-aligned. No colours, so output can be piped into grep or a log unchanged.
 */

export interface Column<Row> {
  header: string;
  value(row: Row): string | number;
}

export function formatTable<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((r) => display(r[i]).length)),
  );
  const line = (values: readonly (string | number)[]): string =>
    values
      .map((value, i) => (typeof value === 'number' ? display(value).padStart(widths[i]) : display(value).padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n');
}

/** Thousands separators make entry counts readable; no locale, so output is the same everywhere. */
function display(value: string | number): string {
  return typeof value === 'number' ? value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : value;
}
