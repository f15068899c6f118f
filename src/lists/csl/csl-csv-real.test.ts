/**
 * The CSL reader on the real files in ../shared (see data/lists/csl/PROVENANCE.md): counts per list
 * source, entries pinned by `_id`, every dialect, the per-list subsets.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeShared, RAW_LISTS_DIR, SNAPSHOT_DIR } from '../../../test/support/shared.js';
import { ListFormatError, type ListEntry, type ListSource, type ParsedList } from '../model.js';
import { readCslCsv } from './csl-csv.js';

function countBySource(entries: readonly ListEntry[]): Partial<Record<ListSource, number>> {
  const counts: Partial<Record<ListSource, number>> = {};
  for (const e of entries) counts[e.listSource] = (counts[e.listSource] ?? 0) + 1;
  return counts;
}

const pin = (parsed: ParsedList, id: string): ListEntry | undefined => parsed.entries.find((e) => e.entryId === id);

describeShared('readCslCsv on the full 2022 CSL (snapshot/consolidated.csv, 14,160 rows)', () => {
  let parsed: ParsedList;
  beforeAll(async () => {
    parsed = await readCslCsv(join(SNAPSHOT_DIR, 'consolidated.csv'));
  });

  it('counts every list source as the PROVENANCE table does', () => {
    expect(countBySource(parsed.entries)).toEqual({
      'ofac-sdn': 10026,
      'ofac-ssi': 290,
      'ofac-fse': 3,
      // PLC 78 + CMIC 68 + CAPTA 53 + NS-MBS 17 = 216 rows; CAPTA 15268 is there twice and is one entry.
      'ofac-non-sdn': 215,
      'bis-entity': 2001,
      'bis-denied': 462,
      'bis-unverified': 201,
      'bis-meu': 71,
      'state-debarred': 727,
      'state-isn': 163,
    });
    expect(parsed.skipped).toEqual({ 'duplicate row of an earlier entry (same list and id): merged into it': 1 });
    expect(parsed.entries.length + 1).toBe(14160);
    expect(parsed.publishedAt).toBeNull();
  });

  it('drops the impossible start dates (0017-05-26, 0097-06-30 twice) and keeps their records', () => {
    expect(parsed.dropped).toEqual({ 'start_date: not a real date': 3 });
    const oriental = pin(parsed, '06b13b0b369d79eb1546734695f9d231732cee0f');
    expect(oriental?.name).toBe('Oriental Engineers');
    expect(oriental?.extra?.startDate).toBeUndefined();
    expect(oriental?.addresses).toHaveLength(7);
  });

  it('pins an Entity List row by _id', () => {
    expect(pin(parsed, '4398d33e9e93c7477af39f1e0bfffc13ddd47bcc')).toEqual({
      listSource: 'bis-entity',
      entryId: '4398d33e9e93c7477af39f1e0bfffc13ddd47bcc',
      kind: 'entity',
      kindInferred: true,
      name: '140 Repair Plant JSC',
      aliases: [
        { name: 'Open Joint Stock Company 140 Repair Plant', type: 'aka', quality: 'strong' },
        { name: 'JSC 140 Repair Plant', type: 'aka', quality: 'strong' },
      ],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [{ street: '19 Luysi Chalovskoy St.', city: 'Borisov', postalCode: '222512', country: 'BY' }],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'http://bit.ly/1L47xrV',
      extra: {
        federalRegisterNotice: '87 FR 20299',
        licenseRequirement: 'For all items subject to the EAR. (See §§734.9(g),3 746.8(a)(3), and 744.21(b) of the EAR.)',
        licensePolicy: 'Policy of denial.',
        startDate: '2022-04-07',
      },
    });
  });

  it('pins an Unverified List row by _id', () => {
    expect(pin(parsed, 'f15fa805ff4ac5e09026f5e78011a1bb6b26dec2')).toEqual({
      listSource: 'bis-unverified',
      entryId: 'f15fa805ff4ac5e09026f5e78011a1bb6b26dec2',
      kind: 'entity', // inferred: "Sanatgaran" (Persian: industrialists) is an organisation word
      kindInferred: true,
      name: 'Atlas Sanatgaran',
      aliases: [],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [{ street: 'Komitas 26/114', city: 'Yerevan', country: 'AM' }],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'http://bit.ly/1iwwTSJ',
    });
  });

  it('pins a Military End User row by _id', () => {
    expect(pin(parsed, '8021c2f4425832df6ea869df6c7ff795d2b50d54')).toEqual({
      listSource: 'bis-meu',
      entryId: '8021c2f4425832df6ea869df6c7ff795d2b50d54',
      kind: 'entity',
      kindInferred: true,
      name: 'Academy of Aerospace Solid Propulsion Technology (AASPT)',
      aliases: [],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [{ street: 'Tian Wang te Zi #1, Baqiao District', city: 'Xian', country: 'CN' }],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'https://bit.ly/2XaGPYw',
      extra: {
        federalRegisterNotice: '85 FR 83799',
        licenseRequirement: 'For any item subject to the EAR listed in supplement no. 2 to part 744.',
        licensePolicy:
          'The license application procedure and license review policy for entities specified in supplement no. 2 to part 744 is specified in §744.21(d) and (e).',
        startDate: '2020-12-23',
      },
    });
  });

  it('pins an ITAR debarred row by _id', () => {
    expect(pin(parsed, 'ca2f0edf78acb2c47bd0517c3a5983951a44690e')).toEqual({
      listSource: 'state-debarred',
      entryId: 'ca2f0edf78acb2c47bd0517c3a5983951a44690e',
      kind: 'individual',
      kindInferred: true,
      name: 'Amir Hossein Ardebili',
      aliases: [
        { name: 'Amir Ahkami', type: 'aka', quality: 'strong' },
        { name: 'Alex Dave', type: 'aka', quality: 'strong' },
        { name: 'Arash Koren', type: 'aka', quality: 'strong' },
      ],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'http://bit.ly/307FuRQ',
      extra: { federalRegisterNotice: '75 FR 54692' },
    });
  });

  it('pins a Nonproliferation row by _id, the legal-scope suffix cut from the name', () => {
    expect(pin(parsed, '3ef0b403e9fe42584c669c666610ae265f867c63')).toEqual({
      listSource: 'state-isn',
      entryId: '3ef0b403e9fe42584c669c666610ae265f867c63',
      kind: 'entity',
      kindInferred: true,
      name: 'Lebanese Hizballah',
      aliases: [],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [],
      identityDocuments: [],
      programs: ['INKSNA'],
      sourceUrl: 'http://bit.ly/1NuVFxV',
      extra: {
        federalRegisterNotice: 'Vol. 86, No. 151, 08/10/2021',
        nameSuffix: 'and any successor, sub-unit, or subsidiary thereof',
        startDate: '2021-07-29',
      },
    });
  });

  it('pins a Denied Persons row by _id (leading space of " I. ASH" trimmed)', () => {
    expect(pin(parsed, 'deb7a1d5743a85c354ca1a2c7f2664e2104b32d7')).toEqual({
      listSource: 'bis-denied',
      entryId: 'deb7a1d5743a85c354ca1a2c7f2664e2104b32d7',
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
      sourceUrl: 'http://bit.ly/1Qi5heF',
      remarks: 'FEDERAL REGISTER NOTICE UPDATED',
      extra: {
        federalRegisterNotice: '68 F.R. 38290 6/27/03 71 F.R. 38843 7/10/06 72 F.R. 4236 1/30/07',
        standardOrder: 'Y',
        startDate: '2003-06-19',
        endDate: '2056-06-29',
      },
    });
  });

  it('reads the 2022 type-last ids of Treasury rows (passport with both dates, gender)', () => {
    const entry = pin(parsed, '17291');
    expect(entry?.identityDocuments).toContainEqual({
      type: 'Passport',
      number: 'K475336',
      country: 'JO',
      issueDate: '2009-08-31',
      expiryDate: '2014-08-30',
    });
    expect(pin(parsed, '24904')?.gender).toBe('male');
  });
});

describeShared('readCslCsv on the 2023-11 excerpt (repeated header, cut short by its publisher repo)', () => {
  const file = join(RAW_LISTS_DIR, 'csl/2023-11_excerpt/csl.csv');

  it('rejects the file as truncated: its last record stops inside a quoted field', async () => {
    const error = await readCslCsv(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListFormatError);
    expect((error as ListFormatError).message).toBe('csl.csv:4233: truncated: a quoted field is not closed at the end of the file');
  });

  it('reads its 4,226 complete records (of 4,227) once the cut record is removed', async () => {
    const text = await readFile(file, 'utf8');
    const dir = await mkdtemp(join(tmpdir(), 'csl-2023-'));
    const complete = join(dir, 'consolidated.csv');
    await writeFile(complete, text.slice(0, text.lastIndexOf('\n') + 1));
    const parsed = await readCslCsv(complete);
    expect(countBySource(parsed.entries)).toEqual({
      'ofac-sdn': 1737, // 1,738 in PROVENANCE, counting the cut record
      'ofac-ssi': 288,
      'ofac-fse': 1,
      'ofac-non-sdn': 161, // PLC 78 + CMIC 68 + CAPTA 1 + NS-MBS 14
      'bis-entity': 919,
      'bis-denied': 577,
      'bis-unverified': 186,
      'bis-meu': 71,
      'state-debarred': 142,
      'state-isn': 144,
    });
    expect(parsed.skipped).toEqual({ 'repeated header row': 1 });
    expect(parsed.dropped).toEqual({});
  });
});

describeShared('readCslCsv on the 2025-06 fixture (2025 dialect)', () => {
  let parsed: ParsedList;
  beforeAll(async () => {
    parsed = await readCslCsv(join(RAW_LISTS_DIR, 'csl/2025-06_fixture/consolidated.csv'));
  });

  it('reads all 13 records', () => {
    expect(countBySource(parsed.entries)).toEqual({
      'ofac-sdn': 1,
      'ofac-ssi': 3,
      'ofac-fse': 1,
      'ofac-non-sdn': 2,
      'bis-entity': 1,
      'bis-denied': 1,
      'bis-unverified': 1,
      'bis-meu': 1,
      'state-debarred': 1,
      'state-isn': 1,
    });
    expect(parsed.skipped).toEqual({});
    expect(parsed.dropped).toEqual({});
  });

  it('pins the Entity List row by its 56-hex _id', () => {
    expect(pin(parsed, '99ed1b052fdb09695fae1ba87516d8a0882b0df04652e07aeb5ce7be')).toEqual({
      listSource: 'bis-entity',
      entryId: '99ed1b052fdb09695fae1ba87516d8a0882b0df04652e07aeb5ce7be',
      kind: 'entity',
      kindInferred: true,
      name: 'China Electronics Technology Group Corporation 13th Research Institute (CETC 13)',
      aliases: [
        { name: 'Hebei Semiconductor Research Institute', type: 'aka', quality: 'strong' },
        { name: 'HSRI', type: 'aka', quality: 'strong' },
        { name: 'Hebei Institute of Semiconductors', type: 'aka', quality: 'strong' },
        { name: 'Hebei Semiconductor Institute', type: 'aka', quality: 'strong' },
        { name: 'Hebei Semiconductor', type: 'aka', quality: 'strong' },
        { name: 'CETC Research Institute 13', type: 'aka', quality: 'strong' },
      ],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [
        { street: '113 Hezuo Road', city: 'Shijiazhuang', state: 'Hebei', country: 'CN' },
        { street: '21 Changsheng Street', city: 'Shijiazhuang', state: 'Hebei', country: 'CN' },
        { street: '21 Changsheng Road, Shijiazhuang, Hebei, China', city: 'Shijiazhuang', state: 'Hebei Province', country: 'CN' },
      ],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'https://www.bis.doc.gov/index.php/policy-guidance/lists-of-parties-of-concern/entity-list',
      extra: {
        federalRegisterNotice: '83 FR 37423; 87 FR 77505',
        licenseRequirement: 'For all items subject to the EAR. (See §§ 734.9(g),3 746.8(a)(3), and 744.21(b) of the EAR)',
        licensePolicy:
          'Policy of denial for all items subject to the EAR apart from food and medicine designated as EAR99, which will be reviewed on a case-by-case basis. See §§ 746.8(b) and 744.21(e).',
        startDate: '2018-08-01',
      },
    });
  });

  it('reads the type-first ids of the 2025 SDN row', () => {
    const entry = pin(parsed, '52291');
    expect(entry?.identityDocuments).toEqual([{ type: 'Passport', number: '836238033', country: 'KP' }]);
    expect(entry?.gender).toBe('male');
    expect(entry?.extra?.['Secondary sanctions risk']).toBe('North Korea Sanctions Regulations, sections 510.201 and 510.210');
  });
});

describeShared('readCslCsv on the per-list CSL subsets', () => {
  it.each([
    ['bis_entity_list/csl-2022-05_bis_entity_list.csv', 'bis-entity', 2001],
    ['bis_entity_list/csl-2023-11-excerpt_bis_entity_list.csv', 'bis-entity', 919],
    ['bis_unverified/csl-2022-05_bis_unverified.csv', 'bis-unverified', 201],
    ['bis_unverified/csl-2023-11-excerpt_bis_unverified.csv', 'bis-unverified', 186],
    ['bis_meu/csl-2022-05_bis_meu.csv', 'bis-meu', 71],
    ['bis_meu/csl-2023-11-excerpt_bis_meu.csv', 'bis-meu', 71],
    ['state_isn/csl-2022-05_state_isn.csv', 'state-isn', 163],
    ['state_isn/csl-2023-11-excerpt_state_isn.csv', 'state-isn', 144],
    ['state_itar_debarred/csl-2022-05_state_itar_debarred.csv', 'state-debarred', 727],
    ['state_itar_debarred/csl-2023-11-excerpt_state_itar_debarred.csv', 'state-debarred', 142],
    ['bis_dpl/csl-2022-05_bis_dpl.csv', 'bis-denied', 462],
  ])('%s: %s x %i', async (file, source, count) => {
    const parsed = await readCslCsv(join(RAW_LISTS_DIR, file));
    expect(countBySource(parsed.entries)).toEqual({ [source]: count });
    expect(parsed.skipped).toEqual({});
  });
});

describeShared('readCslCsv rejects the other real list files given as consolidated.csv', () => {
  it.each(['sdn.csv', 'add.csv', 'dpl.txt'])('%s', async (name) => {
    const error = await readCslCsv(join(SNAPSHOT_DIR, name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListFormatError);
    expect((error as ListFormatError).message).toMatch(new RegExp(`^${name.replace('.', '\\.')}:1: not a CSL consolidated\\.csv header: missing columns _id, source,`));
  });
});
