/**
 * @module Opening the CSV inside SAM_Exclusions_Public_Extract_V2_YYDDD.ZIP as a stream (yauzl).
 *
 * yauzl checks the declared sizes but not the CRC-32, so the stream is passed through a CRC check:
 * a ZIP whose data was damaged in transit is rejected instead of loading altered names. Every
 * container problem (not a ZIP, truncated, no CSV, several CSVs, encrypted, corrupt data) becomes a
 * ListFormatError at line 0, the file as a whole.
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ListFormatError } from '../model.js';

/** The real CSV is ~66 MB; a declared size beyond this is a damaged or hostile archive. */
const MAX_CSV_BYTES = 2 * 1024 ** 3;

export interface ZipCsv {
  entryName: string;
  stream: Readable;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function openZip(path: string, file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) reject(new ListFormatError(file, 0, `not a readable ZIP archive: ${message(err)}`));
      else resolve(zip);
    });
  });
}

function listEntries(zip: ZipFile, file: string): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', (err) => reject(new ListFormatError(file, 0, `corrupt ZIP directory: ${message(err)}`)));
    zip.readEntry();
  });
}

function pickCsv(entries: readonly Entry[], file: string): Entry {
  const csvs = entries.filter((e) => !e.fileName.endsWith('/') && /\.csv$/i.test(e.fileName));
  if (csvs.length === 0) throw new ListFormatError(file, 0, 'the ZIP archive holds no .csv file');
  if (csvs.length > 1) {
    const names = csvs.map((e) => e.fileName).join(', ');
    throw new ListFormatError(file, 0, `the ZIP archive holds ${csvs.length} .csv files (${names}); expected one`);
  }
  const entry = csvs[0];
  if ((entry.generalPurposeBitFlag & 0x1) !== 0) throw new ListFormatError(file, 0, `${entry.fileName} is encrypted`);
  if (entry.uncompressedSize > MAX_CSV_BYTES) {
    throw new ListFormatError(file, 0, `${entry.fileName} declares ${entry.uncompressedSize} bytes, over the 2 GiB limit`);
  }
  return entry;
}

/** Passes bytes through and fails at the end when their CRC-32 differs from the directory's. */
class CrcCheck extends Transform {
  private crc = 0;

  constructor(
    private readonly expected: number,
    private readonly what: string,
    private readonly file: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (this.crc >>> 0 === this.expected >>> 0) done();
    else done(new ListFormatError(this.file, 0, `corrupt ZIP data: CRC-32 of ${this.what} does not match`));
  }
}

function openEntry(zip: ZipFile, entry: Entry, file: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, raw) => {
      if (err || !raw) return reject(new ListFormatError(file, 0, `cannot read ${entry.fileName}: ${message(err)}`));
      const checked = new CrcCheck(entry.crc32, entry.fileName, file);
      // Inflate and size errors come from the raw stream; report them as a corrupt archive.
      raw.once('error', (e) => checked.destroy(new ListFormatError(file, 0, `corrupt ZIP data in ${entry.fileName}: ${message(e)}`)));
      checked.once('close', () => raw.destroy());
      resolve(raw.pipe(checked));
    });
  });
}

/** Opens the one CSV of a SAM extract ZIP as a checked byte stream. */
export async function openZipCsv(path: string, file: string): Promise<ZipCsv> {
  const zip = await openZip(path, file);
  try {
    const entry = pickCsv(await listEntries(zip, file), file);
    return { entryName: entry.fileName, stream: await openEntry(zip, entry, file) };
  } finally {
    // yauzl reference-counts the file: it stays open until the entry stream ends or is destroyed.
    zip.close();
  }
}
