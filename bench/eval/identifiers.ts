/**
 * Identifier matching on the full snapshot (issue #15). Positives: seeded entries that list an
 * identifier, screened with that identifier written another usual way, once under their own name and
 * once under a name they do not carry (a renamed vessel, a person under another name). Negatives:
 * the synthetic negatives, each with random well-formed identifiers; a flag there is a false positive,
 * and one caused by an identifier (a random number equal to a listed one) is counted apart.
 */
import { join } from 'node:path';
import type { Engine } from '../../src/engine/index.js';
import { listedIdentifiers, MIN_IDENTIFIER_LENGTH, normaliseIdentifier } from '../../src/engine/identifiers.js';
import type { RequestIdentifier } from '../../src/engine/request-identifier.js';
import type { Fuzziness, ScreenRequest } from '../../src/engine/types.js';
import type { ListEntry } from '../../src/lists/model.js';
import { readCsv } from '../support/csv.js';
import { EVAL_DIR } from '../support/paths.js';
import { round } from './metrics.js';
import { seeded } from './perturb.js';

type Rng = ReturnType<typeof seeded>;

const MODES: Fuzziness[] = ['strict', 'balanced'];
const SAMPLE = 1000;
const NEGATIVES = 10_000;
const DIGITS = '0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const draw = (rng: Rng, alphabet: string, n: number): string =>
  Array.from({ length: n }, () => alphabet[Math.floor(rng() * alphabet.length)]).join('');

/** Random identifiers of the shapes the lists carry. */
const RANDOM: ReadonlyArray<(rng: Rng) => RequestIdentifier> = [
  (rng) => ({ type: 'passport', value: draw(rng, 'ABCDEFGHJKLMNPRSTUVWXYZ', 1) + draw(rng, DIGITS, 7) }),
  (rng) => ({ type: 'passport', value: draw(rng, DIGITS, 6 + Math.floor(rng() * 4)) }),
  (rng) => ({ type: 'national-id', value: draw(rng, DIGITS, 8 + Math.floor(rng() * 6)) }),
  (rng) => ({ type: 'tax-id', value: draw(rng, DIGITS, 9 + Math.floor(rng() * 3)) }),
  (rng) => ({ type: 'registration-number', value: draw(rng, DIGITS, 5 + Math.floor(rng() * 8)) }),
  (rng) => ({ type: 'imo', value: `IMO ${draw(rng, DIGITS, 7)}` }),
  (rng) => ({ type: 'mmsi', value: draw(rng, DIGITS, 9) }),
  (rng) => ({ type: 'swift-bic', value: draw(rng, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 6) + draw(rng, ALNUM, 2) }),
  (rng) => ({ type: 'crypto-address', value: `0x${draw(rng, '0123456789abcdef', 40)}` }),
];

/** Another way of writing a listed value: lower case, spaces or dashes moved, the type word added. */
function rewrite(id: RequestIdentifier, rng: Rng): RequestIdentifier {
  const bare = id.value.replace(/[\s-]/g, '');
  const styles = [bare.toLowerCase(), bare.replace(/(.{3})/g, '$1 ').trim(), bare.replace(/(.{4})/g, '$1-').replace(/-$/, '')];
  let value = styles[Math.floor(rng() * styles.length)];
  if (id.type === 'imo' && rng() < 0.5) value = `IMO${normaliseIdentifier(id.value)}`;
  return { ...id, value };
}

interface Positive {
  entry: ListEntry;
  identifier: RequestIdentifier;
}

function samplePositives(entries: readonly ListEntry[], rng: Rng): Positive[] {
  const usable = entries.flatMap((entry) => {
    const listed = listedIdentifiers(entry).filter((l) => l.type !== 'other' && normaliseIdentifier(l.value).length >= MIN_IDENTIFIER_LENGTH);
    return listed.length > 0 ? [{ entry, listed }] : [];
  });
  const out: Positive[] = [];
  for (let i = 0; i < SAMPLE && usable.length > 0; i++) {
    const { entry, listed } = usable.splice(Math.floor(rng() * usable.length), 1)[0];
    const l = listed[Math.floor(rng() * listed.length)];
    out.push({ entry, identifier: rewrite({ type: l.type, value: l.value, ...(l.country ? { country: l.country } : {}) }, rng) });
  }
  return out;
}

export interface IdentifiersReport {
  positives: number;
  /** Entry among the matches and the answer not `clear`, with the entry's own name. */
  recallSameName: Record<Fuzziness, number>;
  /** The same under a name from the negatives file (renamed vessel, another name). */
  recallOtherName: Record<Fuzziness, number>;
  /** Share of same-name positives answered `block` (the identifier corroborates). */
  blockSameName: Record<Fuzziness, number>;
  negatives: number;
  /** Negatives flagged with random identifiers given, next to the same names without them. */
  falsePositiveRate: Record<Fuzziness, number>;
  falsePositiveRateWithoutIdentifiers: Record<Fuzziness, number>;
  /** Negatives flagged because a random identifier equals a listed one. */
  identifierCollisions: number;
}

const found = (engine: Engine, request: ScreenRequest, entry: ListEntry): { hit: boolean; block: boolean } => {
  const r = engine.screen({ ...request, limit: 50 });
  const hit = r.summary.recommendedAction !== 'clear' && r.matches.some((m) => m.listSource === entry.listSource && m.entryId === entry.entryId);
  return { hit, block: r.summary.recommendedAction === 'block' };
};

export function identifiers(engine: Engine, entries: readonly ListEntry[]): IdentifiersReport {
  const rng = seeded(15);
  const positives = samplePositives(entries, rng);
  const names = readCsv(join(EVAL_DIR, 'yente_screening_fixtures', 'negatives_global.csv'))
    .map((r) => r.full_name?.trim()).filter((n): n is string => Boolean(n)).slice(0, NEGATIVES);
  const report: IdentifiersReport = {
    positives: positives.length, recallSameName: {} as never, recallOtherName: {} as never, blockSameName: {} as never,
    negatives: names.length, falsePositiveRate: {} as never, falsePositiveRateWithoutIdentifiers: {} as never, identifierCollisions: 0,
  };
  for (const mode of MODES) {
    let same = 0;
    let other = 0;
    let block = 0;
    positives.forEach(({ entry, identifier }, i) => {
      const a = found(engine, { name: entry.name, identifiers: [identifier], fuzziness: mode }, entry);
      same += Number(a.hit);
      block += Number(a.block);
      other += Number(found(engine, { name: names[i % names.length], identifiers: [identifier], fuzziness: mode }, entry).hit);
    });
    report.recallSameName[mode] = round(same / positives.length);
    report.recallOtherName[mode] = round(other / positives.length);
    report.blockSameName[mode] = round(block / positives.length);
    const negRng = seeded(1515);
    let flagged = 0;
    let flaggedBare = 0;
    for (const name of names) {
      const ids = Array.from({ length: 1 + Math.floor(negRng() * 3) }, () => RANDOM[Math.floor(negRng() * RANDOM.length)](negRng));
      const r = engine.screen({ name, identifiers: ids, fuzziness: mode });
      if (r.summary.recommendedAction !== 'clear') {
        flagged++;
        if (mode === 'balanced' && r.matches.some((m) => m.evidence.some((e) => e.field === 'identifiers' && e.weight > 0))) report.identifierCollisions++;
      }
      if (engine.screen({ name, fuzziness: mode }).summary.recommendedAction !== 'clear') flaggedBare++;
    }
    report.falsePositiveRate[mode] = round(flagged / names.length, 5);
    report.falsePositiveRateWithoutIdentifiers[mode] = round(flaggedBare / names.length, 5);
  }
  return report;
}
