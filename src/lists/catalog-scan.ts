/**
 * @module Finding the list files of a directory, and its fingerprint.
 *
 * Only regular files directly in the directory count (symlinks are followed); dot files and
 * sub-directories such as `.previous/` (kept by `lists update`) are ignored. An entry that cannot be
 * examined (a symlink loop, no permission) is kept as `unreadable` with the reason instead of
 * failing the scan: one bad entry must not stop every refresh (issue 28).
 */
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MANIFEST_FILE } from './manifest.js';
import { matchFeeds, type FeedMatch, type ListFile } from './registry.js';

/**
 * Written by `lists update` while it renames files into the directory. A load that starts meanwhile
 * waits for it to go, so it never sees half of an OFAC file family swapped.
 */
export const UPDATE_MARKER = '.update-in-progress';
/** A marker older than this is left over from a crashed update and is ignored. */
const MARKER_MAX_AGE_MS = 60_000;
const MARKER_WAIT_MS = 5_000;

export interface DirScan {
  dir: string;
  /** Every feed found; empty when the directory is missing or holds no list file. */
  matches: FeedMatch[];
  /** Size and modification time of `.manifest.json` ("" when absent): a new manifest re-dates the files. */
  manifestStamp: string;
}

export async function scanListDir(dir: string): Promise<DirScan> {
  const [files, manifestStamp] = await Promise.all([listRegularFiles(dir), stampOf(join(dir, MANIFEST_FILE))]);
  return { dir, matches: matchFeeds(files), manifestStamp };
}

async function stampOf(path: string): Promise<string> {
  try {
    const info = await stat(path);
    return `${info.size}/${Math.trunc(info.mtimeMs)}`;
  } catch {
    return '';
  }
}

async function listRegularFiles(dir: string): Promise<ListFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  const files = await Promise.all(
    names.filter((name) => !name.startsWith('.')).map(async (name): Promise<ListFile | null> => {
      const path = join(dir, name);
      try {
        const info = await stat(path);
        return info.isFile() ? { name, path, size: info.size, mtimeMs: info.mtimeMs } : null;
      } catch (error) {
        if (isNotFound(error)) return null; // renamed away between readdir and stat
        // A symlink loop (ELOOP) or an entry we may not read (EACCES) fails this file only: the
        // scan goes on, and a list that the name belongs to reports the reason (catalog-feeds.ts).
        return { name, path, size: -1, mtimeMs: 0, unreadable: unreadableReason(error) };
      }
    }),
  );
  return files.filter((f): f is ListFile => f !== null);
}

function unreadableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ELOOP') return 'unreadable: a symbolic link loop (ELOOP); skipped';
  return `unreadable: ${code ?? (error instanceof Error ? error.message.split('\n', 1)[0] : 'unknown error')}; skipped`;
}

/** Hash of the names, sizes and modification times of the files matched: equal means nothing changed. */
export function fingerprintOf(scan: DirScan, sample: boolean): string {
  const hash = createHash('sha256').update(`${sample ? 'sample' : 'lists'}\n${scan.dir}\n${scan.manifestStamp}\n`);
  const files = scan.matches.flatMap((m) => m.files).sort((a, b) => a.name.localeCompare(b.name));
  for (const file of files) hash.update(`${file.name}\t${file.size}\t${Math.trunc(file.mtimeMs)}\n`);
  return hash.digest('hex');
}

/** Waits (briefly) while a `lists update` is swapping files into `dir`. */
export async function waitForUpdate(dir: string): Promise<void> {
  const deadline = Date.now() + MARKER_WAIT_MS;
  while (Date.now() < deadline) {
    let info;
    try {
      info = await stat(join(dir, UPDATE_MARKER));
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    // Real time, not an injected clock: the marker's mtime is real.
    if (Date.now() - info.mtimeMs > MARKER_MAX_AGE_MS) return;
    await sleep(50);
  }
}

export function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
