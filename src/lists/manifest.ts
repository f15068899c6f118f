/**
 * @module The provenance manifest beside the list files: `LISTS_DIR/.manifest.json` records, per file
 * that `lists update` downloaded, where from, when, the publisher's Last-Modified and ETag, and the
 * SHA-256 and size of the bytes kept. `lists update` writes it (atomically, with the swap of the files)
 * and uses it for conditional requests; the catalog reads it (verifiedEntry) to date a file whose format
 * carries no publisher date by the HTTP `Last-Modified` of its download. An entry counts only while its
 * hash matches the file as it is: a file replaced by hand falls back to its modification time. The
 * scanner ignores dot files, so the manifest is never taken for a list file.
 *
 * Format (version 1):
 *   {"version": 1, "files": {"<file name>": {"url", "fetchedAt", "lastModified"?, "etag"?, "sha256", "bytes"}}}
 * A missing or unreadable manifest reads as empty: it only ever saves work or adds a date.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';

export const MANIFEST_FILE = '.manifest.json';

export interface ManifestEntry {
  /** Where the file was downloaded from (a SAM URL has its API key masked). */
  url: string;
  /** ISO 8601 UTC: when these bytes were downloaded. */
  fetchedAt: string;
  /** The publisher's Last-Modified, as ISO 8601 UTC. */
  lastModified?: string;
  etag?: string;
  sha256: string;
  bytes: number;
}

export interface Manifest {
  version: 1;
  files: Record<string, ManifestEntry>;
}

export const manifestPath = (listsDir: string): string => join(listsDir, MANIFEST_FILE);

export async function readManifest(listsDir: string): Promise<Manifest> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(manifestPath(listsDir), 'utf8'));
  } catch {
    return emptyManifest();
  }
  if (!isManifest(parsed)) return emptyManifest();
  const files: Record<string, ManifestEntry> = {};
  for (const [name, entry] of Object.entries(parsed.files)) if (isEntry(entry)) files[name] = entry;
  return { version: 1, files };
}

/** Sets (or, with null, removes) one file's entry. */
export async function writeManifestEntry(listsDir: string, fileName: string, entry: ManifestEntry | null): Promise<void> {
  await updateManifest(listsDir, { [fileName]: entry });
}

/** Applies several entries at once (null removes one) and replaces the manifest by a rename. */
export async function updateManifest(listsDir: string, changes: Readonly<Record<string, ManifestEntry | null>>): Promise<void> {
  const manifest = await readManifest(listsDir);
  for (const [name, entry] of Object.entries(changes)) {
    if (entry === null) delete manifest.files[name];
    else manifest.files[name] = entry;
  }
  const target = manifestPath(listsDir);
  const temp = `${target}.${process.pid}.tmp`;
  const file = await open(temp, 'w');
  try {
    await file.write(`${JSON.stringify(manifest, null, 2)}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temp, target);
}

const emptyManifest = (): Manifest => ({ version: 1, files: {} });

function isManifest(value: unknown): value is Manifest {
  const v = value as Partial<Manifest> | null;
  return typeof v === 'object' && v !== null && v.version === 1 && typeof v.files === 'object' && v.files !== null;
}

function isEntry(value: unknown): value is ManifestEntry {
  const e = value as Partial<ManifestEntry> | null;
  return typeof e === 'object' && e !== null && typeof e.url === 'string' && typeof e.fetchedAt === 'string'
    && typeof e.sha256 === 'string' && /^[0-9a-f]{64}$/.test(e.sha256) && typeof e.bytes === 'number'
    && (e.lastModified === undefined || typeof e.lastModified === 'string')
    && (e.etag === undefined || typeof e.etag === 'string');
}

/** SHA-256 (hex) of a file's bytes, streamed. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** An HTTP date ("Wed, 21 Oct 2015 07:28:00 GMT") as ISO 8601 UTC; undefined when it does not parse. */
export function httpDateToIso(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const ms = Date.parse(header);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}


/** The manifest entry of a file, only when it still describes the file as it is (size and hash). */
export async function verifiedEntry(
  manifest: Manifest,
  file: { name: string; path: string; size: number },
): Promise<ManifestEntry | null> {
  const entry = Object.hasOwn(manifest.files, file.name) ? manifest.files[file.name] : undefined;
  if (entry === undefined || entry.bytes !== file.size) return null;
  try {
    return (await fileSha256(file.path)) === entry.sha256 ? entry : null;
  } catch {
    return null;
  }
}
