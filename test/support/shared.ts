/**
 * @module Where the real list files and evaluation data live (../shared beside the checkout).
 * Tests that need them use `describeShared`, which skips with a clear message in a user's clone
 * that has no ../shared; CI always has it.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

export const PROJECT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED_DIR = resolve(PROJECT_DIR, '../shared');
export const SNAPSHOT_DIR = join(SHARED_DIR, 'data/snapshot');
export const RAW_LISTS_DIR = join(SHARED_DIR, 'data/lists');
export const EVAL_DIR = join(SHARED_DIR, 'eval');
export const SAMPLE_DIR = join(PROJECT_DIR, 'data/sample');
export const HAS_SHARED = existsSync(SNAPSHOT_DIR);

if (!HAS_SHARED) {
  console.warn(`[tests] ${SHARED_DIR} is absent: tests on the real list files are skipped (CI has them).`);
}

/** describe() that runs only when ../shared is present; otherwise skipped with the reason in its title. */
export function describeShared(name: string, fn: () => void): void {
  if (HAS_SHARED) describe(name, fn);
  else describe.skip(`${name} (skipped: ../shared is absent)`, fn);
}

export const sharedPath = (...parts: string[]): string => join(SHARED_DIR, ...parts);
