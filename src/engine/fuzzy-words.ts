/**
 * @module Recognises a closed vocabulary through one typo: "COPMANY" is still a legal form and
 * "Mohaced" is still Mohamed. Without this, a typo turns a weak word into a strong, rare token
 * that the list lacks, and a true match is lost.
 *
 * A deletion neighbourhood (every word with one letter removed) finds the words within two edits;
 * a real edit-distance check then keeps those within one, with the same first letter.
 */
import { fnvSkip } from './fnv.js';

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** Scratch table of osaDistance (one call at a time); a larger table is allocated for its call only. */
const OSA = new Int32Array(64 * 64);

/** Optimal string alignment distance, small inputs only. */
export function osaDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  const w = n + 1;
  const d = (m + 1) * w > OSA.length ? new Int32Array((m + 1) * w) : OSA;
  for (let j = 0; j <= n; j++) d[j] = j;
  for (let i = 1; i <= m; i++) {
    const row = i * w;
    d[row] = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(d[row - w + j] + 1, d[row + j - 1] + 1, d[row - w + j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, d[row - 2 * w + j - 2] + 1);
      d[row + j] = v;
    }
  }
  return d[m * w + n];
}

/** Same first letter, or the first two letters swapped ("ILMITED"). */
function sameStart(word: string, token: string): boolean {
  return word[0] === token[0] || (word[0] === token[1] && word[1] === token[0]);
}

export class FuzzyWords<T> {
  private readonly exact = new Map<string, T>();
  private readonly neighbours = new Map<string, string[]>();
  /** Longest word searched through a typo: a token longer by two or more is no word's neighbour. */
  readonly maxLength: number = 0;

  constructor(
    entries: Iterable<readonly [string, T]>,
    /** Shortest token searched through a typo. */
    readonly minLength: number,
    /**
     * Shortest vocabulary word a typo may reach on its first letter too ("OMPANY", "qCOMPANY",
     * "rIABILITY"); shorter ones keep their first letter. Names keep theirs (Infinity): a first
     * letter is what tells two names apart; a legal form's long spelling is no name's.
     */
    readonly anyStartMin = Infinity,
  ) {
    for (const [word, value] of entries) {
      this.exact.set(word, value);
      if (word.length < minLength) continue;
      this.maxLength = Math.max(this.maxLength, word.length);
      for (const key of [word, ...deletions(word)]) {
        const list = this.neighbours.get(key);
        if (list) list.push(word);
        else this.neighbours.set(key, [word]);
      }
    }
  }

  /** Every key of the deletion neighbourhood (a NeighbourFilter is built from these). */
  neighbourKeys(): Iterable<string> {
    return this.neighbours.keys();
  }

  /**
   * The value of the word itself, or of the one vocabulary word within one edit (null if none or
   * ambiguous). `near` false: a NeighbourFilter has shown that no key of the token's neighbourhood
   * is this vocabulary's, so only the word itself can match.
   */
  find(token: string, near = true): T | undefined {
    const hit = this.exact.get(token);
    if (hit !== undefined || !near || token.length < this.minLength || token.length > this.maxLength + 1) return hit;
    const found = new Set<string>();
    for (const key of [token, ...deletions(token)]) {
      for (const word of this.neighbours.get(key) ?? []) {
        if ((word.length >= this.anyStartMin || sameStart(word, token)) && osaDistance(word, token) <= 1) found.add(word);
      }
    }
    if (found.size === 0) return undefined;
    const values = new Set([...found].map((w) => this.exact.get(w)));
    return values.size === 1 ? this.exact.get([...found][0]) : undefined;
  }
}

/**
 * Whether a word may have a vocabulary word within one edit, for several vocabularies at once,
 * without building a string: the hashes of all their neighbourhood keys in one open-addressing set.
 * False means no key of the word's neighbourhood (the word, and the word less any one letter) is a
 * key of any of them, so none can find a near word; true may be a hash collision (then look).
 * Most words of most names are near no legal form, title or name variant: this spares them the
 * key strings and map lookups of every vocabulary in turn.
 */
export class NeighbourFilter {
  private readonly table: Uint32Array;
  private readonly mask: number;

  constructor(vocabularies: ReadonlyArray<{ neighbourKeys(): Iterable<string> }>) {
    const hashes = new Set<number>();
    for (const v of vocabularies) for (const key of v.neighbourKeys()) hashes.add(fnvSkip(key, -1));
    let size = 16;
    while (size < 2 * hashes.size) size *= 2;
    this.mask = size - 1;
    // Slot value = hash + 1, 0 = empty (a hash of 0xffffffff is stored as 1, like a hash of 0: at
    // worst a false "may be near", never a missed key).
    this.table = new Uint32Array(size);
    for (const h of hashes) {
      let at = h & this.mask;
      while (this.table[at] !== 0) at = (at + 1) & this.mask;
      this.table[at] = (h + 1) >>> 0 || 1;
    }
  }

  private has(h: number): boolean {
    const stored = (h + 1) >>> 0 || 1;
    for (let at = h & this.mask; ; at = (at + 1) & this.mask) {
      const v = this.table[at];
      if (v === 0) return false;
      if (v === stored) return true;
    }
  }

  /** True when some vocabulary may hold a key of `word`'s neighbourhood (see the class). */
  mayBeNear(word: string): boolean {
    if (this.has(fnvSkip(word, -1))) return true;
    for (let i = 0; i < word.length; i++) if (this.has(fnvSkip(word, i))) return true;
    return false;
  }
}
