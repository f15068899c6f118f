/**
 * @module Request bodies for the HTTP benches' screening scenarios: the engine bench's query mix
 * when the shared snapshot is there (1,200 different subjects, some with date of birth,
 * nationality and kind, and a disjoint mix to warm the JIT with); the ten fixed names otherwise.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EVAL_DIR, PROJECT_DIR, SNAPSHOT_DIR } from './paths.js';

/** Ten fixed names screened over and over: every word cached, the index hot (a best case, not the headline). */
export const FIXED_QUERIES = ['Vladimir Putin', 'BANCO NACIONAL DE CUBA', 'Quentin Marblewhisk', 'Aerocaribbean Airlines', 'Hizballah',
  'Maria Garcia Lopez', 'Mohammed Ali', 'Rosoboronexport', 'Kim Jong Un', 'Sberbank'];
/** Size of the realistic mix (the engine bench's: people on no list, noisy and exact list names, details). */
const MIX_SIZE = 1200;

export interface ScreeningBodies {
  readonly timed: string[];
  readonly warmup: string[];
  readonly realistic: boolean;
}

export function screeningBodies(): ScreeningBodies {
  const fixed = FIXED_QUERIES.map((name) => JSON.stringify({ name }));
  if (!existsSync(SNAPSHOT_DIR) || !existsSync(EVAL_DIR)) return { timed: fixed, warmup: fixed, realistic: false };
  // Built in a child process: see bench/support/mix-bodies.ts.
  const tsx = join(PROJECT_DIR, 'node_modules/.bin/tsx');
  const made = spawnSync(tsx, ['bench/support/mix-bodies.ts', String(MIX_SIZE)], {
    cwd: PROJECT_DIR, encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (made.status !== 0) throw new Error('bench/support/mix-bodies.ts failed');
  const { timed, warmup } = JSON.parse(made.stdout) as { timed: string[]; warmup: string[] };
  return { timed, warmup, realistic: true };
}
