import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ListFormatError } from '../model.js';
import { dplBaseId } from './dpl-id.js';
import { readDplTxt } from './dpl-txt.js';

const here = dirname(fileURLToPath(import.meta.url));
const testdata = (name: string): string => join(here, 'testdata', name);

async function rejection(file: string): Promise<ListFormatError> {
  const error = await readDplTxt(testdata(file)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ListFormatError);
  return error as ListFormatError;
}

describe('readDplTxt', () => {
  it('reads every row with a derived ID, the newest valid Last_Update as publishedAt', async () => {
    const parsed = await readDplTxt(testdata('dpl-sample.txt'));
    expect(parsed.format).toBe('bis-dpl-txt');
    expect(parsed.entries.map((e) => e.name)).toEqual([
      'I. EXAMPLE',
      'IHSAN "SAMMY" EXAMPLE',
      'EXAMPLE ZHOU',
      'EXAMPLE ZHOU',
      'JOSE EXAMPLE GARCIA',
      'EXAMPLE AIRLINES',
      'EXAMPLE TRADING CO.',
      'EXAMPLE FUTURE LLC',
    ]);
    // 2099-01-01 is later: a date in the future is no publication date.
    expect(parsed.publishedAt).toBe('2023-09-28');
    expect(parsed.dropped).toEqual({
      'Last_Update: not a real date': 1,
      'Effective_Date: not a real date': 1,
      'Last_Update: in the future': 1,
    });
    expect(parsed.skipped).toEqual({});
  });

  it('maps a row whole: trimmed name, address, dates, flags; Action as remarks', async () => {
    const [entry] = (await readDplTxt(testdata('dpl-sample.txt'))).entries;
    expect(entry).toEqual({
      listSource: 'bis-denied',
      entryId: 'dpl-3db7bdfaa318c5db',
      kind: 'individual',
      kindInferred: true,
      name: 'I. EXAMPLE',
      aliases: [],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [{ street: '2113 NORTH HIGHWAY 175', city: 'SEAGOVILLE', state: 'TX', postalCode: '75159', country: 'US' }],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'https://www.bis.gov/denied-persons-list',
      remarks: 'FEDERAL REGISTER NOTICE UPDATED',
      extra: {
        startDate: '2003-06-19',
        endDate: '2056-06-29',
        standardOrder: 'Y',
        lastUpdate: '2007-01-31',
        federalRegisterNotice: '68 F.R. 38290 6/27/03 71 F.R. 38843 7/10/06',
      },
    });
  });

  it('suffixes a repeated derived ID with -2 in file order', async () => {
    const ids = (await readDplTxt(testdata('dpl-sample.txt'))).entries.map((e) => e.entryId);
    expect(ids[2]).toBe('dpl-57ea5fffa2ed1bbe');
    expect(ids[3]).toBe('dpl-57ea5fffa2ed1bbe-2');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps a row whose Last_Update is impossible (3033-09-30), without that date', async () => {
    const entry = (await readDplTxt(testdata('dpl-sample.txt'))).entries[4];
    expect(entry.extra).toEqual({
      startDate: '2022-09-26',
      endDate: '2030-02-03',
      standardOrder: 'Y',
      federalRegisterNotice: '87 F.R. 59396 9/30/2022',
    });
    expect(entry.addresses[0].country).toBeUndefined();
  });

  it('reads "PRC" as CN, an impossible Effective_Date is dropped, and organisation names are entities', async () => {
    const entry = (await readDplTxt(testdata('dpl-sample.txt'))).entries[6];
    expect(entry.addresses).toEqual([{ street: 'NO. 5 XIAOYUN ROAD', city: 'SHENZHEN', country: 'CN' }]);
    expect(entry.extra).toEqual({ standardOrder: 'N', lastUpdate: '2020-03-05' });
    expect(entry.kind).toBe('entity');
    expect(entry.remarks).toBeUndefined();
  });

  it('reads the same file with a UTF-8 BOM and CRLF line ends, with the same IDs', async () => {
    const text = await readFile(testdata('dpl-sample.txt'), 'utf8');
    const path = join(await mkdtemp(join(tmpdir(), 'dpl-crlf-')), 'dpl.txt');
    await writeFile(path, `\uFEFF${text.replace(/\n/g, '\r\n')}`);
    expect(await readDplTxt(path)).toEqual(await readDplTxt(testdata('dpl-sample.txt')));
  });

  it('derives the documented ID: SHA-256 of the normalised fields, first 16 hex digits', () => {
    const key = 'I. EXAMPLE|2113 NORTH HIGHWAY 175|SEAGOVILLE|US|06/19/2003|68 F.R. 38290 6/27/03 71 F.R. 38843 7/10/06';
    const expected = `dpl-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
    expect(expected).toBe('dpl-3db7bdfaa318c5db');
    const fields = {
      name: ' I. EXAMPLE',
      street: '2113 NORTH HIGHWAY 175',
      city: 'SEAGOVILLE',
      country: 'US',
      effectiveDate: '06/19/2003',
      frCitation: '68 F.R. 38290 6/27/03 71 F.R. 38843 7/10/06',
    };
    expect(dplBaseId(fields)).toBe(expected);
    // Case and spacing do not change the ID; a different street does.
    expect(dplBaseId({ ...fields, name: 'i.  example ', city: 'Seagoville' })).toBe(expected);
    expect(dplBaseId({ ...fields, street: '2115 NORTH HIGHWAY 175' })).not.toBe(expected);
  });
});

describe('readDplTxt rejects files it cannot use, naming file and line', () => {
  it.each([
    ['empty.txt', 'empty.txt:1: empty file, expected a BIS dpl.txt'],
    ['error-page.txt', 'error-page.txt:1: HTML or XML, not a BIS dpl.txt'],
    ['comma-separated.txt', 'comma-separated.txt:1: not tab-separated: expected the BIS dpl.txt header (Name, Street_Address, ...)'],
    ['missing-columns.txt', 'missing-columns.txt:1: not a BIS dpl.txt header: missing columns Action, FR_Citation'],
    ['truncated-in-quote.txt', 'truncated-in-quote.txt:3: truncated: a quoted field is not closed at the end of the file'],
    ['truncated-short-row.txt', 'truncated-short-row.txt:3: expected 12 fields, found 8 (truncated or malformed row)'],
    ['header-only.txt', 'header-only.txt:1: no records after the header'],
  ])('%s', async (file, message) => {
    expect((await rejection(file)).message).toBe(message);
  });

  it('a CSL consolidated.csv given as dpl.txt', async () => {
    const error = await readDplTxt(join(here, '../csl/testdata/csl-2022-dialect.csv')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListFormatError);
    expect((error as ListFormatError).reason).toBe('not tab-separated: expected the BIS dpl.txt header (Name, Street_Address, ...)');
  });
});
