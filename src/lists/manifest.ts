/**
 * @module The download manifest beside the list files, `LISTS_DIR/.manifest.json`:
 * `{"version": 1, "files": {"<file name>": {url, fetchedAt, lastModified?, etag?, sha256, bytes}}}`.
 *
 * `lists update` records each file it installs (writeManifestEntry); the catalog reads it
 * (readManifest, verifiedEntry) to date a file whose format carries no publisher date by the HTTP
 * `Last-Modified` of its download. An entry counts only while its sha256 matches the file as it is:
 * a file replaced by hand falls back to its modification time. The scanner ignores dot files, so
 * the manifest is never taken for a list file.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MANIFEST_FILE = '.manifest.json';

export interface ManifestEntry {
  /** Where the file was downloaded from (no credentials: the caller strips query secrets). */
  url: string;
  /** ISO 8601 UTC time of the download. */
  fetchedAt: string;
  /** The response's Last-Modified header as ISO 8601 UTC (httpDateToIso), when it had one. */
  lastModified?: string;
  etag?: string;
  /** SHA-256 (hex) of the file as installed. */
  sha256: string;
  bytes: number;
}

export interface Manifest {
  version: 1;
  files: Record<string, ManifestEntry>;
}

const emptyManifest = (): Manifest => ({ version: 1, files: {} });

/** The manifest of `dir`; an empty one when it is absent or unreadable (never an error: it only dates files). */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    return emptyManifest();
  }
  try {
    const data = JSON.parse(text) as Partial<Manifest>;
    if (data.version !== 1 || typeof data.files !== 'object' || data.files === null) return emptyManifest();
    const files: Record<string, ManifestEntry> = {};
    for (const [name, entry] of Object.entries(data.files)) if (isEntry(entry)) files[name] = entry;
    return { version: 1, files };
  } catch {
    return emptyManifest();
  }
}

function isEntry(value: unknown): value is ManifestEntry {
  const e = value as Partial<ManifestEntry> | null;
  return typeof e === 'object' && e !== null && typeof e.url === 'string' && typeof e.fetchedAt === 'string'
    && typeof e.sha256 === 'string' && /^[0-9a-f]{64}$/.test(e.sha256) && typeof e.bytes === 'number'
    && (e.lastModified === undefined || typeof e.lastModified === 'string');
}

/**
 * Records (or replaces) one file's entry. Written to a temporary file and renamed, so a reader never
 * sees half a manifest. Call it after the file itself is in place, with the hash of what was installed.
 */
export async function writeManifestEntry(dir: string, fileName: string, entry: ManifestEntry): Promise<void> {
  const manifest = await readManifest(dir);
  manifest.files[fileName] = entry;
  const temporary = join(dir, `${MANIFEST_FILE}.${process.pid}.tmp`);
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary, join(dir, MANIFEST_FILE));
}

/** An HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT") as ISO 8601 UTC; undefined when it does not parse. */
export function httpDateToIso(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const ms = Date.parse(header);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The manifest entry of a file, only when it still describes the file as it is (size and hash). */
export async function verifiedEntry(
  manifest: Manifest,
  file: { name: string; path: string; size: number },
): Promise<ManifestEntry | null> {
  const entry = Object.hasOwn(manifest.files, file.name) ? manifest.files[file.name] : undefined;
  if (entry === undefined || entry.bytes !== file.size) return null;
  try {
    return (await sha256OfFile(file.path)) === entry.sha256 ? entry : null;
  } catch {
    return null;
  }
}
