/**
 * @module A minimal ZIP writer for tests (yauzl only reads): local headers, central directory and
 * end record per APPNOTE 4.3, method 0 (stored) or 8 (deflate via node:zlib). No ZIP64, no comments.
 * Tests use it to build real archives around real list files instead of committing binary fixtures.
 */
import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  data: Buffer | string;
  /** 0 = stored, 8 = deflated (default). */
  method?: 0 | 8;
}

/** DOS date 1980-01-01, time 00:00: fixed so the bytes are reproducible. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const UTF8_NAMES = 0x0800;

function localHeader(name: Buffer, method: number, crc: number, compressed: number, size: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(UTF8_NAMES, 6);
  h.writeUInt16LE(method, 8);
  h.writeUInt16LE(0, 10);
  h.writeUInt16LE(DOS_DATE, 12);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(compressed, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(0, 28);
  return Buffer.concat([h, name]);
}

function centralHeader(name: Buffer, method: number, crc: number, compressed: number, size: number, offset: number): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(UTF8_NAMES, 8);
  h.writeUInt16LE(method, 10);
  h.writeUInt16LE(0, 12);
  h.writeUInt16LE(DOS_DATE, 14);
  h.writeUInt32LE(crc, 16);
  h.writeUInt32LE(compressed, 20);
  h.writeUInt32LE(size, 24);
  h.writeUInt16LE(name.length, 28);
  // extra length, comment length, disk, internal and external attributes stay 0.
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, name]);
}

function endRecord(count: number, directorySize: number, directoryOffset: number): Buffer {
  const e = Buffer.alloc(22);
  e.writeUInt32LE(0x06054b50, 0);
  e.writeUInt16LE(count, 8);
  e.writeUInt16LE(count, 10);
  e.writeUInt32LE(directorySize, 12);
  e.writeUInt32LE(directoryOffset, 16);
  return e;
}

/** Builds the bytes of a ZIP archive holding `files` in order. */
export function buildZip(files: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : file.data;
    const method = file.method ?? 8;
    const body = method === 8 ? deflateRawSync(data) : data;
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.concat([localHeader(name, method, crc, body.length, data.length), body]);
    centrals.push(centralHeader(name, method, crc, body.length, data.length, offset));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endRecord(files.length, directory.length, offset)]);
}

/**
 * A ZIP of one deflated entry made of `parts` in order, deflated as a stream: archives that inflate to
 * a gigabyte or more are built without holding the inflated bytes (under 4 GiB: no ZIP64).
 */
export async function buildStreamedZip(entryName: string, parts: Iterable<Buffer>): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 1 });
  const body: Buffer[] = [];
  deflate.on('data', (b: Buffer) => body.push(b));
  const ended = once(deflate, 'end');
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    crc = crc32(part, crc);
    size += part.length;
    if (!deflate.write(part)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  const compressed = Buffer.concat(body);
  const name = Buffer.from(entryName, 'utf8');
  const local = Buffer.concat([localHeader(name, 8, crc, compressed.length, size), compressed]);
  const central = centralHeader(name, 8, crc, compressed.length, size, 0);
  return Buffer.concat([local, central, endRecord(1, central.length, local.length)]);
}
