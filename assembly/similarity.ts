// Character-level similarity of two ASCII tokens held in linear memory.
import { MAX_TOKEN } from './layout';

// i32[MAX_TOKEN + 1] each: the rows of editDistance's dynamic programme (two back for the
// transposition), static so no call allocates. Written and read within one call.
const rowPrev2 = memory.data((MAX_TOKEN + 1) * 4);
const rowPrev = memory.data((MAX_TOKEN + 1) * 4);
const rowCur = memory.data((MAX_TOKEN + 1) * 4);

@inline function byteAt(ptr: usize, i: i32): u8 {
  return load<u8>(ptr + <usize>i);
}

// u64[256], by byte value: its positions in jaroWinkler's second string (bit j = position j), set
// and cleared within each call.
const charPos = memory.data(256 * 8);

/**
 * Jaro-Winkler similarity (prefix scale 0.1, up to 4 prefix characters, boost above 0.7), 0..1.
 * Matching flags are 64-bit masks (tokens compare on their first MAX_TOKEN = 64 bytes): a character
 * of `a` takes the first unmatched equal character of `b` inside the window, the lowest set bit of
 * (positions of that byte in b) & window & ~matched, instead of a scan of the window.
 */
export function jaroWinkler(a: usize, aLen: i32, b: usize, bLen: i32): f32 {
  if (aLen > MAX_TOKEN) aLen = MAX_TOKEN;
  if (bLen > MAX_TOKEN) bLen = MAX_TOKEN;
  if (aLen == 0 || bLen == 0) return 0;
  for (let j = 0; j < bLen; j++) {
    const p = charPos + (<usize>byteAt(b, j) << 3);
    store<u64>(p, load<u64>(p) | (<u64>1 << <u64>j));
  }
  let window = (aLen > bLen ? aLen : bLen) / 2 - 1;
  if (window < 0) window = 0;
  let flagsA: u64 = 0;
  let flagsB: u64 = 0;
  let matches = 0;
  for (let i = 0; i < aLen; i++) {
    const lo = i - window > 0 ? i - window : 0;
    const hi = i + window + 1 < bLen ? i + window + 1 : bLen;
    if (hi <= lo) continue;
    const hiMask: u64 = hi >= 64 ? <u64>-1 : (<u64>1 << <u64>hi) - 1;
    const loMask: u64 = (<u64>1 << <u64>lo) - 1;
    const cand = load<u64>(charPos + (<usize>byteAt(a, i) << 3)) & hiMask & ~loMask & ~flagsB;
    if (cand == 0) continue;
    flagsB |= cand & (~cand + 1);
    flagsA |= <u64>1 << <u64>i;
    matches++;
  }
  for (let j = 0; j < bLen; j++) store<u64>(charPos + (<usize>byteAt(b, j) << 3), 0);
  if (matches == 0) return 0;
  let transpositions = 0;
  let fa = flagsA;
  let fb = flagsB;
  while (fa != 0) {
    const i = <i32>ctz(fa);
    const k = <i32>ctz(fb);
    if (byteAt(a, i) != byteAt(b, k)) transpositions++;
    fa &= fa - 1;
    fb &= fb - 1;
  }
  const m = <f32>matches;
  const jaro = (m / <f32>aLen + m / <f32>bLen + (m - <f32>(transpositions / 2)) / m) / 3.0;
  // Winkler's prefix boost applies only to strings already alike (Jaro >= 0.7).
  if (jaro < 0.7) return jaro;
  let prefix = 0;
  const maxPrefix = aLen < bLen ? (aLen < 4 ? aLen : 4) : bLen < 4 ? bLen : 4;
  while (prefix < maxPrefix && byteAt(a, prefix) == byteAt(b, prefix)) prefix++;
  return jaro + <f32>prefix * 0.1 * (1.0 - jaro);
}

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein with adjacent transpositions), giving up
 * as soon as it must exceed `cutoff` (returns cutoff + 1 then). Banded: only cells within `cutoff`
 * of the diagonal can stay under the cutoff, so each row computes at most 2 * cutoff + 1 cells.
 */
export function editDistance(a: usize, aLen: i32, b: usize, bLen: i32, cutoff: i32): i32 {
  if (aLen > MAX_TOKEN) aLen = MAX_TOKEN;
  if (bLen > MAX_TOKEN) bLen = MAX_TOKEN;
  const diff = aLen > bLen ? aLen - bLen : bLen - aLen;
  if (diff > cutoff) return cutoff + 1;
  const big = cutoff + 1;
  let p2 = rowPrev2;
  let p1 = rowPrev;
  let cur = rowCur;
  for (let j = 0; j <= bLen; j++) store<i32>(p1 + (<usize>j << 2), j <= cutoff ? j : big);
  for (let i = 1; i <= aLen; i++) {
    const jStart = i - cutoff > 1 ? i - cutoff : 1;
    const jEnd = i + cutoff < bLen ? i + cutoff : bLen;
    const first = jStart == 1 && i <= cutoff ? i : big;
    store<i32>(cur + (<usize>(jStart - 1) << 2), first);
    let rowMin = first;
    const ca = byteAt(a, i - 1);
    for (let j = jStart; j <= jEnd; j++) {
      const cb = byteAt(b, j - 1);
      let v = load<i32>(p1 + (<usize>(j - 1) << 2)) + (ca == cb ? 0 : 1);
      const del = load<i32>(p1 + (<usize>j << 2)) + 1;
      const ins = load<i32>(cur + (<usize>(j - 1) << 2)) + 1;
      if (del < v) v = del;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ca == byteAt(b, j - 2) && byteAt(a, i - 2) == cb) {
        const tr = load<i32>(p2 + (<usize>(j - 2) << 2)) + 1;
        if (tr < v) v = tr;
      }
      if (v > big) v = big;
      store<i32>(cur + (<usize>j << 2), v);
      if (v < rowMin) rowMin = v;
    }
    if (jEnd < bLen) store<i32>(cur + (<usize>(jEnd + 1) << 2), big);
    if (rowMin > cutoff) return big;
    const t = p2;
    p2 = p1;
    p1 = cur;
    cur = t;
  }
  return load<i32>(p1 + (<usize>bLen << 2));
}

/**
 * editDistance(a, aLen, b, bLen, 1) without the dynamic programme: 0 when equal, 1 when one
 * substitution, insertion, deletion or adjacent transposition apart, 2 otherwise. Linear: after the
 * common prefix, the rests must be equal once the one edit at the first difference is undone.
 */
export function oneEditDistance(a: usize, aLen: i32, b: usize, bLen: i32): i32 {
  if (aLen > MAX_TOKEN) aLen = MAX_TOKEN;
  if (bLen > MAX_TOKEN) bLen = MAX_TOKEN;
  // Let a be the shorter (the distance is symmetric).
  if (aLen > bLen) {
    const p = a; a = b; b = p;
    const l = aLen; aLen = bLen; bLen = l;
  }
  const diff = bLen - aLen;
  if (diff > 1) return 2;
  let i = 0;
  while (i < aLen && byteAt(a, i) == byteAt(b, i)) i++;
  if (diff == 0) {
    if (i == aLen) return 0;
    // Substitution at i: the rests after i are equal.
    if (restEqual(a, i + 1, b, i + 1, aLen - i - 1)) return 1;
    // Transposition of i and i + 1, rests after i + 1 equal.
    if (i + 1 < aLen && byteAt(a, i) == byteAt(b, i + 1) && byteAt(a, i + 1) == byteAt(b, i)
      && restEqual(a, i + 2, b, i + 2, aLen - i - 2)) return 1;
    return 2;
  }
  // b is one longer: deleting b[i] must leave a.
  return restEqual(a, i, b, i + 1, aLen - i) ? 1 : 2;
}

@inline function restEqual(a: usize, ai: i32, b: usize, bi: i32, n: i32): bool {
  for (let k = 0; k < n; k++) if (byteAt(a, ai + k) != byteAt(b, bi + k)) return false;
  return true;
}

/** Index of a trigram alphabet symbol: '$' 0, a-z 1..26, 0-9 27..36. */
@inline export function symbol(c: u8): i32 {
  if (c >= 97 && c <= 122) return <i32>c - 96;
  if (c >= 48 && c <= 57) return <i32>c - 48 + 27;
  return 0;
}
