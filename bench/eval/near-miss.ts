/**
 * @module Hard negatives built from the snapshot and the real names of the negative fixtures, by
 * class (never copies of published pairs): a listed given name with an unrelated real surname and
 * the reverse, a listed name with one token swapped for another real name, an East-Asian or
 * hyphenated compound name missing one part, a real surname one edit from a listed surname; and
 * names wholly in Arabic, Cyrillic, Han and Hangul script and mixed-script names in both orders.
 * A generated name strict mode finds on a list is dropped: it is no negative. So is a name that is
 * by construction one of the eval's own positives (see `isPositiveByConstruction`): a listed name
 * with words added, a replacement word drawn equal or one edit from the word it replaces, and a
 * hyphenated part that is an article or particle ("Al-Mu'in" without "Al" is the same name).
 */
import { join } from 'node:path';
import anyAscii from 'any-ascii';
import type { Engine } from '../../src/engine/index.js';
import type { Fuzziness } from '../../src/engine/types.js';
import type { ListEntry } from '../../src/lists/model.js';
import { readCsv } from '../support/csv.js';
import { EVAL_DIR } from '../support/paths.js';
import { round } from './metrics.js';
import { isEastAsian, seeded } from './perturb.js';
import { MODE_NAMES } from './verbatim.js';

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const LATIN = /^[A-Za-z][A-Za-z' -]*$/;

export interface NegativeRow {
  full_name: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  nationality: string;
}

export function negativeRows(): NegativeRow[] {
  const rows = readCsv(join(EVAL_DIR, 'yente_screening_fixtures/negatives_global.csv'));
  return rows.filter((r) => r.full_name?.trim()) as unknown as NegativeRow[];
}

interface Listed {
  surname: string[];
  given: string[];
  entry: ListEntry;
}

/** People listed as "SURNAME, Given Names" (their split is the publisher's). */
function listedPeople(entries: readonly ListEntry[]): Listed[] {
  const out: Listed[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'individual') continue;
    const [surname, given, ...rest] = entry.name.split(',');
    if (given === undefined || rest.length > 0) continue;
    const s = surname.trim().split(/\s+/).filter(Boolean);
    const g = given.trim().split(/\s+/).filter(Boolean);
    if (s.length > 0 && g.length > 0) out.push({ surname: s, given: g, entry });
  }
  return out;
}

/**
 * Words of a name folded independently of the engine (ASCII, lower case, apostrophes dropped,
 * split at anything not a letter or digit), so the eval's labels do not lean on the normaliser
 * it measures.
 */
export function foldedWords(name: string): string[] {
  return anyAscii(name).toLowerCase().replace(/['`\u2018\u2019]/g, '').split(/[^a-z0-9]+/).filter(Boolean);
}

/**
 * Articles and particles a hyphenated given name may carry: dropping one leaves the same name. The
 * Arabic article takes the sound of a sun letter after it, in every vowel (ad-Din, ud-Din, ur-Rahman,
 * us-Salam), and is written "a-" too (a-Shaykh).
 */
const PARTICLES = new Set([
  'al', 'el', 'a', 'ad', 'ar', 'as', 'at', 'az', 'an', 'ash', 'ud', 'ul', 'ur', 'us', 'ut', 'uz', 'un', 'ush', 'ed', 'ibn', 'bin', 'ben',
  'bint', 'abu', 'abd', 'abdul', 'abdel', 'abdal',
]);

/**
 * Words that join the names of a person rather than name one (de, van, bin): the one-token-swapped
 * class swaps a name for another name, so it never draws one of these to swap ("Bayardo Martirio
 * Jesus" for "Bayardo de Jesus" is that name with a word added).
 */
const LINKING = new Set([...PARTICLES, 'de', 'del', 'la', 'las', 'los', 'da', 'das', 'do', 'dos', 'di', 'du', 'van', 'von', 'der', 'den', 'y', 'e']);

/** Deletion keys of a word (itself and with each letter deleted): words sharing one are within one edit. */
function deletionKeys(w: string): string[] {
  const keys = [w];
  for (let i = 0; i < w.length; i++) keys.push(w.slice(0, i) + w.slice(i + 1));
  return keys;
}

/** Two words equal or one edit apart (one substitution, insertion or deletion). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (l.length - s.length > 1) return false;
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  // Past the first difference: the rest equal after one substitution, or after one letter of the longer.
  return s.length === l.length ? s.slice(i + 1) === l.slice(i + 1) : s.slice(i) === l.slice(i + 1);
}

/** Two adjacent letters swapped ("Madhy" for "Mahdy"): one slip of the hand, as one edit. */
function transposed(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/**
 * A word with the spellings transliterations of one name differ by folded to one (x / ks, y / i /
 * ii / ee, ou / oo / u): Maxim and Maksim, Alexey and Aleksei, Valery and Valerii, Saeed and Sa'id.
 * Used only between a query and its own source entry's names, whose spellings the publisher gives.
 */
function transliterationFold(w: string): string {
  return w.replace(/x/g, 'ks').replace(/ee|ii|y/g, 'i').replace(/ii/g, 'i').replace(/ou|oo/g, 'u');
}

/**
 * Two spellings of one word of the source entry: within one edit, two adjacent letters swapped, or
 * within one edit once transliteration spellings are folded (see transliterationFold).
 */
function sameSpelling(a: string, b: string): boolean {
  return withinOneEdit(a, b) || transposed(a, b) || withinOneEdit(transliterationFold(a), transliterationFold(b));
}

/** Why a generated near-miss is dropped, counted and printed by the eval. */
export type DropReason = 'listed-name-with-words-added' | 'replacement-equals-listed-word' | 'particle-dropped';

/**
 * A listed name's words that a query must hold to contain it: single letters (initials, "S.L.")
 * left out, except in the surname before a comma (the Korean surname O).
 */
function requiredWords(name: string): string[] {
  const [surname, ...rest] = name.split(',');
  if (rest.length === 0) return foldedWords(name).filter((w) => w.length >= 2);
  return [...foldedWords(surname), ...foldedWords(rest.join(' ')).filter((w) => w.length >= 2)];
}

/**
 * Whether `words` holds each of `required`, each query word standing for one listed word only
 * ("AHMED Ahmed" needs two Ahmeds); with `fuzzy`, a listed word of four letters or more also in
 * another spelling of it (sameSpelling: one edit, two letters swapped, a transliteration). Exact
 * words are assigned first, so a near one cannot take a word needed exactly.
 */
function holdsAll(words: readonly string[], required: readonly string[], fuzzy = true): boolean {
  const free = [...words];
  const take = (match: (w: string) => boolean): boolean => {
    const i = free.findIndex(match);
    if (i >= 0) free.splice(i, 1);
    return i >= 0;
  };
  const unmatched = required.filter((r) => !take((w) => w === r));
  return unmatched.every((r) => fuzzy && r.length >= 4 && take((w) => sameSpelling(w, r)));
}

/**
 * Every listed name (primary or strong alias) by its rarest word, to find the listed names a query
 * holds whole.
 */
class ListedNames {
  private readonly byRarest = new Map<string, string[][]>();

  constructor(entries: readonly ListEntry[]) {
    const names = entries.flatMap((e) => [e.name, ...e.aliases.filter((a) => a.quality === 'strong').map((a) => a.name)]).map(requiredWords).filter((w) => w.length >= 2);
    const df = new Map<string, number>();
    for (const w of names) for (const x of new Set(w)) df.set(x, (df.get(x) ?? 0) + 1);
    for (const w of names) {
      const rarest = w.reduce((a, b) => ((df.get(b) ?? 0) < (df.get(a) ?? 0) ? b : a));
      const list = this.byRarest.get(rarest) ?? [];
      list.push(w);
      this.byRarest.set(rarest, list);
    }
  }

  /** Whether the query's words hold every word of some listed name. */
  holdsOne(words: readonly string[]): boolean {
    return words.some((w) => (this.byRarest.get(w) ?? []).some((name) => holdsAll(words, name, false)));
  }
}

/**
 * Whether a generated name is a positive by construction: it holds every word of a listed name (a
 * listed name with words added, which the dropped-middle and alias classes require found: exactly
 * for any listed name, and in another spelling of each word (see sameSpelling) for its source
 * entry's own names, whose spellings differ from alias to alias: "Maksim Dwayne SAFONOV" holds the
 * alias "SAFONOV, Maxim"), or a word drawn to replace the listed words is one of the
 * entry's words or one edit from one ("Carlos" drawn for a "Carlos Jesus Ivan", "Gonzales" for
 * GONZALEZ: a coincidence of the draw, not another person).
 */
function isPositiveByConstruction(query: string, entry: ListEntry, drawn: readonly string[], listed: ListedNames): DropReason | null {
  const words = foldedWords(query);
  const names = [entry.name, ...entry.aliases.filter((a) => a.quality === 'strong').map((a) => a.name)].map(requiredWords);
  if (listed.holdsOne(words) || names.some((n) => n.length >= 2 && holdsAll(words, n))) return 'listed-name-with-words-added';
  const own = names.flat();
  if (drawn.flatMap(foldedWords).some((d) => own.some((l) => withinOneEdit(d, l)))) return 'replacement-equals-listed-word';
  return null;
}

export type NearMissClass = 'given+other-surname' | 'other-given+surname' | 'one-token-swapped' | 'missing-part' | 'surname-one-edit';

/** Near-miss negatives by class, up to `perClass` each. */
export function nearMisses(
  entries: readonly ListEntry[], rows: readonly NegativeRow[], perClass: number, seed = 20261125,
  dropped: Record<string, Partial<Record<DropReason, number>>> = {},
): Record<NearMissClass, string[]> {
  // Each class draws from its own stream, so a change to one generator redraws no other class.
  let rng = seeded(seed);
  for (const cls of ['given+other-surname', 'other-given+surname', 'one-token-swapped', 'missing-part', 'surname-one-edit']) dropped[cls] ??= {};
  const latin = rows.filter((r) => LATIN.test(r.first_name ?? '') && LATIN.test(r.last_name ?? ''));
  const givens = latin.map((r) => r.first_name.trim());
  const surnames = latin.map((r) => r.last_name.trim());
  const people = listedPeople(entries);
  const listed = new ListedNames(entries);
  const eastAsian = people.filter((p) => isEastAsian(p.entry));
  const compound = people.filter((p) => p.given.some((g) => /^[^-]+-[^-]+$/.test(g)));
  // Listed surnames by deletion key, for real surnames one edit away.
  const listedSurnames = new Set(people.flatMap((p) => p.surname.map((s) => s.toLowerCase())).filter((s) => s.length >= 5));
  const byKey = new Map<string, string>();
  for (const s of listedSurnames) for (const k of deletionKeys(s)) byKey.set(k, s);
  const nearSurnames = [...new Set(surnames.map((s) => s.toLowerCase()))].filter(
    (s) => s.length >= 5 && !listedSurnames.has(s) && deletionKeys(s).some((k) => byKey.has(k)),
  );
  // Each generator returns the name, its source entry and the words drawn from unrelated people.
  type Draw = { query: string; entry?: ListEntry; drawn: string[] } | 'particle-dropped' | null;
  const gen: Record<NearMissClass, () => Draw> = {
    'given+other-surname': () => {
      const p = pick(rng, people);
      const s = pick(rng, surnames);
      return { query: `${p.given.join(' ')} ${s}`, entry: p.entry, drawn: [s] };
    },
    'other-given+surname': () => {
      const g = pick(rng, givens);
      const p = pick(rng, people);
      return { query: `${g} ${p.surname.join(' ')}`, entry: p.entry, drawn: [g] };
    },
    'one-token-swapped': () => {
      const p = pick(rng, people);
      const words = [...p.given, ...p.surname];
      if (words.length < 3) return null;
      const i = Math.floor(rng() * words.length);
      if (LINKING.has(foldedWords(words[i]).join(''))) return null;
      words[i] = i < p.given.length ? pick(rng, givens) : pick(rng, surnames);
      return { query: words.join(' '), entry: p.entry, drawn: [words[i]] };
    },
    'missing-part': () => {
      if (rng() < 0.5 && eastAsian.length > 0) {
        const p = pick(rng, eastAsian);
        const parts = p.given.flatMap((g) => g.split('-'));
        if (parts.length < 2) return null;
        parts.splice(Math.floor(rng() * parts.length), 1);
        return { query: `${p.surname.join(' ')} ${parts.join(' ')}`, entry: p.entry, drawn: [] };
      }
      if (compound.length === 0) return null;
      const p = pick(rng, compound);
      let particle = false;
      const given = p.given.map((g) => {
        if (!g.includes('-')) return g;
        const parts = g.split('-');
        if (parts.some((x) => PARTICLES.has(foldedWords(x).join('')))) particle = true;
        return parts[Math.floor(rng() * 2)];
      });
      if (particle) return 'particle-dropped';
      return { query: `${given.join(' ')} ${p.surname.join(' ')}`, entry: p.entry, drawn: [] };
    },
    'surname-one-edit': () => {
      if (nearSurnames.length === 0) return null;
      return { query: `${pick(rng, givens)} ${pick(rng, nearSurnames)}`, drawn: [] };
    },
  };
  const out = {} as Record<NearMissClass, string[]>;
  (Object.keys(gen) as NearMissClass[]).forEach((cls, k) => {
    rng = seeded(seed + k);
    const seen = new Set<string>();
    for (let tries = 0; seen.size < perClass && tries < perClass * 20; tries++) {
      const d = gen[cls]();
      if (d === null) continue;
      const reason = d === 'particle-dropped' ? d : d.entry ? isPositiveByConstruction(d.query, d.entry, d.drawn, listed) : null;
      if (reason !== null) {
        dropped[cls][reason] = (dropped[cls][reason] ?? 0) + 1;
        continue;
      }
      if (typeof d !== 'string') seen.add(d.query);
    }
    out[cls] = [...seen];
  });
  return out;
}

const SCRIPTS: Array<[string, RegExp]> = [
  ['arabic', /[\u0600-\u06ff]/u], ['cyrillic', /[\u0400-\u04ff]/u], ['han', /[\u4e00-\u9fff]/u], ['hangul', /[\uac00-\ud7af]/u],
];
const scriptOf = (s: string): string => SCRIPTS.find(([, re]) => re.test(s))?.[0] ?? (/^[\x20-\x7e]*$/.test(s) ? 'latin' : 'other');

/** Names wholly in one non-Latin script, and Latin / Arabic-script given name and surname mixed both ways. */
export function scriptNegatives(rows: readonly NegativeRow[], perClass: number, seed = 20261126): Record<string, string[]> {
  const rng = seeded(seed);
  const out: Record<string, string[]> = {};
  for (const [script] of SCRIPTS) out[script] = rows.filter((r) => scriptOf(r.full_name) === script).slice(0, perClass).map((r) => r.full_name);
  const latin = rows.filter((r) => LATIN.test(r.first_name ?? '') && LATIN.test(r.last_name ?? ''));
  const arabic = rows.filter((r) => scriptOf(r.first_name ?? '') === 'arabic' && scriptOf(r.last_name ?? '') === 'arabic');
  out['latin+arabic'] = Array.from({ length: perClass }, () => `${pick(rng, latin).first_name} ${pick(rng, arabic).last_name}`);
  out['arabic+latin'] = Array.from({ length: perClass }, () => `${pick(rng, arabic).first_name} ${pick(rng, latin).last_name}`);
  return out;
}

/** Highest confidence any entry gets for a name alone (0 when none is reported from 0.5). */
export function topConfidence(engine: Engine, name: string, mode: Fuzziness): number {
  const r = engine.screen({ name, fuzziness: mode, threshold: 0.5, limit: 1 });
  return r.matches[0]?.confidence ?? 0;
}

export interface ClassReport {
  queries: number;
  falsePositiveRate: Record<Fuzziness, number>;
  examples: Array<{ query: string; matched: string; confidence: number }>;
}

/** Top confidences per mode of every query of every class; a query strict finds at 1.0 is dropped. */
export function scoreClasses(engine: Engine, classes: Record<string, string[]>): {
  byClass: Record<string, ClassReport>;
  top: Record<Fuzziness, number[]>;
  nesting: { strictNotBalanced: number; balancedNotLoose: number };
} {
  const byClass: Record<string, ClassReport> = {};
  const top: Record<Fuzziness, number[]> = { strict: [], balanced: [], loose: [] };
  const nesting = { strictNotBalanced: 0, balancedNotLoose: 0 };
  for (const [cls, queries] of Object.entries(classes)) {
    const flagged = { strict: 0, balanced: 0, loose: 0 };
    const examples: ClassReport['examples'] = [];
    let kept = 0;
    for (const q of queries) {
      const strictHit = engine.screen({ name: q, fuzziness: 'strict', limit: 1 });
      if (strictHit.matches.some((m) => m.confidence >= 0.9)) continue;
      kept++;
      const hit = {} as Record<Fuzziness, boolean>;
      for (const mode of MODE_NAMES) {
        const c = topConfidence(engine, q, mode);
        top[mode].push(c);
        hit[mode] = c >= engine.thresholds[mode].review;
        if (hit[mode]) flagged[mode]++;
        if (hit[mode] && mode === 'balanced' && examples.length < 8) {
          const m = engine.screen({ name: q, fuzziness: mode, limit: 1 }).matches[0];
          examples.push({ query: q, matched: m?.matchedName ?? '', confidence: c });
        }
      }
      if (hit.strict && !hit.balanced) nesting.strictNotBalanced++;
      if (hit.balanced && !hit.loose) nesting.balancedNotLoose++;
    }
    const n = Math.max(1, kept);
    byClass[cls] = {
      queries: kept,
      falsePositiveRate: { strict: round(flagged.strict / n, 5), balanced: round(flagged.balanced / n, 5), loose: round(flagged.loose / n, 5) },
      examples,
    };
  }
  return { byClass, top, nesting };
}

/** Fraction of `values` at or above `t`. */
export function rateAtOrAbove(values: readonly number[], t: number): number {
  let n = 0;
  for (const v of values) if (v >= t - 1e-9) n++;
  return values.length === 0 ? 0 : n / values.length;
}
