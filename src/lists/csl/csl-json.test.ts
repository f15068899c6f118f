import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ListFormatError } from '../model.js';
import { readCslJson } from './csl-json.js';

const testdata = (name: string): string => join(dirname(fileURLToPath(import.meta.url)), 'testdata', name);

async function rejection(path: string): Promise<ListFormatError> {
  const error = await readCslJson(path).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ListFormatError);
  return error as ListFormatError;
}

describe('readCslJson: the trade.gov API shape {results, total, sources_used}', () => {
  it('maps each known result, skips unknown sources and non-objects, keeps the declared total', async () => {
    const parsed = await readCslJson(testdata('consolidated-api.json'));
    expect(parsed.format).toBe('csl-json');
    expect(parsed.publishedAt).toBeNull();
    expect(parsed.declaredCount).toBe(6);
    expect(parsed.entries.map((e) => `${e.listSource}:${e.entryId}`)).toEqual([
      'bis-entity:c9f0f895fb98ab9159f51fd0297e236d2c1c2d3e4f5a6b7c8d9e0f1a',
      'ofac-sdn:52291',
      'state-isn:233a4d725770c81fb561ffe3842c14010c2201971d6be62eca1e613b',
      'state-debarred:34d6611355974b0ba70eba9a096971f8',
    ]);
    expect(parsed.skipped).toEqual({
      'unknown source "Some Future List (SFL) - Department of Examples"': 1,
      'result that is not an object': 1,
    });
    expect(parsed.dropped).toEqual({ 'dates_of_birth: not a date': 1 });
  });

  it('leaves out the rows of skipSources, unmapped and uncounted', async () => {
    const full = await readCslJson(testdata('consolidated-api.json'));
    const part = await readCslJson(testdata('consolidated-api.json'), { skipSources: new Set(['ofac-sdn']) });
    expect(part.entries).toEqual(full.entries.filter((e) => e.listSource !== 'ofac-sdn'));
    expect(part.skipped).toEqual(full.skipped);
    expect(part.declaredCount).toBe(6);
  });

  it('takes address objects as they are, keeping an unknown country as text', async () => {
    const entry = (await readCslJson(testdata('consolidated-api.json'))).entries[0];
    expect(entry).toEqual({
      listSource: 'bis-entity',
      entryId: 'c9f0f895fb98ab9159f51fd0297e236d2c1c2d3e4f5a6b7c8d9e0f1a',
      kind: 'entity',
      kindInferred: true,
      name: 'Example Aviation Technology Co., Ltd.',
      aliases: [
        { name: 'Example Aviation Tech', type: 'aka', quality: 'strong' },
        { name: 'Example Aviation Hong Kong', type: 'aka', quality: 'strong' },
      ],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [
        { street: 'No. 5200 Jindu Road, Minhang District', city: 'Shanghai', postalCode: '201108', country: 'CN' },
        { street: 'Flat 6, 20/F, Mega Trade Centre', city: 'Hong Kong', countryText: 'Region: Example' },
      ],
      identityDocuments: [],
      programs: [],
      sourceUrl: 'https://www.bis.gov/entity-list',
      extra: {
        federalRegisterNotice: '89 FR 12345',
        licenseRequirement: 'For all items subject to the EAR.',
        licensePolicy: 'Presumption of denial.',
        startDate: '2024-02-20',
      },
    });
  });

  it('reads ids objects with explicit issue and expiration dates, gender and facts', async () => {
    const entry = (await readCslJson(testdata('consolidated-api.json'))).entries[1];
    expect(entry.entryId).toBe('52291'); // entity_number given as a JSON number
    expect(entry.identityDocuments).toEqual([
      { type: 'Passport', number: '836238033', country: 'KP', issueDate: '2014-02-11', expiryDate: '2019-02-11' },
    ]);
    expect(entry.gender).toBe('male');
    expect(entry.title).toBe('Official');
    expect(entry.extra).toEqual({ 'Secondary sanctions risk': 'North Korea Sanctions Regulations, sections 510.201 and 510.210' });
    expect(entry.datesOfBirth.map((d) => d.text)).toEqual(['1978-12-05', 'circa 1979']);
    expect(entry.citizenships).toEqual(['KP']);
  });

  it('accepts "; "-joined strings for list fields, a bare acronym source and `_id`', async () => {
    const { entries } = await readCslJson(testdata('consolidated-api.json'));
    expect(entries[2].programs).toEqual(['INKSNA']);
    expect(entries[2].aliases.map((a) => a.name)).toEqual(['Example IEC', 'Example Import Export']);
    expect(entries[2].name).toBe('Example Import and Export Company');
    expect(entries[3].listSource).toBe('state-debarred');
    expect(entries[3].kind).toBe('individual');
  });

  it('reads a bare array of results, with CSV-style address strings', async () => {
    const parsed = await readCslJson(testdata('consolidated-bare.json'));
    expect(parsed.declaredCount).toBeUndefined();
    expect(parsed.entries.map((e) => e.listSource)).toEqual(['bis-unverified', 'bis-meu']);
    expect(parsed.entries[0].addresses).toEqual([{ street: 'Komitas 26/114', city: 'Yerevan', country: 'AM' }]);
  });
});

describe('readCslJson rejects files it cannot use', () => {
  it('a single API page (total larger than the results)', async () => {
    expect((await rejection(testdata('consolidated-page.json'))).message).toBe(
      'consolidated-page.json:1: holds 2 of the 12843 records it declares (one API page or a cut download)',
    );
  });

  it('a cut download', async () => {
    expect((await rejection(testdata('consolidated-truncated.json'))).message).toBe(
      'consolidated-truncated.json:68: truncated: the JSON ends in the middle of a value',
    );
  });

  it('invalid JSON in the middle of the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'csl-json-'));
    const path = join(dir, 'consolidated.json');
    await writeFile(path, '{"results": [\n{"name": "x", "source": "EL", "id": "1"},\n]}\n');
    expect((await rejection(path)).reason).toMatch(/^not valid JSON: /);
  });

  it('JSON of another shape, an empty result list, HTML, an empty file, a CSV', async () => {
    expect((await rejection(testdata('not-csl.json'))).message).toBe(
      'not-csl.json:1: not a CSL consolidated.json: expected {"results": [...]} or an array of results',
    );
    expect((await rejection(testdata('no-results.json'))).message).toBe('no-results.json:1: no records in "results"');
    expect((await rejection(testdata('error-page.json'))).message).toBe('error-page.json:1: HTML or XML, not a CSL consolidated.json');
    expect((await rejection(testdata('empty.csv'))).message).toBe('empty.csv:1: empty file, expected a CSL consolidated.json');
    expect((await rejection(testdata('csl-2022-dialect.csv'))).message).toBe(
      'csl-2022-dialect.csv:1: not JSON (a CSV or text file?), not a CSL consolidated.json',
    );
  });
});
