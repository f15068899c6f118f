// The index's region pointers and the per-query scratch (see layout.ts for the map).
import { symbol } from './similarity';
import { MAXQ, MAX_CANDIDATES, MAX_EXPANSIONS, MAX_PHONETIC, MAX_TOKEN, OUT_STRIDE, QBYTES, TG_SIZE } from './layout';

// ── index regions, set once by setIndex ────────────────────────────────────────
export let tokenCount: i32 = 0;
export let nameCount: i32 = 0;
export let tokBytes: usize = 0;
export let tokOff: usize = 0;
export let tokWeight: usize = 0;
export let tgOff: usize = 0;
export let tgList: usize = 0;
export let postOff: usize = 0;
export let postList: usize = 0;
export let unitOff: usize = 0;
export let unitTok: usize = 0;
export let unitPS: usize = 0;
export let unitW: usize = 0;
export let nameList: usize = 0;
export let delTable: usize = 0;
export let delMask: u32 = 0;

// ── per-query scratch, allocated by setIndex (sized by the index) ──────────────
export let qBytes: usize = 0;
export let qOff: usize = 0;
export let qLen: usize = 0;
export let qPos: usize = 0;
export let qSpan: usize = 0;
export let qWeight: usize = 0;
export let qPosW: usize = 0;
export let dictSim: usize = 0;
/**
 * u8 per dictionary token: 1 once a similarity to any query unit was written for it this query
 * (cleared by resetQuery). Lets alignName skip a name's tokens no unit matched without reading
 * their MAXQ similarity slots. A set flag may be stale (replaceWorst zeroes a slot); never a clear one.
 */
export let simFlag: usize = 0;
/** Set for good once simTouched overflowed: slots then outlive their query, so flags cannot be trusted. */
export let simFlagUnreliable: bool = false;
export let simTouched: usize = 0;
export let simTouchedCount: i32 = 0;
export let tgCount: usize = 0;
export let tgTouched: usize = 0;
/**
 * u32 per trigram list entry, beside tgList: the entry's sort key, first letter << 16 | length (see
 * listKey in search.ts), so the binary searches for a window read one contiguous array.
 */
export let tgKey: usize = 0;
/** u8 per dictionary token: its first letter's trigram symbol (the two-edit search filters on it). */
export let tokFirst: usize = 0;
/** u8 per dictionary token: its length, at most 255 (initials and acronyms check it without tokOff). */
export let tokLen8: usize = 0;
/**
 * u32 per dictionary token: bit (symbol - 1) % 32 set for every letter or digit of its first MAX_TOKEN
 * bytes. Letters one side has and the other lacks are at least the bits one mask has and the other
 * lacks (a shared bit may stand for two symbols, which only lowers the count): a bag-distance bound.
 */
export let tokSig: usize = 0;
/** Similarities of the two-edit search's survivors, beside their tokens at the front of tgTouched. */
export let survSim: usize = 0;
export let expTok: usize = 0;
export let expSim: usize = 0;
export let expCount: usize = 0;
/** Per query unit, a lower bound of the least similarity in its (full) expansion list (replaceWorst). */
export let expMinBound: usize = 0;
/**
 * Per name, 8 bytes: the accumulated rarity (f32) and, at +4, the stamp of the last query unit that
 * reached it (u32). Side by side, one cache line serves both reads of a posting.
 */
export let accSeen: usize = 0;
export let seenStamp: u32 = 0;
export let candidates: usize = 0;
export let out: usize = 0;
export let pairs: usize = 0;
/** Token ids the host writes for addPhonetic (at most MAX_PHONETIC). */
export let phonTok: usize = 0;

// Scoring parameters of the current query's mode.
export let lamConflict: f32 = 1.0;
export let lamMissing: f32 = 0.3;
export let lamMissingQuery: f32 = 0.3;
export let initialSim: f32 = 0;
export let orderFactor: f32 = 1;
export let residualFloor: f32 = 0;
export let residualDrop: f32 = 0.1;
export let containedMass: f32 = 0;
export let lamMissingContained: f32 = 0;
// Per query: bit p set when query position p is a lineage particle (bin, ibn, bint...).
export let chainMask: u32 = 0;

/** The letter signature of bytes [p, p + len) (see tokSig). */
export function signature(p: usize, len: i32): u32 {
  const n = len < MAX_TOKEN ? len : MAX_TOKEN;
  let sig: u32 = 0;
  for (let i = 0; i < n; i++) {
    const s = symbol(load<u8>(p + <usize>i));
    if (s > 0) sig |= <u32>1 << <u32>((s - 1) % 32);
  }
  return sig;
}

/** Bump allocation for the host; memory is never freed (an index lives as long as its instance). */
export function alloc(bytes: usize): usize {
  return heap.alloc(bytes);
}

/** Set by setIndex: an instance takes one index (its scratch is allocated for that index's sizes). */
let indexSet: bool = false;

/**
 * Scratch that must start zeroed. The runtime is the stub (a bump allocator that never frees) and
 * setIndex runs once per instance, so these bytes were never handed out before, and WebAssembly
 * memory starts (and grows) zeroed: no fill is needed. Filling ~15 MB (dictSim on the full lists)
 * was most of setIndex's time, one uninterrupted block on a serving thread installing a new index,
 * and touched every page of a region a query reads only sparsely.
 */
function zeroed(bytes: usize): usize {
  return heap.alloc(bytes);
}

/**
 * The deletion-neighbourhood index (for one-edit search): 2^bits slots of [32-bit FNV-1a hash of a
 * token with at most one letter deleted, token id + 1], open addressing (0 = empty slot).
 */
export function setDeletions(pTable: usize, bits: i32): void {
  delTable = pTable;
  delMask = (<u32>1 << <u32>bits) - 1;
}

/** Hands the index regions to the core and allocates the scratch they need. */
export function setIndex(
  tCount: i32, nCount: i32,
  pTokBytes: usize, pTokOff: usize, pTokWeight: usize,
  pTgOff: usize, pTgList: usize,
  pPostOff: usize, pPostList: usize,
  pUnitOff: usize, pUnitTok: usize, pUnitPS: usize, pUnitW: usize, pNameList: usize,
): void {
  if (indexSet) unreachable();
  indexSet = true;
  tokenCount = tCount;
  nameCount = nCount;
  tokBytes = pTokBytes; tokOff = pTokOff; tokWeight = pTokWeight;
  tgOff = pTgOff; tgList = pTgList;
  postOff = pPostOff; postList = pPostList;
  unitOff = pUnitOff; unitTok = pUnitTok; unitPS = pUnitPS; unitW = pUnitW; nameList = pNameList;

  qBytes = zeroed(<usize>QBYTES);
  qOff = zeroed(<usize>MAXQ << 2);
  qLen = zeroed(<usize>MAXQ << 2);
  qPos = zeroed(<usize>MAXQ << 2);
  qSpan = zeroed(<usize>MAXQ << 2);
  qWeight = zeroed(<usize>MAXQ << 2);
  qPosW = zeroed(<usize>MAXQ << 2);
  dictSim = zeroed(<usize>tCount * <usize>MAXQ << 2);
  simFlag = zeroed(<usize>tCount);
  simTouched = zeroed(<usize>MAXQ * <usize>MAX_EXPANSIONS << 2);
  tgCount = zeroed(<usize>tCount << 1);
  tgTouched = zeroed(<usize>tCount << 2);
  survSim = zeroed(<usize>tCount << 2);
  tokFirst = zeroed(<usize>tCount);
  tokSig = zeroed(<usize>tCount << 2);
  tokLen8 = zeroed(<usize>tCount);
  const entries = load<u32>(tgOff + (<usize>TG_SIZE << 2));
  tgKey = heap.alloc(<usize>entries << 2);
  expTok = zeroed(<usize>MAXQ * <usize>MAX_EXPANSIONS << 2);
  expSim = zeroed(<usize>MAXQ * <usize>MAX_EXPANSIONS << 2);
  expCount = zeroed(<usize>MAXQ << 2);
  expMinBound = zeroed(<usize>MAXQ << 2);
  accSeen = zeroed(<usize>nCount << 3);
  candidates = zeroed(<usize>nCount << 2);
  out = zeroed(<usize>MAX_CANDIDATES * <usize>OUT_STRIDE << 2);
  pairs = zeroed(<usize>MAXQ * 64 * 16);
  phonTok = zeroed(<usize>MAX_PHONETIC << 2);
}

/**
 * Derives the per-token tables (tokLen8, tokFirst, tokSig) for tokens [from, to). The host calls it
 * in slices after setIndex, then prepareTrigramKeys, pausing between slices so a serving thread
 * installing an index is never blocked for the whole derivation; no query runs before both cover
 * the whole index.
 */
export function prepareTokens(from: i32, to: i32): void {
  const end = to < tokenCount ? to : tokenCount;
  for (let t = from; t < end; t++) {
    const at = load<u32>(tokOff + (<usize>t << 2));
    const stop = load<u32>(tokOff + (<usize>(t + 1) << 2));
    store<u8>(tokLen8 + <usize>t, <u8>(stop - at < 255 ? stop - at : 255));
    if (stop > at) store<u8>(tokFirst + <usize>t, <u8>symbol(load<u8>(tokBytes + <usize>at)));
    store<u32>(tokSig + (<usize>t << 2), signature(tokBytes + <usize>at, <i32>(stop - at)));
  }
}

/** Derives tgKey for trigram list entries [from, to) (after prepareTokens has covered every token). */
export function prepareTrigramKeys(from: u32, to: u32): void {
  const entries = load<u32>(tgOff + (<usize>TG_SIZE << 2));
  const end = to < entries ? to : entries;
  for (let k: u32 = from; k < end; k++) {
    const t = load<u32>(tgList + (<usize>k << 2));
    const len = load<u32>(tokOff + (<usize>(t + 1) << 2)) - load<u32>(tokOff + (<usize>t << 2));
    store<u32>(tgKey + (<usize>k << 2), (<u32>load<u8>(tokFirst + <usize>t) << 16) | (len < 0xffff ? len : 0xffff));
  }
}

export function setScoring(
  conflict: f32, missing: f32, missingQuery: f32, initial: f32, order: f32, resFloor: f32, resDrop: f32,
  contMass: f32, missingContained: f32, chain: u32,
): void {
  containedMass = contMass;
  lamMissingContained = missingContained;
  chainMask = chain;
  lamMissingQuery = missingQuery;
  residualFloor = resFloor;
  residualDrop = resDrop;
  lamConflict = conflict;
  lamMissing = missing;
  initialSim = initial;
  orderFactor = order;
}

export function nextStamp(): u32 {
  seenStamp++;
  return seenStamp;
}

export function setSimTouchedCount(n: i32): void {
  simTouchedCount = n;
}

/** Records that similarity slot `slot` (tok * MAXQ + u) was written (for resetQuery and simFlag). */
export function touchSim(tok: u32, u: i32): void {
  store<u8>(simFlag + <usize>tok, 1);
  const t = simTouchedCount;
  if (t < MAXQ * MAX_EXPANSIONS) {
    store<u32>(simTouched + (<usize>t << 2), tok * <u32>MAXQ + <u32>u);
    simTouchedCount = t + 1;
  } else {
    simFlagUnreliable = true;
  }
}

// Scratch pointers for the host, which writes query units and reads results there.
export function queryBytesPtr(): usize { return qBytes; }
export function queryOffPtr(): usize { return qOff; }
export function queryLenPtr(): usize { return qLen; }
export function queryPosPtr(): usize { return qPos; }
export function querySpanPtr(): usize { return qSpan; }
export function queryWeightPtr(): usize { return qWeight; }
export function queryPosWeightPtr(): usize { return qPosW; }
export function outPtr(): usize { return out; }
export function phoneticPtr(): usize { return phonTok; }
export function expansionTokPtr(): usize { return expTok; }
export function expansionSimPtr(): usize { return expSim; }
export function expansionCountPtr(): usize { return expCount; }
