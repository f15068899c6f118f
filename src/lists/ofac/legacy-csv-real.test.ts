/**
 * The legacy reader on the real OFAC files in ../shared (see data/lists/ofac_sdn/PROVENANCE.md).
 * The snapshot pairs the 2024-05-03 sdn.csv with 2025-12-24 companions, so it has thousands of
 * orphan companion rows; the 2021-07-07 set is one consistent publication.
 */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeShared, sharedPath, SNAPSHOT_DIR } from '../../../test/support/shared.js';
import type { ListEntry, ParsedList } from '../model.js';
import { LIST_INFO } from '../sources.js';
import { readOfacLegacySet } from './legacy-csv.js';

const SDN_URL = LIST_INFO['ofac-sdn'].sourceUrl;
const SET_2021 = sharedPath('data/lists/ofac_sdn/2021-07-07');

function sdnSet(dir: string) {
  return {
    family: 'sdn' as const,
    primary: join(dir, 'sdn.csv'),
    add: join(dir, 'add.csv'),
    alt: join(dir, 'alt.csv'),
    comments: join(dir, 'sdn_comments.csv'),
  };
}

function byId(list: ParsedList, id: string): ListEntry {
  const entry = list.entries.find((e) => e.entryId === id);
  if (!entry) throw new Error(`ent_num ${id} not found`);
  return entry;
}

function countBy(list: ParsedList, key: 'kind' | 'listSource'): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of list.entries) counts[e[key]] = (counts[e[key]] ?? 0) + 1;
  return counts;
}

const empty = { datesOfBirth: [], placesOfBirth: [], nationalities: [], citizenships: [], addresses: [], identityDocuments: [] };

describeShared('snapshot sdn.csv (2024) with 2025 companions', () => {
  let list: ParsedList;
  beforeAll(async () => {
    list = await readOfacLegacySet(sdnSet(SNAPSHOT_DIR));
  });

  it('reads every primary record, with kinds as published', () => {
    expect(list.format).toBe('ofac-legacy-csv');
    expect(list.publishedAt).toBeNull();
    expect(list.entries).toHaveLength(14_965);
    expect(countBy(list, 'kind')).toEqual({ entity: 6_884, individual: 6_854, vessel: 851, aircraft: 376 });
    expect(countBy(list, 'listSource')).toEqual({ 'ofac-sdn': 14_965 });
    expect(list.entries.every((e) => !e.kindInferred)).toBe(true);
  });

  it('counts the companion rows of records the 2024 file does not have', () => {
    expect(list.skipped).toEqual({
      'add.csv: ent_num has no primary record': 4_893,
      'alt.csv: ent_num has no primary record': 2_460,
      'sdn_comments.csv: ent_num has no primary record': 6,
      // 2025 continuations of records whose 2024 remarks were short enough not to be cut.
      'sdn_comments.csv: continuation of remarks that are not cut': 5,
    });
  });

  it('counts the few unusable remark values', () => {
    expect(list.dropped).toEqual({
      'nationality: unknown country': 3, // "nationality possibly Palestinian"
      'identityDocument: no number': 3, // "Passport issued in Sarajevo, Bosnia-Herzegovina"
    });
  });

  it('reads a year range written with a bare hyphen, "DOB circa 1979-1982" (11748)', () => {
    expect(byId(list, '11748').datesOfBirth).toEqual([
      { text: 'circa 1979-1982', from: '1979-01-01', to: '1982-12-31', precision: 'range', approximate: true },
      { text: '1982', from: '1982-01-01', to: '1982-12-31', precision: 'year', approximate: false },
    ]);
  });

  it('maps an entity with an a.k.a. in its remarks and four addresses (306)', () => {
    expect(byId(list, '306')).toEqual({
      ...empty,
      listSource: 'ofac-sdn',
      entryId: '306',
      kind: 'entity',
      kindInferred: false,
      name: 'BANCO NACIONAL DE CUBA',
      aliases: [
        { name: 'NATIONAL BANK OF CUBA', type: 'aka', quality: 'strong' },
        { name: 'BNC', type: 'aka', quality: 'weak' },
      ],
      addresses: [
        { street: 'Zweierstrasse 35', city: 'Zurich', postalCode: 'CH-8022', country: 'CH' },
        { street: 'Avenida de Concha Espina 8', city: 'Madrid', postalCode: 'E-28036', country: 'ES' },
        {
          street: 'Dai-Ichi Bldg. 6th Floor, 10-2 Nihombashi, 2-chome, Chuo-ku',
          city: 'Tokyo',
          postalCode: '103',
          country: 'JP',
        },
        { street: 'Federico Boyd Avenue & 51 Street', city: 'Panama City', country: 'PA' },
      ],
      programs: ['CUBA'],
      sourceUrl: SDN_URL,
      remarks: "a.k.a. 'BNC'.",
    });
  });

  it('maps an individual with DOB, POB, nationality and documents in the remarks (11313)', () => {
    const entry = byId(list, '11313');
    expect(entry).toEqual({
      ...empty,
      listSource: 'ofac-sdn',
      entryId: '11313',
      kind: 'individual',
      kindInferred: false,
      name: 'ROBOW, Mukhtar',
      aliases: [
        { name: 'RUBU, Mukhtar Ali', type: 'aka', quality: 'strong' },
        { name: 'ALI, Mukhtar Abdullahi', type: 'aka', quality: 'strong' },
        { name: 'ALI, Mujahid Mukhtar Robow', type: 'aka', quality: 'strong' },
        { name: 'ALI, Shaykh Mukhtar Robo', type: 'aka', quality: 'strong' },
        { name: 'ABU MANSUR', type: 'aka', quality: 'weak' },
        { name: 'ABU MANSOUR', type: 'aka', quality: 'weak' },
      ],
      datesOfBirth: [
        { text: '1969', from: '1969-01-01', to: '1969-12-31', precision: 'year', approximate: false },
        { text: '10 Oct 1969', from: '1969-10-10', to: '1969-10-10', precision: 'day', approximate: false },
      ],
      placesOfBirth: ['Xudur, Somalia', 'Keren, Eritrea'],
      nationalities: ['ER'],
      identityDocuments: [
        { type: 'Passport', number: '0310857', country: 'ER', issueDate: '2006-08-21', expiryDate: '2008-08-20' },
        { type: 'National ID No.', number: '1372584', country: 'KE' },
      ],
      programs: ['SDGT'],
      sourceUrl: SDN_URL,
      remarks: expect.stringMatching(/^DOB 1969; alt\. DOB 10 Oct 1969; POB Xudur, Somalia;.*a\.k\.a\. 'ABU MANSOUR'\.$/),
    });
  });

  it('maps a vessel with its vessel columns (15055)', () => {
    expect(byId(list, '15055')).toEqual({
      ...empty,
      listSource: 'ofac-sdn',
      entryId: '15055',
      kind: 'vessel',
      kindInferred: false,
      name: 'HAPPINESS I',
      aliases: ['HENGAM', 'LOYAL', 'TULAR', 'HAPPINESS'].map((name) => ({ name, type: 'fka', quality: 'strong' })),
      identityDocuments: [
        { type: 'Vessel Registration Identification', number: 'IMO 9212905' },
        { type: 'MMSI', number: '256875000' },
      ],
      programs: ['IRAN', 'SDGT'],
      sourceUrl: SDN_URL,
      extra: {
        callSign: 'T2ER4',
        vesselType: 'Crude Oil Tanker',
        tonnage: '299,214',
        grossRegisteredTonnage: '160,930',
        vesselFlag: 'Iran',
      },
      remarks: expect.stringContaining('Vessel Registration Identification IMO 9212905; MMSI 256875000;'),
    });
  });

  it('maps an aircraft (15431)', () => {
    expect(byId(list, '15431')).toEqual({
      ...empty,
      listSource: 'ofac-sdn',
      entryId: '15431',
      kind: 'aircraft',
      kindInferred: false,
      name: 'EP-GOM',
      aliases: [],
      identityDocuments: [
        { type: 'Aircraft Construction Number (also called L/N or S/N or F/N)', number: '8401' },
        { type: "Aircraft Manufacturer's Serial Number (MSN)", number: '1023409321' },
      ],
      programs: ['SDGT'],
      sourceUrl: SDN_URL,
      remarks:
        'Aircraft Construction Number (also called L/N or S/N or F/N) 8401; Aircraft Manufacture Date 1992; ' +
        "Aircraft Model IL76-TD; Aircraft Operator YAS AIR; Aircraft Manufacturer's Serial Number (MSN) 1023409321; " +
        'Linked To: POUYA AIR.',
    });
  });

  it('keeps individual names as published, "LASTNAME, Firstname"', () => {
    expect(byId(list, '35096')).toMatchObject({
      name: 'PUTIN, Vladimir Vladimirovich',
      title: 'President of the Russian Federation',
      gender: 'male',
      nationalities: ['RU'],
      citizenships: ['RU'],
    });
  });
});

describeShared('2021-07-07 sdn set (one consistent publication)', () => {
  let list: ParsedList;
  beforeAll(async () => {
    list = await readOfacLegacySet(sdnSet(SET_2021));
  });

  it('reads every record and has no orphan companion rows', () => {
    expect(list.entries).toHaveLength(8_976);
    expect(countBy(list, 'kind')).toEqual({ individual: 4_620, entity: 3_673, vessel: 406, aircraft: 277 });
    expect(list.skipped).toEqual({});
  });

  it('joins the remarks continued in sdn_comments.csv (a file without the 0x1A marker)', () => {
    const entry = byId(list, '12300');
    expect(entry.remarks).toContain('Linked To: PROMO RAIZ S.A.S.; Linked To: RED MUNDIAL INMOBILIARIA');
    expect(entry.remarks?.length).toBeGreaterThan(1_000);
  });
});

describeShared('snapshot cons_*.csv (non-SDN lists, 2025-12-19)', () => {
  let list: ParsedList;
  beforeAll(async () => {
    const dir = SNAPSHOT_DIR;
    list = await readOfacLegacySet({
      family: 'cons',
      primary: join(dir, 'cons_prim.csv'),
      add: join(dir, 'cons_add.csv'),
      alt: join(dir, 'cons_alt.csv'),
      comments: join(dir, 'cons_comments.csv'),
    });
  });

  it('splits the 442 records over SSI and the other non-SDN lists by program', () => {
    expect(new Set(list.entries.map((e) => e.entryId)).size).toBe(442);
    const split = countBy(list, 'listSource');
    // 286 records carry UKRAINE-EO13662 (SSI); this publication has no FSE record. 87 of the SSI records
    // are also tagged RUSSIA-EO14024 (NS-MBS): one entry on each list, same entryId.
    expect(split).toEqual({ 'ofac-ssi': 286, 'ofac-non-sdn': 156 + 87 });
    const both = list.entries.filter((e) => e.listSource === 'ofac-non-sdn' && e.programs.includes('UKRAINE-EO13662'));
    expect(both).toHaveLength(87);
    expect(both.every((e) => list.entries.some((s) => s.listSource === 'ofac-ssi' && s.entryId === e.entryId))).toBe(true);
    const records = new Map(list.entries.map((e) => [e.entryId, e]));
    expect(countBy({ ...list, entries: [...records.values()] }, 'kind')).toEqual({ entity: 363, individual: 79 });
    expect(list.skipped).toEqual({});
    expect(list.dropped).toEqual({});
  });

  it('maps an NS-PLC individual (9639)', () => {
    expect(byId(list, '9639')).toEqual({
      ...empty,
      listSource: 'ofac-non-sdn',
      entryId: '9639',
      kind: 'individual',
      kindInferred: false,
      name: 'HANIYA, Ismail Abdul Salah',
      aliases: [
        { name: 'HANIYA, Ismail', type: 'aka', quality: 'strong' },
        { name: 'HANIYYA, Ismaeel', type: 'aka', quality: 'strong' },
      ],
      datesOfBirth: [{ text: '1962', from: '1962-01-01', to: '1962-12-31', precision: 'year', approximate: false }],
      placesOfBirth: ['Shati'],
      programs: ['NS-PLC'],
      sourceUrl: LIST_INFO['ofac-non-sdn'].sourceUrl,
      remarks: 'DOB 1962; POB Shati.',
    });
  });

  it('reads facts cut across the remarks continuation (17014)', () => {
    const entry = byId(list, '17014');
    expect(entry.listSource).toBe('ofac-ssi');
    // Remarks were cut in "Registration Numbe|r 1027700342890" and end with an a.k.a. in cons_comments.csv.
    expect(entry.remarks).toContain('Registration Number 1027700342890 (Russia); For more information');
    expect(entry.identityDocuments).toContainEqual({ type: 'Registration Number', number: '1027700342890', country: 'RU' });
    expect(entry.aliases.at(-1)).toEqual({ name: 'RUSAG', type: 'aka', quality: 'weak' });
  });
});
