/**
 * The WASM matching core on its own, through its one way in (the op queue, driven by MatchingCore):
 * character similarity and edit distance as the token search measures them on dictionaries of
 * chosen words, then token search, candidate collection and alignment on tiny hand-built indexes.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { instantiate } from '../build/core.js';
import { MatchingCore, type ModeParams, type QueryUnit } from '../src/engine/core.js';
import { buildIndex, type BuiltIndex } from '../src/engine/index-builder.js';
import { MODES } from '../src/engine/modes.js';
import { weightFrom } from '../src/engine/name-matcher.js';
import { MAX_TOKEN_LENGTH, normaliseName } from '../src/engine/normalise.js';
import { LIST_SOURCES } from '../src/lists/model.js';
import { entry } from './support/engine-entries.js';

// ── independent references ──────────────────────────────────────────────────

/**
 * Jaro-Winkler with a prefix of at most 4 and scale 0.1, the boost applied only when the Jaro
 * similarity is at least 0.7 (Winkler's threshold); transpositions are halved in integers, as in
 * Winkler's strcmp95 and Apache Commons Text.
 */
function referenceJaroWinkler(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1);
  const usedA = new Array<boolean>(a.length).fill(false);
  const usedB = new Array<boolean>(b.length).fill(false);
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = Math.max(0, i - window); j < Math.min(b.length, i + window + 1); j++) {
      if (!usedB[j] && a[i] === b[j]) {
        usedA[i] = usedB[j] = true;
        m++;
        break;
      }
    }
  }
  if (m === 0) return 0;
  const seqA = [...a].filter((_, i) => usedA[i]);
  const seqB = [...b].filter((_, j) => usedB[j]);
  const t = Math.floor(seqA.filter((c, k) => c !== seqB[k]).length / 2);
  const jaro = (m / a.length + m / b.length + (m - t) / m) / 3;
  if (jaro < 0.7) return jaro;
  let prefix = 0;
  while (prefix < Math.min(4, a.length, b.length) && a[prefix] === b[prefix]) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Optimal string alignment distance (adjacent transpositions count one edit). */
function referenceOsa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Levenshtein distance (no transpositions). */
function referenceLevenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** Deterministic pseudo-random strings (mulberry32), over a small alphabet so edits are frequent. */
function randomWords(seed: number, count: number, minLength = 0): string[] {
  let s = seed >>> 0;
  const next = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const len = minLength + Math.floor(next() * (11 - minLength));
    return Array.from({ length: len }, () => 'abcde'[Math.floor(next() * 5)]).join('');
  });
}

// ── similarity and edit distance, as the token search measures them ────────────────────────

/**
 * Measuring through the search: no similarity floors, no leftover passes (initials, residual), and
 * an edit costs 1/64 (exact in f32), so a token found d edits away scores its Jaro-Winkler less d/64.
 */
const MEASURE: ModeParams = {
  ...MODES.balanced, jwFloor: 0, jwFloor2: 0, editPenalty: 1 / 64, initialSim: 0, residualFloor: 0, orderFactor: 1,
};
/** Every list in the list mask. */
const ALL = 0xffffffff;
/** Similarity the one-edit search gives every token one edit away when asked for a fixed one. */
const ONE_EDIT_SIM = 0.5;
/** Tokens one query unit keeps (the core's MAX_EXPANSIONS): a search that found this many may have dropped some. */
const FULL_LIST = 128;

/**
 * A dictionary of chosen words, each the one token of its own list name, loaded into a core. A query
 * is one unit; each row collect() returns is one word, and its score is the similarity the search
 * gave the word (a lone token matched whole: matched value over matched mass, no penalty).
 */
class Dictionary {
  private constructor(readonly index: BuiltIndex, readonly core: MatchingCore) {}

  static async of(words: Iterable<string>): Promise<Dictionary> {
    const distinct = [...new Set(words)];
    const index = buildIndex(distinct.map((w, i) => entry(`w${i}`, w)));
    // The normaliser must keep each word as it is, or the scores would belong to other words.
    for (const w of distinct) expect(index.tokens.has(w), `"${w}" is a dictionary token`).toBe(true);
    return new Dictionary(index, await MatchingCore.load(index.arrays));
  }

  id(word: string): number {
    const id = this.index.tokens.get(word);
    if (id === undefined) throw new Error(`"${word}" is no dictionary token`);
    return id;
  }

  /** The words the queued searches found for query `q`, with their similarities. */
  search(q: string, queue: (core: MatchingCore, u: number) => void): Map<string, number> {
    const core = this.core;
    core.writeQuery([{ text: q, pos: 0, span: 1, weight: 1 }], [1]);
    try {
      core.beginPlan(MEASURE);
      queue(core, 0);
      const n = core.collect(1, 1, 0, ALL, 256, MEASURE);
      const found = new Map<string, number>();
      for (let r = 0; r < n; r++) found.set(this.index.names[core.rowName(r)].text, core.rowScore(r));
      return found;
    } finally {
      core.reset(1);
    }
  }

  /** Jaro-Winkler of `a` and the word `b`: the phonetic search with no floor adds it at exactly that (0: not added). */
  jw(a: string, b: string): number {
    return this.search(a, (core, u) => core.queuePhonetic(u, [this.id(b)], 0, 0, 0)).get(b) ?? 0;
  }

  /**
   * The edit distance the search measured from `a` to the word `b` within `budget` edits, or
   * undefined when it did not find `b`: within one edit by the one-edit search at a fixed similarity
   * (1 for the word itself), from two edits by the trigram search, at Jaro-Winkler less 1/64 per edit.
   */
  distance(a: string, b: string, budget: number): number | undefined {
    const near = this.search(a, (core, u) => core.queueShortEdit(u, ONE_EDIT_SIM)).get(b);
    if (near !== undefined) return near === 1 ? 0 : 1;
    if (budget < 2) return undefined;
    const sim = this.search(a, (core, u) => core.queueTwoEdit(u, budget)).get(b);
    return sim === undefined ? undefined : Math.round((this.jw(a, b) - sim) * 64);
  }
}

describe('core similarity and edit distance (through the token search)', () => {
  const published = [
    ['martha', 'marhta'], ['dwayne', 'duane'], ['jones', 'johnson'], ['karimov', 'karimof'], ['merkel', 'merkur'],
    ['ab', 'ac'], ['abcd', 'abyz'], ['a', 'abc'], ['xyz', 'abc'],
  ];
  const examples = [
    'karimov', 'karimof', 'karimova', 'krimov', 'martha', 'marhta', 'ca', 'ac', 'xca', 'xabc', 'kitten', 'knitting',
    'e', 'eab', 'abc', 'a', 'ab', 'abcde', 'abcdef', 'fedcba',
  ];
  let dict: Dictionary;

  beforeAll(async () => {
    dict = await Dictionary.of([...published.flat(), ...examples]);
  });

  it('Jaro-Winkler gives the published values (Winkler 1990)', () => {
    expect(dict.jw('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(dict.jw('dwayne', 'duane')).toBeCloseTo(0.84, 3);
    expect(dict.jw('jones', 'johnson')).toBeCloseTo(0.832, 3);
  });

  it('Jaro-Winkler is 1 for equal words, 0 with nothing in common or an empty query, and symmetric', () => {
    expect(dict.jw('karimov', 'karimov')).toBe(1);
    expect(dict.jw('a', 'a')).toBe(1);
    expect(dict.jw('abc', 'xyz')).toBe(0);
    expect(dict.jw('', 'abc')).toBe(0);
    // (An empty list token cannot occur: the normaliser drops empty tokens.)
    expect(dict.jw('merkel', 'merkur')).toBeCloseTo(dict.jw('merkur', 'merkel'), 6);
  });

  it('Jaro-Winkler adds the prefix boost only from a Jaro similarity of 0.7 (Winkler\'s threshold)', () => {
    // "ab" / "ac": Jaro 2/3, under 0.7, so the shared "a" adds nothing (boosted it would be 0.7).
    expect(dict.jw('ab', 'ac')).toBeCloseTo(2 / 3, 6);
    // "abcd" / "abyz": Jaro 2/3 too, despite a two-letter common prefix.
    expect(dict.jw('abcd', 'abyz')).toBeCloseTo(2 / 3, 6);
    // DWAYNE / DUANE: Jaro 0.822, over 0.7, boosted by the shared "D".
    expect(dict.jw('dwayne', 'duane')).toBeGreaterThan(0.83);
  });

  it('Jaro-Winkler agrees with the reference on 2,000 random pairs', async () => {
    const words = randomWords(7, 4000, 1);
    const random = await Dictionary.of(words);
    for (let k = 0; k < words.length; k += 2) {
      const [a, b] = [words[k], words[k + 1]];
      expect(random.jw(a, b), `${a} / ${b}`).toBeCloseTo(referenceJaroWinkler(a, b), 5);
    }
  });

  it('an edit is a substitution, an insertion, a deletion or an adjacent transposition', () => {
    expect(dict.distance('karimov', 'karimov', 2)).toBe(0);
    expect(dict.distance('karimov', 'karimof', 2)).toBe(1);
    expect(dict.distance('karimov', 'karimova', 2)).toBe(1);
    expect(dict.distance('karimov', 'krimov', 2)).toBe(1);
    expect(dict.distance('marhta', 'martha', 2)).toBe(1);
    expect(dict.distance('ca', 'ac', 2)).toBe(1);
    expect(dict.distance('kitten', 'knitting', 3)).toBe(3);
    // Optimal string alignment, not full Damerau: an edited transposition is not one edit
    // ("ca" -> "abc" is 2 edits in Damerau, 3 here; behind an "x", as the trigram search keeps the first letter).
    expect(dict.distance('xca', 'xabc', 3)).toBe(3);
  });

  it('regression: short words near the empty string measure their length difference (banded rows keep column 0)', () => {
    // One insertion from the empty query to a one-letter word; the trigram search never runs for an empty unit.
    expect(dict.distance('', 'e', 1)).toBe(1);
    expect(dict.distance('', 'ab', 3)).toBeUndefined();
    expect(dict.distance('e', 'eab', 2)).toBe(2);
    expect(dict.distance('abc', 'a', 2)).toBe(2);
    expect(dict.distance('ab', 'abcde', 3)).toBe(3);
  });

  it('a word past the edit budget is not found, never at a false small distance', () => {
    expect(dict.distance('kitten', 'knitting', 2)).toBeUndefined();
    expect(dict.distance('abc', 'abcdef', 2)).toBeUndefined();
    expect(dict.distance('abcdef', 'fedcba', 1)).toBeUndefined();
  });

  it('the search measures the reference distance on 2,000 random pairs of non-empty words, within every budget 1..3', async () => {
    // Batches of 200 pairs, each its own dictionary, so no query's neighbourhood fills an expansion list.
    const words = randomWords(11, 4000, 1);
    let measured = 0;
    for (let from = 0; from < words.length; from += 400) {
      const batch = words.slice(from, from + 400);
      const random = await Dictionary.of(batch);
      for (let k = 0; k < batch.length; k += 2) {
        const [a, b] = [batch[k], batch[k + 1]];
        const d = referenceOsa(a, b);
        const jw = referenceJaroWinkler(a, b);
        for (let budget = 1; budget <= 3; budget++) {
          const got = random.distance(a, b, budget);
          const label = `${a} / ${b} within ${budget}`;
          if (d > budget) expect(got, label).toBeUndefined();
          else if (d <= 1) expect(got, label).toBe(d);
          // From two edits: only words keeping the first letter, with Jaro-Winkler above what the edits cost.
          else if (a[0] !== b[0] || jw < d / 64 - 1e-4) expect(got, label).toBeUndefined();
          // A transposition plus another edit may leave too few trigrams (see the BUG below): found or not.
          else if (referenceLevenshtein(a, b) > d && got === undefined) continue;
          else if (Math.abs(jw - d / 64) >= 1e-4) expect(got, label).toBe(d);
          if (got !== undefined && got >= 2) measured++; // (111 with these seeds)
        }
      }
    }
    expect(measured).toBeGreaterThan(50);
  });

  it('the one-edit search finds exactly the words within one edit: random pairs and one-edit variants', async () => {
    const words = randomWords(13, 3000);
    const pairs: Array<[string, string]> = [];
    for (let k = 0; k < words.length; k += 2) if (words[k + 1] !== '') pairs.push([words[k], words[k + 1]]);
    // Every single edit of each word (and a second edit on top), so distances 0, 1 and 2 all occur.
    for (const w of words.slice(0, 300)) {
      for (let i = 0; i <= w.length; i++) {
        const variants = [w.slice(0, i) + 'z' + w.slice(i), w.slice(0, i) + w.slice(i + 1), w.slice(0, i) + 'b' + w.slice(i + 1)];
        if (i + 1 < w.length) variants.push(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
        for (const v of variants) pairs.push([w, v], [v, w], [w, v.slice(1)], [v + 'a', w]);
      }
    }
    const listed = pairs.filter(([, b]) => b !== '');
    const random = await Dictionary.of(listed.map(([, b]) => b));
    const byQuery = new Map<string, Set<string>>();
    for (const [a, b] of listed) {
      let targets = byQuery.get(a);
      if (!targets) byQuery.set(a, (targets = new Set()));
      targets.add(b);
    }
    let oneEdit = 0;
    for (const [a, targets] of byQuery) {
      const found = random.search(a, (core, u) => core.queueShortEdit(u, ONE_EDIT_SIM));
      expect(found.size, a).toBeLessThan(FULL_LIST);
      for (const b of targets) {
        const d = referenceOsa(a, b);
        const expected = d === 0 ? 1 : d === 1 ? ONE_EDIT_SIM : undefined;
        expect(found.get(b), `${a} / ${b}`).toBe(expected);
        if (d === 1) oneEdit++;
      }
    }
    expect(oneEdit).toBeGreaterThan(1000);
  });
});

// ── MatchingCore on a tiny index ────────────────────────────────────────────

const EXACT: ModeParams = { ...MODES.balanced, maxEdits: 0, minEditLength: 0 };
const edits = (maxEdits: number, minEditLength = 0): ModeParams => ({ ...MODES.balanced, maxEdits, minEditLength });

interface Scored {
  name: string;
  score: number;
}

/**
 * Queues the token search for one unit as the name matcher does: exact by dictionary lookup; within
 * one edit through the deletion neighbourhoods; two edits or more add the trigram search. Units
 * shorter than p.minEditLength are matched exactly.
 */
function search(core: MatchingCore, index: BuiltIndex, u: number, text: string, p: ModeParams): void {
  const edits = text.length >= p.minEditLength ? p.maxEdits : 0;
  if (edits === 0) {
    const id = index.tokens.get(text);
    if (id !== undefined) core.queueAdd(u, id, 1);
    return;
  }
  core.queueOneEdit(u);
  if (edits >= 2) core.queueTwoEdit(u, edits);
}

/**
 * Runs one query the way the name matcher does: write units, queue each unit's search (or what
 * `queue` queues instead), collect (which runs the queue), reset. Rows best first.
 */
function run(
  core: MatchingCore, index: BuiltIndex, words: readonly string[], p: ModeParams,
  opts: {
    mask?: number; minAcc?: number; cap?: number; extra?: QueryUnit[]; queue?: (u: number) => void; minRawScore?: number;
    literal?: number;
  } = {},
): Scored[] {
  const weightOf = weightFrom(index);
  const weights = words.map((text) => weightOf({ text, weak: false, abjad: false }));
  const units: QueryUnit[] = [...words.map((text, pos) => ({ text, pos, span: 1, weight: weights[pos] })), ...(opts.extra ?? [])];
  core.writeQuery(units, weights);
  try {
    core.beginPlan(p);
    units.forEach((unit, u) => (opts.queue ? opts.queue(u) : search(core, index, u, unit.text, p)));
    const n = core.collect(units.length, words.length, opts.minAcc ?? 0, opts.mask ?? ALL, opts.cap ?? 200, p, 0, opts.minRawScore ?? 0, opts.literal ?? 0);
    const rows = Array.from({ length: n }, (_, r) => core.row(r));
    return rows.map((r) => ({ name: index.names[r.name].text, score: r.score })).sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : 1));
  } finally {
    core.reset(units.length);
  }
}

const namesOf = (rows: readonly Scored[]): string[] => rows.map((r) => r.name).sort();

describe('MatchingCore token search and scoring (tiny index)', () => {
  const entries = [
    entry('1', 'KARIMOV Rustam'),
    entry('2', 'KARIMOVA Dilnoza'),
    entry('3', 'KARIMOVSKY Ivan'),
    entry('4', 'KARIMOV Ivan'),
    entry('b1', 'KARIMOV Rustam Bis', { listSource: 'bis-entity' }),
    entry('5', 'ABDULRAHMAN Yasin'),
    entry('6', 'PETROV Oleg'),
  ];
  let index: BuiltIndex;
  let core: MatchingCore;

  beforeAll(async () => {
    index = buildIndex(entries);
    core = await MatchingCore.load(index.arrays);
  });

  it('exact search finds only the identical token and every name holding it', () => {
    const rows = run(core, index, ['karimov'], EXACT);
    expect(namesOf(rows)).toEqual(['KARIMOV Ivan', 'KARIMOV Rustam', 'KARIMOV Rustam Bis']);
  });

  it('a fully matched name scores 1 in any word order; an extra list token lowers it', () => {
    const forward = run(core, index, ['karimov', 'rustam'], EXACT);
    const reversed = run(core, index, ['rustam', 'karimov'], EXACT);
    expect(forward[0]).toEqual({ name: 'KARIMOV Rustam', score: expect.closeTo(1, 5) as number });
    expect(reversed).toEqual(forward);
    const bis = forward.find((r) => r.name === 'KARIMOV Rustam Bis');
    expect(bis?.score).toBeLessThan(forward[0].score);
  });

  it('one edit finds a one-typo token, scored below the exact token; two-edit tokens need two edits', () => {
    // Only karimov is one edit from karimof: exactly the names holding it.
    expect(namesOf(run(core, index, ['karimof'], edits(1)))).toEqual(['KARIMOV Ivan', 'KARIMOV Rustam', 'KARIMOV Rustam Bis']);
    const exact = run(core, index, ['karimov', 'rustam'], EXACT)[0].score;
    const typo = run(core, index, ['karimof', 'rustam'], edits(1))[0];
    expect(typo.name).toBe('KARIMOV Rustam');
    expect(typo.score).toBeGreaterThan(0.8);
    expect(typo.score).toBeLessThan(exact);
    // karimof -> karimova is two edits (substitution + insertion).
    expect(namesOf(run(core, index, ['karimof'], edits(2)))).toContain('KARIMOVA Dilnoza');
  });

  it('the score bound leaves out only names under the floor: the rows at or above it are the same', () => {
    for (const words of [['karimov', 'rustam'], ['rustam', 'ivanovich', 'karimov'], ['oleg', 'karimova']]) {
      const all = run(core, index, words, edits(1));
      for (const floor of [0.3, 0.6, 0.9]) {
        const before = core.skippedCount();
        const bounded = run(core, index, words, edits(1), { minRawScore: floor });
        expect(bounded.filter((r) => r.score >= floor), `${words.join(' ')} at ${floor}`).toEqual(all.filter((r) => r.score >= floor));
        // Every name left out is one the bound skipped (it writes no row for those).
        expect(all.length - bounded.length).toBe(core.skippedCount() - before);
      }
    }
    // "karimov rustam" at 0.9: "KARIMOV Ivan" and "KARIMOVA Dilnoza" cannot get there (a rare token
    // on each side unmatched), and are skipped before alignment.
    const before = core.skippedCount();
    run(core, index, ['karimov', 'rustam'], EXACT, { minRawScore: 0.9 });
    expect(core.skippedCount() - before).toBeGreaterThan(0);
  });

  it('the length window follows the edit budget: a token three letters longer needs three edits', () => {
    const two = namesOf(run(core, index, ['karimov'], edits(2)));
    expect(two).toContain('KARIMOVA Dilnoza');
    expect(two).not.toContain('KARIMOVSKY Ivan');
    const three = namesOf(run(core, index, ['karimov'], { ...edits(3), jwFloor2: 0.8 }));
    expect(three).toContain('KARIMOVSKY Ivan');
  });

  it('a query token that is no dictionary token within the budget finds nothing', () => {
    expect(run(core, index, ['zzyzx'], edits(2))).toEqual([]);
  });

  it('split query tokens meet a joined list token through a compound unit', () => {
    const weightOf = weightFrom(index);
    const w = ['abdul', 'rahman'].map((text) => weightOf({ text, weak: false, abjad: false }));
    const compound: QueryUnit = { text: 'abdulrahman', pos: 0, span: 2, weight: w[0] + w[1] };
    const rows = run(core, index, ['abdul', 'rahman', 'yasin'], EXACT, { extra: [compound] });
    expect(rows[0].name).toBe('ABDULRAHMAN Yasin');
    expect(rows[0].score).toBeCloseTo(1, 5);
  });

  it('the list mask keeps only names of the selected lists', () => {
    const bisOnly = 1 << LIST_SOURCES.indexOf('bis-entity');
    expect(namesOf(run(core, index, ['karimov'], EXACT, { mask: bisOnly }))).toEqual(['KARIMOV Rustam Bis']);
    const sdnOnly = 1 << LIST_SOURCES.indexOf('ofac-sdn');
    expect(namesOf(run(core, index, ['karimov'], EXACT, { mask: sdnOnly }))).toEqual(['KARIMOV Ivan', 'KARIMOV Rustam']);
    const stateOnly = 1 << LIST_SOURCES.indexOf('state-isn');
    expect(run(core, index, ['karimov'], EXACT, { mask: stateOnly })).toEqual([]);
  });

  it('the accumulator floor drops names that hold too little of the query', () => {
    const weightOf = weightFrom(index);
    const both = ['karimov', 'rustam'].reduce((s, text) => s + weightOf({ text, weak: false, abjad: false }), 0);
    const rows = run(core, index, ['karimov', 'rustam'], EXACT, { minAcc: both * 0.99 });
    expect(namesOf(rows)).toEqual(['KARIMOV Rustam', 'KARIMOV Rustam Bis']);
  });

  it('nothing leaks from one query into the next (expansions, similarities, accumulators)', async () => {
    const fresh = await MatchingCore.load(index.arrays);
    const expected = run(fresh, index, ['rustam'], edits(2));
    // Queries that touch other tokens at the same unit slots, then the same query again.
    run(core, index, ['karimov', 'rustam'], edits(2));
    run(core, index, ['petrov', 'ivan', 'karimova'], edits(2));
    const after = run(core, index, ['rustam'], edits(2));
    expect(after).toEqual(expected);
    expect(namesOf(after)).not.toContain('KARIMOV Ivan');
    expect(run(core, index, ['rustam'], edits(2))).toEqual(expected);
  });

  it('regression: a token longer than 64 characters finds its identical list token (both sides cut at MAX_TOKEN_LENGTH)', async () => {
    const long = 'a'.repeat(70);
    const longIndex = buildIndex([entry('1', `${long} bravo`)]);
    const longCore = await MatchingCore.load(longIndex.arrays);
    const [token] = normaliseName(long);
    expect(token.text).toBe('a'.repeat(MAX_TOKEN_LENGTH));
    expect(namesOf(run(longCore, longIndex, [token.text], EXACT))).toEqual([`${long} bravo`]);
    expect(namesOf(run(longCore, longIndex, [long], edits(1)))).toEqual([`${long} bravo`]);
    // Only the first 64 characters count, on both sides: the core reads no further of a query unit.
    const past64 = run(longCore, longIndex, [`${'a'.repeat(MAX_TOKEN_LENGTH)}bbbbbb`], edits(1));
    expect(namesOf(past64)).toEqual([`${long} bravo`]);
  });
});

describe('MatchingCore literal query positions (never initials or acronyms)', () => {
  const entries = [entry('1', 'TRADING HOUSE ROSEL'), entry('2', 'TAHIR ROSEL'), entry('3', 'HAMID ROSEL')];
  let index: BuiltIndex;
  let core: MatchingCore;

  beforeAll(async () => {
    index = buildIndex(entries);
    core = await MatchingCore.load(index.arrays);
  });

  const score = (rows: readonly Scored[], name: string): number => rows.find((r) => r.name === name)?.score ?? 0;

  it('a literal position is read as neither an acronym ("th" = Trading House) nor an initial ("h" = Hamid)', () => {
    const acronym = run(core, index, ['th', 'rosel'], EXACT);
    const literal = run(core, index, ['th', 'rosel'], EXACT, { literal: 0b1 });
    expect(score(acronym, 'TRADING HOUSE ROSEL')).toBeGreaterThan(score(literal, 'TRADING HOUSE ROSEL') + 0.1);
    // Only position 0 is literal: a Latin initial beside it still counts.
    const initial = run(core, index, ['h', 'rosel'], EXACT);
    expect(score(initial, 'HAMID ROSEL')).toBeGreaterThan(score(run(core, index, ['h', 'rosel'], EXACT, { literal: 0b1 }), 'HAMID ROSEL') + 0.1);
    expect(run(core, index, ['h', 'rosel'], EXACT, { literal: 0b10 })).toEqual(initial);
  });

  it('the score bound stays exact with literal positions: the rows at or above the floor are the same', () => {
    for (const words of [['th', 'rosel'], ['h', 'rosel'], ['rosel', 'th']]) {
      for (const literal of [0, 0b1, 0b10]) {
        const all = run(core, index, words, EXACT, { literal });
        for (const floor of [0.3, 0.5, 0.7]) {
          const bounded = run(core, index, words, EXACT, { literal, minRawScore: floor });
          expect(bounded.filter((r) => r.score >= floor), `${words.join(' ')} ${literal} at ${floor}`).toEqual(all.filter((r) => r.score >= floor));
        }
      }
    }
  });
});

describe('MatchingCore token search recall (random dictionary)', () => {
  // Single-word names over a four-letter alphabet: dense neighbourhoods, every kind of edit.
  const words = [...new Set(randomWords(23, 900, 4).filter((w) => w.length <= 8).map((w) => w.replace(/e/g, 'a')))].slice(0, 300);
  let index: BuiltIndex;
  let core: MatchingCore;

  beforeAll(async () => {
    index = buildIndex(words.map((w, i) => entry(`w${i}`, w)));
    core = await MatchingCore.load(index.arrays);
  });

  /**
   * What the search of `q` within `maxEdits` must find, and what it may find either way. Within one
   * edit (deletion neighbourhoods): every token passing jwFloor. Two edits or more (trigrams): the
   * tokens that keep the first letter and pass jwFloor2; the q-gram bound is exact for
   * substitutions, insertions and deletions, but a transposition can destroy a fourth trigram, so
   * tokens that need one ("transposed") are found only when enough trigrams survive.
   */
  function expectedTokens(q: string, maxEdits: number, mode: 'balanced' | 'loose'): { expected: string[]; borderline: string[]; transposed: string[] } {
    const { jwFloor, jwFloor2 } = MODES[mode];
    const expected: string[] = [];
    const borderline: string[] = [];
    const transposed: string[] = [];
    for (const t of index.tokens.keys()) {
      const d = referenceOsa(q, t);
      if (d > maxEdits || (d >= 2 && t[0] !== q[0])) continue;
      const jw = referenceJaroWinkler(q, t);
      const floor = [0, jwFloor, jwFloor2][Math.min(d, 2)];
      // Pairs within float rounding of a floor may fall either side.
      if (Math.abs(jw - floor) < 1e-4) borderline.push(t);
      else if (jw < floor) continue;
      else if (d >= 2 && referenceLevenshtein(q, t) > d) transposed.push(t);
      else expected.push(t);
    }
    return { expected: expected.sort(), borderline, transposed: transposed.sort() };
  }

  function foundTokens(q: string, maxEdits: number, mode: 'balanced' | 'loose'): string[] {
    const rows = run(core, index, [q], { ...MODES[mode], minEditLength: 0, maxEdits }, { cap: 256 });
    return rows.map((r) => normaliseName(r.name)[0].text).sort();
  }

  const QUERIES = randomWords(29, 300, 4).map((w) => w.replace(/e/g, 'a'));

  it('with one edit allowed, finds exactly the tokens within one edit (a transposition too) that pass the similarity floor', () => {
    for (const mode of ['balanced', 'loose'] as const) {
      for (const q of QUERIES) {
        const { expected, borderline } = expectedTokens(q, 1, mode);
        expect(foundTokens(q, 1, mode).filter((t) => !borderline.includes(t)), `${mode}: ${q}`).toEqual(expected);
      }
    }
  });

  /** Every query searched with its mode's edit budget (computed once, for the two tests below). */
  let fullBudget: Array<{ label: string; q: string; found: string[] } & ReturnType<typeof expectedTokens>> | undefined;
  const fullBudgetCases = (): NonNullable<typeof fullBudget> =>
    (fullBudget ??= (['balanced', 'loose'] as const).flatMap((mode) =>
      QUERIES.map((q) => {
        const maxEdits = MODES[mode].editsFor(q.length);
        return { label: `${mode}: ${q} within ${maxEdits}`, q, found: foundTokens(q, maxEdits, mode), ...expectedTokens(q, maxEdits, mode) };
      }),
    ));

  it('with two edits allowed, also finds exactly the tokens two substitutions, insertions or deletions away that keep the first letter', () => {
    let twoEditTokens = 0;
    for (const { label, q, found, expected, borderline, transposed } of fullBudgetCases()) {
      expect(found.filter((t) => !borderline.includes(t) && !transposed.includes(t)), label).toEqual(expected);
      twoEditTokens += expected.filter((t) => referenceOsa(q, t) === 2).length;
    }
    expect(twoEditTokens).toBeGreaterThan(100);
  });

  it.fails('BUG: with two edits allowed, a token a transposition plus another edit away is missed when they leave too few trigrams (babdbab / bbdabb)', () => {
    for (const { label, found, transposed } of fullBudgetCases()) {
      for (const t of transposed) expect(found, `${label}: ${t}`).toContain(t);
    }
  });
});

describe('MatchingCore caps', () => {
  const crowd = Array.from({ length: 300 }, (_, i) => entry(`c${i}`, `ALPHA Q${i.toString(36)}X`));
  const full = ['ALPHA BRAVO CHARLIE', 'CHARLIE ALPHA BRAVO', 'BRAVO CHARLIE ALPHA'].map((n, i) => entry(`f${i}`, n));
  let index: BuiltIndex;
  let core: MatchingCore;

  beforeAll(async () => {
    index = buildIndex([...crowd, ...full]);
    core = await MatchingCore.load(index.arrays);
  });

  it('keeps the candidates that accumulated the most when more qualify than the cap', () => {
    const rows = run(core, index, ['alpha', 'bravo', 'charlie'], EXACT, { cap: 2 });
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(full.map((e) => e.name)).toContain(r.name);
  });

  it('regression: a full expansion list (MAX_EXPANSIONS = 128) replaces its least similar token with a better one', async () => {
    // Every "karimo??" but the query itself: 625 tokens two edits away, 50 one edit away.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const near = Array.from({ length: 676 }, (_, i) => `karimo${letters[i % 26]}${letters[Math.floor(i / 26)]}`).filter((t) => t !== 'karimovv');
    const crowded = buildIndex([...near.map((t, i) => entry(`n${i}`, t)), entry('x', 'karimovv')]);
    const crowdedCore = await MatchingCore.load(crowded.arrays);
    // The two-edit search runs first here and fills the list; the exact token and the one-edit
    // tokens found after it must still take their places.
    const p = edits(2);
    const queue = (u: number): void => {
      crowdedCore.queueTwoEdit(u, 2);
      crowdedCore.queueOneEdit(u);
    };
    const rows = run(crowdedCore, crowded, ['karimovv'], p, { queue, cap: 256 });
    // Each token is one name: 128 rows are a full list of 128 tokens.
    expect(rows).toHaveLength(FULL_LIST);
    expect(rows[0]).toEqual({ name: 'karimovv', score: expect.closeTo(1, 5) as number });
    const oneEdit = near.filter((t) => referenceOsa('karimovv', t) === 1);
    expect(oneEdit).toHaveLength(50);
    expect(namesOf(rows)).toEqual(expect.arrayContaining(oneEdit));
  });

  it('never scores more than 256 candidates, whatever cap the host asks for', () => {
    expect(run(core, index, ['alpha'], EXACT, { cap: 1000 })).toHaveLength(256);
    expect(run(core, index, ['alpha'], EXACT, { cap: 200 })).toHaveLength(200);
  });
});

// ── handing the index over ──────────────────────────────────────────────────────────────────

describe('the index table', () => {
  const fresh = async (): Promise<Awaited<ReturnType<typeof instantiate>>> =>
    instantiate(new WebAssembly.Module(readFileSync(new URL('../build/core.wasm', import.meta.url))), { env: {} });

  it('setIndex refuses a table with a region left unwritten, and takes one with every region named', async () => {
    const index = buildIndex([entry('1', 'KARIMOV Rustam')]);
    const unwritten = await fresh();
    expect(() => unwritten.setIndex()).toThrow();
    // The same index through MatchingCore, which writes every field by name, loads and finds the name.
    const core = await MatchingCore.load(index.arrays);
    core.writeQuery([{ text: 'karimov', pos: 0, span: 1, weight: 1 }], [1]);
    core.beginPlan(EXACT);
    core.queueAdd(0, index.tokens.get('karimov') ?? -1, 1);
    expect(core.collect(1, 1, 0, ALL, 10, EXACT)).toBe(1);
    core.reset(1);
  });
});
