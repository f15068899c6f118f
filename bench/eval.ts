/**
 * `npm run eval`: matching quality on public evaluation data and the real snapshot.
 * Prints a summary table and writes bench/results/eval.json. Options: --quick (10,000 negatives),
 * --only name-bench,cascade,cross-script,negatives,positives,perturbation,identifiers,place-of-birth.
 */
import { nameBench, cascadePairs, crossScript } from './eval/pairs.js';
import { negatives, positives } from './eval/screening.js';
import { perturbation } from './eval/perturb.js';
import { identifiers } from './eval/identifiers.js';
import { placeOfBirth } from './eval/place-of-birth.js';
import { requireShared, writeResults } from './support/paths.js';
import { loadSnapshot } from './support/snapshot.js';

requireShared('npm run eval');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only'));
const only = onlyArg ? new Set((onlyArg.split('=')[1] ?? args[args.indexOf(onlyArg) + 1] ?? '').split(',')) : null;
const wanted = (name: string): boolean => !only || only.has(name);

const snap = await loadSnapshot();
console.log(`snapshot: ${snap.set.entries.length} entries, ${snap.engine.index.names.length} names (load ${snap.loadMs.toFixed(0)} ms, index ${snap.buildMs.toFixed(0)} ms)`);
const results: Record<string, unknown> = { date: new Date().toISOString(), entries: snap.set.entries.length };

const fmt = (o: Record<string, number>): string => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(' | ');

if (wanted('name-bench')) {
  const r = await nameBench(snap.engine.index);
  results.nameBench = r;
  console.log(`\nname_bench (${r.pairs} pairs)  logic-v2 baseline: ${fmt({ P: r.baseline.precision, R: r.baseline.recall, F1: r.baseline.f1 })}`);
  for (const [mode, s] of Object.entries(r.byMode)) console.log(`  ${mode.padEnd(8)} P ${s.precision}  R ${s.recall}  F1 ${s.f1}  (TP ${s.tp} FP ${s.fp} TN ${s.tn} FN ${s.fn})`);
}
if (wanted('cascade')) {
  const r = await cascadePairs(snap.engine.index);
  results.cascade = r;
  console.log(`\nwatchman cascade pairs (${r.pairs})  watchman@0.7: ${fmt({ P: r.watchman.precision, R: r.watchman.recall, F1: r.watchman.f1 })}`);
  for (const [mode, s] of Object.entries(r.byMode)) console.log(`  ${mode.padEnd(8)} P ${s.precision}  R ${s.recall}  F1 ${s.f1}`);
}
if (wanted('cross-script')) {
  const r = await crossScript(snap.engine.index);
  results.crossScript = r;
  console.log(`\ncross-script pairs (${r.pairs}): recall ${fmt(r.recallByMode)}; reached watchman's minimum: ${r.reachedWatchmanMinimum}/${r.pairs}`);
}
if (wanted('positives')) {
  const r = positives(snap.engine);
  results.positives = r;
  console.log(`\nUN positives: ${r.onLoadedList}/${r.people} on a loaded list; recall clean ${fmt(r.recallUntreated)}; noisy ${fmt(r.recallTreated)}`);
}
if (wanted('perturbation')) {
  const r = perturbation(snap.engine, snap.set.entries);
  results.perturbation = r;
  console.log(`\nperturbation set (seeded, from the snapshot): balanced recall on what balanced must catch = ${r.balancedMustRecall}`);
  for (const [kind, k] of Object.entries(r.perKind)) console.log(`  ${kind.padEnd(15)} n=${String(k.queries).padEnd(4)} must=${k.must.padEnd(8)} ${fmt(k.recall)}`);
}
if (wanted('negatives')) {
  const t = performance.now();
  const r = negatives(snap.engine, quick ? 10_000 : Infinity);
  results.negatives = r;
  console.log(`\nsynthetic negatives (${r.screened}, ${((performance.now() - t) / 1000).toFixed(1)} s): false-positive rate ${fmt(r.falsePositiveRate)}; name only ${fmt(r.falsePositiveRateNameOnly)}; block ${fmt(r.blockRate)}`);
}
if (wanted('identifiers')) {
  const r = identifiers(snap.engine, snap.set.entries);
  results.identifiers = r;
  console.log(`\nidentifiers (${r.positives} listed, ${r.negatives} negatives with random ones): recall same name ${fmt(r.recallSameName)}; other name ${fmt(r.recallOtherName)}; block same name ${fmt(r.blockSameName)}; false positives ${fmt(r.falsePositiveRate)} (without identifiers ${fmt(r.falsePositiveRateWithoutIdentifiers)}); identifier collisions ${r.identifierCollisions}`);
}
if (wanted('place-of-birth')) {
  const r = placeOfBirth(snap.engine);
  results.placeOfBirth = r;
  const pair = (o: Record<string, { without: number; with: number }>): string => Object.entries(o).map(([k, v]) => `${k} ${v.without} -> ${v.with}`).join(' | ');
  console.log(`\nplace of birth (${r.positives} positives, ${r.negatives} negatives; name, birth date, nationality -> + place of birth): recall clean ${pair(r.recallClean)}; noisy ${pair(r.recallNoisy)}; false positives ${pair(r.falsePositiveRate)}`);
}
console.log(`\nwritten ${writeResults('eval', results)}`);
