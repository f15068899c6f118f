// Token search: for one query unit, the dictionary tokens that are close enough to count.
//
// Candidates come from trigram postings ("$$" + token + "$", so the first letter and the ending
// weigh in), restricted to tokens that keep the query's first letter and whose length is within the
// allowed edits (each trigram's list is sorted by first letter, then length, so the window is a
// binary search). Survivors are checked by edit distance with a cutoff and scored by Jaro-Winkler.
// Never a scan of the dictionary.
import { MAXQ, MAX_EXPANSIONS, MAX_TOKEN, TG_ALPHABET } from './layout';
import { editDistance, jaroWinkler, oneEditDistance, symbol } from './similarity';
import {
  delMask, delTable, dictSim, expMinBound, headSig, expCount, expSim, expTok, qBytes, qLen, qOff, phonTok, simFlag, survSim, signature, tokFirst, tokSig, simTouched,
  simTouchedCount, setSimTouchedCount, tgCount, tgKey, tgList, tgOff, tgTouched, tokBytes, tokOff, touchSim,
} from './state';

@inline function tokLen(t: u32): i32 {
  return <i32>(load<u32>(tokOff + (<usize>(t + 1) << 2)) - load<u32>(tokOff + (<usize>t << 2)));
}

@inline function tokPtr(t: u32): usize {
  return tokBytes + <usize>load<u32>(tokOff + (<usize>t << 2));
}

/** A full expansion list keeps the best: the new token replaces the least similar one if better. */
function replaceWorst(u: i32, tok: u32, sim: f32): void {
  // Similarities in a list only ever rise, so the least one found by an earlier scan is still a
  // lower bound: a token no better than it would be turned away by the scan below anyway.
  const lbPtr = expMinBound + (<usize>u << 2);
  if (sim <= load<f32>(lbPtr)) return;
  const base = <usize>u * <usize>MAX_EXPANSIONS;
  let worst = 0;
  let worstSim = load<f32>(expSim + (base << 2));
  for (let i = 1; i < MAX_EXPANSIONS; i++) {
    const v = load<f32>(expSim + ((base + <usize>i) << 2));
    if (v < worstSim) {
      worstSim = v;
      worst = i;
    }
  }
  store<f32>(lbPtr, worstSim);
  if (worstSim >= sim) return;
  const old = load<u32>(expTok + ((base + <usize>worst) << 2));
  store<f32>(dictSim + ((<usize>old * <usize>MAXQ + <usize>u) << 2), 0);
  store<u32>(expTok + ((base + <usize>worst) << 2), tok);
  store<f32>(expSim + ((base + <usize>worst) << 2), sim);
  store<f32>(dictSim + ((<usize>tok * <usize>MAXQ + <usize>u) << 2), sim);
  touchSim(tok, u);
}

/** Records that dictionary token `tok` matches query unit `u` with similarity `sim` (keeps the best). */
export function addExpansion(u: i32, tok: u32, sim: f32): void {
  const slot = dictSim + ((<usize>tok * <usize>MAXQ + <usize>u) << 2);
  const prev = load<f32>(slot);
  if (prev >= sim) return;
  const countPtr = expCount + (<usize>u << 2);
  const n = load<i32>(countPtr);
  if (prev == 0) {
    if (n >= MAX_EXPANSIONS) {
      replaceWorst(u, tok, sim);
      return;
    }
    store<u32>(expTok + ((<usize>u * <usize>MAX_EXPANSIONS + <usize>n) << 2), tok);
    store<f32>(expSim + ((<usize>u * <usize>MAX_EXPANSIONS + <usize>n) << 2), sim);
    store<i32>(countPtr, n + 1);
    touchSim(tok, u);
  } else {
    for (let i = 0; i < n; i++) {
      const p = (<usize>u * <usize>MAX_EXPANSIONS + <usize>i) << 2;
      if (load<u32>(expTok + p) == tok) { store<f32>(expSim + p, sim); break; }
    }
  }
  store<f32>(slot, sim);
}

/**
 * First index in trigram list [lo, hi) whose entry's key (first letter << 16 | length: lists are
 * sorted by first letter, then length, then id) is at least `key`.
 */
function lowerBoundKey(lo: u32, hi: u32, key: u32): u32 {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (load<u32>(tgKey + (<usize>mid << 2)) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// u8[256] each, by byte value: letter counts of the query unit (its first MAX_TOKEN bytes; filled per
// two-edit search), and of a candidate while bagDistanceAbove compares it (cleared after each).
const qHist = memory.data(256);
const tHist = memory.data(256);

let qSig: u32 = 0;

function fillQueryHistogram(qp: usize, ql: i32): void {
  qSig = signature(qp, ql);
  memory.fill(qHist, 0, 256);
  const n = ql < MAX_TOKEN ? ql : MAX_TOKEN;
  for (let i = 0; i < n; i++) {
    const c = <usize>load<u8>(qp + <usize>i);
    store<u8>(qHist + c, load<u8>(qHist + c) + 1);
  }
}

/**
 * Bag distance (letters one string has and the other lacks, the larger side) is a lower bound of the
 * edit distance: an insertion, deletion or substitution changes it by at most one, a transposition
 * not at all. When it already exceeds `edits`, editDistance would too: skip the dynamic programme.
 * Compares the first MAX_TOKEN bytes, as editDistance does.
 */
function bagDistanceAbove(t: u32, tp: usize, tl: i32, ql: i32, edits: i32): bool {
  const n = tl < MAX_TOKEN ? tl : MAX_TOKEN;
  const qn = ql < MAX_TOKEN ? ql : MAX_TOKEN;
  // More letters on one side than edits allow, by length alone, or by the letter signatures.
  if (qn - n > edits || n - qn > edits) return true;
  const ts = load<u32>(tokSig + (<usize>t << 2));
  if (<i32>popcnt(ts & ~qSig) > edits || <i32>popcnt(qSig & ~ts) > edits) return true;
  let extraT = 0;
  let seen = n;
  for (let i = 0; i < n; i++) {
    const c = <usize>load<u8>(tp + <usize>i);
    const used = load<u8>(tHist + c);
    if (used < load<u8>(qHist + c)) store<u8>(tHist + c, used + 1);
    else if (++extraT > edits) {
      // Already too many letters the query lacks: stop (and clear only what was counted).
      seen = i + 1;
      break;
    }
  }
  for (let i = 0; i < seen; i++) store<u8>(tHist + <usize>load<u8>(tp + <usize>i), 0);
  if (extraT > edits) return true;
  const extraQ = qn - (n - extraT);
  return extraQ > edits;
}

/**
 * Similarity of list token `t` to the query token when it is two to `edits` edits away and its
 * Jaro-Winkler reaches `jwFloor2`: Jaro-Winkler lowered by `editPenalty` per edit; else 0. Within one
 * edit is the one-edit search's business (it also covers other first letters).
 */
@inline function twoEditSim(t: u32, qp: usize, ql: i32, edits: i32, jwFloor2: f32, editPenalty: f32): f32 {
  const tp = tokPtr(t);
  const tl = tokLen(t);
  if (bagDistanceAbove(t, tp, tl, ql, edits)) return 0;
  const d = editDistance(qp, ql, tp, tl, edits);
  if (d < 2 || d > edits) return 0;
  const jw = jaroWinkler(qp, ql, tp, tl);
  if (jw < jwFloor2) return 0;
  const sim = jw - editPenalty * <f32>d;
  return sim > 0 ? sim : 0;
}

/**
 * Two-edit search (the host queues the one-edit search for everything within one edit): dictionary
 * tokens that keep the query's first letter, within `edits` of query unit `u`, whose Jaro-Winkler
 * similarity reaches `jwFloor2`. Candidates are the tokens of the first trigram ("$$" + first letter)
 * in the length window; the other trigrams only count for them; survivors are verified exactly.
 * The similarity kept is Jaro-Winkler lowered by `editPenalty` per edit.
 */
export function expandUnit(u: i32, edits: i32, jwFloor2: f32, editPenalty: f32): i32 {
  const qp = qBytes + <usize>load<u32>(qOff + (<usize>u << 2));
  const ql = load<i32>(qLen + (<usize>u << 2));
  if (edits == 0 || ql == 0) return load<i32>(expCount + (<usize>u << 2));
  const minL = ql - edits;
  const maxL = ql + edits;
  // q-gram lemma: "$$" + token + "$" has ql + 1 trigrams and one edit destroys at most three of
  // them, so a token within `edits` shares at least ql + 1 - 3 * edits. A transposition counts as
  // one edit but may destroy four: the host finds transposed spellings by exact lookup instead.
  let minShared = ql + 1 - 3 * edits;
  if (minShared < 1) minShared = 1;
  fillQueryHistogram(qp, ql);
  if (minShared >= 2) {
    expandByCounts(u, qp, ql, edits, minL, maxL, minShared, jwFloor2, editPenalty);
    return load<i32>(expCount + (<usize>u << 2));
  }
  // One shared trigram is enough: every token of the first trigram's list ("$$" + first letter,
  // within the length window) qualifies, so the other lists need no counting. In list order.
  const id = symbol(load<u8>(qp));
  const k0 = windowStart(id, id, minL);
  const hi = windowEnd(id, id, k0, maxL);
  const qs = qSig;
  for (let k = k0; k < hi; k++) {
    // bagDistanceAbove's signature test on the list's own copy of the signatures (headSig): most
    // of the window fails it, without reading the token's id, length or text. (The window keeps
    // the lengths within `edits`, bagDistanceAbove's other quick test.)
    const ts = load<u32>(headSig + (<usize>k << 2));
    if (<i32>popcnt(ts & ~qs) > edits || <i32>popcnt(qs & ~ts) > edits) continue;
    const t = load<u32>(tgList + (<usize>k << 2));
    const sim = twoEditSim(t, qp, ql, edits, jwFloor2, editPenalty);
    if (sim > 0) addExpansion(u, t, sim);
  }
  return load<i32>(expCount + (<usize>u << 2));
}

/**
 * Phonetic candidates of query unit `u`: the `count` dictionary tokens sharing its consonant skeleton,
 * which runOps copies from an OP_PHONETIC op to phonTok. Each whose Jaro-Winkler reaches `minJw` is added with
 * similarity max(jw - drop, minSim). Computed in f64 as the host did before this moved here, so the
 * thresholds and the stored f32 are bit for bit the same.
 */
export function addPhonetic(u: i32, count: i32, minJw: f64, drop: f64, minSim: f64): void {
  const qp = qBytes + <usize>load<u32>(qOff + (<usize>u << 2));
  const ql = load<i32>(qLen + (<usize>u << 2));
  for (let i = 0; i < count; i++) {
    const tok = load<u32>(phonTok + (<usize>i << 2));
    const jw = <f64>jaroWinkler(qp, ql, tokPtr(tok), tokLen(tok));
    if (jw < minJw) continue;
    const sim = jw - drop;
    addExpansion(u, tok, <f32>(sim > minSim ? sim : minSim));
  }
}

/** The window [k0, hi) of trigram `id`'s list holding tokens of first letter `first` and length minL..maxL. */
@inline function windowStart(id: i32, first: i32, minL: i32): u32 {
  const key = (<u32>first << 16) | <u32>(minL > 0 ? minL : 0);
  return lowerBoundKey(load<u32>(tgOff + (<usize>id << 2)), load<u32>(tgOff + (<usize>(id + 1) << 2)), key);
}

@inline function windowEnd(id: i32, first: i32, from: u32, maxL: i32): u32 {
  return lowerBoundKey(from, load<u32>(tgOff + (<usize>(id + 1) << 2)), (<u32>first << 16) | <u32>(maxL + 1));
}

/**
 * lowerBoundKey(lo, end, key) found by galloping from lo (entries lo, lo + 1, lo + 3, lo + 7, ...,
 * then a binary search of the last gap): the same index, read near lo. For a window's end, a few
 * dozen entries past its start, where a binary search of the rest of a long list would begin with
 * reads far away in tgKey (tens of MB), each a cache miss the next read waits for.
 */
function gallopKey(lo: u32, end: u32, key: u32): u32 {
  // Every entry before lo is under key.
  let step: u32 = 1;
  while (lo < end) {
    const at = end - lo > step ? lo + step - 1 : end - 1;
    if (load<u32>(tgKey + (<usize>at << 2)) >= key) return lowerBoundKey(lo, at, key);
    lo = at + 1;
    step <<= 1;
  }
  return end;
}

/**
 * expandUnit when a candidate needs two shared trigrams or more: the same tokens, found without
 * walking the first trigram's list ("$$" + first letter, the longest: every token with that first
 * letter). Counting over the other trigrams, a token needs minShared - 1 of them and the query's
 * first letter. The survivors are then added in the order the first list holds them (length, then
 * id), so the expansion lists come out exactly as expandUnit's walk builds them.
 */
function expandByCounts(
  u: i32, qp: usize, ql: i32, edits: i32, minL: i32, maxL: i32, minShared: i32, jwFloor2: f32, editPenalty: f32,
): void {
  const first = symbol(load<u8>(qp));
  let touched = 0;
  let s0 = 0;
  let s1 = first;
  for (let i = 1; i <= ql; i++) {
    const s2 = i < ql ? symbol(load<u8>(qp + <usize>i)) : 0;
    const id = (s0 * TG_ALPHABET + s1) * TG_ALPHABET + s2;
    s0 = s1;
    s1 = s2;
    // Only tokens with the query's first letter can be candidates: the window holds no other.
    const k0 = windowStart(id, first, minL);
    const hi = gallopKey(k0, load<u32>(tgOff + (<usize>(id + 1) << 2)), (<u32>first << 16) | <u32>(maxL + 1));
    for (let k = k0; k < hi; k++) {
      const t = load<u32>(tgList + (<usize>k << 2));
      const cp = tgCount + (<usize>t << 1);
      const c = load<u16>(cp);
      if (c == 0) {
        store<u32>(tgTouched + (<usize>touched << 2), t);
        touched++;
      }
      store<u16>(cp, c + 1);
    }
  }
  // Verify, compacting the survivors (token, similarity) to the front of the touched list.
  const qs = qSig;
  let kept = 0;
  for (let i = 0; i < touched; i++) {
    const t = load<u32>(tgTouched + (<usize>i << 2));
    const cp = tgCount + (<usize>t << 1);
    const shared = <i32>load<u16>(cp) + 1;
    store<u16>(cp, 0);
    if (shared < minShared) continue;
    // bagDistanceAbove's signature test first, on tokSig alone: most candidates fail it, and then
    // neither their offsets nor their text are read (the window already kept the lengths).
    const ts = load<u32>(tokSig + (<usize>t << 2));
    if (<i32>popcnt(ts & ~qs) > edits || <i32>popcnt(qs & ~ts) > edits) continue;
    const sim = twoEditSim(t, qp, ql, edits, jwFloor2, editPenalty);
    if (sim <= 0) continue;
    // Insertion by (length, id): the first trigram list's order.
    const tl = tokLen(t);
    let j = kept - 1;
    while (j >= 0) {
      const o = load<u32>(tgTouched + (<usize>j << 2));
      const ol = tokLen(o);
      if (ol < tl || (ol == tl && o < t)) break;
      store<u32>(tgTouched + (<usize>(j + 1) << 2), o);
      store<f32>(survSim + (<usize>(j + 1) << 2), load<f32>(survSim + (<usize>j << 2)));
      j--;
    }
    store<u32>(tgTouched + (<usize>(j + 1) << 2), t);
    store<f32>(survSim + (<usize>(j + 1) << 2), sim);
    kept++;
  }
  for (let i = 0; i < kept; i++) {
    addExpansion(u, load<u32>(tgTouched + (<usize>i << 2)), load<f32>(survSim + (<usize>i << 2)));
  }
}

/** Clears everything the last query wrote, touching only what it touched. */
export function resetQuery(units: i32): void {
  for (let i = 0; i < simTouchedCount; i++) {
    const slot = load<u32>(simTouched + (<usize>i << 2));
    store<f32>(dictSim + (<usize>slot << 2), 0);
    store<u8>(simFlag + <usize>(slot / <u32>MAXQ), 0);
  }
  setSimTouchedCount(0);
  for (let u = 0; u < units && u < MAXQ; u++) {
    store<i32>(expCount + (<usize>u << 2), 0);
    store<f32>(expMinBound + (<usize>u << 2), 0);
  }
}

// ── one-edit search through deletion neighbourhoods ─────────────────────────────
// Two strings are within one edit (insertion, deletion, substitution or adjacent transposition) only
// if they share a key: the string itself or the string with one letter deleted. The index holds every
// dictionary token's keys; the query probes its own. Candidates are few and verified exactly.

// u32[MAX_TOKEN + 1] each: the deletion-table keys one expandUnitOneEdit probes, in probe order, and
// the token word of each key's first slot (0: an empty slot, the run is empty). Written and read
// within one call.
const probeKeys = memory.data((MAX_TOKEN + 1) * 4, 16);
const probeFirst = memory.data((MAX_TOKEN + 1) * 4, 16);

const FNV_OFFSET: u32 = 0x811c9dc5;
const FNV_PRIME: u32 = 0x01000193;

/** FNV-1a of bytes [p, p + len) without the byte at `skip` (-1 = none). */
@inline function hashSkip(p: usize, len: i32, skip: i32): u32 {
  let h = FNV_OFFSET;
  for (let i = 0; i < len; i++) {
    if (i == skip) continue;
    h = (h ^ <u32>load<u8>(p + <usize>i)) * FNV_PRIME;
  }
  return h;
}

function probe(u: i32, qp: usize, ql: i32, key: u32, jwFloor: f32, editPenalty: f32, fixedSim: f32, touched: i32): i32 {
  // The run of occupied slots from key & mask holds every entry of this key, in token order.
  for (let s = key & delMask; ; s = (s + 1) & delMask) {
    const slot = delTable + (<usize>s << 3);
    const stored = load<u32>(slot + 4);
    if (stored == 0) break;
    if (load<u32>(slot) != key) continue;
    const t = stored - 1;
    const cp = tgCount + (<usize>t << 1);
    if (load<u16>(cp) != 0) continue;
    store<u16>(cp, 1);
    store<u32>(tgTouched + (<usize>touched << 2), t);
    touched++;
    const tl = tokLen(t);
    const tp = tokPtr(t);
    const d = oneEditDistance(qp, ql, tp, tl);
    if (d > 1) continue;
    if (d == 0) {
      addExpansion(u, t, 1.0);
      continue;
    }
    if (fixedSim > 0) {
      addExpansion(u, t, fixedSim);
      continue;
    }
    const jw = jaroWinkler(qp, ql, tp, tl);
    if (jw >= jwFloor) addExpansion(u, t, jw - editPenalty);
  }
  return touched;
}

/**
 * Dictionary tokens within one edit of query unit `u` (Jaro-Winkler floor as in expandUnit). With
 * `fixedSim` > 0 every token one edit away gets that similarity instead (short tokens, where
 * Jaro-Winkler over three letters says little: "Tom" / "Tim").
 */
export function expandUnitOneEdit(u: i32, jwFloor: f32, editPenalty: f32, fixedSim: f32): i32 {
  const qp = qBytes + <usize>load<u32>(qOff + (<usize>u << 2));
  let ql = load<i32>(qLen + (<usize>u << 2));
  if (ql > MAX_TOKEN) ql = MAX_TOKEN; // the host writes at most MAX_TOKEN bytes a unit (probeKeys' size)
  // The keys first (the unit itself, then each deletion; deleting either of two equal neighbours
  // gives the same key: probed once), and each key's first slot read before any run is walked:
  // the table is tens of MB read at random, and these reads, independent of one another, wait for
  // memory together instead of one after each probe's verification work. Then the probes, in the
  // same order as ever.
  store<u32>(probeKeys, hashSkip(qp, ql, -1));
  let keys = 1;
  for (let i = 0; i < ql; i++) {
    if (i > 0 && load<u8>(qp + <usize>i) == load<u8>(qp + <usize>(i - 1))) continue;
    store<u32>(probeKeys + (<usize>keys << 2), hashSkip(qp, ql, i));
    keys++;
  }
  for (let k = 0; k < keys; k++) {
    const slot = delTable + (<usize>(load<u32>(probeKeys + (<usize>k << 2)) & delMask) << 3);
    store<u32>(probeFirst + (<usize>k << 2), load<u32>(slot, 4));
  }
  let touched = 0;
  for (let k = 0; k < keys; k++) {
    // An empty first slot: the key's run is empty (probe would stop there at once).
    if (load<u32>(probeFirst + (<usize>k << 2)) == 0) continue;
    touched = probe(u, qp, ql, load<u32>(probeKeys + (<usize>k << 2)), jwFloor, editPenalty, fixedSim, touched);
  }
  for (let i = 0; i < touched; i++) store<u16>(tgCount + (<usize>load<u32>(tgTouched + (<usize>i << 2)) << 1), 0);
  return load<i32>(expCount + (<usize>u << 2));
}
