import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeShared, RAW_LISTS_DIR } from '../../../test/support/shared.js';
import { LIST_INFO } from '../sources.js';
import type { ListEntry, ParsedList } from '../model.js';
import { readOfacEnhancedXml } from './enhanced-xml.js';

const TESTDATA = join(import.meta.dirname, 'testdata');
const QUIRKS = join(TESTDATA, 'xml-enhanced-quirks.xml');
const IRGC_XML = join(RAW_LISTS_DIR, 'ofac_sdn/enhanced_xml_excerpt_2024-08-28/IRGC_sanctions.xml');
const SDN_CSV_2024 = join(RAW_LISTS_DIR, 'ofac_sdn/2024-05-03/sdn.csv');
const SDN_URL = LIST_INFO['ofac-sdn'].sourceUrl;

let realList: Promise<ParsedList> | undefined;
/** The real file is parsed once for all tests of this file. */
const parsedReal = (): Promise<ParsedList> => (realList ??= readOfacEnhancedXml(IRGC_XML));

function byId(entries: readonly ListEntry[], id: string): ListEntry {
  const entry = entries.find((e) => e.entryId === id);
  if (!entry) throw new Error(`entry ${id} not found`);
  return entry;
}

const NON_LATIN = /[^\u0000-\u024f]/;

describe('readOfacEnhancedXml on hand-written quirks (xml-enhanced-quirks.xml)', () => {
  it('reads dataAsOf as the publish date, keeps records with bad fields and counts the drops', async () => {
    const list = await readOfacEnhancedXml(QUIRKS);
    expect(list.format).toBe('ofac-enhanced-xml');
    expect(list.publishedAt).toBe('2025-12-24');
    expect(list.declaredCount).toBeUndefined();
    expect(list.entries.map((e) => [e.entryId, e.listSource])).toEqual([
      ['900', 'ofac-sdn'],
      ['900', 'ofac-ssi'], // on both lists: one entry per list
      ['901', 'ofac-fse'],
      ['902', 'ofac-ssi'],
    ]);
    expect(list.skipped).toEqual({ 'entity: no name': 1 });
    expect(list.dropped).toEqual({
      'identityDocument expirationDate: not a usable date': 1,
      'dateOfBirth: not a usable date': 1,
      'feature Nationality Country: marked false by OFAC': 1,
      'citizenship: unknown country': 1,
    });
  });

  it('maps an individual on the SDN and SSI lists as SDN, with its other scripts as aliases', async () => {
    const entry = byId((await readOfacEnhancedXml(QUIRKS)).entries, '900');
    expect(entry).toEqual({
      listSource: 'ofac-sdn',
      entryId: '900',
      kind: 'individual',
      kindInferred: false,
      name: 'TESTOV, Ivan',
      aliases: [
        { name: 'ТЕСТОВ Иван', type: 'aka', quality: 'strong' },
        // aliasType given only by refId (resolved through referenceValues); bidi controls removed.
        { name: 'TESTOFF, Vanya', type: 'fka', quality: 'weak' },
        { name: 'فانيا تستوف', type: 'fka', quality: 'weak' },
      ],
      datesOfBirth: [
        { text: 'circa 1961', from: '1961-01-01', to: '1961-12-31', precision: 'year', approximate: true },
        { text: 'Mar 1955 to Mar 1956', from: '1955-03-01', to: '1956-03-31', precision: 'range', approximate: false },
      ],
      placesOfBirth: ['Moscow, Russia'],
      nationalities: ['DE'],
      citizenships: [],
      addresses: [
        { street: 'Teststrasse 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
        { countryText: 'Region: Nowhere' },
      ],
      identityDocuments: [
        { type: 'Passport', number: 'P-123', country: 'DE', issueDate: '2014-03-03', note: 'marked invalid by OFAC' },
      ],
      programs: ['UKRAINE-EO13662', 'RUSSIA-EO14024'],
      gender: 'male',
      title: 'Test Officer',
      sourceUrl: SDN_URL,
      extra: { Website: 'www.example.test' },
    });
  });

  it('rejects a well-formed export without any entity', async () => {
    await expect(readOfacEnhancedXml(join(TESTDATA, 'xml-enhanced-no-entities.xml'))).rejects.toThrow(
      'xml-enhanced-no-entities.xml:7: no entity records',
    );
  });

  it('resolves a sanctionsList given only by refId', async () => {
    const entry = byId((await readOfacEnhancedXml(QUIRKS)).entries, '902');
    expect(entry).toMatchObject({ listSource: 'ofac-ssi', sourceUrl: LIST_INFO['ofac-ssi'].sourceUrl });
  });
});

describeShared('readOfacEnhancedXml on the real IRGC excerpt (dataAsOf 2024-08-28)', () => {
  it('reads all 293 entities of the SDN list', async () => {
    const list = await parsedReal();
    expect(list.publishedAt).toBe('2024-08-28');
    expect(list.entries).toHaveLength(293);
    const kinds = { individual: 0, entity: 0, vessel: 0, aircraft: 0 };
    for (const e of list.entries) kinds[e.kind] += 1;
    expect(kinds).toEqual({ individual: 165, entity: 84, vessel: 0, aircraft: 44 });
    expect(list.entries.every((e) => e.listSource === 'ofac-sdn' && e.programs.includes('IRGC'))).toBe(true);
    expect(list.dropped).toEqual({});
    expect(list.skipped).toEqual({});
  });

  it('uses the entity id as entryId: every id is the sdn.csv ent_num with the identical primary name', async () => {
    const legacy = new Map<string, string>();
    for (const line of readFileSync(SDN_CSV_2024, 'latin1').split('\r\n')) {
      const m = /^(\d+),"([^"]*)"/.exec(line);
      if (m) legacy.set(m[1], m[2]);
    }
    const { entries } = await parsedReal();
    expect(entries.filter((e) => legacy.get(e.entryId) === e.name)).toHaveLength(293);
  });

  it('adds the non-Latin name translations of 80 entities as aliases (96 in the file, 95 distinct)', async () => {
    const { entries } = await parsedReal();
    const withScripts = entries.filter((e) => e.aliases.some((a) => NON_LATIN.test(a.name)));
    expect(withScripts).toHaveLength(80);
    // Entity 42538 carries the same Arabic spelling on two of its names; it is listed once.
    expect(entries.flatMap((e) => e.aliases).filter((a) => NON_LATIN.test(a.name))).toHaveLength(95);
    expect(byId(entries, '47234').aliases).toContainEqual({ name: '中國中油股份有限公司', type: 'aka', quality: 'strong' });
    expect(entries.every((e) => !NON_LATIN.test(e.name))).toBe(true);
  });

  it('pins the individual SABURINEZHAD, Hasan (28683) field by field', async () => {
    const entry = byId((await parsedReal()).entries, '28683');
    const aka = (name: string, quality: 'strong' | 'weak' = 'strong') => ({ name, type: 'aka', quality });
    expect(entry).toEqual({
      listSource: 'ofac-sdn',
      entryId: '28683',
      kind: 'individual',
      kindInferred: false,
      name: 'SABURINEZHAD, Hasan',
      aliases: [
        aka('حسن سبری نژاد'),
        aka('SABURINEJAD, Ali'),
        aka('Engineer Morteza', 'weak'),
        aka('NAZHAD, Hasan Saburi'),
        aka('SABURINEZHAD, Ali'),
        aka('SABURI, Hasan', 'weak'),
        aka('MURTADA, Muhandis', 'weak'),
      ],
      datesOfBirth: [{ text: '09 Jan 1965', from: '1965-01-09', to: '1965-01-09', precision: 'day', approximate: false }],
      placesOfBirth: [],
      nationalities: ['IR'],
      citizenships: [],
      addresses: [{ country: 'IR' }, { country: 'IQ' }, { country: 'SY' }],
      identityDocuments: [{ type: 'National ID No.', number: '0383595282', country: 'IR' }],
      programs: ['IFSR', 'IRGC', 'SDGT'],
      gender: 'male',
      sourceUrl: SDN_URL,
      extra: {
        'Additional Sanctions Information': 'Subject to Secondary Sanctions',
        'Legal Authority': 'Executive Order 13224 (Terrorism)',
        'Sanctions Type': 'Block',
        'Acting for or on behalf of': 'ISLAMIC REVOLUTIONARY GUARD CORPS (IRGC)-QODS FORCE',
      },
    });
  });

  it('pins the entity GLOBAL VISION GROUP (26119) field by field', async () => {
    const entry = byId((await parsedReal()).entries, '26119');
    expect(entry).toEqual({
      listSource: 'ofac-sdn',
      entryId: '26119',
      kind: 'entity',
      kindInferred: false,
      name: 'GLOBAL VISION GROUP',
      aliases: [
        { name: 'LIMITED LIABILITY COMPANY GLOBAL CONCEPTS GROUP', type: 'aka', quality: 'strong' },
        { name: 'ОБЩЕСТВО С ОГРАНИЧЕННОЙ ОТВЕТСТВЕННОСТЬЮ ГЛОБАЛЬНЫЕ КОНЦЕПЦИИ ГРУПП', type: 'aka', quality: 'strong' },
        { name: 'LLC GKG', type: 'aka', quality: 'weak' },
        { name: 'ООО ГКГ', type: 'aka', quality: 'weak' },
      ],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [
        { street: 'Office I Room 7, Building 3, House 22, Staromonetny Lane', city: 'Moscow', postalCode: '119180', country: 'RU' },
        { country: 'RU' },
        { street: 'Staromonetne STR 22/3', city: 'Moscow', country: 'RU' },
      ],
      identityDocuments: [],
      programs: ['IFSR', 'IRGC', 'SDGT', 'SYRIA'],
      sourceUrl: SDN_URL,
      extra: {
        'Additional Sanctions Information':
          'Subject to Secondary Sanctions Pursuant to the Hizballah Financial Sanctions Regulations; Subject to Secondary Sanctions',
        'Legal Authority': 'Executive Order 13224 (Terrorism); Executive Order 13582 (Syria)',
        'Sanctions Type': 'Block',
        'Owned or Controlled By': 'ALCHWIKI, Mhd Amer',
        'Providing support to': 'BANIAS REFINERY COMPANY',
      },
    });
  });

  it('files craft and wallet identifiers as documents and other features as extra', async () => {
    const { entries } = await parsedReal();
    const aircraft = byId(entries, '24475');
    expect(aircraft).toMatchObject({
      kind: 'aircraft',
      name: 'EP-PUL',
      identityDocuments: [{ type: 'Aircraft Manufacturer’s Serial Number (MSN)', number: '33448393' }],
      extra: { 'Aircraft Model': 'IL-76', 'Aircraft Operator': 'Pouya Air', 'Aircraft Manufacture Date': '1983' },
    });
    const msn = entries.filter((e) => e.identityDocuments.some((d) => d.type.startsWith('Aircraft Manufacturer')));
    expect(msn).toHaveLength(44);
    const wallets = entries.flatMap((e) => e.identityDocuments).filter((d) => d.type === 'Digital Currency Address - XBT');
    expect(wallets).toHaveLength(7);
    expect(entries.filter((e) => e.extra?.Website !== undefined)).toHaveLength(21);
  });

  it('keeps date ranges and approximate dates as the file states them', async () => {
    const { entries } = await parsedReal();
    const dates = entries.flatMap((e) => e.datesOfBirth);
    expect(dates).toHaveLength(183);
    expect(dates.filter((d) => d.precision === 'range')).toHaveLength(12);
    expect(dates).toContainEqual({ text: '1951 to 1953', from: '1951-01-01', to: '1953-12-31', precision: 'range', approximate: false });
    expect(dates.filter((d) => d.approximate).every((d) => d.text.startsWith('circa'))).toBe(true);
  });

  it('rejects the classic consolidated.xml as the wrong root element', async () => {
    const classic = join(RAW_LISTS_DIR, 'ofac_non_sdn/2024-05-06_xml/consolidated.xml');
    await expect(readOfacEnhancedXml(classic)).rejects.toThrow(
      'consolidated.xml:2: root element is <sdnList>, expected <sanctionsData>',
    );
  });
});
