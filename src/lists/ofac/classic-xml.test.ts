import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeShared, RAW_LISTS_DIR } from '../../../test/support/shared.js';
import { LIST_INFO } from '../sources.js';
import { DropCounter, ListFormatError, type ListEntry, type ParsedList } from '../model.js';
import { classicSourceForFile, readOfacClassicXml } from './classic-xml.js';
import { parseRemarks } from './remarks.js';

const TESTDATA = join(import.meta.dirname, 'testdata');
const CONSOLIDATED_XML = join(RAW_LISTS_DIR, 'ofac_non_sdn/2024-05-06_xml/consolidated.xml');
const CONS_PRIM_CSV = join(RAW_LISTS_DIR, 'ofac_non_sdn/2025-12-19/cons_prim.csv');

let realList: Promise<ParsedList> | undefined;
/** The real file is parsed once for all tests of this file. */
const parsedReal = (): Promise<ParsedList> => (realList ??= readOfacClassicXml(CONSOLIDATED_XML));

function byId(entries: readonly ListEntry[], id: string): ListEntry {
  const entry = entries.find((e) => e.entryId === id);
  if (!entry) throw new Error(`entry ${id} not found`);
  return entry;
}

describe('readOfacClassicXml on hand-written quirks (xml-classic-quirks.xml, old tempuri namespace)', () => {
  it('reads the publish date and record count, keeps records with bad fields and counts the drops', async () => {
    const list = await readOfacClassicXml(join(TESTDATA, 'xml-classic-quirks.xml'));
    expect(list.format).toBe('ofac-classic-xml');
    expect(list.publishedAt).toBe('2025-12-24');
    expect(list.declaredCount).toBe(4);
    expect(list.entries.map((e) => e.entryId)).toEqual(['100', '101', '102']);
    expect(list.skipped).toEqual({ 'sdnEntry: no uid': 1 });
    expect(list.dropped).toEqual({
      'dateOfBirth: not a usable date': 1,
      'citizenship: unknown country': 1,
      'id expirationDate: not a usable date': 1,
      'sdnType: missing, kind inferred': 1,
    });
  });

  it('maps an individual completely: names like the legacy file, documents apart from facts', async () => {
    const list = await readOfacClassicXml(join(TESTDATA, 'xml-classic-quirks.xml'));
    expect(byId(list.entries, '100')).toEqual({
      listSource: 'ofac-sdn',
      entryId: '100',
      kind: 'individual',
      kindInferred: false,
      name: 'TESTOVA, Maria Elena',
      aliases: [
        { name: 'TESTOWA, Mariya', type: 'fka', quality: 'weak' },
        { name: 'MUSTERFRAU, Maria', type: 'nka', quality: 'strong' },
      ],
      datesOfBirth: [
        { text: '12 Jan 1970', from: '1970-01-12', to: '1970-01-12', precision: 'day', approximate: false },
        { text: 'circa 1965', from: '1965-01-01', to: '1965-12-31', precision: 'year', approximate: true },
      ],
      placesOfBirth: ['Tehran, Iran'],
      nationalities: ['IR'],
      citizenships: [],
      addresses: [
        { street: 'Teststrasse 1, Hinterhaus', city: 'Berlin', state: 'Berlin', postalCode: '10115', country: 'DE' },
        { city: 'Nowhere City', countryText: 'Region: Nowhere' },
      ],
      identityDocuments: [
        { type: 'Passport', number: 'X1234567', country: 'DE', issueDate: '2012-03-14' },
        { type: 'National ID No.', number: 'AB-99', note: 'issued by Atlantis' },
      ],
      programs: ['SDGT', 'IRGC'],
      gender: 'female',
      title: 'Director of Testing',
      remarks: 'Hand-written test record.',
      sourceUrl: LIST_INFO['ofac-sdn'].sourceUrl,
      extra: {
        Website: 'www.example.test',
        'Secondary sanctions risk': 'section 1(b) of Executive Order 13224, as amended by Executive Order 13886',
      },
    });
  });

  it('puts vesselInfo into extra under its element names and keeps the IMO number as a document', async () => {
    const vessel = byId((await readOfacClassicXml(join(TESTDATA, 'xml-classic-quirks.xml'))).entries, '101');
    expect(vessel.kind).toBe('vessel');
    expect(vessel.identityDocuments).toEqual([{ type: 'Vessel Registration Identification', number: 'IMO 9187629' }]);
    expect(vessel.extra).toEqual({
      callSign: '9BXY',
      vesselType: 'Crude Oil Tanker',
      vesselFlag: 'Iran',
      vesselOwner: 'NATIONAL TEST TANKER COMPANY',
      tonnage: '150,000',
      grossRegisteredTonnage: '80,000',
    });
  });

  it('decodes entities and CDATA, and infers the kind when sdnType is missing', async () => {
    const entry = byId((await readOfacClassicXml(join(TESTDATA, 'xml-classic-quirks.xml'))).entries, '102');
    expect(entry.name).toBe('A & B TEST TRADING LLC');
    expect(entry.remarks).toBe('Kind not stated <on purpose>.');
    expect(entry).toMatchObject({ kind: 'entity', kindInferred: true });
  });
});

describe('readOfacClassicXml: aircraft identifiers and wallets (xml-classic-craft.xml)', () => {
  it('makes them identity documents, exactly as the legacy reader does with the same IDs in Remarks', async () => {
    const { entries } = await readOfacClassicXml(join(TESTDATA, 'xml-classic-craft.xml'));
    // The same idList as OFAC writes it into sdn.csv Remarks.
    const aircraftRemarks =
      'Aircraft Construction Number (also called L/N or S/N or F/N) 8401; Aircraft Manufacture Date 1992; ' +
      "Aircraft Model IL76-TD; Aircraft Manufacturer's Serial Number (MSN) 98765; Aircraft Tail Number EX-001; " +
      'Previous Aircraft Tail Number EX-000; Aircraft Mode S Transponder Code 730B1C; Aircraft Serial Identification 5210.';
    const walletRemarks =
      'Digital Currency Address - XBT 12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h; ' +
      'Digital Currency Address - ETH 0x098B716B8Aaf21512996dC57EB0615e2383E2f96; Gender Male.';

    const aircraft = byId(entries, '1004');
    expect(aircraft.identityDocuments).toEqual([
      { type: 'Aircraft Construction Number (also called L/N or S/N or F/N)', number: '8401' },
      { type: "Aircraft Manufacturer's Serial Number (MSN)", number: '98765' },
      { type: 'Aircraft Tail Number', number: 'EX-001' },
      { type: 'Previous Aircraft Tail Number', number: 'EX-000' },
      { type: 'Aircraft Mode S Transponder Code', number: '730B1C' },
      { type: 'Aircraft Serial Identification', number: '5210' },
    ]);
    expect(aircraft.identityDocuments).toEqual(parseRemarks(aircraftRemarks, new DropCounter()).identityDocuments);
    // Facts about the craft are no identifiers: extra, as in the CSL and Enhanced XML readers.
    expect(aircraft.extra).toEqual({ 'Aircraft Manufacture Date': '1992', 'Aircraft Model': 'IL76-TD' });

    const holder = byId(entries, '1010');
    expect(holder.identityDocuments).toEqual([
      { type: 'Digital Currency Address - XBT', number: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h' },
      { type: 'Digital Currency Address - ETH', number: '0x098B716B8Aaf21512996dC57EB0615e2383E2f96' },
    ]);
    expect(holder.identityDocuments).toEqual(parseRemarks(walletRemarks, new DropCounter()).identityDocuments);
    expect(holder.gender).toBe('male');
    expect(holder.extra).toBeUndefined();
  });
});

describe('readOfacClassicXml rejections', () => {
  it('rejects a file holding fewer records than its Record_Count (truncated export)', async () => {
    const error = await readOfacClassicXml(join(TESTDATA, 'xml-count-mismatch.xml')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListFormatError);
    expect((error as Error).message).toBe(
      'xml-count-mismatch.xml:25: Record_Count declares 3 records but the file holds 2',
    );
  });

  it('rejects a well-formed file without any record', async () => {
    await expect(readOfacClassicXml(join(TESTDATA, 'xml-no-records.xml'))).rejects.toThrow(
      'xml-no-records.xml:7: no sdnEntry records',
    );
  });
});

describe('classicSourceForFile', () => {
  it('reads consolidated/cons files as the non-SDN list and anything else as SDN', () => {
    expect(classicSourceForFile('/data/consolidated.xml')).toBeNull();
    expect(classicSourceForFile('/data/CONS_ENHANCED.XML')).toBeNull();
    expect(classicSourceForFile('/data/sdn.xml')).toBe('ofac-sdn');
    expect(classicSourceForFile('/data/consolidated/sdn.xml')).toBe('ofac-sdn');
  });

  it('assigns SSI/FSE/other non-SDN per record when the quirks file is named consolidated.xml', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ofac-xml-'));
    try {
      await copyFile(join(TESTDATA, 'xml-classic-quirks.xml'), join(dir, 'consolidated.xml'));
      const list = await readOfacClassicXml(join(dir, 'consolidated.xml'));
      expect(list.entries.map((e) => e.listSource)).toEqual(['ofac-non-sdn', 'ofac-non-sdn', 'ofac-non-sdn']);
      expect(list.entries[0].sourceUrl).toBe(LIST_INFO['ofac-non-sdn'].sourceUrl);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describeShared('readOfacClassicXml on the real consolidated.xml (2024-05-06)', () => {
  it('reads all 443 records with the declared count and date', async () => {
    const list = await parsedReal();
    expect(list.publishedAt).toBe('2024-05-06');
    expect(list.declaredCount).toBe(443);
    // 443 records; the 63 on both SSI and NS-MBS (RUSSIA-EO14024) are one entry per list.
    expect(list.entries).toHaveLength(443 + 63);
    const records = new Map(list.entries.map((e) => [e.entryId, e]));
    expect(records.size).toBe(443);
    expect([...records.values()].filter((e) => e.kind === 'entity')).toHaveLength(364);
    expect([...records.values()].filter((e) => e.kind === 'individual')).toHaveLength(79);
    expect(list.dropped).toEqual({});
    expect(list.skipped).toEqual({});
  });

  it('splits the records over SSI, FSE and the other non-SDN lists by program', async () => {
    const { entries } = await parsedReal();
    const count = (source: string): number => entries.filter((e) => e.listSource === source).length;
    expect([count('ofac-ssi'), count('ofac-fse'), count('ofac-non-sdn'), count('ofac-sdn')]).toEqual([287, 1, 155 + 63, 0]);
    const fse = entries.filter((e) => e.programs.includes('FSE-IR'));
    expect(fse.map((e) => [e.entryId, e.listSource, e.name])).toEqual([['26182', 'ofac-fse', 'KAYAKIRAN, Evren']]);
    expect(fse[0]).toMatchObject({ gender: 'male', citizenships: ['TR'], identityDocuments: [{ type: 'Passport', number: 'U00242309', country: 'TR' }] });
  });

  it('pins Rosneft (uid 17022) field by field', async () => {
    const rosneft = byId((await parsedReal()).entries, '17022');
    expect(rosneft).toEqual({
      listSource: 'ofac-ssi',
      entryId: '17022',
      kind: 'entity',
      kindInferred: false,
      name: 'OPEN JOINT-STOCK COMPANY ROSNEFT OIL COMPANY',
      aliases: ['OJSC ROSNEFT OIL COMPANY', 'ROSNEFT OIL COMPANY', 'OAO ROSNEFT OIL COMPANY', 'OIL COMPANY ROSNEFT', 'ROSNEFT'].map(
        (name) => ({ name, type: 'aka', quality: 'strong' }),
      ),
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [{ street: '26/1 Sofiyskaya Embankment', city: 'Moscow', postalCode: '115035', country: 'RU' }],
      identityDocuments: [
        { type: 'Registration ID', number: '1027700043502', country: 'RU' },
        { type: 'Government Gazette Number', number: '00044428', country: 'RU' },
        { type: 'Tax ID No.', number: '7706107510', country: 'RU' },
      ],
      programs: ['UKRAINE-EO13662'],
      sourceUrl: LIST_INFO['ofac-ssi'].sourceUrl,
      remarks:
        'For more information on directives, please visit the following link: http://www.treasury.gov/resource-center/sanctions/Programs/Pages/ukraine.aspx#directives.',
      extra: {
        'Email Address': 'postman@rosneft.ru',
        Website: 'www.rosneft.com; www.rosneft.ru',
        'Executive Order 13662 Directive Determination': 'Subject to Directive 2; Subject to Directive 4',
        'Secondary sanctions risk': 'Ukraine-/Russia-Related Sanctions Regulations, 31 CFR 589.201 and/or 589.209',
      },
    });
  });

  it('writes names exactly as the legacy cons_prim.csv does (438 of the 441 shared ent_num; 3 renamed since)', async () => {
    const legacy = new Map<string, string>();
    for (const line of readFileSync(CONS_PRIM_CSV, 'latin1').split('\r\n')) {
      const m = /^(\d+),"([^"]*)"/.exec(line);
      if (m) legacy.set(m[1], m[2]);
    }
    const { entries } = await parsedReal();
    const shared = entries.filter((e) => legacy.has(e.entryId));
    const renamed = shared.filter((e) => legacy.get(e.entryId) !== e.name).map((e) => e.entryId);
    expect(new Set(shared.map((e) => e.entryId)).size).toBe(441);
    expect(renamed).toEqual(['18284', '23562', '23577']);
  });

  it('rejects the Enhanced XML file as the wrong root element', async () => {
    const enhanced = join(RAW_LISTS_DIR, 'ofac_sdn/enhanced_xml_excerpt_2024-08-28/IRGC_sanctions.xml');
    await expect(readOfacClassicXml(enhanced)).rejects.toThrow(
      'IRGC_sanctions.xml:2: root element is <sanctionsData>, expected <sdnList>',
    );
  });
});
