import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DIR } from '../../../test/support/shared.js';
import { ListFormatError, type ListEntry, type ParsedList } from '../model.js';
import { LIST_INFO } from '../sources.js';
import { readOfacLegacySet, type OfacLegacyFiles } from './legacy-csv.js';

const TESTDATA = join(dirname(fileURLToPath(import.meta.url)), 'testdata');
const QUIRKS = join(TESTDATA, 'legacy-quirks');

const quirkSet: OfacLegacyFiles = {
  family: 'sdn',
  primary: join(QUIRKS, 'sdn.csv'),
  add: join(QUIRKS, 'add.csv'),
  alt: join(QUIRKS, 'alt.csv'),
  comments: join(QUIRKS, 'sdn_comments.csv'),
};

function byId(list: ParsedList, id: string): ListEntry {
  const entry = list.entries.find((e) => e.entryId === id);
  if (!entry) throw new Error(`ent_num ${id} not found`);
  return entry;
}

async function rejection(files: OfacLegacyFiles): Promise<string> {
  try {
    await readOfacLegacySet(files);
  } catch (err) {
    if (err instanceof ListFormatError) return err.message;
    throw err;
  }
  throw new Error('the set was accepted');
}

describe('readOfacLegacySet on the hand-written quirks set', () => {
  let list: ParsedList;
  beforeAll(async () => {
    list = await readOfacLegacySet(quirkSet);
  });

  it('keeps every usable record and counts what it skipped', () => {
    expect(list.entries.map((e) => e.entryId)).toEqual(['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1009']);
    expect(list.skipped).toEqual({
      'sdn.csv: duplicate ent_num': 1,
      'sdn.csv: record without a name': 1,
      'sdn_comments.csv: continuation of remarks that are not cut': 1,
      'sdn_comments.csv: ent_num has no primary record': 1,
      'alt.csv: ent_num has no primary record': 1,
      'add.csv: ent_num has no primary record': 1,
    });
  });

  it('drops only the bad field and counts it', () => {
    expect(list.dropped).toEqual({
      'kind: unknown SDN_Type': 1,
      'alias.type: unknown alt_type': 1,
      'alias: empty alt_name': 1,
      'dateOfBirth: invalid date': 1,
      'nationality: unknown country': 1,
      'gender: unknown value': 1,
      'identityDocument.issueDate: invalid date': 1,
    });
    const doe = byId(list, '1002');
    expect(doe.datesOfBirth.map((d) => d.text)).toEqual(['circa 1971']);
    expect(doe.nationalities).toEqual([]);
    expect(doe.citizenships).toEqual(['MX']);
    expect(doe.gender).toBeUndefined();
    expect(doe.identityDocuments[0]).toEqual({ type: 'Passport', number: 'A123', country: 'MX' });
    expect(doe.aliases).toEqual([{ name: 'DOE, Johnny', type: 'aka', quality: 'strong' }]);
    expect(doe.title).toBe('Chief Example Officer');
  });

  it('merges alt.csv and remark aliases without case-insensitive duplicates, marking weak ones', () => {
    expect(byId(list, '1001').aliases).toEqual([
      { name: 'EXAMPLE TRADING COMPANY', type: 'aka', quality: 'strong' },
      { name: 'Example Trading Co', type: 'fka', quality: 'strong' },
      { name: 'EXTRA', type: 'aka', quality: 'weak' },
      { name: 'OLD EXAMPLE', type: 'fka', quality: 'weak' },
    ]);
  });

  it('maps addresses, keeping unmapped regions as text and skipping empty rows', () => {
    expect(byId(list, '1001').addresses).toEqual([
      { street: '1 Example Street', city: 'Miami', state: 'FL', postalCode: '33122', country: 'US' },
      { city: 'Kafia Kingi', countryText: 'Region: Kafia Kingi' },
    ]);
    expect(byId(list, '1002').addresses).toEqual([]);
  });

  it('joins a remarks continuation cut mid-number', () => {
    const entry = byId(list, '1006');
    expect(entry.remarks).toMatch(/Tax ID No\. 7770001234 \(Germany\); a\.k\.a\. 'CONTINUED NAME'\.$/);
    expect(entry.identityDocuments).toContainEqual({ type: 'Tax ID No.', number: '7770001234', country: 'DE' });
    expect(entry.aliases).toEqual([{ name: 'CONTINUED NAME', type: 'aka', quality: 'weak' }]);
    expect(byId(list, '1007').remarks).toBe('Website example.org.');
  });

  it('puts vessel columns in extra and infers the kind of an unknown SDN_Type', () => {
    expect(byId(list, '1003')).toMatchObject({
      kind: 'vessel',
      extra: {
        callSign: '9ABC1',
        vesselType: 'Crude Oil Tanker',
        tonnage: '299,214',
        grossRegisteredTonnage: '160,930',
        vesselFlag: 'Iran',
        vesselOwner: 'EXAMPLE SHIPPING CO',
      },
    });
    expect(byId(list, '1004')).toMatchObject({ kind: 'aircraft', kindInferred: false });
    expect(byId(list, '1005')).toMatchObject({
      name: 'CAF\u00c9 \u201cESPA\u00d1OL\u201d TRADING S.A.',
      kind: 'entity',
      kindInferred: true,
    });
  });

  it('reads a remarks field with escaped double quotes', () => {
    expect(byId(list, '1009').aliases).toEqual([{ name: 'OLD QUOTED GROUP', type: 'fka', quality: 'weak' }]);
  });
});

describe('readOfacLegacySet rejects an unusable set', () => {
  it.each([
    ['legacy-empty.csv', 'legacy-empty.csv:1: empty file'],
    ['legacy-html.csv', 'legacy-html.csv:1: not an OFAC legacy delimited file: it looks like HTML or XML'],
    ['legacy-non-numeric.csv', 'legacy-non-numeric.csv:2: ent_num "ABC" is not a positive integer'],
    ['legacy-truncated-columns.csv', 'legacy-truncated-columns.csv:2: truncated: the last record has 4 of 12 columns'],
  ])('primary %s', async (file, message) => {
    expect(await rejection({ family: 'sdn', primary: join(TESTDATA, file) })).toBe(message);
  });

  it('as a whole when a companion file is truncated', async () => {
    expect(await rejection({ ...quirkSet, alt: join(TESTDATA, 'legacy-truncated-alt.csv') })).toBe(
      'legacy-truncated-alt.csv:2: truncated: the last record ends inside a quoted field',
    );
  });

  it('when a companion file is not this format', async () => {
    expect(await rejection({ ...quirkSet, add: join(TESTDATA, 'legacy-csl-header.csv') })).toBe(
      'legacy-csl-header.csv:1: not an OFAC legacy delimited file: the first record has 29 columns, expected 6',
    );
  });
});

describe('bundled sample set (data/sample)', () => {
  const files = ['sdn', 'add', 'alt', 'sdn_comments', 'cons_prim', 'cons_add', 'cons_alt', 'cons_comments'];

  it.each(files)('%s.csv has the published byte format and stays small', (name) => {
    const path = join(SAMPLE_DIR, `${name}.csv`);
    const bytes = readFileSync(path);
    expect(statSync(path).size).toBeLessThan(100_000);
    expect(bytes.subarray(-3).toString('latin1')).toBe('\r\n\x1a');
    expect(bytes.toString('latin1').split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  });

  it('loads the SDN sample with no orphan, drop or skip', async () => {
    const list = await readOfacLegacySet({
      family: 'sdn',
      primary: join(SAMPLE_DIR, 'sdn.csv'),
      add: join(SAMPLE_DIR, 'add.csv'),
      alt: join(SAMPLE_DIR, 'alt.csv'),
      comments: join(SAMPLE_DIR, 'sdn_comments.csv'),
    });
    expect(list.entries).toHaveLength(34);
    expect(list.skipped).toEqual({});
    const kinds = new Set(list.entries.map((e) => e.kind));
    expect(kinds).toEqual(new Set(['entity', 'individual', 'vessel', 'aircraft']));
    expect(byId(list, '35096')).toMatchObject({ name: 'PUTIN, Vladimir Vladimirovich', kind: 'individual' });
    // LAZARUS GROUP: remarks cut at 1,000 characters and continued in sdn_comments.csv.
    expect(byId(list, '27307').remarks).toContain("a.k.a. 'WHOIS HACKING TEAM'");
    expect(list.entries.every((e) => e.sourceUrl === LIST_INFO['ofac-sdn'].sourceUrl)).toBe(true);
  });

  it('loads the consolidated sample over SSI and the other non-SDN lists', async () => {
    const list = await readOfacLegacySet({
      family: 'cons',
      primary: join(SAMPLE_DIR, 'cons_prim.csv'),
      add: join(SAMPLE_DIR, 'cons_add.csv'),
      alt: join(SAMPLE_DIR, 'cons_alt.csv'),
      comments: join(SAMPLE_DIR, 'cons_comments.csv'),
    });
    // 18 records; 4 SSI records also tagged RUSSIA-EO14024 (NS-MBS) are on both lists.
    expect(list.entries).toHaveLength(18 + 4);
    expect(list.skipped).toEqual({});
    const split: Record<string, number> = {};
    for (const e of list.entries) split[e.listSource] = (split[e.listSource] ?? 0) + 1;
    expect(split).toEqual({ 'ofac-ssi': 6, 'ofac-non-sdn': 12 + 4 });
    expect(byId(list, '15268').programs).toEqual(['561-Related']);
  });
});
