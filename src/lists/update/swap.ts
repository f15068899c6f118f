/**
 * @module Putting validated downloads into LISTS_DIR without ever leaving it without a good copy.
 *
 * Each current file is first hard-linked into LISTS_DIR/.previous/ (the last good copy, for a manual
 * rollback), then the new file is renamed over it: rename is atomic, so a reader sees the old file
 * or the new one, never a partial one. While the files of a family are swapped one by one, a marker
 * file tells loaders (catalog-scan.ts) to wait, so nobody loads a new sdn.csv with an old alt.csv.
 */
import { copyFile, link, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UPDATE_MARKER, isNotFound } from '../catalog-scan.js';
import { updateManifest, type ManifestEntry } from '../manifest.js';
import type { UpdateUnit } from './official-files.js';

export const PREVIOUS_DIR = '.previous';

export interface StagedUnit {
  unit: UpdateUnit;
  /** Validated downloads: the name to give them in LISTS_DIR, and where they are now. */
  files: { fileName: string; path: string }[];
  /** Provenance of each file, by file name, for LISTS_DIR/.manifest.json. */
  manifest: Record<string, ManifestEntry>;
}

export async function swapIntoPlace(listsDir: string, staged: readonly StagedUnit[]): Promise<void> {
  if (staged.length === 0) return;
  const previousDir = join(listsDir, PREVIOUS_DIR);
  await mkdir(previousDir, { recursive: true });
  const marker = join(listsDir, UPDATE_MARKER);
  await writeFile(marker, `${process.pid} ${new Date().toISOString()}\n`);
  try {
    // The manifest changes while the marker stands, so a reader never sees new files with old provenance.
    const changes: Record<string, ManifestEntry | null> = {};
    for (const unit of staged) {
      for (const removed of await swapUnit(listsDir, previousDir, unit)) changes[removed] = null;
      Object.assign(changes, unit.manifest);
    }
    await updateManifest(listsDir, changes);
  } finally {
    await rm(marker, { force: true });
  }
}

/** Swaps one unit's files in; answers the names of the files it superseded (now gone). */
async function swapUnit(listsDir: string, previousDir: string, { unit, files }: StagedUnit): Promise<string[]> {
  const current = await filesOf(listsDir, unit);
  if (current.length > 0) {
    for (const old of await filesOf(previousDir, unit)) await unlink(join(previousDir, old));
    for (const name of current) await keepCopy(join(listsDir, name), join(previousDir, name));
  }
  for (const file of files) await moveInto(file.path, join(listsDir, file.fileName));
  // Files the update superseded under another name (SDN.CSV beside sdn.csv, yesterday's SAM extract).
  const kept = await Promise.all(files.map((f) => identity(join(listsDir, f.fileName))));
  const removed: string[] = [];
  for (const name of current) {
    const path = join(listsDir, name);
    if (kept.includes(await identity(path))) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}

async function filesOf(dir: string, unit: UpdateUnit): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && unit.replaces(e.name)).map((e) => e.name);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

/** A hard link costs nothing; file systems without links (some network mounts) get a copy. */
async function keepCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** Renames into place; across file systems (LISTS_DIR is a mount point) copies beside the target first. */
async function moveInto(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const beside = join(dirname(to), `.${basename(to)}.incoming`);
    await copyFile(from, beside);
    await rename(beside, to);
  }
}

/** Device and inode: on a case-insensitive file system SDN.CSV and sdn.csv are the same file. */
async function identity(path: string): Promise<string | null> {
  try {
    const info = await stat(path);
    return `${info.dev}:${info.ino}`;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
