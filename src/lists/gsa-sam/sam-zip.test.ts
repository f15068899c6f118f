import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_DIR, describeShared } from '../../../test/support/shared.js';
import { buildZip, type ZipInput } from '../../../test/support/zip-writer.js';
import { readSamExtract } from './sam-extract.js';

const QUIRKS = join(import.meta.dirname, 'testdata/synthetic-quirks-v2.csv');
const OFFICIAL_ZIP = 'SAM_Exclusions_Public_Extract_V2_24344.ZIP';
const OFFICIAL_CSV = 'SAM_Exclusions_Public_Extract_V2_24344.CSV';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sam-zip-'));
});

async function writeZip(name: string, files: ZipInput[] | Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, Buffer.isBuffer(files) ? files : buildZip(files));
  return path;
}

describeShared('readSamExtract on the official ZIP form (built around the real V2 excerpt)', () => {
  const csv = (): Buffer => readFileSync(join(SNAPSHOT_DIR, 'SAM_Exclusions_Public_Extract_V2.csv'));

  it.each([8, 0] as const)('reads the CSV entry (method %i) exactly like the CSV itself', async (method) => {
    const path = await writeZip(`m${method}-${OFFICIAL_ZIP}`, [{ name: OFFICIAL_CSV, data: csv(), method }]);
    const fromZip = await readSamExtract(path);
    const fromCsv = await readSamExtract(join(SNAPSHOT_DIR, 'SAM_Exclusions_Public_Extract_V2.csv'));
    expect(fromZip.entries).toEqual(fromCsv.entries);
    expect(fromZip.entries).toHaveLength(15);
    expect(fromZip.skipped).toEqual(fromCsv.skipped);
    // The Julian date of the name wins over the newest Creation_Date (2023-11-22).
    expect(fromZip.publishedAt).toBe('2024-12-09');
  });

  it('takes the date from the CSV entry name when the ZIP was renamed', async () => {
    const path = await writeZip('download.zip', [{ name: 'SAM_Exclusions_Public_Extract_V2_24345.CSV', data: csv() }]);
    expect((await readSamExtract(path)).publishedAt).toBe('2024-12-10');
  });

  it('ignores non-CSV entries beside the one CSV', async () => {
    const path = await writeZip('with-readme.zip', [
      { name: 'README.txt', data: 'synthetic' },
      { name: `data/${OFFICIAL_CSV}`, data: csv() },
    ]);
    expect((await readSamExtract(path)).entries).toHaveLength(15);
  });
});

describe('readSamExtract ZIP rejections', () => {
  const quirks = (): Buffer => readFileSync(QUIRKS);

  it('rejects a ZIP without a CSV', async () => {
    const path = await writeZip('no-csv.zip', [{ name: 'notes.txt', data: 'synthetic' }]);
    await expect(readSamExtract(path)).rejects.toThrow('no-csv.zip:0: the ZIP archive holds no .csv file');
  });

  it('rejects a ZIP with two CSVs', async () => {
    const path = await writeZip('two.zip', [
      { name: 'a.csv', data: quirks() },
      { name: 'b.CSV', data: quirks() },
    ]);
    await expect(readSamExtract(path)).rejects.toThrow('two.zip:0: the ZIP archive holds 2 .csv files (a.csv, b.CSV); expected one');
  });

  it('rejects a truncated ZIP (central directory cut off)', async () => {
    const whole = buildZip([{ name: 'x.csv', data: quirks() }]);
    const path = await writeZip('cut.zip', whole.subarray(0, whole.length - 30));
    await expect(readSamExtract(path)).rejects.toThrow(/^cut\.zip:0: not a readable ZIP archive: /);
  });

  it('rejects damaged stored data by its CRC-32', async () => {
    const zip = buildZip([{ name: 'x.csv', data: quirks(), method: 0 }]);
    const at = zip.indexOf('SYNTHETIC STAR');
    zip.write('SYNTHETIC STAB', at);
    const path = await writeZip('crc.zip', zip);
    await expect(readSamExtract(path)).rejects.toThrow('crc.zip:0: corrupt ZIP data: CRC-32 of x.csv does not match');
  });

  it('rejects damaged deflate data', async () => {
    const zip = buildZip([{ name: 'x.csv', data: quirks(), method: 8 }]);
    // Overwrite the middle of the compressed stream (after the 30-byte header and the name).
    const start = 30 + 'x.csv'.length;
    zip.fill(0xff, start + 20, start + 60);
    const path = await writeZip('deflate.zip', zip);
    await expect(readSamExtract(path)).rejects.toThrow(/^deflate\.zip:0: corrupt ZIP data/);
  });

  it('reports a malformed CSV inside a ZIP with the entry name and line', async () => {
    const text = readFileSync(QUIRKS, 'utf8');
    const path = await writeZip('inner.zip', [{ name: 'x.csv', data: `${text}"Firm","CUT` }]);
    await expect(readSamExtract(path)).rejects.toThrow(/^inner\.zip\/x\.csv:7: truncated: a quoted field is never closed/);
  });

  it('reads a synthetic CSV from a ZIP with its Creation_Date when the names carry no date', async () => {
    const path = await writeZip('plain.zip', [{ name: 'x.csv', data: quirks() }]);
    const list = await readSamExtract(path);
    expect(list.entries).toHaveLength(3);
    expect(list.publishedAt).toBe('2023-01-06');
  });
});
