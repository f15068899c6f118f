/**
 * @module The eval's closing print: every headline figure beside its previous value (the figures
 * recorded in bench/eval/previous.json before the current calibration), and the recall /
 * false-positive curve by threshold, per mode, that the review thresholds are chosen from.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fuzziness, ModeThresholds } from '../../src/engine/types.js';
import { PROJECT_DIR } from '../support/paths.js';
import { rateAtOrAbove } from './near-miss.js';

export type Figures = Record<string, number>;

const PREVIOUS = join(PROJECT_DIR, 'bench/eval/previous.json');

/** The figures recorded in bench/eval/previous.json ({} when there is none). */
export function previousFigures(): Figures {
  return existsSync(PREVIOUS) ? (JSON.parse(readFileSync(PREVIOUS, 'utf8')) as Figures) : {};
}

export function printFigures(figures: Figures): void {
  const previous = previousFigures();
  console.log('\nfigure                                              now        previous');
  for (const [name, value] of Object.entries(figures)) {
    const before = previous[name];
    console.log(`  ${name.padEnd(50)}${String(value).padEnd(11)}${before === undefined ? '—' : before}`);
  }
}

type Curve = Partial<Record<'nameOnly' | 'nearMiss' | 'must' | 'unClean' | 'unNoisy', Record<Fuzziness, number[]>>>;

const pct = (x: number): string => `${(x * 100).toFixed(2)}%`.padStart(8);

/**
 * Per mode, from 0.60 to 0.95: name-only and near-miss false positives, must-catch recall, UN
 * recall clean and noisy (name, birth date, nationality); * = review threshold.
 */
export function printCurve(curve: Curve, thresholds: Readonly<Record<Fuzziness, ModeThresholds>>): void {
  for (const mode of ['strict', 'balanced', 'loose'] as const) {
    console.log(`\n${mode}: threshold  name-only FP  near-miss FP  must-catch recall  UN recall clean  UN recall noisy`);
    for (let k = 60; k <= 95; k++) {
      const t = k / 100;
      const mark = Math.abs(thresholds[mode].review - t) < 1e-9 ? '*' : ' ';
      const row = [curve.nameOnly, curve.nearMiss].map((c) => (c ? pct(rateAtOrAbove(c[mode], t)) : '       —'));
      const [must, clean, noisy] = [curve.must, curve.unClean, curve.unNoisy].map((c) => (c ? rateAtOrAbove(c[mode], t).toFixed(4) : '     —'));
      console.log(`  ${mark}${t.toFixed(2)}      ${row[0]}      ${row[1]}      ${must}             ${clean}           ${noisy}`);
    }
  }
}
