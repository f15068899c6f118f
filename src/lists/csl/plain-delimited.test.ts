import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { describeShared, RAW_LISTS_DIR, SNAPSHOT_DIR } from '../../../test/support/shared.js';
import { splitPlainDelimited } from './plain-delimited.js';

/** csv-parse with the options table-file.ts gives it: the authority the fast path must agree with. */
function csvParse(text: string | Buffer, delimiter = ','): string[][] {
  return parse(text, { bom: true, skip_empty_lines: true, delimiter, quote: '"' }) as string[][];
}

describe('splitPlainDelimited: rows identical to csv-parse in the plain shape', () => {
  const accepted: Record<string, string> = {
    'unquoted fields, LF, final line break': 'a,b,c\n1,2,3\n',
    'no final line break': 'a,b\n1,2',
    'CRLF line ends': 'a,b\r\n1,2\r\n',
    'quoted fields with delimiters, "" escapes and line breaks inside':
      'name,note\n"ACME, Inc.","said ""hi""\nthen left"\n"","x"\n',
    'a field that is only an escaped quote': 'a,b\n"""",z\n',
    'empty fields everywhere, a delimiter at the very end': ',,\n,,',
    'a UTF-8 byte-order mark before the header': '\uFEFFa,b\n1,2\n',
    'spaces kept, nothing trimmed': ' a , b \n 1 ,"2 "\n',
    'line breaks of the other kind inside quotes': 'a,b\r\n"x\ny","z\rw"\r\n',
  };
  for (const [name, text] of Object.entries(accepted)) {
    it(name, () => {
      const rows = splitPlainDelimited(text, ',');
      expect(rows).not.toBeNull();
      expect(rows).toEqual(csvParse(text));
    });
  }

  it('splits on a tab for dpl.txt, quotes removed', () => {
    const text = 'Name\tCity\n"IHSAN MEDHAT ""SAMMY"" ELASHI"\t"RICHARDSON"\n';
    expect(splitPlainDelimited(text, '\t')).toEqual([['Name', 'City'], ['IHSAN MEDHAT "SAMMY" ELASHI', 'RICHARDSON']]);
    expect(splitPlainDelimited(text, '\t')).toEqual(csvParse(text, '\t'));
  });
});

describe('splitPlainDelimited: declines everything else (csv-parse then decides)', () => {
  const declined: Record<string, string> = {
    'a quote inside an unquoted field': 'a,b\nx"y,z\n',
    'text after a closing quote': 'a,b\n"x"y,z\n',
    'a quoted field never closed (cut download)': 'a,b\n"x,z\n',
    'an escaped quote at the very end, so never closed': 'a,b\n"x""',
    'a row with fewer columns': 'a,b,c\n1,2\n',
    'a row with more columns': 'a,b\n1,2,3\n',
    'an empty line (csv-parse skips it)': 'a,b\n\n1,2\n',
    'an empty first line': '\na,b\n',
    'a lone CR as line end': 'a,b\r1,2\r',
    'LF after a CRLF header': 'a,b\r\n1,2\n',
    'CRLF after an LF header': 'a,b\n1,2\r\n',
    'a CR inside an unquoted field': 'a,b\n1\r2,3\n',
    'bytes that were not UTF-8': 'a,b\n\uFFFD,2\n',
  };
  for (const [name, text] of Object.entries(declined)) {
    it(name, () => expect(splitPlainDelimited(text, ',')).toBeNull());
  }

  it('declines delimiters it cannot take apart (a quote or a line break)', () => {
    expect(splitPlainDelimited('a"b', '"')).toBeNull();
    expect(splitPlainDelimited('a\nb', '\n')).toBeNull();
    expect(splitPlainDelimited('a;;b', ';;')).toBeNull();
  });
});

describeShared('splitPlainDelimited on the real files', () => {
  const files: Array<[string, string]> = [
    [join(SNAPSHOT_DIR, 'consolidated.csv'), ','],
    [join(SNAPSHOT_DIR, 'dpl.txt'), '\t'],
    [join(RAW_LISTS_DIR, 'csl/2025-06_fixture/consolidated.csv'), ','],
    [join(RAW_LISTS_DIR, 'state_isn/csl-2023-11-excerpt_state_isn.csv'), ','],
  ];
  for (const [path, delimiter] of files) {
    it(`takes the fast path on ${path.split('/').slice(-2).join('/')} with csv-parse's rows`, () => {
      const bytes = readFileSync(path);
      const rows = splitPlainDelimited(bytes.toString('utf8'), delimiter);
      expect(rows).not.toBeNull();
      expect(rows).toEqual(csvParse(bytes, delimiter));
    });
  }

  it('declines the 2023 CSL excerpt cut inside a quoted field', () => {
    const text = readFileSync(join(RAW_LISTS_DIR, 'csl/2023-11_excerpt/csl.csv'), 'utf8');
    expect(splitPlainDelimited(text, ',')).toBeNull();
  });
});
