/**
 * @module Recognises a closed vocabulary through one typo: "COPMANY" is still a legal form and
 * "Mohaced" is still Mohamed. Without this, a typo turns a weak word into a strong, rare token
 * that the list lacks, and a true match is lost.
 *
 * A deletion neighbourhood (every word with one letter removed) finds the words within two edits;
 * a real edit-distance check then keeps those within one, with the same first letter.
 */

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** Optimal string alignment distance, small inputs only. */
export function osaDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...new Array<number>(n).fill(0)]);
  for (let j = 0; j <= n; j++) d[0][j] = j;
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[m][n];
}

/** Same first letter, or the first two letters swapped ("ILMITED"). */
function sameStart(word: string, token: string): boolean {
  return word[0] === token[0] || (word[0] === token[1] && word[1] === token[0]);
}

export class FuzzyWords<T> {
  private readonly exact = new Map<string, T>();
  private readonly neighbours = new Map<string, string[]>();

  constructor(
    entries: Iterable<readonly [string, T]>,
    private readonly minLength: number,
  ) {
    for (const [word, value] of entries) {
      this.exact.set(word, value);
      if (word.length < minLength) continue;
      for (const key of [word, ...deletions(word)]) {
        const list = this.neighbours.get(key);
        if (list) list.push(word);
        else this.neighbours.set(key, [word]);
      }
    }
  }

  /** The value of the word itself, or of the one vocabulary word within one edit (null if none or ambiguous). */
  find(token: string): T | undefined {
    const hit = this.exact.get(token);
    if (hit !== undefined || token.length < this.minLength) return hit;
    const found = new Set<string>();
    for (const key of [token, ...deletions(token)]) {
      for (const word of this.neighbours.get(key) ?? []) {
        if (sameStart(word, token) && osaDistance(word, token) <= 1) found.add(word);
      }
    }
    if (found.size === 0) return undefined;
    const values = new Set([...found].map((w) => this.exact.get(w)));
    return values.size === 1 ? this.exact.get([...found][0]) : undefined;
  }
}
