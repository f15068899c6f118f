/**
 * @module The matching release (`engineVersion`, API.md "List versions, reconstruction and changes"):
 * 16 hex of SHA-256 over the WASM core's bytes and every module of this directory (the scoring code
 * and its tables: modes, vocabulary, name structure...), as loaded. Whatever can change a score
 * changes one of those bytes, so two answers with the same engineVersion and listsVersion were
 * computed by the same rules over the same content; a change of a comment changes it too, which
 * errs on the safe side (a reconstruction then says the engine changed, never the reverse).
 * Read once per thread at first use (about 40 files, ~1 ms).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ENGINE_DIR = fileURLToPath(new URL('.', import.meta.url));
const CORE_WASM = new URL('../../build/core.wasm', import.meta.url);
/** Module files only: not tests, source maps or declarations. */
const MODULE_FILE = /^(?!.*\.test\.)[\w-]+\.(ts|js)$/;

let cached: string | null = null;

export function engineVersion(): string {
  cached ??= computeEngineVersion();
  return cached;
}

function computeEngineVersion(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(CORE_WASM));
  for (const name of readdirSync(ENGINE_DIR).filter((n) => MODULE_FILE.test(n) && !n.endsWith('.d.ts')).sort()) {
    hash.update(`\n${name}\n`);
    hash.update(readFileSync(`${ENGINE_DIR}${name}`));
  }
  return hash.digest('hex').slice(0, 16);
}
