/** The native DPL reader on BIS's real dpl.txt of November 2023 (see data/lists/bis_dpl/PROVENANCE.md). */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeShared, SNAPSHOT_DIR } from '../../../test/support/shared.js';
import type { ParsedList } from '../model.js';
import { readDplTxt } from './dpl-txt.js';

describeShared('readDplTxt on snapshot/dpl.txt', () => {
  const file = join(SNAPSHOT_DIR, 'dpl.txt');
  let parsed: ParsedList;
  beforeAll(async () => {
    parsed = await readDplTxt(file);
  });

  it('reads all 665 rows; publishedAt is the newest Last_Update, 2023-11-28', () => {
    expect(parsed.entries).toHaveLength(665);
    expect(parsed.entries.every((e) => e.listSource === 'bis-denied')).toBe(true);
    expect(parsed.publishedAt).toBe('2023-11-28');
    expect(parsed.skipped).toEqual({});
  });

  it('drops the impossible Last_Update dates (3033-09-30, 1023-11-01 twice) and the state "NM" in Country', () => {
    expect(parsed.dropped).toEqual({ 'Last_Update: not a real date': 3, 'Country: unknown country': 1 });
    const garcia = parsed.entries.find((e) => e.name === 'JOSE ERNESTO GARCIA');
    expect(garcia?.extra?.lastUpdate).toBeUndefined();
    expect(garcia?.extra?.startDate).toBe('2022-09-26');
  });

  it('gives unique IDs; the two exact duplicate rows get -2', () => {
    const ids = parsed.entries.map((e) => e.entryId);
    expect(new Set(ids).size).toBe(665);
    expect(ids.filter((id) => id.endsWith('-2'))).toEqual(['dpl-5df467631973caae-2', 'dpl-684bf7e75eae64ff-2']);
  });

  it('pins the first row, " I. ASH", with its derived ID, stable across two parses', async () => {
    const again = await readDplTxt(file);
    expect(again.entries.map((e) => e.entryId)).toEqual(parsed.entries.map((e) => e.entryId));
    expect(parsed.entries[0]).toEqual({
      listSource: 'bis-denied',
      entryId: 'dpl-0cc35ab6856319a1',
      kind: 'individual',
      kindInferred: true,
      name: 'I. ASH',
      aliases: [],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [
        {
          street: 'UPON THE DATE OF THE ORDER INCARCERATED AT USM NO: 26265-177, FCI SEAGOVILLE, 2113 NORTH HIGHWAY 175',
          city: 'SEAGOVILLE',
          state: 'TX',
          postalCode: '75159',
          country: 'US',
        },
      ],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'https://www.bis.gov/denied-persons-list',
      remarks: 'FEDERAL REGISTER NOTICE UPDATED',
      extra: {
        startDate: '2003-06-19',
        endDate: '2056-06-29',
        standardOrder: 'Y',
        lastUpdate: '2007-01-31',
        federalRegisterNotice: '68 F.R. 38290 6/27/03 71 F.R. 38843 7/10/06 72 F.R. 4236 1/30/07',
      },
    });
  });

  it('reads the doubled quotes of a nickname', () => {
    expect(parsed.entries.filter((e) => e.name === 'IHSAN MEDHAT "SAMMY" ELASHI')).toHaveLength(2);
  });
});
