/**
 * Screening evaluations against the full snapshot: false positives of the 50,000 synthetic
 * negatives, and recall on the UN-sanctioned positives whose clean name is on a loaded list.
 */
import { join } from 'node:path';
import type { Engine } from '../../src/engine/index.js';
import type { Fuzziness, ScreenRequest } from '../../src/engine/types.js';
import { toAlpha2 } from '../../src/lists/countries.js';
import { isRealCalendarDate } from '../../src/lists/dates.js';
import { readCsv } from '../support/csv.js';
import { EVAL_DIR } from '../support/paths.js';
import { round } from './metrics.js';

const MODE_NAMES: Fuzziness[] = ['strict', 'balanced', 'loose'];
const FIXTURES = join(EVAL_DIR, 'yente_screening_fixtures');

export function requestOf(row: Record<string, string>, withDetails: boolean): ScreenRequest {
  const request: ScreenRequest = { name: row.full_name.trim(), kind: 'individual' };
  if (!withDetails) return request;
  if (isRealCalendarDate(row.date_of_birth ?? '')) request.dateOfBirth = row.date_of_birth;
  const nationality = toAlpha2(row.nationality);
  if (nationality) request.nationality = nationality;
  return request;
}

export interface NegativesReport {
  screened: number;
  /** Fraction flagged (manual-review or block) with name, date of birth and nationality given. */
  falsePositiveRate: Record<Fuzziness, number>;
  /** The same with the name alone. */
  falsePositiveRateNameOnly: Record<Fuzziness, number>;
  blockRate: Record<Fuzziness, number>;
  examples: Array<{ query: string; matched: string; confidence: number }>;
}

export function negatives(engine: Engine, limit = Infinity): NegativesReport {
  const rows = readCsv(join(FIXTURES, 'negatives_global.csv')).filter((r) => r.full_name?.trim()).slice(0, limit);
  const report: NegativesReport = {
    screened: rows.length, falsePositiveRate: {} as never, falsePositiveRateNameOnly: {} as never, blockRate: {} as never, examples: [],
  };
  for (const mode of MODE_NAMES) {
    let flagged = 0;
    let flaggedNameOnly = 0;
    let blocked = 0;
    for (const row of rows) {
      const full = engine.screen({ ...requestOf(row, true), fuzziness: mode });
      if (full.summary.recommendedAction !== 'clear') {
        flagged++;
        if (mode === 'balanced' && report.examples.length < 30) {
          const m = full.matches[0];
          report.examples.push({ query: row.full_name, matched: m.matchedName, confidence: m.confidence });
        }
      }
      if (full.summary.recommendedAction === 'block') blocked++;
      const bare = engine.screen({ name: row.full_name.trim(), fuzziness: mode });
      if (bare.summary.recommendedAction !== 'clear') flaggedNameOnly++;
    }
    report.falsePositiveRate[mode] = round(flagged / rows.length, 5);
    report.falsePositiveRateNameOnly[mode] = round(flaggedNameOnly / rows.length, 5);
    report.blockRate[mode] = round(blocked / rows.length, 5);
  }
  return report;
}

export interface PositivesReport {
  people: number;
  onLoadedList: number;
  recallUntreated: Record<Fuzziness, number>;
  recallTreated: Record<Fuzziness, number>;
  missedTreatedBalanced: string[];
}

export function positives(engine: Engine): PositivesReport {
  const clean = readCsv(join(FIXTURES, 'positives_un_untreated.csv'));
  const noisy = readCsv(join(FIXTURES, 'positives_un_treated.csv'));
  // "On a loaded list": the clean name finds a list entry in strict mode (exact after normalisation).
  const targets: Array<{ clean: Record<string, string>; noisy: Record<string, string>; ids: Set<string> }> = [];
  clean.forEach((row, i) => {
    const r = engine.screen({ name: row.full_name, fuzziness: 'strict', limit: 50 });
    if (r.matches.length > 0 && noisy[i]) {
      targets.push({ clean: row, noisy: noisy[i], ids: new Set(r.matches.map((m) => `${m.listSource}/${m.entryId}`)) });
    }
  });
  const report: PositivesReport = {
    people: clean.length, onLoadedList: targets.length, recallUntreated: {} as never, recallTreated: {} as never, missedTreatedBalanced: [],
  };
  for (const mode of MODE_NAMES) {
    let cleanHits = 0;
    let noisyHits = 0;
    for (const t of targets) {
      const found = (row: Record<string, string>): boolean => {
        const r = engine.screen({ ...requestOf(row, true), kind: undefined, fuzziness: mode, limit: 50 });
        return r.matches.some((m) => m.confidence >= r.summary.anyMatchAbove && t.ids.has(`${m.listSource}/${m.entryId}`));
      };
      if (found(t.clean)) cleanHits++;
      if (found(t.noisy)) noisyHits++;
      else if (mode === 'balanced') report.missedTreatedBalanced.push(`${t.noisy.full_name} <- ${t.clean.full_name}`);
    }
    report.recallUntreated[mode] = round(cleanHits / Math.max(1, targets.length));
    report.recallTreated[mode] = round(noisyHits / Math.max(1, targets.length));
  }
  return report;
}
