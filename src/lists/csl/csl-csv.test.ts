import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ListFormatError, type ListEntry } from '../model.js';
import { readCslCsv } from './csl-csv.js';

const testdata = (name: string): string => join(dirname(fileURLToPath(import.meta.url)), 'testdata', name);
const byId = (entries: ListEntry[], id: string): ListEntry | undefined => entries.find((e) => e.entryId === id);

async function rejection(file: string): Promise<ListFormatError> {
  const error = await readCslCsv(testdata(file)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ListFormatError);
  return error as ListFormatError;
}

describe('readCslCsv: 2022 dialect (quotes only where needed, "" empties, ids type last)', () => {
  it('maps every known source, merges a duplicate row, skips unknown sources and nameless rows', async () => {
    const parsed = await readCslCsv(testdata('csl-2022-dialect.csv'));
    expect(parsed.format).toBe('csl-csv');
    expect(parsed.publishedAt).toBeNull();
    expect(parsed.entries.map((e) => `${e.listSource}:${e.entryId}`)).toEqual([
      'bis-denied:0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',
      'bis-entity:1b2c3d4e5f60718293a4b5c6d7e8f9012345678a',
      'state-isn:2c3d4e5f60718293a4b5c6d7e8f9012345678a1b',
      'state-debarred:3d4e5f60718293a4b5c6d7e8f9012345678a1b2c',
      'ofac-sdn:17291',
      'ofac-non-sdn:15268',
    ]);
    expect(parsed.skipped).toEqual({
      'duplicate row of an earlier entry (same list and id): merged into it': 1,
      'unknown source "Some Future List (SFL) - Department of Examples"': 1,
      'record without a name': 1,
    });
    expect(parsed.dropped).toEqual({ 'start_date: not a real date': 1, 'dates_of_birth: not a date': 1 });
  });

  it('keeps a record with an impossible start_date (0017-05-26) and drops only the date', async () => {
    const entry = byId((await readCslCsv(testdata('csl-2022-dialect.csv'))).entries, '1b2c3d4e5f60718293a4b5c6d7e8f9012345678a');
    expect(entry?.extra).toEqual({
      federalRegisterNotice: '87 FR 20299',
      licenseRequirement: 'For all items subject to the EAR.',
      licensePolicy: 'Policy of denial.',
    });
    expect(entry?.aliases.map((a) => a.name)).toEqual(['Open Joint Stock Company Example Repair Plant', 'JSC Example Repair Plant']);
    expect(entry?.kind).toBe('entity');
    expect(entry?.kindInferred).toBe(true);
  });

  it('maps a DPL row: trimmed name, parsed address, CSL dates and flags in extra', async () => {
    const entry = byId((await readCslCsv(testdata('csl-2022-dialect.csv'))).entries, '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567');
    expect(entry).toEqual({
      listSource: 'bis-denied',
      entryId: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567',
      kind: 'individual',
      kindInferred: true,
      name: 'I. ASH',
      aliases: [],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [{ street: '2113 NORTH HIGHWAY 175', city: 'SEAGOVILLE', state: 'TX', postalCode: '75159', country: 'US' }],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'http://bit.ly/1Qi5heF',
      remarks: 'FEDERAL REGISTER NOTICE UPDATED',
      extra: { federalRegisterNotice: '68 F.R. 38290 6/27/03', standardOrder: 'Y', startDate: '2003-06-19', endDate: '2056-06-29' },
    });
  });

  it('cuts the ISN legal-scope suffix into extra.nameSuffix and reads the renamed AECA source', async () => {
    const { entries } = await readCslCsv(testdata('csl-2022-dialect.csv'));
    const isn = byId(entries, '2c3d4e5f60718293a4b5c6d7e8f9012345678a1b');
    expect(isn?.name).toBe('Example Trading Co. Ltd.');
    expect(isn?.extra?.nameSuffix).toBe('and any successor, sub-unit, or subsidiary thereof');
    const dtc = byId(entries, '3d4e5f60718293a4b5c6d7e8f9012345678a1b2c');
    expect(dtc?.listSource).toBe('state-debarred');
    // A date of birth is a person's data: the inferred kind is individual.
    expect(dtc?.kind).toBe('individual');
    // No source_list_url in the row: the list's own page.
    expect(dtc?.sourceUrl).toMatch(/^https:\/\/www\.pmddtc\.state\.gov\//);
  });

  it('reads Treasury rows: ent_num as ID, stated kind, type-last ids to documents, gender and facts', async () => {
    const entry = byId((await readCslCsv(testdata('csl-2022-dialect.csv'))).entries, '17291');
    expect(entry?.kind).toBe('individual');
    expect(entry?.kindInferred).toBe(false);
    expect(entry?.gender).toBe('male');
    expect(entry?.datesOfBirth.map((d) => d.text)).toEqual(['1989-07-13', 'circa 1970']);
    expect(entry?.nationalities).toEqual(['JO']);
    expect(entry?.identityDocuments).toEqual([
      { type: 'Passport', number: 'K475336', country: 'JO', issueDate: '2009-08-31', expiryDate: '2014-08-30' },
      { type: 'National ID No.', number: '28940000602', country: 'QA' },
      { type: "Driver's License No.", number: '3284670', note: 'date 2017-08-21 (issue or expiry not stated)' },
    ]);
    expect(entry?.extra).toEqual({ 'Additional Sanctions Information': 'Subject to Secondary Sanctions' });
  });

  it('merges the repeated CAPTA row into the first: union of aliases and addresses', async () => {
    const entry = byId((await readCslCsv(testdata('csl-2022-dialect.csv'))).entries, '15268');
    expect(entry?.aliases.map((a) => a.name)).toEqual(['EXAMPLE CITY BANK', 'EXAMPLE URBAN CREDIT COOPERATIVES']);
    expect(entry?.addresses.map((a) => a.city)).toEqual(['Daqing', 'Beijing']);
    expect(entry?.identityDocuments).toEqual([{ type: 'SWIFT/BIC', number: 'CKLBCNBJ' }]);
  });
});

describe('readCslCsv with skipSources (the catalog skips lists a preferred file supplies)', () => {
  it('leaves those rows out unmapped and uncounted; the other entries are exactly as before', async () => {
    const full = await readCslCsv(testdata('csl-2022-dialect.csv'));
    const part = await readCslCsv(testdata('csl-2022-dialect.csv'), { skipSources: new Set(['ofac-sdn', 'ofac-non-sdn']) });
    expect(part.entries).toEqual(full.entries.filter((e) => e.listSource !== 'ofac-sdn' && e.listSource !== 'ofac-non-sdn'));
    // The merged duplicate was a CAPTA (ofac-non-sdn) row: with that list skipped, nothing was merged.
    expect(part.skipped).toEqual({
      'unknown source "Some Future List (SFL) - Department of Examples"': 1,
      'record without a name': 1,
    });
    // The impossible date of birth belonged to a skipped SDN row.
    expect(part.dropped).toEqual({ 'start_date: not a real date': 1 });
  });

  it('skips nothing when told to skip no source', async () => {
    const path = testdata('csl-2025-dialect.csv');
    expect(await readCslCsv(path, { skipSources: new Set() })).toEqual(await readCslCsv(path));
  });
});

describe('readCslCsv: 2025 dialect (every field quoted, header repeated, ids type first)', () => {
  it('skips the repeated header and reads all five rows, the UFLPA one included', async () => {
    const parsed = await readCslCsv(testdata('csl-2025-dialect.csv'));
    expect(parsed.entries.map((e) => e.listSource)).toEqual(['bis-unverified', 'bis-meu', 'state-isn', 'ofac-sdn', 'dhs-uflpa']);
    expect(parsed.skipped).toEqual({ 'repeated header row': 1 });
    expect(parsed.dropped).toEqual({});
  });

  it('maps the type-first ids of an SDN row', async () => {
    const entry = byId((await readCslCsv(testdata('csl-2025-dialect.csv'))).entries, '52291');
    expect(entry?.identityDocuments).toEqual([
      { type: 'Passport', number: '836238033', country: 'KP' },
      { type: 'Passport', number: 'E590976', country: 'TN', issueDate: '1987-06-19', expiryDate: '1992-06-18' },
    ]);
    expect(entry?.gender).toBe('male');
    expect(entry?.extra).toEqual({ 'Secondary sanctions risk': 'North Korea Sanctions Regulations, sections 510.201 and 510.210' });
    expect(entry?.addresses).toEqual([
      { city: 'Shenyang', country: 'CN' },
      { city: 'Pyongyang', country: 'KP' },
    ]);
  });

  it('reads the same file with a UTF-8 BOM and CRLF line ends', async () => {
    const text = await readFile(testdata('csl-2025-dialect.csv'), 'utf8');
    const path = join(await mkdtemp(join(tmpdir(), 'csl-crlf-')), 'consolidated.csv');
    await writeFile(path, `\uFEFF${text.replace(/\n/g, '\r\n')}`);
    const windows = await readCslCsv(path);
    expect(windows).toEqual(await readCslCsv(testdata('csl-2025-dialect.csv')));
  });

  it('cuts the "; and any successor" suffix of a 2023+ ISN name', async () => {
    const entry = byId((await readCslCsv(testdata('csl-2025-dialect.csv'))).entries, '233a4d725770c81fb561ffe3842c14010c2201971d6be62eca1e613b');
    expect(entry?.name).toBe('Example Import and Export Company');
    expect(entry?.kind).toBe('entity');
    expect(entry?.extra).toEqual({
      federalRegisterNotice: 'Vol. 88, No. 151, 08/08/2023',
      nameSuffix: 'and any successor, sub-unit, or subsidiary thereof',
      startDate: '2023-07-19',
    });
  });
});

describe('readCslCsv rejects files it cannot use, naming file and line', () => {
  it('an empty file', async () => {
    expect((await rejection('empty.csv')).message).toBe('empty.csv:1: empty file, expected a CSL consolidated.csv');
  });

  it('an HTML error page saved as the list', async () => {
    expect((await rejection('error-page.csv')).message).toBe('error-page.csv:1: HTML or XML, not a CSL consolidated.csv');
  });

  it('an OFAC sdn.csv given as consolidated.csv (no CSL header)', async () => {
    const error = await rejection('sdn-format.csv');
    expect(error.line).toBe(1);
    expect(error.reason).toMatch(/^not a CSL consolidated\.csv header: missing columns _id, source, entity_number, type,/);
  });

  it('a header that lacks columns, naming exactly the missing ones', async () => {
    expect((await rejection('missing-columns.csv')).message).toBe(
      'missing-columns.csv:1: not a CSL consolidated.csv header: missing columns name, ids',
    );
  });

  it('a file cut inside a quoted field', async () => {
    expect((await rejection('truncated-in-quote.csv')).message).toBe(
      'truncated-in-quote.csv:3: truncated: a quoted field is not closed at the end of the file',
    );
  });

  it('a file cut between fields (short last row)', async () => {
    expect((await rejection('truncated-short-row.csv')).message).toBe(
      'truncated-short-row.csv:3: expected 29 fields, found 9 (truncated or malformed row)',
    );
  });

  it('a header without records', async () => {
    expect((await rejection('header-only.csv')).message).toBe('header-only.csv:1: no records after the header');
  });

  it('a JSON or a DPL text file given as consolidated.csv', async () => {
    expect((await rejection('consolidated-bare.json')).reason).toBe('JSON, not a CSL consolidated.csv');
    const dpl = join(dirname(fileURLToPath(import.meta.url)), '../bis-dpl/testdata/dpl-sample.txt');
    const error = await readCslCsv(dpl).catch((e: unknown) => e as ListFormatError);
    expect(error).toBeInstanceOf(ListFormatError);
    expect((error as ListFormatError).reason).toMatch(/^not a CSL consolidated\.csv header: missing columns _id, source,/);
  });

  it('a missing file stays a plain I/O error', async () => {
    await expect(readCslCsv(testdata('no-such-file.csv'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
