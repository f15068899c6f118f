/**
 * The two things a team would build instead of our engine, for the speed comparison in
 * bench/engine.bench.ts: a brute-force Jaro-Winkler scan over every list name in plain
 * JavaScript, and fuse.js over the same names. Both return the best 10 names of a query.
 */
import Fuse from 'fuse.js';

export const TOP_K = 10;

export interface NameSearch {
  search(query: string): number[];
}

/** Lower case, diacritics and punctuation off, spaces collapsed: done once per list name. */
export function simpleNormalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Jaro-Winkler (prefix scale 0.1, up to 4 prefix characters), with the match flags kept in
 * reusable buffers so the scan allocates nothing per comparison: a fair, tuned baseline.
 */
export class JaroWinkler {
  private flagsA = new Uint8Array(256);
  private flagsB = new Uint8Array(256);

  similarity(a: string, b: string): number {
    const la = a.length;
    const lb = b.length;
    if (la === 0 || lb === 0) return la === lb ? 1 : 0;
    if (la > this.flagsA.length || lb > this.flagsB.length) this.grow(Math.max(la, lb));
    const fa = this.flagsA.fill(0, 0, la);
    const fb = this.flagsB.fill(0, 0, lb);
    const window = Math.max(0, (Math.max(la, lb) >> 1) - 1);
    let matches = 0;
    for (let i = 0; i < la; i++) {
      const c = a.charCodeAt(i);
      const end = Math.min(i + window + 1, lb);
      for (let j = Math.max(0, i - window); j < end; j++) {
        if (fb[j] === 0 && b.charCodeAt(j) === c) {
          fa[i] = 1;
          fb[j] = 1;
          matches++;
          break;
        }
      }
    }
    if (matches === 0) return 0;
    let transpositions = 0;
    for (let i = 0, j = 0; i < la; i++) {
      if (fa[i] === 0) continue;
      while (fb[j] === 0) j++;
      if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++;
      j++;
    }
    const m = matches;
    const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
    let prefix = 0;
    while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
    return jaro + prefix * 0.1 * (1 - jaro);
  }

  private grow(length: number): void {
    this.flagsA = new Uint8Array(length * 2);
    this.flagsB = new Uint8Array(length * 2);
  }
}

/** Scores the query against every name and keeps the best TOP_K (name indexes, best first). */
export class JaroWinklerScan implements NameSearch {
  private readonly normalised: string[];
  private readonly jw = new JaroWinkler();

  constructor(names: readonly string[]) {
    this.normalised = names.map(simpleNormalise);
  }

  search(query: string): number[] {
    const q = simpleNormalise(query);
    const best: Array<{ name: number; score: number }> = [];
    for (let n = 0; n < this.normalised.length; n++) {
      const score = this.jw.similarity(q, this.normalised[n]);
      if (best.length === TOP_K && score <= best[TOP_K - 1].score) continue;
      let at = best.length === TOP_K ? TOP_K - 1 : best.length;
      best[at] = { name: n, score };
      while (at > 0 && best[at - 1].score < score) {
        [best[at - 1], best[at]] = [best[at], best[at - 1]];
        at--;
      }
    }
    return best.map((b) => b.name);
  }
}

/** fuse.js as its README suggests it for fuzzy name search: one key, a score, threshold 0.3. */
export class FuseSearch implements NameSearch {
  private readonly fuse: Fuse<{ text: string }>;

  constructor(names: readonly string[]) {
    this.fuse = new Fuse(
      names.map((text) => ({ text })),
      { includeScore: true, threshold: 0.3, keys: ['text'] },
    );
  }

  search(query: string): number[] {
    return this.fuse.search(query, { limit: TOP_K }).map((r) => r.refIndex);
  }
}
