/** Where benchmarks and the evaluation read shared data, and where they write results. */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED_DIR = resolve(PROJECT_DIR, '../shared');
export const SNAPSHOT_DIR = join(SHARED_DIR, 'data/snapshot');
export const EVAL_DIR = join(SHARED_DIR, 'eval');
export const RESULTS_DIR = join(PROJECT_DIR, 'bench/results');

/** Exits with a clear message when ../shared is absent (a user's clone): nothing to measure on. */
export function requireShared(what: string): void {
  if (!existsSync(SNAPSHOT_DIR) || !existsSync(EVAL_DIR)) {
    console.log(`${what}: skipped, ${SHARED_DIR} is absent (the real lists and evaluation data live there).`);
    process.exit(0);
  }
}

export function writeResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}
