import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { describeShared, sharedPath, SNAPSHOT_DIR } from '../../../test/support/shared.js';
import { ListFormatError } from '../model.js';
import { splitPublishedShape } from './legacy-line-splitter.js';
import { readLegacyFile } from './legacy-reader.js';

const TESTDATA = join(dirname(fileURLToPath(import.meta.url)), 'testdata');

async function rowsOf(path: string, columns: number): Promise<Array<{ fields: string[]; line: number }>> {
  const rows: Array<{ fields: string[]; line: number }> = [];
  await readLegacyFile(path, columns, (fields, line) => rows.push({ fields: [...fields], line }));
  return rows;
}

async function formatError(path: string, columns = 12): Promise<ListFormatError> {
  try {
    await readLegacyFile(path, columns, () => undefined);
  } catch (err) {
    if (err instanceof ListFormatError) return err;
    throw err;
  }
  throw new Error(`${path} was accepted`);
}

/** What the fast path yields, or null when it declines the text. */
function fastRows(text: string, columns: number): string[][] | null {
  const rows: string[][] = [];
  return splitPublishedShape(text, columns, (fields) => rows.push(fields)) ? rows : null;
}

describe('readLegacyFile on hand-written files', () => {
  it('reads null markers as empty, decodes Windows-1252 and skips the 0x1A end marker', async () => {
    const rows = await rowsOf(join(TESTDATA, 'legacy-quirks/sdn.csv'), 12);
    expect(rows).toHaveLength(10);
    const cafe = rows.find((r) => r.fields[0] === '1005');
    expect(cafe?.fields[1]).toBe('CAF\u00c9 \u201cESPA\u00d1OL\u201d TRADING S.A.');
    expect(cafe?.fields.slice(4)).toEqual(['', '', '', '', '', '', '', '']);
    expect(rows.at(-1)?.line).toBe(10);
  });

  it('reads a file without the 0x1A marker (the 2021 comments file has none)', async () => {
    const rows = await rowsOf(join(TESTDATA, 'legacy-quirks/sdn_comments.csv'), 2);
    expect(rows.map((r) => r.fields[0])).toEqual(['1006', '1007', '9999']);
    // Continuations are passed untrimmed: the space is part of the cut text.
    expect(rows[1].fields[1]).toBe(' more text for remarks that were never cut.');
  });

  it('hands an escaped quote ("") to csv-parse and unescapes it', async () => {
    const rows = await rowsOf(join(TESTDATA, 'legacy-quirks/sdn.csv'), 12);
    expect(rows.find((r) => r.fields[0] === '1009')?.fields[11]).toBe('f.k.a. "OLD QUOTED GROUP"; Registration ID 42.');
  });

  it.each([
    ['legacy-empty.csv', 'legacy-empty.csv:1: empty file'],
    ['legacy-only-eof.csv', 'legacy-only-eof.csv:1: empty file'],
    ['legacy-html.csv', 'legacy-html.csv:1: not an OFAC legacy delimited file: it looks like HTML or XML'],
    ['legacy-json.csv', 'legacy-json.csv:1: not an OFAC legacy delimited file: it looks like JSON'],
    [
      'legacy-bom.csv',
      'legacy-bom.csv:1: not an OFAC legacy delimited file: it starts with a UTF-8 byte-order mark (OFAC publishes these files in Latin-1)',
    ],
    [
      'legacy-csl-header.csv',
      'legacy-csl-header.csv:1: not an OFAC legacy delimited file: the first record has 29 columns, expected 12',
    ],
    ['legacy-bad-middle.csv', 'legacy-bad-middle.csv:2: record has 4 columns, expected 12'],
    ['legacy-truncated-quote.csv', 'legacy-truncated-quote.csv:2: truncated: the last record ends inside a quoted field'],
    ['legacy-truncated-columns.csv', 'legacy-truncated-columns.csv:2: truncated: the last record has 4 of 12 columns'],
    [
      'legacy-truncated-no-eol.csv',
      'legacy-truncated-no-eol.csv:2: truncated: the last record does not end with a line break',
    ],
  ])('rejects %s', async (file, message) => {
    expect((await formatError(join(TESTDATA, file))).message).toBe(message);
  });

  it('rejects a stray quote in the middle of a file with its line', async () => {
    const err = await formatError(join(TESTDATA, 'legacy-malformed-quote.csv'));
    expect(err.line).toBe(2);
    expect(err.message).toMatch(/^legacy-malformed-quote\.csv:2: malformed CSV: Invalid Closing Quote/);
  });

  it('rejects a truncated companion file', async () => {
    expect((await formatError(join(TESTDATA, 'legacy-truncated-alt.csv'), 5)).message).toBe(
      'legacy-truncated-alt.csv:2: truncated: the last record ends inside a quoted field',
    );
  });
});

describe('fast path for the published shape', () => {
  it('splits quoted fields holding commas and keeps spaces', () => {
    expect(fastRows('1,"A, B",-0- ,"x "\r\n2,"",-0- ,\r\n', 4)).toEqual([
      ['1', 'A, B', '-0- ', 'x '],
      ['2', '', '-0- ', ''],
    ]);
  });

  it.each([
    ['an escaped quote', '1,"A ""B""",x\r\n'],
    ['a quote inside an unquoted field', '1,A"B,x\r\n'],
    ['a line break inside quotes', '1,"A\r\nB",x\r\n'],
    ['a wrong column count', '1,"A"\r\n'],
    ['a lone CR', '1,"A",x\r2,"B",y\r\n'],
    ['mixed line endings', '1,"A",x\r\n2,"B",y\n3,"C",z\r\n'],
  ])('declines %s (csv-parse decides)', (_what, text) => {
    expect(fastRows(text, 3)).toBeNull();
  });
});

describeShared('fast path equals csv-parse on the real files', () => {
  it.each([
    ['snapshot sdn.csv', join(SNAPSHOT_DIR, 'sdn.csv'), 12],
    ['snapshot add.csv', join(SNAPSHOT_DIR, 'add.csv'), 6],
    ['snapshot alt.csv', join(SNAPSHOT_DIR, 'alt.csv'), 5],
    ['snapshot cons_prim.csv', join(SNAPSHOT_DIR, 'cons_prim.csv'), 12],
    ['2021 sdn_comments.csv', sharedPath('data/lists/ofac_sdn/2021-07-07/sdn_comments.csv'), 2],
  ])('%s', (_name, path, columns) => {
    const bytes = readFileSync(path);
    const content = bytes.at(-1) === 0x1a ? bytes.subarray(0, -1) : bytes;
    const expected = parse(content, { encoding: 'latin1' }) as string[][];
    expect(fastRows(content.toString('latin1'), columns)).toEqual(expected);
  });
});
