/**
 * @module The bulk CLI's packed-index cache (`rps screen --in-process`, issue #30): the lists and
 * index of a run, packed as engine/sliced-transfer.ts packs them, kept on disk so that the next run
 * on the same lists reads them back (about 1 s of CPU for the real snapshot) instead of parsing the
 * list files and building the index again (about 7 s, and serial: it capped what --threads gains).
 *
 * Keyed by everything the packed bytes depend on: each list file's name, size, modification time
 * (a list without a date of its own is dated by it) and SHA-256 of its content, the download
 * manifest, the directory read (or the bundled sample), the engine version, the list readers' code,
 * the pack format and V8 (its serialiser writes the chunks). Written to a temporary file and renamed
 * into place; a SHA-256 over the whole file is checked on every read, so a torn or corrupt file is
 * reported and rebuilt, never used. Only the last KEEP_ENTRIES files are kept.
 *
 * Layout: [pack blob][meta JSON][trailer: u32 meta length, u32 CACHE_FORMAT, 8-byte MAGIC, 32-byte
 * SHA-256 of all bytes before it]. The blob comes first so its offsets are offsets in the file: it is
 * read straight into one SharedArrayBuffer that every screening thread reads.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineVersion } from '../../engine/engine-version.js';
import { PACK_FORMAT, type PackHeader, type Packed } from '../../engine/sliced-transfer.js';
import { fingerprintOf } from '../../lists/catalog-scan.js';
import { currentFingerprint, listFilesOf, type ListStatus } from '../../lists/catalog.js';
import { MANIFEST_FILE } from '../../lists/manifest.js';
import type { InProcessInfo } from './screen-records.js';

/** Version of the layout above; part of the key, so a new layout never reads an old file. */
const CACHE_FORMAT = 1;
const MAGIC = Buffer.from('RPSIDXC\0', 'latin1');
const TRAILER_BYTES = 4 + 4 + MAGIC.length + 32;
/** Two: the current lists and the previous ones (a run on yesterday's files while today's are tried). */
const KEEP_ENTRIES = 2;
const ENTRY_FILE = /^index-[0-9a-f]{64}\.rpsidx$/;
/** A temporary file this old was left by a run that died while writing. */
const STALE_TEMP_MS = 3600_000;

export interface IndexCacheKey {
  /** 64 hex of SHA-256; names the file. */
  key: string;
  /** The list directory's fingerprint (names, sizes, times) when the key was taken. */
  fingerprint: string;
  listsDir: string;
}

export interface CachedLists {
  packed: Packed;
  info: InProcessInfo;
  file: string;
}

interface Meta {
  key: string;
  header: PackHeader;
  info: InProcessInfo;
}

/** DATA_DIR/index-cache when DATA_DIR is set, else the user's cache directory (XDG_CACHE_HOME or ~/.cache). */
export function defaultIndexCacheDir(env: NodeJS.ProcessEnv): string {
  if (env.DATA_DIR !== undefined && env.DATA_DIR !== '') return join(env.DATA_DIR, 'index-cache');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'rps', 'index-cache');
}

export async function indexCacheKey(listsDir: string): Promise<IndexCacheKey> {
  const { scan, sample } = await listFilesOf(listsDir);
  const hash = createHash('sha256').update(JSON.stringify({
    cache: CACHE_FORMAT, pack: PACK_FORMAT, engine: engineVersion(), lists: listsCodeVersion(), v8: process.versions.v8, dir: scan.dir, sample,
  }));
  const files = scan.matches.flatMap((m) => m.files).sort((a, b) => a.name.localeCompare(b.name));
  for (const file of files) {
    hash.update(`\n${file.name}\t${file.size}\t${Math.trunc(file.mtimeMs)}\t${file.unreadable ?? ''}\n`);
    if (file.unreadable === undefined) hash.update(await readFile(file.path));
  }
  const manifest = await readFile(join(scan.dir, MANIFEST_FILE)).catch(() => null);
  if (manifest !== null) hash.update('\n.manifest\n').update(manifest);
  return { key: hash.digest('hex'), fingerprint: fingerprintOf(scan, sample), listsDir };
}

/** True when no list file changed since the key was taken (the load in between read what was hashed). */
export async function unchangedSince(key: IndexCacheKey): Promise<boolean> {
  return (await currentFingerprint(key.listsDir)) === key.fingerprint;
}

export type CacheRead = { hit: CachedLists } | { hit: null; warning: string | null };

/** The cached lists for `key`, or why not: no file (no warning), or a file that fails its checks. */
export async function readIndexCache(cacheDir: string, key: IndexCacheKey): Promise<CacheRead> {
  const file = entryPath(cacheDir, key.key);
  let bytes: Uint8Array;
  try {
    bytes = await readShared(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { hit: null, warning: code === 'ENOENT' ? null : `cannot read the index cache ${file} (${code ?? (error as Error).message}); rebuilding` };
  }
  const meta = checkedMeta(bytes, key.key);
  if (typeof meta === 'string') return { hit: null, warning: `the index cache ${file} is ${meta}; ignored and rebuilt` };
  // Marks it recently used, so pruning keeps it; a read-only cache directory is no reason to fail.
  const now = new Date();
  await utimes(file, now, now).catch(() => undefined);
  return { hit: { packed: { header: meta.header, blob: bytes.buffer }, info: freshInfo(meta.info, now), file } };
}

/** Writes the entry atomically and prunes older ones; returns the file written. */
export async function writeIndexCache(cacheDir: string, key: IndexCacheKey, header: PackHeader, blob: Uint8Array, info: InProcessInfo): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  const file = entryPath(cacheDir, key.key);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const meta = Buffer.from(JSON.stringify({ key: key.key, header, info } satisfies Meta), 'utf8');
  const head = Buffer.alloc(8 + MAGIC.length);
  head.writeUInt32LE(meta.length, 0);
  head.writeUInt32LE(CACHE_FORMAT, 4);
  MAGIC.copy(head, 8);
  const digest = createHash('sha256').update(blob).update(meta).update(head).digest();
  const handle = await open(temp, 'wx');
  try {
    // No fsync: a file torn by a crash fails its checksum on the next read and is rebuilt.
    await handle.writev([blob, meta, head, digest]);
    await handle.close();
    await rename(temp, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await prune(cacheDir, file);
  return file;
}

const entryPath = (cacheDir: string, key: string): string => join(cacheDir, `index-${key}.rpsidx`);

/** The whole file in one SharedArrayBuffer, the blob at offset 0 as the unpacker expects. */
async function readShared(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let done = 0;
    while (done < size) {
      const { bytesRead } = await handle.read(bytes, done, size - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return done === size ? bytes : bytes.subarray(0, done);
  } finally {
    await handle.close();
  }
}

/** The meta of a sound file, else what is wrong with it. */
function checkedMeta(bytes: Uint8Array, key: string): Meta | string {
  if (bytes.length < TRAILER_BYTES) return 'truncated';
  const body = bytes.length - 32;
  const digest = createHash('sha256').update(bytes.subarray(0, body)).digest();
  if (!digest.equals(bytes.subarray(body))) return 'corrupt or truncated (checksum mismatch)';
  const head = Buffer.from(bytes.buffer, body - 8 - MAGIC.length, 8 + MAGIC.length);
  if (!head.subarray(8).equals(MAGIC) || head.readUInt32LE(4) !== CACHE_FORMAT) return 'not an index cache file of this version';
  const metaLength = head.readUInt32LE(0);
  const metaStart = body - head.length - metaLength;
  if (metaStart < 0) return 'corrupt (bad meta length)';
  const meta = JSON.parse(Buffer.from(bytes.buffer, metaStart, metaLength).toString('utf8')) as Meta;
  if (meta.key !== key || meta.header.bytes !== metaStart) return 'for other lists (key mismatch)';
  return meta;
}

/**
 * A fresh load stamps lastRefresh and versionSince with its own time (no earlier load to keep them
 * from): a cached set gets this run's time the same way, so nothing else differs from a rebuild.
 */
function freshInfo(info: InProcessInfo, now: Date): InProcessInfo {
  const at = now.toISOString();
  const catalog = info.catalog.map((s): ListStatus => ({
    ...s, lastRefresh: s.lastRefresh === null ? null : at, versionSince: s.versionSince === null ? null : at,
  }));
  return { ...info, catalog };
}

/** Keeps the KEEP_ENTRIES most recently used entries and removes temporary files left by dead runs. */
async function prune(cacheDir: string, keep: string): Promise<void> {
  const names = await readdir(cacheDir);
  const entries = await Promise.all(names.map(async (name) => {
    const path = join(cacheDir, name);
    const info = await stat(path).catch(() => null);
    return { name, path, mtimeMs: info?.mtimeMs ?? 0 };
  }));
  const used = entries.filter((e) => ENTRY_FILE.test(e.name) && e.path !== keep).sort((a, b) => b.mtimeMs - a.mtimeMs);
  const stale = entries.filter((e) => /\.rpsidx\.\d+\.[0-9a-f]+\.tmp$/.test(e.name) && Date.now() - e.mtimeMs > STALE_TEMP_MS);
  for (const entry of [...used.slice(KEEP_ENTRIES - 1), ...stale]) await unlink(entry.path).catch(() => undefined);
}

/** The list readers decide the entries and catalog: a change of their code must miss the cache too. */
let listsCode: string | null = null;
function listsCodeVersion(): string {
  if (listsCode !== null) return listsCode;
  const dir = fileURLToPath(new URL('../../lists/', import.meta.url));
  const hash = createHash('sha256');
  const modules = (readdirSync(dir, { recursive: true }) as string[])
    .filter((p) => !p.includes('testdata') && /^(?!.*\.test\.)[\w-]+\.(ts|js)$/.test(basename(p)) && !p.endsWith('.d.ts')).sort();
  for (const path of modules) hash.update(`\n${path}\n`).update(readFileSync(join(dir, path)));
  listsCode = hash.digest('hex');
  return listsCode;
}
