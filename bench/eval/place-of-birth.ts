/**
 * Place of birth as evidence (our request extension), calibrated on the yente fixtures: recall of the
 * UN positives (clean and noisy) on a loaded list, and the false-positive rate of the synthetic
 * negatives, each screened with name, date of birth and nationality, then with the place of birth too.
 */
import { join } from 'node:path';
import type { Engine } from '../../src/engine/index.js';
import type { Fuzziness, ScreenRequest } from '../../src/engine/types.js';
import { readCsv } from '../support/csv.js';
import { EVAL_DIR } from '../support/paths.js';
import { round } from './metrics.js';
import { requestOf } from './screening.js';

const FIXTURES = join(EVAL_DIR, 'yente_screening_fixtures');
const MODES: Fuzziness[] = ['strict', 'balanced', 'loose'];
const NEGATIVES = 20_000;

type Rates = Record<Fuzziness, { without: number; with: number }>;

export interface PlaceOfBirthReport {
  positives: number;
  negatives: number;
  recallClean: Rates;
  recallNoisy: Rates;
  falsePositiveRate: Rates;
}

const withPlace = (row: Record<string, string>, request: ScreenRequest): ScreenRequest =>
  row.place_of_birth?.trim() ? { ...request, placeOfBirth: row.place_of_birth.trim() } : request;

export function placeOfBirth(engine: Engine): PlaceOfBirthReport {
  const clean = readCsv(join(FIXTURES, 'positives_un_untreated.csv'));
  const noisy = readCsv(join(FIXTURES, 'positives_un_treated.csv'));
  const negatives = readCsv(join(FIXTURES, 'negatives_global.csv')).filter((r) => r.full_name?.trim()).slice(0, NEGATIVES);
  // The positives on a loaded list: the clean name finds entries in strict mode (as in screening.ts).
  const targets = clean.flatMap((row, i) => {
    const r = engine.screen({ name: row.full_name, fuzziness: 'strict', limit: 50 });
    return r.matches.length > 0 && noisy[i] ? [{ clean: row, noisy: noisy[i], ids: new Set(r.matches.map((m) => `${m.listSource}/${m.entryId}`)) }] : [];
  });
  const report: PlaceOfBirthReport = {
    positives: targets.length, negatives: negatives.length, recallClean: {} as never, recallNoisy: {} as never, falsePositiveRate: {} as never,
  };
  for (const fuzziness of MODES) {
    const found = (request: ScreenRequest, ids: Set<string>): boolean => {
      const r = engine.screen({ ...request, kind: undefined, fuzziness, limit: 50 });
      return r.matches.some((m) => m.confidence >= r.summary.anyMatchAbove && ids.has(`${m.listSource}/${m.entryId}`));
    };
    const recall = (pick: 'clean' | 'noisy', place: boolean): number => round(targets.filter((t) => {
      const base = requestOf(t[pick], true);
      return found(place ? withPlace(t[pick], base) : base, t.ids);
    }).length / Math.max(1, targets.length));
    report.recallClean[fuzziness] = { without: recall('clean', false), with: recall('clean', true) };
    report.recallNoisy[fuzziness] = { without: recall('noisy', false), with: recall('noisy', true) };
    const flagged = (place: boolean): number => round(negatives.filter((row) => {
      const base = { ...requestOf(row, true), fuzziness };
      return engine.screen(place ? withPlace(row, base) : base).summary.recommendedAction !== 'clear';
    }).length / negatives.length, 5);
    report.falsePositiveRate[fuzziness] = { without: flagged(false), with: flagged(true) };
  }
  return report;
}
