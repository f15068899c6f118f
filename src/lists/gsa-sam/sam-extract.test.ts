import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RAW_LISTS_DIR, SAMPLE_DIR, SNAPSHOT_DIR, describeShared } from '../../../test/support/shared.js';
import type { ListEntry, ParsedList } from '../model.js';
import { readSamExtract } from './sam-extract.js';

const V2_SNAPSHOT = join(SNAPSHOT_DIR, 'SAM_Exclusions_Public_Extract_V2.csv');
const V2_EXCERPT = join(RAW_LISTS_DIR, 'sam_exclusions/SAM_Exclusions_Public_Extract_V2.excerpt-2023-11.csv');
const V1_EXCERPT = join(RAW_LISTS_DIR, 'sam_exclusions/SAM_Exclusions_Public_Extract_V1.excerpt.csv');
const QUIRKS = join(import.meta.dirname, 'testdata/synthetic-quirks-v2.csv');
const SOURCE_URL = 'https://sam.gov/content/exclusions';

const byId = (list: ParsedList): Map<string, ListEntry> => new Map(list.entries.map((e) => [e.entryId, e]));
const noPersonData = { datesOfBirth: [], placesOfBirth: [], nationalities: [], citizenships: [] };

describeShared('readSamExtract on the real V2 excerpt (Nov 2023)', () => {
  let list: ParsedList;
  beforeAll(async () => {
    list = await readSamExtract(V2_SNAPSHOT);
  });

  it('reads 16 rows into 15 entries: TERRA KLEAN (S4MR1Y9QG) is printed twice, identically', () => {
    expect(list.format).toBe('gsa-sam-extract');
    expect(list.entries).toHaveLength(15);
    expect(list.skipped).toEqual({ 'duplicate row (same SAM Number, identical fields)': 1 });
    expect(list.dropped).toEqual({});
    const classes = list.entries.map((e) => e.extra?.classification);
    expect(classes.filter((c) => c === 'Individual')).toHaveLength(9);
    expect(classes.filter((c) => c === 'Firm')).toHaveLength(3);
    expect(classes.filter((c) => c === 'Special Entity Designation')).toHaveLength(3);
    expect(list.entries.every((e) => e.listSource === 'gsa-sam' && !e.kindInferred)).toBe(true);
  });

  it('dates the file by its newest Creation_Date (no Julian date in the name)', () => {
    expect(list.publishedAt).toBe('2023-11-22');
  });

  it('gives the same result for the PROVENANCE copy of the excerpt', async () => {
    expect((await readSamExtract(V2_EXCERPT)).entries).toEqual(list.entries);
  });

  it('pins ZTE CORPORATION (S4MRB9MLP), a firm with a UEI and an address in China', () => {
    expect(byId(list).get('S4MRB9MLP')).toEqual({
      listSource: 'gsa-sam',
      entryId: 'S4MRB9MLP',
      kind: 'entity',
      kindInferred: false,
      name: 'ZTE CORPORATION',
      aliases: [],
      ...noPersonData,
      addresses: [
        { street: 'NO.55, HI-TECH SOUTH ROAD, NANSHAN DISTRICT', city: 'SHENZHEN', postalCode: '518057', country: 'CN' },
      ],
      identityDocuments: [{ type: 'UEI', number: 'HWEKRJ3F3N29' }],
      programs: ['Reciprocal: Prohibition/Restriction (GSA)'],
      remarks: expect.stringMatching(/^Prohibition is limited to certain products and services\. .* part of any system\.$/),
      sourceUrl: SOURCE_URL,
      extra: {
        classification: 'Firm',
        exclusionProgram: 'Reciprocal',
        excludingAgency: 'GSA',
        exclusionType: 'Prohibition/Restriction',
        activeDate: '2019-12-13',
        terminationDate: 'Indefinite',
        creationDate: '2019-12-13',
      },
    });
  });

  it('pins BERZUNZA LARA (S4MRRFQ3W): "Last, First Middle", prefix in extra, cross-reference as alias', () => {
    expect(byId(list).get('S4MRRFQ3W')).toEqual({
      listSource: 'gsa-sam',
      entryId: 'S4MRRFQ3W',
      kind: 'individual',
      kindInferred: false,
      name: 'BERZUNZA LARA, FRANCISCO ENRIQUE',
      aliases: [{ name: 'IDRIS NAIM AC', type: 'aka', quality: 'strong' }],
      ...noPersonData,
      addresses: [{ city: 'MEXICO CITY', postalCode: '04010', country: 'MX' }],
      identityDocuments: [],
      programs: ['Reciprocal: Ineligible (Proceedings Completed) (DOS)'],
      sourceUrl: SOURCE_URL,
      extra: {
        classification: 'Individual',
        prefix: 'MR.',
        exclusionProgram: 'Reciprocal',
        excludingAgency: 'DOS',
        exclusionType: 'Ineligible (Proceedings Completed)',
        crossReference: '(also IDRIS NAIM AC)',
        activeDate: '2023-11-21',
        terminationDate: '2026-09-19',
        creationDate: '2023-11-21',
      },
    });
  });

  it('pins FLORES (S4MRRFG44): suffix III kept out of the name', () => {
    const e = byId(list).get('S4MRRFG44');
    expect(e?.name).toBe('FLORES, ANTONIO');
    expect(e?.extra).toMatchObject({ suffix: 'III', terminationDate: 'Indefinite' });
    expect(e?.aliases).toEqual([{ name: 'TERRA KLEAN SOLUTIONS INC.', type: 'aka', quality: 'strong' }]);
  });

  it('pins TORRES (S4MRRFPZD): a DBA in the cross-reference gives both names once', () => {
    const e = byId(list).get('S4MRRFPZD');
    expect(e?.aliases).toEqual([
      { name: 'VMC CONSTRUCTION, LLC', type: 'aka', quality: 'strong' },
      { name: 'VICTOR TORRES CONSTRUCTION', type: 'aka', quality: 'strong' },
    ]);
    expect(e?.programs).toEqual(['Reciprocal: Ineligible (Proceedings Completed)']);
    expect(e?.remarks).toContain('Please disregard the information listed under “Effect” above');
  });

  it('pins JAHANDUST (S4MRRFYKV): OFAC-driven, country only (IRN -> IR)', () => {
    expect(byId(list).get('S4MRRFYKV')).toMatchObject({
      name: 'JAHANDUST, MOJTABA',
      kind: 'individual',
      addresses: [{ country: 'IR' }],
      identityDocuments: [{ type: 'UEI', number: 'G1XMB5VWMSW8' }],
      programs: ['Reciprocal: Prohibition/Restriction (TREAS-OFAC)'],
      remarks: 'PII data has been masked from view',
    });
  });

  it('pins TERRA KLEAN (S4MR1Y9QG): self-reference dropped, UEI and CAGE kept', () => {
    expect(byId(list).get('S4MR1Y9QG')).toEqual({
      listSource: 'gsa-sam',
      entryId: 'S4MR1Y9QG',
      kind: 'entity',
      kindInferred: false,
      name: 'TERRA KLEAN SOLUTIONS INC.',
      aliases: [{ name: 'ANTONIO FLORES', type: 'aka', quality: 'strong' }],
      ...noPersonData,
      addresses: [{ street: '15303 TRADESMAN', city: 'SAN ANTONIO', state: 'TX', postalCode: '78249', country: 'US' }],
      identityDocuments: [
        { type: 'UEI', number: 'MQRCYCN81E24' },
        { type: 'CAGE', number: '6V6U5' },
      ],
      programs: ['Reciprocal: Ineligible (Proceedings Pending)'],
      sourceUrl: SOURCE_URL,
      extra: {
        classification: 'Firm',
        exclusionProgram: 'Reciprocal',
        exclusionType: 'Ineligible (Proceedings Pending)',
        crossReference: '(also TERRA KLEAN SOLUTIONS INC., ANTONIO FLORES)',
        activeDate: '2023-11-20',
        terminationDate: 'Indefinite',
        creationDate: '2023-11-20',
      },
    });
  });

  it('pins the special entity designations as stated entities with joined address lines', () => {
    const ids = byId(list);
    expect(ids.get('S4MRRFQ1B')).toMatchObject({
      name: 'IDRIS NAIM AC',
      kind: 'entity',
      kindInferred: false,
      addresses: [{ street: 'CALLEJON DE LA ESCONDIDA, 71 COYOACAN', city: 'MEXICO CITY', postalCode: '04010', country: 'MX' }],
      aliases: [{ name: 'FRANCISCO BERZUNZA LARA', type: 'aka', quality: 'strong' }],
    });
    expect(ids.get('S4MRRFN2R')?.name).toBe('PEANUT BUTTER, LLC');
    expect(ids.get('S4MRRFY1Q')?.addresses[0].postalCode).toBe('162242605');
  });
});

describeShared('readSamExtract on the real legacy V1 excerpt', () => {
  let list: ParsedList;
  beforeAll(async () => {
    list = await readSamExtract(V1_EXCERPT);
  });

  it('detects V1 by its DUNS column and has no publication date (no Julian name, no Creation_Date)', () => {
    expect(list.entries.map((e) => e.entryId)).toEqual(['S4MR3MT0K', 'S4MR3R0D2', 'S4MR3QK9Q']);
    expect(list.publishedAt).toBeNull();
    expect(list.skipped).toEqual({});
  });

  it('merges the two exclusion actions of FINK (S4MR3MT0K, HHS and OPM) into one entry', () => {
    expect(byId(list).get('S4MR3MT0K')).toEqual({
      listSource: 'gsa-sam',
      entryId: 'S4MR3MT0K',
      kind: 'individual',
      kindInferred: false,
      name: 'FINK, DAVID M.',
      aliases: [],
      ...noPersonData,
      addresses: [{ city: 'METUCHEN', state: 'NJ', postalCode: '08840', country: 'US' }],
      identityDocuments: [],
      programs: ['Reciprocal: Prohibition/Restriction (HHS)', 'Reciprocal: Prohibition/Restriction (OPM)'],
      remarks: expect.stringContaining('pursuant to 42 U.S.C. ? 1320a-7'),
      sourceUrl: SOURCE_URL,
      extra: {
        classification: 'Individual',
        exclusionProgram: 'Reciprocal',
        excludingAgency: 'HHS; OPM',
        exclusionType: 'Prohibition/Restriction',
        ctCode: 'Z1; Z2',
        activeDate: '2003-05-20; 2005-05-12',
        terminationDate: 'Indefinite',
        exclusionRecords: '2',
      },
    });
  });

  it('keeps the upstream "?" for "§" as published (42 C.F.R. ? 1001.1901)', () => {
    expect(byId(list).get('S4MR3QK9Q')?.remarks).toContain('42 C.F.R. ? 1001.1901');
  });
});

describe('readSamExtract on synthetic quirks (testdata/synthetic-quirks-v2.csv, CRLF)', () => {
  let list: ParsedList;
  beforeAll(async () => {
    list = await readSamExtract(QUIRKS);
  });

  it('maps a vessel, splits several cross-reference groups and reads ISO dates', () => {
    expect(byId(list).get('S4SYN0001')).toMatchObject({
      kind: 'vessel',
      kindInferred: false,
      name: 'SYNTHETIC STAR',
      aliases: ['STAR ONE', 'STAR TWO', 'STAR THREE', 'SMITH, JOHN'].map((name) => ({ name, type: 'aka', quality: 'strong' })),
      addresses: [{ country: 'PA' }],
      extra: { activeDate: '2023-01-05', creationDate: '2023-01-06' },
    });
  });

  it('infers the kind of an unknown classification, drops bad dates, keeps an unknown country as text', () => {
    const derived = list.entries.find((e) => e.name === 'EXAMPLE TRADING PARTNERS');
    expect(derived).toMatchObject({
      entryId: expect.stringMatching(/^sam-[0-9a-f]{16}$/),
      kind: 'entity',
      kindInferred: true,
      addresses: [{ street: '1 TEST WAY', city: 'NOWHERE', countryText: 'XXX' }],
      identityDocuments: [{ type: 'CAGE', number: '0SYN1' }],
    });
    expect(derived?.extra).not.toHaveProperty('activeDate');
    expect(derived?.extra).not.toHaveProperty('creationDate');
    expect(list.dropped).toEqual({
      'Classification: unknown value, kind inferred': 1,
      'Active Date: not a date': 1,
      'Termination Date: not a date': 1,
      'Creation_Date: not a date': 1,
      'SAM Number: empty, derived ID used': 1,
    });
  });

  it('merges two differing actions of one SAM Number: the second spelling becomes an alias', () => {
    expect(byId(list).get('S4SYN0002')).toMatchObject({
      name: 'EXAMPLE, JANE Q',
      aliases: [{ name: 'EXAMPLE-SMITH, JANE', type: 'aka', quality: 'strong' }],
      addresses: [
        { city: 'ANYTOWN', state: 'VA', postalCode: '00000', country: 'US' },
        { city: 'OTHERTOWN', state: 'VA', country: 'US' },
      ],
      identityDocuments: [{ type: 'NPI', number: '0000000000' }],
      programs: ['NonProcurement: Prohibition/Restriction (HHS)', 'Reciprocal: Prohibition/Restriction (OPM)'],
      remarks: 'Synthetic record.',
      extra: {
        prefix: 'DR.',
        suffix: 'JR.',
        activeDate: '2020-01-02; 2021-03-04',
        terminationDate: 'Indefinite; 2031-03-04',
        exclusionRecords: '2',
      },
    });
  });

  it('skips a row without any name and dates the file by the newest valid Creation_Date', () => {
    expect(list.skipped).toEqual({ 'row without a name': 1 });
    expect(list.entries).toHaveLength(3);
    // S4SYN0003 (2024-06-30) is skipped, so its date does not count; 2023-02-30 is not a date.
    expect(list.publishedAt).toBe('2023-01-06');
  });
});

describeShared('the bundled sample', () => {
  it('reads data/sample/SAM_Exclusions_Public_Extract_V2_SAMPLE.csv (8 real rows of the excerpt)', async () => {
    const sample = await readSamExtract(join(SAMPLE_DIR, 'SAM_Exclusions_Public_Extract_V2_SAMPLE.csv'));
    const real = byId(await readSamExtract(V2_SNAPSHOT));
    expect(sample.entries).toHaveLength(8);
    for (const e of sample.entries) expect(e).toEqual(real.get(e.entryId));
    expect(sample.publishedAt).toBe('2023-11-22');
  });
});

describe('readSamExtract rejections', () => {
  let dir: string;
  const header = readFileSync(QUIRKS, 'utf8').split('\r\n')[0];
  const row = (...cells: string[]): string => cells.map((c) => `"${c}"`).join(',');
  const v2Row = (sam: string): string =>
    row('Firm', 'ACME', ...Array(25).fill(''), sam, '', '', '2024-01-01');
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sam-'));
  });
  const write = async (name: string, text: string): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };

  it.each([
    ['empty.csv', () => '', 'empty.csv:1: file is empty'],
    ['header-only.csv', () => `${header}\n`, 'header-only.csv:2: no usable exclusion records after the header'],
    ['wrong.csv', () => 'ent_num,SDN_Name,SDN_Type\n1,X,individual\n', /wrong\.csv:1: not a SAM Exclusions extract/],
    [
      'no-id.csv',
      () => `${header.replace('"Unique Entity ID"', '"UEI"')}\n${v2Row('S1')}\n`,
      'no-id.csv:1: missing columns: neither "Unique Entity ID" (V2 layout) nor "DUNS" (V1 layout)',
    ],
    [
      'missing.csv',
      () => `${header.replace(',"SAM Number"', '').replace(',"CAGE"', '')}\n`,
      'missing.csv:1: missing V2 columns: "SAM Number", "CAGE"',
    ],
    [
      'short.csv',
      () => `${header}\n${v2Row('S1')}\n"Firm","ACME","",""\n`,
      'short.csv:3: truncated: the last row has 4 of 31 fields',
    ],
    [
      'middle.csv',
      () => `${header}\n"Firm","ACME"\n${v2Row('S1')}\n`,
      'middle.csv:2: malformed row: 2 fields, the header has 31',
    ],
    [
      'open-quote.csv',
      () => `${header}\n${v2Row('S1')}\n"Firm","ACME CORP`,
      /open-quote\.csv:3: truncated: a quoted field is never closed/,
    ],
    [
      'stray-quote.csv',
      () => `${header}\n${v2Row('S1').replace('"ACME"', '"ACME "BEST" CO"')}\n`,
      'stray-quote.csv:2: malformed quoting: a quote inside a quoted field is not doubled',
    ],
    ['fake.zip', () => `${header}\n`, 'fake.zip:0: not a ZIP archive (no ZIP signature): damaged download?'],
  ])('rejects %s', async (name, text, message) => {
    const path = await write(name, text());
    await expect(readSamExtract(path)).rejects.toThrow(message);
    await expect(readSamExtract(path)).rejects.toMatchObject({ name: 'ListFormatError' });
  });

  it('finds columns by name: reversed column order and "State/Province" read the same entries', async () => {
    const lines = readFileSync(QUIRKS, 'utf8').trim().split('\r\n');
    const reversed = lines.map((l) => `"${l.slice(1, -1).split('","').reverse().join('","')}"`).join('\n');
    const path = await write('reversed.csv', reversed.replace('"State / Province"', '"State/Province"'));
    expect((await readSamExtract(path)).entries).toEqual((await readSamExtract(QUIRKS)).entries);
  });

  it('rejects a missing file with the OS error', async () => {
    await expect(readSamExtract(join(dir, 'absent.csv'))).rejects.toThrow(/ENOENT/);
  });

  it('reads a renamed copy of the quirks file the same way (name does not matter without YYDDD)', async () => {
    const copy = join(dir, 'renamed.csv');
    await copyFile(QUIRKS, copy);
    expect((await readSamExtract(copy)).entries).toEqual((await readSamExtract(QUIRKS)).entries);
  });
});
