/**
 * Result fingerprint: proof that a speed change leaves every result unchanged. Screens the eval
 * perturbation set, 10,000 synthetic negatives, the UN positives and the bench query mix (each in
 * the modes the eval uses; the mix in all three), hashing entryId + confidence (6 decimals) +
 * matched name per match and the recommended action; and a second hash over name_bench pair scores.
 *
 * Run `npx tsx bench/fingerprint.ts` before and after a speed change: both hashes must be equal.
 * With FINGERPRINT_DUMP=<file>, every screen's line is written there too (diff two dumps).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPairScorer } from '../src/engine/index.js';
import type { Fuzziness, ScreenRequest, ScreenResult } from '../src/engine/types.js';
import { perturbation } from './eval/perturb.js';
import { negatives, positives } from './eval/screening.js';
import { readCsv } from './support/csv.js';
import { EVAL_DIR, requireShared } from './support/paths.js';
import { buildQueryMix } from './support/query-mix.js';
import { loadSnapshot } from './support/snapshot.js';

requireShared('bench/fingerprint.ts');
const snap = await loadSnapshot();
const engine = snap.engine;
const h = createHash('sha256');
let screens = 0;
const original = engine.screen.bind(engine);
// FINGERPRINT_DUMP=file also writes every screen's line there, to see which results a change moved.
const dumpPath = process.env.FINGERPRINT_DUMP;
const dump: string[] = [];
const record = (r: ScreenResult): void => {
  screens++;
  let line = r.summary.recommendedAction;
  for (const m of r.matches) line += `|${m.listSource}:${m.entryId}:${m.confidence.toFixed(6)}:${m.matchedName}`;
  h.update(line + '\n');
  if (dumpPath) dump.push(line);
};
engine.screen = (request: ScreenRequest): ScreenResult => { const r = original(request); record(r); return r; };

perturbation(engine, snap.set.entries);
negatives(engine, 10_000);
positives(engine);
const mix = buildQueryMix(engine.index.names, snap.set.entries, 5000);
for (const mode of ['strict', 'balanced', 'loose'] as Fuzziness[]) for (const q of mix) engine.screen({ ...q.request, fuzziness: mode });
console.log(`screens ${screens} hash ${h.digest('hex')}`);
if (dumpPath) writeFileSync(dumpPath, dump.join('\n') + '\n');

const ph = createHash('sha256');
const scorer = createPairScorer(engine.index);
const cases = readCsv(join(EVAL_DIR, 'nomenklatura_name_bench', 'cases.csv'));
for (const mode of ['strict', 'balanced', 'loose'] as Fuzziness[]) {
  for (const r of cases) ph.update(`${(await scorer.score(r.name1, r.name2, mode)).toFixed(6)}\n`);
}
console.log(`pairs ${cases.length} hash ${ph.digest('hex')}`);
