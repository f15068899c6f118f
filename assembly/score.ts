// Candidate generation and name scoring.
//
// collect(): every expansion of every query unit walks its token's name postings and adds
// sim x unit weight to the name's accumulator (once per unit: expansions are visited best first).
// Names whose accumulated rarity reaches the host's floor are kept (the best MAX_CANDIDATES by a
// min-heap), and each is aligned against the query.
//
// align(): one-to-one greedy alignment of query units to name units, most similar first; a pair's
// value = sim x mean weight,
// order-free (surname-first and "LAST, First" align the same). Score = matched value /
// (matched mass + penalty), where the penalty is the rarity mass left unmatched (see below).
import { MAXQ, MAX_CANDIDATES, MAX_PAIRS, MAX_RESIDUAL, MAX_TOKEN, OUT_STRIDE } from './layout';
import {
  accSeen, candidates, chainMask, containedMass, dictSim, expCount, expSim, expTok, initialSim, lamConflict, lamMissing, lamMissingContained,
  lamMissingQuery, literalMask, nameList, nextStamp, oneOffClose, oneOffMask, oneOffStrongW, outAlt, oneOffDrop, oneOffFloor, oneOffShare, orderFactor, out, queryContainedMass, formMask, residualDrop, residualFloor,
  unknownCharge, unknownDescriptorMax, unknownDistinctive, unknownMask, unknownPairMax, unknownPairMin, tokDesc,
  pairs, postList, postOff, qBytes, qLen, qOff, qPos, qPosW, qSpan, qWeight, signature, simFlag, simFlagUnreliable, tokBytes, tokFirst, tokLen8, tokOff, tokSig, unitOff, unitPS,
  unitTok, unitW,
} from './state';
import { MAX_EXPANSIONS } from './layout';

// ── work budget (issue #12) ─────────────────────────────────────────────────────────────────
// Work = posting entries walked plus name units read by addToCandidates: what a query's long
// posting lists of common tokens cost. collect() stops walking once `workLimit` is reached, then
// selects and scores the candidates found as usual (the host gives an alias what the request has left).
let work: u32 = 0;
let workLimit: u32 = 0xffffffff;

/** Sets the next collect()'s work limit (0xffffffff: none) and clears its count. */
export function setWorkLimit(limit: u32): void {
  workLimit = limit;
  work = 0;
}

/** Work done since the last setWorkLimit (posting entries and candidate units). */
export function workDone(): u32 {
  return work;
}

@inline function workRoom(): u32 {
  return work < workLimit ? workLimit - work : 0;
}
import { jaroWinkler, symbol } from './similarity';

// u32[MAX_CANDIDATES] names and f32[MAX_CANDIDATES] keys: the min-heap of selected candidates, keyed by
// accumulated rarity. Written by select() each collect, read by collect's alignment loop.
const heapName = memory.data(MAX_CANDIDATES * 4);
const heapKey = memory.data(MAX_CANDIDATES * 4);

@inline function accOf(n: u32): f32 {
  return load<f32>(accSeen + (<usize>n << 3));
}

function sortExpansions(u: i32): void {
  const n = load<i32>(expCount + (<usize>u << 2));
  const base = <usize>u * <usize>MAX_EXPANSIONS;
  for (let i = 1; i < n; i++) {
    const t = load<u32>(expTok + ((base + <usize>i) << 2));
    const s = load<f32>(expSim + ((base + <usize>i) << 2));
    let j = i - 1;
    while (j >= 0 && load<f32>(expSim + ((base + <usize>j) << 2)) < s) {
      store<u32>(expTok + ((base + <usize>(j + 1)) << 2), load<u32>(expTok + ((base + <usize>j) << 2)));
      store<f32>(expSim + ((base + <usize>(j + 1)) << 2), load<f32>(expSim + ((base + <usize>j) << 2)));
      j--;
    }
    store<u32>(expTok + ((base + <usize>(j + 1)) << 2), t);
    store<f32>(expSim + ((base + <usize>(j + 1)) << 2), s);
  }
}

/**
 * Accumulates rarity per name; returns how many names were touched (stored in `candidates`).
 * The host writes units rarest first. Once the units left cannot add up to `minAcc`, a name not
 * seen yet can never qualify, so common tokens ("Muhammad", "Ltd") only add to names already
 * found instead of walking their long postings into new candidates (max-score pruning).
 */
function accumulate(units: i32, listMask: u32, minAcc: f32): i32 {
  let touched = 0;
  let remaining: f32 = 0;
  for (let u = 0; u < units; u++) remaining += load<f32>(qWeight + (<usize>u << 2));
  for (let u = 0; u < units; u++) {
    sortExpansions(u);
    const stamp = nextStamp();
    const w = load<f32>(qWeight + (<usize>u << 2));
    const wf = fuzzyWeight(u, w);
    const canStart = remaining >= minAcc;
    remaining -= w;
    const n = load<i32>(expCount + (<usize>u << 2));
    const base = <usize>u * <usize>MAX_EXPANSIONS;
    // No new candidate can start: adding to the names already found by reading their units is
    // cheaper than walking postings when those are longer (a common token's run to thousands).
    // (Not once stale similarities may linger: see simFlagUnreliable.)
    if (!canStart && !simFlagUnreliable && candidateUnits(touched) < postingsLength(base, n)) {
      addToCandidates(u, w, wf, touched, stamp);
      continue;
    }
    for (let e = 0; e < n; e++) {
      const t = load<u32>(expTok + ((base + <usize>e) << 2));
      const sim = load<f32>(expSim + ((base + <usize>e) << 2));
      const value = sim * (sim >= 1 ? w : wf);
      const start = load<u32>(postOff + (<usize>t << 2));
      let end = load<u32>(postOff + (<usize>(t + 1) << 2));
      // Within the work limit: the walk is cut where the budget ends (never, without a limit).
      const room = workRoom();
      if (end - start > room) end = start + room;
      work += end - start;
      for (let k = start; k < end; k++) {
        const name = load<u32>(postList + (<usize>k << 2));
        const ap = accSeen + (<usize>name << 3);
        if (load<u32>(ap, 4) == stamp) continue;
        store<u32>(ap, stamp, 4);
        if (((1 << <u32>load<u8>(nameList + <usize>name)) & listMask) == 0) continue;
        const a = load<f32>(ap);
        if (a == 0) {
          if (!canStart) continue;
          store<u32>(candidates + (<usize>touched << 2), name);
          touched++;
        }
        store<f32>(ap, a + value);
      }
    }
  }
  return touched;
}

/**
 * What a fuzzy expansion of unit u (a list word some letters from it, not the word itself) adds to a
 * name's rarity gathered: the unit's weight, less what its words the lists do not know (unknownMask)
 * weigh above their charge (unknownCharge), as the host counts them in the share a candidate must
 * gather. Such a word is most often another language's descriptor ("Csoport", "Uzina") or one
 * declined ("Usámy"): at its whole (top) rarity, the list words a few letters from it, none of them
 * the party, would fill the candidate cap before the names that hold the query's listed words. The
 * word itself, on the one list name that has it (UNKNOWN_WORD_NAMES), adds its whole weight.
 * Measured (cross-publisher dev half, balanced): latin-entity 0.7088 -> 0.7102, the rest the same.
 * Capping every expansion (exact too): two-typos loose 0.987 -> 0.980 (a distinctive word on one
 * list name, its one name crowded out: "Onefactor LhITED LIABILITY COMPANY"); capping only words on
 * no list name: "síť Usámy Bin Ládina" lost beside "síť", on one name (latin-entity 0.7116 against
 * 0.7129 this way, both with formNameWord).
 */
@inline function fuzzyWeight(u: i32, w: f32): f32 {
  if (unknownMask == 0 || unknownCharge <= 0) return w;
  const pos = load<u32>(qPos + (<usize>u << 2));
  const span = load<u32>(qSpan + (<usize>u << 2));
  let less: f32 = 0;
  for (let k: u32 = 0; k < span; k++) {
    const p = pos + k;
    if (p > 30 || (unknownMask & (<u32>1 << p)) == 0) continue;
    const pw = load<f32>(qPosW + (<usize>p << 2));
    if (pw > unknownCharge) less += pw - unknownCharge;
  }
  return w - less > 0 ? w - less : 0;
}

/** Postings entries the n expansions of a unit (from `base`) would walk. */
function postingsLength(base: usize, n: i32): i32 {
  let total = 0;
  for (let e = 0; e < n; e++) {
    const t = load<u32>(expTok + ((base + <usize>e) << 2));
    total += <i32>(load<u32>(postOff + (<usize>(t + 1) << 2)) - load<u32>(postOff + (<usize>t << 2)));
  }
  return total;
}

/** Units of the first `touched` candidates (an estimate of addToCandidates' work; stops once large). */
function candidateUnits(touched: i32): i32 {
  let total = 0;
  for (let i = 0; i < touched; i++) {
    const name = load<u32>(candidates + (<usize>i << 2));
    total += <i32>(load<u32>(unitOff + (<usize>(name + 1) << 2)) - load<u32>(unitOff + (<usize>name << 2)));
  }
  return total;
}

/**
 * What the postings walk of unit u adds to names already found, found from their side: a name's
 * share is w times the best similarity of any of its units' tokens to u, which is the first (best)
 * expansion of u whose postings hold the name (wf, fuzzyWeight, for a fuzzy one). Each name once (the stamp, as in the walk).
 */
function addToCandidates(u: i32, w: f32, wf: f32, touched: i32, stamp: u32): void {
  for (let i = 0; i < touched; i++) {
    const name = load<u32>(candidates + (<usize>i << 2));
    const ap = accSeen + (<usize>name << 3);
    if (load<u32>(ap, 4) == stamp) continue;
    store<u32>(ap, stamp, 4);
    // A name whose rarity is still nil counts as not found yet, as in the walk.
    if (load<f32>(ap) == 0) continue;
    const uStart = load<u32>(unitOff + (<usize>name << 2));
    const uEnd = load<u32>(unitOff + (<usize>(name + 1) << 2));
    if (workRoom() == 0) return;
    work += uEnd - uStart;
    let best: f32 = 0;
    for (let j = uStart; j < uEnd; j++) {
      const tok = load<u32>(unitTok + (<usize>j << 2));
      if (load<u8>(simFlag + <usize>tok) == 0) continue;
      const sim = load<f32>(dictSim + ((<usize>tok * <usize>MAXQ + <usize>u) << 2));
      if (sim > best) best = sim;
    }
    if (best > 0) store<f32>(ap, load<f32>(ap) + best * (best >= 1 ? w : wf));
  }
}

function heapSiftDown(size: i32, i: i32): void {
  while (true) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < size && load<f32>(heapKey + (<usize>l << 2)) < load<f32>(heapKey + (<usize>m << 2))) m = l;
    if (r < size && load<f32>(heapKey + (<usize>r << 2)) < load<f32>(heapKey + (<usize>m << 2))) m = r;
    if (m == i) return;
    const kn = load<u32>(heapName + (<usize>i << 2));
    const kk = load<f32>(heapKey + (<usize>i << 2));
    store<u32>(heapName + (<usize>i << 2), load<u32>(heapName + (<usize>m << 2)));
    store<f32>(heapKey + (<usize>i << 2), load<f32>(heapKey + (<usize>m << 2)));
    store<u32>(heapName + (<usize>m << 2), kn);
    store<f32>(heapKey + (<usize>m << 2), kk);
    i = m;
  }
}

/** Keeps the best `maxCand` names with accumulator >= minAcc in the heap; clears accumulators. */
function select(touched: i32, minAcc: f32, maxCand: i32): i32 {
  let size = 0;
  for (let i = 0; i < touched; i++) {
    const name = load<u32>(candidates + (<usize>i << 2));
    const raw = accOf(name);
    store<f32>(accSeen + (<usize>name << 3), 0);
    if (raw < minAcc) continue;
    // Equal rarity gathered: the shorter name first ("ALI, Mohammed" before "ALI, Muhammad Hassan
    // Said" for "Mohammed Ali"), so ties never push the closest name out of the candidate cap.
    const units = load<u32>(unitOff + (<usize>(name + 1) << 2)) - load<u32>(unitOff + (<usize>name << 2));
    const a = raw - 0.001 * <f32>units;
    if (size < maxCand) {
      store<u32>(heapName + (<usize>size << 2), name);
      store<f32>(heapKey + (<usize>size << 2), a);
      size++;
      if (size == maxCand) for (let h = size / 2 - 1; h >= 0; h--) heapSiftDown(size, h);
    } else if (a > load<f32>(heapKey)) {
      store<u32>(heapName, name);
      store<f32>(heapKey, a);
      heapSiftDown(size, 0);
    }
  }
  return size;
}

// ── score bound (skips the alignment of names that cannot reach the host's floor) ─────────────
/** Rows whose score the host would drop: under this raw score (<= 0: none skipped). */
let minScore: f32 = 0;
/** Query positions the leftover passes (initials, acronyms, residual) might match with any name. */
let wildQuery: u32 = 0;
/** Letters (bit symbol - 1) of wild initials and acronyms: a name token starting with none stays theirs to miss. */
let wildLetters: u32 = 0;
/** A wild residual position exists: it might match any name token. */
let wildAny: bool = false;
/** Penalty factor the query's unmatched rarity costs at least (lamMissingQuery or lamMissingContained). */
let lamQueryMin: f32 = 0;
/** Names a bound skipped, for tests and diagnostics. */
let skipped: i32 = 0;

export function skippedCount(): i32 {
  return skipped;
}

// u32[64]: per letter symbol, the query positions of whole words starting with it (prepareBound).
const qWordLetters = memory.data(64 * 4);

// f32[MAXQ]: per query position, the most it adds to the matched mass when covered (prepareBound).
const qBoundW = memory.data(MAXQ * 4);

/** Per query: which query positions are wild, and the least query penalty factor. */
function prepareBound(units: i32): void {
  wildQuery = 0;
  wildLetters = 0;
  wildAny = false;
  for (let i = 0; i < units; i++) {
    if (load<u32>(qSpan + (<usize>i << 2)) != 1) continue;
    const ql = load<u32>(qLen + (<usize>i << 2));
    // Initials take one letter, acronyms two to four, each the first letter of a name token (not
    // at a literal position: see literalMask); residual pairs take three letters or more, alike in any way.
    const qbit = <u32>1 << load<u32>(qPos + (<usize>i << 2));
    const initials = initialSim > 0 && ql <= 4 && (literalMask & qbit) == 0;
    const residual = residualFloor > 0 && ql >= 3;
    if (!initials && !residual) continue;
    wildQuery |= qbit;
    if (residual) wildAny = true;
    if (initials) {
      const qp = qBytes + <usize>load<u32>(qOff + (<usize>i << 2));
      for (let k: u32 = 0; k < ql; k++) {
        const sym = symbol(load<u8>(qp + <usize>k));
        if (sym > 0) wildLetters |= <u32>1 << <u32>((sym - 1) % 32);
        else wildAny = true; // not a letter or digit (never, after normalisation): assume anything
      }
    }
  }
  // Per letter, the query positions of whole words (three letters or more, not literal) starting with it.
  for (let k = 0; k < 64; k++) store<u32>(qWordLetters + (<usize>k << 2), 0);
  if (initialSim > 0) {
    for (let i = 0; i < units; i++) {
      if (load<u32>(qSpan + (<usize>i << 2)) != 1 || load<u32>(qLen + (<usize>i << 2)) < 3) continue;
      const qbit = <u32>1 << load<u32>(qPos + (<usize>i << 2));
      if ((literalMask & qbit) != 0) continue;
      const sym = symbol(load<u8>(qBytes + <usize>load<u32>(qOff + (<usize>i << 2))));
      if (sym > 0) store<u32>(qWordLetters + (<usize>sym << 2), load<u32>(qWordLetters + (<usize>sym << 2)) | qbit);
    }
  }
  lamQueryMin = lamMissingContained > 0 && lamMissingContained < lamMissingQuery ? lamMissingContained : lamMissingQuery;
  // What a covered position can add to the matched mass: its position weight, or more where a unit
  // at it weighs more (the host charges a word the lists do not know less when it is left unmatched
  // than it weighs when matched: name-matcher.ts UNKNOWN_WORD_CHARGE).
  for (let p = 0; p < MAXQ; p++) store<f32>(qBoundW + (<usize>p << 2), load<f32>(qPosW + (<usize>p << 2)));
  for (let i = 0; i < units; i++) {
    const p = load<u32>(qPos + (<usize>i << 2));
    const span = load<u32>(qSpan + (<usize>i << 2));
    const w = load<f32>(qWeight + (<usize>i << 2));
    let have: f32 = 0;
    for (let k: u32 = 0; k < span && p + k < <u32>MAXQ; k++) have += load<f32>(qBoundW + (<usize>(p + k) << 2));
    if (w > have && p < <u32>MAXQ) store<f32>(qBoundW + (<usize>p << 2), load<f32>(qBoundW + (<usize>p << 2)) + (w - have));
  }
  // The residual pass's bound reads each query unit's letter signature (see residualBound).
  if (residualFloor > 0) {
    for (let i = 0; i < units; i++) {
      const qp = qBytes + <usize>load<u32>(qOff + (<usize>i << 2));
      store<u32>(qSigs + (<usize>i << 2), signature(qp, load<i32>(qLen + (<usize>i << 2))));
    }
  }
}

/**
 * An upper bound of the score alignName would give, from what can still be matched: query positions
 * some gathered pair covers (or wild ones), name positions some pair covers (every one when a wild
 * query position exists). Whatever is matched, the rarity outside those sets stays unmatched, so the
 * penalty is at least what it costs, while the matched mass is at most the rarity inside them; and
 * score <= matched / (mass + penalty) <= mass / (mass + penalty) rises with the mass.
 */
function scoreBound(uStart: u32, uEnd: u32, qPositions: i32, qCover: u32, cCover: u64, oneOff: bool): f32 {
  let uq: f32 = 0;
  let uqUnknown: f32 = 0;
  let qIn: f32 = 0;
  // With one word off (matchOneOff): the most one uncovered position could add and take off the penalty.
  let offQW: f32 = 0;
  let offQCharge: f32 = 0;
  // Uncovered legal forms: no disagreement where the rest is found whole (see formMask).
  let uqForm: f32 = 0;
  for (let p = 0; p < qPositions; p++) {
    const w = load<f32>(qPosW + (<usize>p << 2));
    if ((qCover & (<u32>1 << <u32>p)) != 0) {
      qIn += load<f32>(qBoundW + (<usize>p << 2));
      continue;
    }
    // Only a word that may be off (oneOffMask) can be.
    const mayBeOff = (oneOffMask & (<u32>1 << <u32>p)) != 0;
    const bw = load<f32>(qBoundW + (<usize>p << 2));
    if (mayBeOff && bw > offQW) offQW = bw;
    // The least an unmatched position can cost (see writeRow): a word the lists do not know, unknownCharge.
    if ((unknownMask & (<u32>1 << <u32>p)) != 0) {
      const capped = w < unknownCharge ? w : unknownCharge;
      uqUnknown += capped;
      if (mayBeOff && capped > offQCharge) offQCharge = capped;
      continue;
    }
    const charged = p > 0 && (chainMask & (<u32>1 << <u32>(p - 1))) != 0 ? <f32>2 * w : w;
    uq += charged;
    if ((formMask & (<u32>1 << <u32>p)) != 0) uqForm += charged;
    if (mayBeOff && charged > offQCharge) offQCharge = charged;
  }
  let uc: f32 = 0;
  let cIn: f32 = 0;
  let offCW: f32 = 0;
  // Strong list words no pair can cover: with two, the host takes a word off back (oneOffStrongW).
  let strongOpen = 0;
  // The heaviest uncovered list word an unknown word may stand in for (see writeRow): it may cost only unknownCharge.
  let ucPair: f32 = 0;
  for (let j = uStart; j < uEnd; j++) {
    const ps = load<u32>(unitPS + (<usize>j << 2));
    if ((ps >> 8) != 1) continue;
    const w = load<f32>(unitW + (<usize>j << 2));
    let open = (cCover & spanMask64(ps & 0xff, 1)) != 0;
    if (!open && wildLetters != 0) {
      const sym = <i32>load<u8>(tokFirst + <usize>load<u32>(unitTok + (<usize>j << 2)));
      open = sym > 0 && (wildLetters & (<u32>1 << <u32>((sym - 1) % 32))) != 0;
    }
    if (open) cIn += w;
    else {
      uc += w;
      if (w > offCW) offCW = w;
      if (w > oneOffStrongW && (ps & 0xff) < 31) strongOpen++;
      if ((w <= unknownPairMax || (w <= unknownDescriptorMax && standsInAsDescriptor(j))) && w > ucPair) ucPair = w;
    }
  }
  if (uqUnknown > 0 && unknownDistinctive > 0 && ucPair > unknownCharge) uc -= ucPair - unknownCharge;
  if (oneOff && offQW > 0 && strongOpen < 2) {
    // Each at its most, independently: still a bound.
    qIn += offQW;
    cIn += offCW;
    uq = uq > offQCharge ? uq - offQCharge : 0;
    uqUnknown = uqUnknown > offQCharge ? uqUnknown - offQCharge : 0;
    uc = uc > offCW ? uc - offCW : 0;
  }
  const uqOpen: f32 = uq > uqForm ? uq - uqForm : 0;
  const overlap = uqOpen < uc ? uqOpen : uc;
  const mass = (qIn + cIn) * 0.5;
  // The score rises with the matched mass and falls with uc, capped or not: the cap at the most
  // mass there can be keeps the bound (writeRow: queryContainedMass).
  const ucCharged: f32 = queryContainedMass > 0 && uc > mass ? mass : uc;
  const penalty = lamQueryMin * (uq + uqUnknown) + lamMissing * ucCharged + lamConflict * overlap;
  return mass > 0 ? mass / (mass + penalty) : 0;
}

// i32[32]: the name position each query position matched (-1: none), for the word-order check.
// Reset and written by alignPairs for each name, read by scrambled() and reversedChain().
const orderAt = memory.data(32 * 4);

/**
 * Word order: names are written surname-first or given-name-first, so a rotation of the list's order
 * ("Mohammad Javad JAFARI" for "JAFARI, Mohammad Javad") is free; any other permutation of three or
 * more matched tokens ("Omar bin Abdullah" for "Abdullah bin Omar") is a different name pattern.
 */
function scrambled(qPositions: i32): bool {
  let first = -1;
  let prev = -1;
  let descents = 0;
  let n = 0;
  for (let p = 0; p < qPositions && p < 32; p++) {
    const c = load<i32>(orderAt + (<usize>p << 2));
    if (c < 0) continue;
    if (first < 0) first = c;
    if (prev >= 0 && c < prev) descents++;
    prev = c;
    n++;
  }
  if (n < 3 || descents == 0) return false;
  return !(descents == 1 && prev < first);
}

/**
 * A lineage reversed around a particle: "Abdullah bin Omar" (Abdullah, son of Omar) for "Omar bin
 * Abdullah" (his father) names another person, so it costs the order factor once more. Query
 * positions of particles are the bits of chainMask; called only when the order is scrambled.
 */
function reversedChain(qPositions: i32): bool {
  if (chainMask == 0) return false;
  for (let p = 1; p + 1 < qPositions && p < 31; p++) {
    if ((chainMask & (<u32>1 << <u32>p)) == 0) continue;
    const before = load<i32>(orderAt + (<usize>(p - 1) << 2));
    const after = load<i32>(orderAt + (<usize>(p + 1) << 2));
    if (before >= 0 && after >= 0 && before > after) return true;
  }
  return false;
}

/**
 * Token `tok` starts with byte `c`: by the first-letter table (no read of the token's text) for
 * letters and digits, which are all tokens hold; by the text otherwise.
 */
@inline function startsWith(tok: u32, c: u8): bool {
  const sym = symbol(c);
  if (sym > 0) return <i32>load<u8>(tokFirst + <usize>tok) == sym;
  const to = load<u32>(tokOff + (<usize>tok << 2));
  return load<u32>(tokOff + (<usize>(tok + 1) << 2)) > to && load<u8>(tokBytes + <usize>to) == c;
}

@inline function spanMask32(pos: u32, span: u32): u32 {
  return ((<u32>1 << span) - 1) << pos;
}

@inline function spanMask64(pos: u32, span: u32): u64 {
  return ((<u64>1 << <u64>span) - 1) << <u64>pos;
}

// ── alignment of one name (alignName and its phases) ──────────────────────────────────────────
// The phases share the state of the name being aligned through these globals; each phase copies
// what it updates into locals on entry and back on exit, so its loops run on locals.
/** Scoring pairs gathered (at `pairs`). */
let pairCount: i32 = 0;
/** Query positions and name positions some gathered pair covers (the score bound's input). */
let qCover: u32 = 0;
let cCover: u64 = 0;
/** Query positions and name positions matched so far. */
let qMask: u32 = 0;
let cMask: u64 = 0;
/** Matched value (similarity x mean weight) and matched rarity mass so far. */
let matched: f32 = 0;
let mass: f32 = 0;

/**
 * Phase 1, gather: every (query unit, name unit) pair with a similarity, as [qUnit u32, cUnit u32,
 * sim f32, value f32] at `pairs`, and the positions they cover. Why first: the score bound and the
 * greedy pass both need the whole set, and reading dictSim once per pair here is the cost.
 */
@inline function gatherPairs(units: i32, uStart: u32, uEnd: u32): void {
  let np = 0;
  let qc = wildQuery;
  let cc: u64 = wildAny ? <u64>-1 : 0;
  for (let j = uStart; j < uEnd; j++) {
    const tok = load<u32>(unitTok + (<usize>j << 2));
    // A listed initial may take a query word of its letter (matchInitials): both stay open to the bound.
    if (initialSim > 0 && load<u8>(tokLen8 + <usize>tok) == 1) {
      const ps = load<u32>(unitPS + (<usize>j << 2));
      if ((ps >> 8) == 1) {
        const sym = <i32>load<u8>(tokFirst + <usize>tok);
        const words = sym > 0 ? load<u32>(qWordLetters + (<usize>sym << 2)) : 0;
        if (words != 0) {
          qc |= words;
          cc |= spanMask64(ps & 0xff, 1);
        }
      }
    }
    // No query unit found this token: skip its MAXQ similarity slots.
    if (load<u8>(simFlag + <usize>tok) == 0 && !simFlagUnreliable) continue;
    const wc = load<f32>(unitW + (<usize>j << 2));
    for (let i = 0; i < units; i++) {
      const s = load<f32>(dictSim + ((<usize>tok * <usize>MAXQ + <usize>i) << 2));
      if (s <= 0) continue;
      const p = pairs + (<usize>np << 4);
      store<u32>(p, <u32>i);
      store<u32>(p + 4, j);
      store<f32>(p + 8, s);
      store<f32>(p + 12, s * (load<f32>(qWeight + (<usize>i << 2)) + wc) * 0.5);
      qc |= spanMask32(load<u32>(qPos + (<usize>i << 2)), load<u32>(qSpan + (<usize>i << 2)));
      const ps = load<u32>(unitPS + (<usize>j << 2));
      cc |= spanMask64(ps & 0xff, (ps >> 8) & 0xff);
      np++;
      if (np >= MAX_PAIRS) break;
    }
    if (np >= MAX_PAIRS) break;
  }
  pairCount = np;
  qCover = qc;
  cCover = cc;
}

/**
 * Phase 2, greedy one-to-one alignment of the gathered pairs, most similar first (a typo'd compound
 * must not outbid two good single tokens), then the heavier (a compound covering two tokens beats
 * one of them at equal similarity). Why greedy: it is order-free, so surname-first and
 * "LAST, First" align the same. Records the name position each query position took (orderAt).
 */
@inline function alignPairs(): void {
  const np = pairCount;
  let qm: u32 = 0;
  let cm: u64 = 0;
  let mt: f32 = 0;
  let ms: f32 = 0;
  // Candidate position matched by each query position (-1 when none), to judge word order.
  for (let p = 0; p < 32; p++) store<i32>(orderAt + (<usize>p << 2), -1);
  while (true) {
    let best = -1;
    let bestSim: f32 = 0;
    let bestValue: f32 = 0;
    for (let k = 0; k < np; k++) {
      const p = pairs + (<usize>k << 4);
      const v = load<f32>(p + 12);
      if (v <= 0) continue;
      const sv = load<f32>(p + 8);
      if (sv < bestSim || (sv == bestSim && v <= bestValue)) continue;
      const i = load<u32>(p);
      const j = load<u32>(p + 4);
      const pq = spanMask32(load<u32>(qPos + (<usize>i << 2)), load<u32>(qSpan + (<usize>i << 2)));
      const ps = load<u32>(unitPS + (<usize>j << 2));
      const pc = spanMask64(ps & 0xff, (ps >> 8) & 0xff);
      if ((pq & qm) != 0 || (pc & cm) != 0) continue;
      best = k;
      bestSim = sv;
      bestValue = v;
    }
    if (best < 0) break;
    const p = pairs + (<usize>best << 4);
    const i = load<u32>(p);
    const j = load<u32>(p + 4);
    const ps = load<u32>(unitPS + (<usize>j << 2));
    qm |= spanMask32(load<u32>(qPos + (<usize>i << 2)), load<u32>(qSpan + (<usize>i << 2)));
    cm |= spanMask64(ps & 0xff, (ps >> 8) & 0xff);
    store<i32>(orderAt + (<usize>load<u32>(qPos + (<usize>i << 2)) << 2), <i32>(ps & 0xff));
    mt += bestValue;
    ms += bestValue / load<f32>(p + 8);
    store<f32>(p + 12, 0);
  }
  qMask = qm;
  cMask = cm;
  matched = mt;
  mass = ms;
}

/**
 * Phase 3, initials: a one-letter query token left over meets a left-over name token of three
 * letters or more that starts with that letter ("KIM Y. Chol" = "KIM, Yong Chol", "V. Putin").
 * Why after the greedy pass: an initial takes only what no real token matched. A literal position
 * (literalMask) is a whole word, never an initial.
 */
@inline function matchInitials(units: i32, uStart: u32, uEnd: u32): void {
  let qMaskL = qMask;
  let cMaskL = cMask;
  let mt = matched;
  let ms = mass;
  for (let i = 0; i < units; i++) {
    if (load<u32>(qSpan + (<usize>i << 2)) != 1 || load<u32>(qLen + (<usize>i << 2)) != 1) continue;
    const qm = spanMask32(load<u32>(qPos + (<usize>i << 2)), 1);
    if ((qm & (qMaskL | literalMask)) != 0) continue;
    const letter = load<u8>(qBytes + <usize>load<u32>(qOff + (<usize>i << 2)));
    for (let j = uStart; j < uEnd; j++) {
      const ps = load<u32>(unitPS + (<usize>j << 2));
      if ((ps >> 8) != 1) continue;
      const cm = spanMask64(ps & 0xff, 1);
      if ((cm & cMaskL) != 0) continue;
      const tok = load<u32>(unitTok + (<usize>j << 2));
      if (!startsWith(tok, letter) || load<u8>(tokLen8 + <usize>tok) < 3) continue;
      const m = (load<f32>(qWeight + (<usize>i << 2)) + load<f32>(unitW + (<usize>j << 2))) * 0.5;
      mt += initialSim * m;
      ms += m;
      qMaskL |= qm;
      cMaskL |= cm;
      break;
    }
  }
  // The reverse: a one-letter list token left over meets a left-over query word of three letters or
  // more that starts with it ("Sergei Gennadievich" for "Sergei G.": the list wrote the initial only),
  // when every other word of the list name is matched, two words at least: the initial is all the
  // query has not met ("George Radley" is not "George R. Mitchell"), beside a whole name ("Marissa
  // Ellis" is not "MARIA E", "Azize Manco" not "M. AZIZ").
  let open = false;
  let initials = false;
  let whole = 0;
  for (let j = uStart; j < uEnd; j++) {
    const ps = load<u32>(unitPS + (<usize>j << 2));
    if ((ps >> 8) != 1) continue;
    const single = load<u8>(tokLen8 + <usize>load<u32>(unitTok + (<usize>j << 2))) == 1;
    if ((spanMask64(ps & 0xff, 1) & cMaskL) != 0) {
      if (!single) whole++;
      continue;
    }
    if (single) initials = true;
    else open = true;
  }
  for (let j = uStart; j < uEnd && initials && !open && whole >= 2; j++) {
    const ps = load<u32>(unitPS + (<usize>j << 2));
    if ((ps >> 8) != 1) continue;
    const tok = load<u32>(unitTok + (<usize>j << 2));
    if (load<u8>(tokLen8 + <usize>tok) != 1) continue;
    const cm = spanMask64(ps & 0xff, 1);
    if ((cm & cMaskL) != 0) continue;
    const sym = <i32>load<u8>(tokFirst + <usize>tok);
    if (sym <= 0) continue;
    for (let i = 0; i < units; i++) {
      if (load<u32>(qSpan + (<usize>i << 2)) != 1 || load<u32>(qLen + (<usize>i << 2)) < 3) continue;
      const qm = spanMask32(load<u32>(qPos + (<usize>i << 2)), 1);
      if ((qm & (qMaskL | literalMask)) != 0) continue;
      if (symbol(load<u8>(qBytes + <usize>load<u32>(qOff + (<usize>i << 2)))) != sym) continue;
      // One letter is all the pair says: the lighter weight (the initial's, mostly) is its mass.
      const wq = load<f32>(qWeight + (<usize>i << 2));
      const wc = load<f32>(unitW + (<usize>j << 2));
      const m = wq < wc ? wq : wc;
      mt += initialSim * m;
      ms += m;
      qMaskL |= qm;
      cMaskL |= cm;
      break;
    }
  }
  qMask = qMaskL;
  cMask = cMaskL;
  matched = mt;
  mass = ms;
}

/**
 * Phase 4, acronyms: a short query token left over whose letters are the initials of as many
 * consecutive left-over list tokens ("JC Juncker" = "Jean-Claude Juncker", "US" = "United States").
 * Why after initials: a one-letter token is an initial, never an acronym (two to four letters).
 * A literal position (literalMask) is a whole word, never an acronym.
 */
@inline function matchAcronyms(units: i32, uStart: u32, uEnd: u32): void {
  let qMaskL = qMask;
  let cMaskL = cMask;
  let mt = matched;
  let ms = mass;
  for (let i = 0; i < units; i++) {
    const ql = load<u32>(qLen + (<usize>i << 2));
    if (load<u32>(qSpan + (<usize>i << 2)) != 1 || ql < 2 || ql > 4) continue;
    const qm = spanMask32(load<u32>(qPos + (<usize>i << 2)), 1);
    if ((qm & (qMaskL | literalMask)) != 0) continue;
    const qp = qBytes + <usize>load<u32>(qOff + (<usize>i << 2));
    for (let j0 = uStart; j0 + ql <= uEnd; j0++) {
      let ok = true;
      let wc: f32 = 0;
      for (let k: u32 = 0; k < ql && ok; k++) {
        const j = j0 + k;
        // Plain single-token units come first, in position order: unit uStart + p is position p.
        const ps = load<u32>(unitPS + (<usize>j << 2));
        if (ps != ((j - uStart) | (1 << 8)) || (spanMask64(ps & 0xff, 1) & cMaskL) != 0) { ok = false; break; }
        const tok = load<u32>(unitTok + (<usize>j << 2));
        if (!startsWith(tok, load<u8>(qp + <usize>k)) || load<u8>(tokLen8 + <usize>tok) < 2) ok = false;
        wc += load<f32>(unitW + (<usize>j << 2));
      }
      if (!ok) continue;
      const m = (load<f32>(qWeight + (<usize>i << 2)) + wc) * 0.5;
      mt += initialSim * m;
      ms += m;
      qMaskL |= qm;
      cMaskL |= spanMask64(j0 - uStart, ql);
      break;
    }
  }
  qMask = qMaskL;
  cMask = cMaskL;
  matched = mt;
  mass = ms;
}

// u32[MAXQ]: each query unit's letter signature (as tokSig in state.ts), written by prepareBound
// when the residual pass is on, read by residualBound.
const qSigs = memory.data(MAXQ * 4);
// (u32 query unit, u32 name unit, f32 Jaro-Winkler)[MAX_RESIDUAL]: the leftover pairs of one name
// whose Jaro-Winkler exceeds residualFloor, in the residual pass's scan order. Written and read
// within one matchResidual.
const residualPairs = memory.data(MAX_RESIDUAL * 12);

/**
 * An upper bound of jaroWinkler(query unit i, token) from letters and lengths alone, so the pass
 * skips the pairs that cannot pass residualFloor without running it. Matches m are at most the
 * shorter length less the distinct letters (signature bits) one side has and the other lacks (each
 * such letter leaves at least one position of its side unmatched; a bit two symbols share only
 * raises the bound); transpositions are taken as none; Jaro rises with m and Winkler's boost with
 * Jaro, and `prefix` is the boost's exact common prefix. Computed in f64: the caller keeps a margin
 * far above the f32 rounding of jaroWinkler's own arithmetic.
 */
@inline function residualBound(qs: u32, ql: i32, ts: u32, tl: i32, prefix: i32): f64 {
  const a = ql < MAX_TOKEN ? ql : MAX_TOKEN;
  const b = tl < MAX_TOKEN ? tl : MAX_TOKEN;
  const ma = a - <i32>popcnt(qs & ~ts);
  const mb = b - <i32>popcnt(ts & ~qs);
  const m = <f64>(ma < mb ? ma : mb);
  if (m <= 0) return 0;
  const jaro = (m / <f64>a + m / <f64>b + 1.0) / 3.0;
  return jaro + <f64>prefix * 0.1 * (1.0 - jaro);
}

/** Winkler's prefix: common leading bytes of a and b, at most 4 (as in jaroWinkler). */
@inline function commonPrefix(a: usize, aLen: i32, b: usize, bLen: i32): i32 {
  const max = aLen < bLen ? (aLen < 4 ? aLen : 4) : bLen < 4 ? bLen : 4;
  let prefix = 0;
  while (prefix < max && load<u8>(a + <usize>prefix) == load<u8>(b + <usize>prefix)) prefix++;
  return prefix;
}

/**
 * Phase 5, residual similarity: tokens still unmatched on both sides may be spellings too far apart
 * for the token search ("Merkur" / "Merkel") yet clearly alike; they earn partial credit instead of
 * counting as a disagreement. Best Jaro-Winkler pairs first. Why last: it compares every leftover
 * pair by Jaro-Winkler, the dearest test, so it runs on what the cheaper passes left.
 *
 * Each leftover pair's Jaro-Winkler is computed once (none of it changes as pairs are taken) and
 * only the pairs above residualFloor are kept, in scan order; each round then takes the first best
 * open one, as a rescan of every open pair would. Pairs whose bound (residualBound) stays under the
 * floor are never computed: they could never be taken.
 */
@inline function matchResidual(units: i32, uStart: u32, uEnd: u32): void {
  const floor = residualFloor;
  // Under this bound a pair's Jaro-Winkler is surely at most the floor (1e-5: far above rounding).
  const skipUnder = <f64>floor - 1e-5;
  let n = 0;
  for (let i = 0; i < units; i++) {
    if (load<u32>(qSpan + (<usize>i << 2)) != 1) continue;
    if ((spanMask32(load<u32>(qPos + (<usize>i << 2)), 1) & qMask) != 0) continue;
    const qp = qBytes + <usize>load<u32>(qOff + (<usize>i << 2));
    const ql = load<i32>(qLen + (<usize>i << 2));
    if (ql < 3) continue;
    const qs = load<u32>(qSigs + (<usize>i << 2));
    for (let j = uStart; j < uEnd; j++) {
      const ps = load<u32>(unitPS + (<usize>j << 2));
      if (((ps >> 8) & 0xff) != 1 || (spanMask64(ps & 0xff, 1) & cMask) != 0) continue;
      const tok = load<u32>(unitTok + (<usize>j << 2));
      const to = load<u32>(tokOff + (<usize>tok << 2));
      const tl = <i32>(load<u32>(tokOff + (<usize>(tok + 1) << 2)) - to);
      if (tl < 3) continue;
      const tp = tokBytes + <usize>to;
      const ts = load<u32>(tokSig + (<usize>tok << 2));
      if (residualBound(qs, ql, ts, tl, commonPrefix(qp, ql, tp, tl)) < skipUnder) continue;
      const jw = jaroWinkler(qp, ql, tp, tl);
      if (jw <= floor) continue;
      if (n == MAX_RESIDUAL) {
        // More pairs alike than the list holds (never on real names): rescan instead, from scratch.
        matchResidualRescan(units, uStart, uEnd);
        return;
      }
      const p = residualPairs + <usize>n * 12;
      store<u32>(p, <u32>i);
      store<u32>(p + 4, j);
      store<f32>(p + 8, jw);
      n++;
    }
  }
  if (n == 0) return;
  let qMaskL = qMask;
  let cMaskL = cMask;
  let mt = matched;
  let ms = mass;
  while (true) {
    let best = -1;
    let bestJw: f32 = floor;
    for (let k = 0; k < n; k++) {
      const p = residualPairs + <usize>k * 12;
      const jw = load<f32>(p + 8);
      if (jw <= bestJw) continue;
      if ((spanMask32(load<u32>(qPos + (<usize>load<u32>(p) << 2)), 1) & qMaskL) != 0) continue;
      if ((spanMask64(load<u32>(unitPS + (<usize>load<u32>(p + 4) << 2)) & 0xff, 1) & cMaskL) != 0) continue;
      best = k;
      bestJw = jw;
    }
    if (best < 0) break;
    const p = residualPairs + <usize>best * 12;
    const bi = load<u32>(p);
    const bj = load<u32>(p + 4);
    const m = (load<f32>(qWeight + (<usize>bi << 2)) + load<f32>(unitW + (<usize>bj << 2))) * 0.5;
    mt += (bestJw - residualDrop) * m;
    ms += m;
    qMaskL |= spanMask32(load<u32>(qPos + (<usize>bi << 2)), 1);
    cMaskL |= spanMask64(load<u32>(unitPS + (<usize>bj << 2)) & 0xff, 1);
  }
  qMask = qMaskL;
  cMask = cMaskL;
  matched = mt;
  mass = ms;
}

/** Row being aligned: its one word off (matchOneOff), 1 + query position + name position << 8 (0: none). */
let oneOffPair: u32 = 0;

/** First letters alike: equal, or letters romanisations write for one sound (c, k, q; v, w; i, j, y). */
@inline function firstAlike(a: u8, b: u8): bool {
  if (a == b) return true;
  const fa: u8 = a == 99 || a == 113 ? 107 : a == 119 ? 118 : a == 106 || a == 121 ? 105 : a;
  const fb: u8 = b == 99 || b == 113 ? 107 : b == 119 ? 118 : b == 106 || b == 121 ? 105 : b;
  return fa == fb;
}

/**
 * Phase 5 in balanced mode, one word off: where the rest of the name is matched near-exactly
 * (oneOffClose of its matched mass) and holds enough of the rarity (oneOffShare of it and the off
 * pair's), one leftover word on each side, spelled further off than the token search reaches
 * ("Henjin" / HEUNGJIN, "Nour" / NIRU) but alike (Jaro-Winkler above oneOffFloor, the same first
 * letter or one sound's letters), earns partial credit (Jaro-Winkler less oneOffDrop) instead of
 * counting as a disagreement. The best such pair only: one word off, never two.
 */
function matchOneOff(units: i32, uStart: u32, uEnd: u32): void {
  const mt = matched;
  const ms = mass;
  if (ms <= 0 || mt < oneOffClose * ms) return;
  let bestJw: f32 = oneOffFloor;
  let bi = -1;
  let bj: u32 = 0;
  for (let i = 0; i < units; i++) {
    if (load<u32>(qSpan + (<usize>i << 2)) != 1) continue;
    const qbit = spanMask32(load<u32>(qPos + (<usize>i << 2)), 1);
    if ((qbit & qMask) != 0 || (qbit & oneOffMask) == 0) continue;
    const ql = load<i32>(qLen + (<usize>i << 2));
    if (ql < 4) continue;
    const qp = qBytes + <usize>load<u32>(qOff + (<usize>i << 2));
    const qw = load<f32>(qWeight + (<usize>i << 2));
    for (let j = uStart; j < uEnd; j++) {
      const ps = load<u32>(unitPS + (<usize>j << 2));
      if (((ps >> 8) & 0xff) != 1 || (spanMask64(ps & 0xff, 1) & cMask) != 0) continue;
      const tok = load<u32>(unitTok + (<usize>j << 2));
      const to = load<u32>(tokOff + (<usize>tok << 2));
      const tl = <i32>(load<u32>(tokOff + (<usize>(tok + 1) << 2)) - to);
      if (tl < 4) continue;
      const tp = tokBytes + <usize>to;
      if (!firstAlike(load<u8>(qp), load<u8>(tp))) continue;
      const m = (qw + load<f32>(unitW + (<usize>j << 2))) * 0.5;
      if (ms < oneOffShare * (ms + m)) continue;
      const jw = jaroWinkler(qp, ql, tp, tl);
      if (jw <= bestJw) continue;
      bestJw = jw;
      bi = i;
      bj = j;
    }
  }
  if (bi < 0) return;
  const m = (load<f32>(qWeight + (<usize>bi << 2)) + load<f32>(unitW + (<usize>bj << 2))) * 0.5;
  matched = mt + (bestJw - oneOffDrop) * m;
  mass = ms + m;
  const qpos = load<u32>(qPos + (<usize>bi << 2));
  const cpos = load<u32>(unitPS + (<usize>bj << 2)) & 0xff;
  qMask |= spanMask32(qpos, 1);
  cMask |= spanMask64(cpos, 1);
  oneOffPair = 1 + qpos + (cpos << 8);
}

/**
 * matchResidual without its list: every round rescans every open leftover pair. Only for a name
 * with more leftover pairs above the floor than residualPairs holds.
 */
function matchResidualRescan(units: i32, uStart: u32, uEnd: u32): void {
  let qMaskL = qMask;
  let cMaskL = cMask;
  let mt = matched;
  let ms = mass;
  while (true) {
    let bi = -1;
    let bj: u32 = 0;
    let bestJw: f32 = residualFloor;
    for (let i = 0; i < units; i++) {
      if (load<u32>(qSpan + (<usize>i << 2)) != 1) continue;
      if ((spanMask32(load<u32>(qPos + (<usize>i << 2)), 1) & qMaskL) != 0) continue;
      const qp = qBytes + <usize>load<u32>(qOff + (<usize>i << 2));
      const ql = load<i32>(qLen + (<usize>i << 2));
      if (ql < 3) continue;
      for (let j = uStart; j < uEnd; j++) {
        const ps = load<u32>(unitPS + (<usize>j << 2));
        if (((ps >> 8) & 0xff) != 1 || (spanMask64(ps & 0xff, 1) & cMaskL) != 0) continue;
        const tok = load<u32>(unitTok + (<usize>j << 2));
        const to = load<u32>(tokOff + (<usize>tok << 2));
        const tl = <i32>(load<u32>(tokOff + (<usize>(tok + 1) << 2)) - to);
        if (tl < 3) continue;
        const jw = jaroWinkler(qp, ql, tokBytes + <usize>to, tl);
        if (jw > bestJw) {
          bestJw = jw;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0) break;
    const m = (load<f32>(qWeight + (<usize>bi << 2)) + load<f32>(unitW + (<usize>bj << 2))) * 0.5;
    mt += (bestJw - residualDrop) * m;
    ms += m;
    qMaskL |= spanMask32(load<u32>(qPos + (<usize>bi << 2)), 1);
    cMaskL |= spanMask64(load<u32>(unitPS + (<usize>bj << 2)) & 0xff, 1);
  }
  qMask = qMaskL;
  cMask = cMaskL;
  matched = mt;
  mass = ms;
}

/**
 * Phase 6, score and write the row: matched value over matched mass plus the penalty for the
 * rarity left unmatched, times the order factor for a scrambled word order. Why a penalty on
 * rarity: a missing or contradicting rare name part says more than a missing "Ltd".
 */
@inline function writeRow(name: u32, qPositions: i32, row: i32, accValue: f32, uStart: u32, uEnd: u32, table: usize): void {
  const qm = qMask;
  const cm = cMask;
  const mt = matched;
  const ms = mass;
  let uq: f32 = 0;
  let uqUnknown: f32 = 0;
  let uqUnknownCapped: f32 = 0;
  // The query's legal forms left over (see formMask).
  let uqForm: f32 = 0;
  for (let p = 0; p < qPositions; p++) {
    if ((qm & (<u32>1 << <u32>p)) != 0) continue;
    // A father's name after bin/ibn that the list lacks or contradicts names another son: it
    // counts double ("Noureddine ben Mohamed ben Belkassem" is not "... ben Ali ben ...").
    const w = load<f32>(qPosW + (<usize>p << 2));
    const charged: f32 = p > 0 && (chainMask & (<u32>1 << <u32>(p - 1))) != 0 ? <f32>2 * w : w;
    uq += charged;
    if ((formMask & (<u32>1 << <u32>p)) != 0) uqForm += charged;
    if ((unknownMask & (<u32>1 << <u32>p)) != 0) {
      uqUnknown += charged;
      uqUnknownCapped += w < unknownCharge ? w : unknownCharge;
    }
  }
  let uc: f32 = 0;
  let ucMax: f32 = 0;
  // The second heaviest unmatched list word: an unknown word stands in for one descriptor only.
  let ucNext: f32 = 0;
  // Whether the heaviest unmatched list word is a descriptor of organisations (tokDesc).
  let ucMaxDesc = false;
  let cmMax: f32 = 0;
  for (let j = uStart; j < uEnd; j++) {
    const ps = load<u32>(unitPS + (<usize>j << 2));
    // Single-token units only, and not the raw-spelling twins (bit 16) of a position.
    if ((ps >> 8) != 1) continue;
    const w = load<f32>(unitW + (<usize>j << 2));
    if ((cm & spanMask64(ps & 0xff, 1)) != 0) {
      if (w > cmMax) cmMax = w;
      continue;
    }
    uc += w;
    if (w > ucMax) {
      ucNext = ucMax;
      ucMax = w;
      ucMaxDesc = w > unknownPairMax && w <= unknownDescriptorMax && standsInAsDescriptor(j);
    } else if (w > ucNext) ucNext = w;
  }
  // Unmatched rarity on one side is a missing name part: mild when the list has more names than the
  // query (users omit middle names), stronger when the query has names the list lacks. On both
  // sides, the overlap is a disagreement ("Abdul" where the list says "Padshah") and costs more.
  // Words the lists do not know, left unmatched beside a descriptor the list name leaves unmatched
  // (its heaviest unmatched word a strong one several list names share): missing words, at
  // unknownCharge each, never a disagreement (see unknownMask).
  // Or, the list name matched whole but for weak words, beside a distinctive word matched (see unknownDistinctive).
  const whole = ucMax < unknownPairMin && unknownDistinctive > 0 && cmMax >= unknownDistinctive && mt >= <f32>0.95 * ms;
  // A descriptor of organisations (tokDesc) up to unknownDescriptorMax: a rarer one (MILITIA on a few names).
  const standIn = uqUnknown > 0 && (ucMax <= unknownPairMax || ucMaxDesc) && (ucMax >= unknownPairMin || whole);
  if (standIn) uq -= uqUnknown;
  // Beside a distinctive word matched, the descriptor the unknown word stands in for ("Rede" for the
  // NETWORK of X NETWORK, "Prisão" for PRISON) is that word written in another language: it costs
  // what the unknown word does (unknownCharge), not its whole rarity as a word the query leaves out.
  // Only with the matched words as written (0.99 of their mass: "Tarabya Logistics" is not TRUST
  // LOGISTIC) and the descriptor the only strong word of the list name left over ("Localization" is
  // not GLOBAL SOLUTIONS). The host keeps the score without it for a person's name (a given
  // name is no descriptor): `plain`.
  let paired: f32 = 0;
  let plain: f32 = -1;
  if (standIn && !whole && ucNext < unknownPairMin && unknownDistinctive > 0 && cmMax >= unknownDistinctive && mt >= <f32>0.99 * ms) {
    paired = ucMax < unknownCharge ? ucMax : unknownCharge;
    plain = rowScore(qPositions, mt, ms, uq + uqUnknownCapped, uc, uq < uc ? uq : uc, uqForm);
    uc -= ucMax - paired;
  }
  const overlap = uq < uc ? uq : uc;
  if (standIn) uq += uqUnknownCapped;
  let score = rowScore(qPositions, mt, ms, uq, uc, overlap, uqForm);
  if (plain < 0) plain = score;
  const o = table + ((<usize>row * <usize>OUT_STRIDE) << 2);
  store<u32>(o, name);
  store<f32>(o + 4, score);
  store<f32>(o + 8, mt);
  store<f32>(o + 12, ms);
  store<f32>(o + 16, uq);
  store<f32>(o + 20, uc);
  store<u32>(o + 24, qm);
  store<f32>(o + 28, accValue);
  store<u32>(o + 32, <u32>(cm & 0xffffffff));
  store<f32>(o + 36, paired);
  store<f32>(o + 40, plain);
  store<u32>(o + 44, oneOffPair);
}

/** Whether name unit j is a descriptor of organisations (state.ts tokDesc). */
@inline function standsInAsDescriptor(j: u32): bool {
  return load<u8>(tokDesc + <usize>load<u32>(unitTok + (<usize>j << 2))) != 0;
}

/** writeRow's score from its masses: matched value over matched mass plus the penalty, times the order factor. */
@inline function rowScore(qPositions: i32, mt: f32, ms: f32, uq: f32, uc: f32, overlap: f32, uqForm: f32): f32 {
  // A list name found whole inside a longer query ("Dost Mohammad Khan Haqqani" for "DOST
  // MOHAMMAD"), closely and on enough rarity, is the listed name plus more: the query's extra
  // tokens cost less than names the list contradicts.
  let lamQ = lamMissingQuery;
  if (lamMissingContained > 0 && uc < 0.5 && ms >= containedMass && mt >= 0.95 * ms) lamQ = lamMissingContained;
  // An organisation's short name found whole, word for word, inside a long list name: the list
  // name's words left over cost at most as much as the matched ones (see queryContainedMass). The
  // query's legal forms aside (formMask): those are words it adds, never a disagreement.
  const contained = queryContainedMass > 0 && uq - uqForm < 0.5 && ms >= queryContainedMass && mt >= 0.99 * ms;
  const ucCharged: f32 = contained && uc > ms ? ms : uc;
  const formFree: f32 = uq - uqForm;
  const conflict: f32 = contained && uqForm > 0 && overlap > formFree ? (formFree > 0 ? formFree : 0) : overlap;
  const penalty = lamQ * uq + lamMissing * ucCharged + lamConflict * conflict;
  const denom = ms + penalty;
  let score: f32 = denom > 0 ? mt / denom : 0;
  if (scrambled(qPositions)) {
    score *= orderFactor;
    if (reversedChain(qPositions)) score *= orderFactor;
  }
  return score;
}

/**
 * Aligns name `name` with the query and writes one output row at `row`. Returns false, writing
 * nothing, when the score bound shows the name cannot reach minScore.
 */
export function alignName(name: u32, units: i32, qPositions: i32, row: i32, accValue: f32): bool {
  const uStart = load<u32>(unitOff + (<usize>name << 2));
  const uEnd = load<u32>(unitOff + (<usize>(name + 1) << 2));
  gatherPairs(units, uStart, uEnd);
  // Skip before aligning: the bound needs only the gathered pairs. The margin covers f32 rounding
  // between the bound's sums and the host's weights.
  const oneOff = residualFloor <= 0 && oneOffFloor > 0;
  if (minScore > 0 && scoreBound(uStart, uEnd, qPositions, qCover, cCover, false) < minScore - 1e-3 &&
    (!oneOff || scoreBound(uStart, uEnd, qPositions, qCover, cCover, true) < minScore - 1e-3)) {
    skipped++;
    return false;
  }
  alignPairs();
  if (initialSim > 0) {
    matchInitials(units, uStart, uEnd);
    matchAcronyms(units, uStart, uEnd);
  }
  oneOffPair = 0;
  if (residualFloor > 0) matchResidual(units, uStart, uEnd);
  else if (oneOff) {
    const q0 = qMask;
    const c0 = cMask;
    const mt0 = matched;
    const ms0 = mass;
    matchOneOff(units, uStart, uEnd);
    if (oneOffPair != 0) {
      // The row without it too (outAlt): the host keeps that one where the off word may not be off.
      const q1 = qMask;
      const c1 = cMask;
      const mt1 = matched;
      const ms1 = mass;
      const pair = oneOffPair;
      qMask = q0;
      cMask = c0;
      matched = mt0;
      mass = ms0;
      oneOffPair = 0;
      writeRow(name, qPositions, row, accValue, uStart, uEnd, outAlt);
      qMask = q1;
      cMask = c1;
      matched = mt1;
      mass = ms1;
      oneOffPair = pair;
    }
  }
  writeRow(name, qPositions, row, accValue, uStart, uEnd, out);
  return true;
}

/**
 * Runs candidate generation and scoring for the query units written by the host.
 * Returns the number of output rows (unsorted; the host ranks them). Names whose score bound is
 * under `minRawScore` get no row (0 or less: every candidate gets one).
 */
export function collect(units: i32, qPositions: i32, minAcc: f32, listMask: u32, maxCand: i32, minRawScore: f32): i32 {
  if (maxCand > MAX_CANDIDATES) maxCand = MAX_CANDIDATES;
  const touched = accumulate(units, listMask, minAcc);
  const size = select(touched, minAcc, maxCand);
  minScore = minRawScore;
  prepareBound(units);
  let rows = 0;
  for (let r = 0; r < size; r++) {
    if (alignName(load<u32>(heapName + (<usize>r << 2)), units, qPositions, rows, load<f32>(heapKey + (<usize>r << 2)))) rows++;
  }
  return rows;
}
