/**
 * The benchmark's query mix, built deterministically from the evaluation data and the snapshot:
 * mostly people who are on no list (real traffic is overwhelmingly clear), noisy spellings of
 * UN-sanctioned people, list names with light noise and exact list names, some with date of birth
 * and nationality, list entities screened as entities. Shuffled, so any window (a batch of 100)
 * holds the same blend.
 */
import { join } from 'node:path';
import type { IndexedName } from '../../src/engine/index-builder.js';
import type { ScreenRequest } from '../../src/engine/types.js';
import { toAlpha2 } from '../../src/lists/countries.js';
import { isRealCalendarDate } from '../../src/lists/dates.js';
import type { ListEntry } from '../../src/lists/model.js';
import { readCsv } from './csv.js';
import { addNoise, pick, seededRandom, type Random } from './name-noise.js';
import { EVAL_DIR } from './paths.js';

export type QueryOrigin = 'negative' | 'un-positive-noisy' | 'list-name-noisy' | 'list-name-exact';

export interface MixQuery {
  origin: QueryOrigin;
  request: ScreenRequest;
}

/** Share of each origin in the mix. */
export const MIX_SHARES: Readonly<Record<QueryOrigin, number>> = {
  negative: 0.4,
  'un-positive-noisy': 0.2,
  'list-name-noisy': 0.3,
  'list-name-exact': 0.1,
};
/** Share of fixture and individual list queries that also give date of birth and nationality. */
const DETAILS_SHARE = 0.5;
/** The seed of the timed mix; a warm-up mix takes another, so the timed queries stay unseen. */
export const MIX_SEED = 20_260_311;
const FIXTURES = join(EVAL_DIR, 'yente_screening_fixtures');

function fixtureRequest(row: Record<string, string>, random: Random): ScreenRequest {
  const request: ScreenRequest = { name: row.full_name.trim() };
  if (random() < DETAILS_SHARE) {
    request.kind = 'individual';
    if (isRealCalendarDate(row.date_of_birth ?? '')) request.dateOfBirth = row.date_of_birth;
    const nationality = toAlpha2(row.nationality);
    if (nationality) request.nationality = nationality;
  }
  return request;
}

function fixtureQueries(file: string, origin: QueryOrigin, count: number, random: Random): MixQuery[] {
  const rows = readCsv(join(FIXTURES, file)).filter((r) => r.full_name?.trim());
  if (rows.length === 0) throw new Error(`${file}: no rows with a full_name`);
  return Array.from({ length: count }, () => ({ origin, request: fixtureRequest(pick(rows, random), random) }));
}

function listRequest(name: string, entry: ListEntry, random: Random): ScreenRequest {
  const request: ScreenRequest = { name };
  if (entry.kind === 'entity') request.kind = 'entity';
  if (entry.kind === 'individual' && random() < DETAILS_SHARE) {
    request.kind = 'individual';
    const dob = entry.datesOfBirth.find((d) => d.precision === 'day');
    if (dob) request.dateOfBirth = dob.from;
    if (entry.nationalities[0]) request.nationality = entry.nationalities[0];
  }
  return request;
}

function listQueries(
  names: readonly IndexedName[], entries: readonly ListEntry[], origin: QueryOrigin, count: number, random: Random,
): MixQuery[] {
  if (names.length === 0) throw new Error('the index holds no names');
  return Array.from({ length: count }, () => {
    const named = pick(names, random);
    const text = origin === 'list-name-noisy' ? addNoise(named.text, random) : named.text;
    return { origin, request: listRequest(text, entries[named.entry], random) };
  });
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export function buildQueryMix(
  names: readonly IndexedName[], entries: readonly ListEntry[], size: number, seed: number = MIX_SEED,
): MixQuery[] {
  const random = seededRandom(seed);
  const count = (origin: QueryOrigin): number => Math.round(size * MIX_SHARES[origin]);
  return shuffle(
    [
      ...fixtureQueries('negatives_global.csv', 'negative', count('negative'), random),
      ...fixtureQueries('positives_un_treated.csv', 'un-positive-noisy', count('un-positive-noisy'), random),
      ...listQueries(names, entries, 'list-name-noisy', count('list-name-noisy'), random),
      ...listQueries(names, entries, 'list-name-exact', count('list-name-exact'), random),
    ],
    random,
  );
}

/** How many queries of each origin, and how many carry a date of birth, nationality or kind. */
export function describeMix(mix: readonly MixQuery[]): Record<string, number> {
  const out: Record<string, number> = { total: mix.length };
  for (const q of mix) out[q.origin] = (out[q.origin] ?? 0) + 1;
  out.withDateOfBirth = mix.filter((q) => q.request.dateOfBirth).length;
  out.withNationality = mix.filter((q) => q.request.nationality).length;
  out.kindEntity = mix.filter((q) => q.request.kind === 'entity').length;
  out.kindIndividual = mix.filter((q) => q.request.kind === 'individual').length;
  return out;
}

/** Every n-th query, for baselines too slow to run the whole mix. */
export function everyNth<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return items.filter((_, i) => i % step === 0).slice(0, count);
}
