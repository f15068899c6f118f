import { describe, expect, it } from 'vitest';
import { formatRecord } from './output-format.js';
import type { OutputRecord } from './screen-records.js';

/** The CSV line of an error row carrying one extra column `Branch` with `cell`: its last cell as written. */
function carried(cell: string): string {
  const record: OutputRecord = { line: 2, id: null, ok: false, error: { code: 'invalid_request', message: 'x', details: [{ field: 'name', issue: 'is required' }] }, extra: { Branch: cell } };
  const line = formatRecord(record, 'csv').trimEnd();
  return line.slice(line.lastIndexOf(',') + 1);
}

describe('CSV output: formula cells defused', () => {
  it('prefixes an apostrophe to = + - @ starts, also after spaces, fullwidth or after NUL', () => {
    for (const cell of ['=cmd', '+1+1', '-1+A1', '@SUM(A1)', ' =cmd', '   +cmd', '\u3000=cmd', '＝cmd', '＋cmd', '－cmd', '＠cmd', '\u0000=cmd', '\u0000cmd', '\tcmd']) {
      expect(carried(cell), JSON.stringify(cell)).toMatch(/^"?'/);
    }
  });

  it('leaves ordinary text and plain numbers as they are', () => {
    expect(carried('Leeds')).toBe('Leeds');
    expect(carried('-12.5')).toBe('-12.5');
    expect(carried('a = b')).toBe('a = b');
  });
});
