// The index's regions and the core's scratch, each documented where it is defined: what it holds,
// its element type and size, who writes it and when (T = tokens, N = names, U = name units,
// TG_SIZE = trigram ids; layout.ts has the map and the shared numbers).
import { symbol } from './similarity';
import {
  IX_BYTES, IX_DEL_BITS, IX_DEL_TABLE, IX_TOK_DESC, IX_NAME_COUNT, IX_NAME_LIST, IX_POST_LIST, IX_POST_OFF, IX_TG_LIST, IX_TG_OFF,
  IX_TOKEN_COUNT, IX_TOK_BYTES, IX_TOK_OFF, IX_UNIT_OFF, IX_UNIT_PS, IX_UNIT_TOK, IX_UNIT_W, MAXQ, MAX_CANDIDATES,
  MAX_EXPANSIONS, MAX_PAIRS, MAX_PHONETIC, MAX_TOKEN, OUT_STRIDE, QBYTES, TG_ALPHABET, TG_SIZE,
} from './layout';

/**
 * The index table: IX_BYTES of u32 fields at the IX_* byte offsets of layout.ts, one per index
 * region pointer and count. The host writes it (indexTablePtr()) once it has copied the regions in,
 * then calls setIndex(), which reads each field by its name: a region added to the table is a new
 * named field, never a shifted position in an argument list.
 */
const indexTable = memory.data(IX_BYTES, 8);

@inline function field(offset: i32): u32 {
  return load<u32>(indexTable + <usize>offset);
}

// ── index regions: written by the host (copied in before setIndex), read-only to the core ─────────
/** Dictionary tokens (T) and list names (N) of the index. */
export let tokenCount: i32 = 0;
export let nameCount: i32 = 0;
/** u8[tokOff[T]]: the dictionary tokens' text, ASCII a-z 0-9, back to back (token i = [tokOff[i], tokOff[i+1])). */
export let tokBytes: usize = 0;
/** u32[T + 1]: start of each token in tokBytes, and the end of the last. */
export let tokOff: usize = 0;
/**
 * u32[TG_SIZE + 1]: start of each trigram's list in tgList; tgOff[TG_SIZE] is the number of entries.
 * Trigrams are of "$$" + token + "$" over the TG_ALPHABET symbols.
 */
export let tgOff: usize = 0;
/** u32[tgOff[TG_SIZE]]: token ids per trigram, each list sorted by first letter, then length, then id. */
export let tgList: usize = 0;
/** u32[T + 1]: start of each token's postings in postList. */
export let postOff: usize = 0;
/** u32[]: name ids per token (the names having a unit of that token), ascending. */
export let postList: usize = 0;
/** u32[N + 1]: start of each name's units in unitTok, unitPS and unitW. */
export let unitOff: usize = 0;
/** u32[U]: the token id of each name unit (plain tokens first, in position order, then compounds and raw spellings). */
export let unitTok: usize = 0;
/** u32[U]: position (bits 0-7) | span << 8 (1 or 2) | 1 << 16 for a raw-spelling twin of a position. */
export let unitPS: usize = 0;
/** f32[U]: each unit's rarity weight (a compound's is the sum of its two tokens'). */
export let unitW: usize = 0;
/** u8[N]: each name's list, as its index in LIST_SOURCES (the list mask's bit). */
export let nameList: usize = 0;
/** u8[T]: 1 where a token is a descriptor of organisations (the host's index-builder.ts descriptorWords). */
export let tokDesc: usize = 0;
/**
 * (u32 hash, u32 token + 1)[2^delBits]: the deletion-neighbourhood index of the one-edit search: the
 * 32-bit FNV-1a hash of a token with at most one letter deleted, open addressing (0 = empty slot).
 */
export let delTable: usize = 0;
/** 2^delBits - 1 (delBits from the table). */
export let delMask: u32 = 0;

// ── derived from the index by the core, in slices after setIndex (prepareTokens, prepareTrigramKeys) ──
/**
 * u32[tgOff[TG_SIZE]], beside tgList: each entry's sort key, first letter << 16 | length (see
 * windowStart in search.ts), so the binary searches for a window read one contiguous array.
 */
export let tgKey: usize = 0;
/** u8[T]: each token's first letter as a trigram symbol (the two-edit search and the initials check use it). */
export let tokFirst: usize = 0;
/** u8[T]: each token's length, at most 255 (initials and acronyms check it without tokOff). */
export let tokLen8: usize = 0;
/**
 * u32[T]: bit (symbol - 1) % 32 set for every letter or digit of the token's first MAX_TOKEN
 * bytes. Letters one side has and the other lacks are at least the bits one mask has and the other
 * lacks (a shared bit may stand for two symbols, which only lowers the count): a bag-distance bound.
 */
export let tokSig: usize = 0;
/**
 * u32[tgOff[TG_ALPHABET]]: the tokSig of each entry of the first-letter trigram lists ("$$" + one
 * symbol, trigram ids 0..TG_ALPHABET - 1, first in tgList: every token once), in list order. The
 * two-edit search walks such a list's window and tests each entry's signature first: read side by
 * side with tgList instead of at random token ids.
 */
export let headSig: usize = 0;

// ── query input: written by the host before each query (MatchingCore.writeQuery) ─────────────────
/** u8[QBYTES]: the query units' text, back to back. */
export let qBytes: usize = 0;
/** u32[MAXQ] each: unit i's text is qBytes[qOff[i], qOff[i] + qLen[i]) (at most MAX_TOKEN bytes). */
export let qOff: usize = 0;
export let qLen: usize = 0;
/** u32[MAXQ] each: unit i's first query position and its span (1, or 2 for a compound). */
export let qPos: usize = 0;
export let qSpan: usize = 0;
/** f32[MAXQ]: each unit's rarity weight. */
export let qWeight: usize = 0;
/** f32[MAXQ]: the rarity weight of each query position (for the unmatched mass). */
export let qPosW: usize = 0;
/** u32[MAX_PHONETIC]: the token ids of one OP_PHONETIC op, copied here by runOps for addPhonetic. */
export let phonTok: usize = 0;

// ── per-query scratch: written by the core during a query, cleared by resetQuery ─────────────────
/**
 * f32[T * MAXQ]: similarity of token t to query unit u at t * MAXQ + u (0 = none). Written by the
 * token search (addExpansion); read sparsely, so only the slots in simTouched are cleared.
 */
export let dictSim: usize = 0;
/**
 * u8[T]: 1 once a similarity to any query unit was written for the token this query (cleared by
 * resetQuery). Lets alignName skip a name's tokens no unit matched without reading their MAXQ
 * similarity slots. A set flag may be stale (replaceWorst zeroes a slot); never a clear one.
 */
export let simFlag: usize = 0;
/** Set for good once simTouched overflowed: slots then outlive their query, so flags cannot be trusted. */
export let simFlagUnreliable: bool = false;
/** u32[MAXQ * MAX_EXPANSIONS]: the dictSim slots written this query (simTouchedCount of them), for resetQuery. */
export let simTouched: usize = 0;
export let simTouchedCount: i32 = 0;
/**
 * u16[T]: per token, shared trigrams counted by the two-edit search, or 1 for "seen" in the one-edit
 * search; each search zeroes the counts it raised before it returns.
 */
export let tgCount: usize = 0;
/** u32[T]: the tokens whose tgCount a search raised (then, in the two-edit search, its survivors at the front). */
export let tgTouched: usize = 0;
/** f32[T]: similarities of the two-edit search's survivors, beside their tokens at the front of tgTouched. */
export let survSim: usize = 0;
/**
 * u32[MAXQ * MAX_EXPANSIONS] and f32[MAXQ * MAX_EXPANSIONS]: each query unit's expansion list, the
 * tokens found for it and their similarities (unit u from u * MAX_EXPANSIONS); u32[MAXQ]: their counts.
 * Written by the token search, sorted best first by collect; the counts are zeroed by resetQuery.
 */
export let expTok: usize = 0;
export let expSim: usize = 0;
export let expCount: usize = 0;
/** f32[MAXQ]: per query unit, a lower bound of the least similarity in its (full) expansion list (replaceWorst). */
export let expMinBound: usize = 0;
/**
 * (f32 accumulated rarity, u32 stamp)[N]: per name, the rarity collect has gathered for it and the
 * stamp of the last query unit that reached it. Side by side, one cache line serves both reads of
 * a posting. select() zeroes the rarity of every name it looked at; the stamp only grows.
 */
export let accSeen: usize = 0;
export let seenStamp: u32 = 0;
/** u32[N]: the names collect's accumulation touched this query (its candidates, before selection). */
export let candidates: usize = 0;
/**
 * f32/u32[MAX_CANDIDATES * OUT_STRIDE]: the output table, one row of OUT_STRIDE slots per scored
 * candidate (slots in layout.ts). Written by collect; the host reads it (outPtr()) until the next query.
 */
export let out: usize = 0;
/** f32/u32[MAX_CANDIDATES * OUT_STRIDE]: each row as scored without its one word off (score.ts matchOneOff), where it has one. */
export let outAlt: usize = 0;
/**
 * (u32 query unit, u32 name unit, f32 sim, f32 value)[MAX_PAIRS]: the scoring pairs alignName gathers
 * for one name; its greedy pass zeroes the value of each pair it takes.
 */
export let pairs: usize = 0;

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
/**
 * Per query: bit p set when query position p is a whole word that is never an initial or an
 * acronym, whatever its length (a word written in an abjad, its vowels unwritten: طاها "th" is
 * Taha, not "Trading House"). The initials and acronym passes skip those positions, and the score
 * bound does not count them wild.
 */
export let literalMask: u32 = 0;
/**
 * Per query: bit p set when query position p is a word the lists do not know in an organisation's
 * name (the host's name-matcher.ts UNKNOWN_WORD_CHARGE). Left unmatched beside a descriptor the list
 * name leaves unmatched (its heaviest unmatched word weighing unknownPairMin to unknownPairMax), it
 * may be another language's word for it: it costs at most `unknownCharge`, as a word missing from
 * the list name, never as a disagreement (their overlap, lamConflict). Otherwise (a list name matched
 * whole, a rare word left unmatched) it is charged as any other word.
 */
export let unknownMask: u32 = 0;
export let unknownCharge: f32 = 0;
/** The list name's heaviest unmatched word must weigh this much or more (a strong word), and no more than unknownPairMax. */
export let unknownPairMin: f32 = 0;
export let unknownPairMax: f32 = 0;
/** Or no more than this where that word is a descriptor of organisations (tokDesc; 0: none beyond unknownPairMax). */
export let unknownDescriptorMax: f32 = 0;

/** Sets unknownDescriptorMax (per query, with setScoring). */
export function setDescriptorMax(max: f32): void {
  unknownDescriptorMax = max;
}
/**
 * Or, with no strong word of the list name left unmatched (a list name matched whole but for its
 * legal forms), a word the lists do not know costs at most `unknownCharge` too where the match holds
 * a distinctive word, closely (matched value 0.95 of the matched mass or more), a matched list word
 * weighing this much or more (0: never). The proper noun
 * matched says which party it is; the unknown word beside it is most often a descriptor written in
 * another language ("Rede X" for X NETWORK, "X-yhtiö" for X LLC). A list name of generic words only
 * ("Research Institute") matched whole beside unknown words is another party's name.
 */
export let unknownDistinctive: f32 = 0;
/**
 * Per query (0: off): an organisation's name (the host's organisation queries) whose every word a
 * list name has, word for word, on this much rarity or more: the list name's words left over are
 * charged at most the matched mass (a short name inside a long official one).
 */
export let queryContainedMass: f32 = 0;
/**
 * Per query (0: none): bit p set when query position p is a legal form of an organisation's query
 * ("SA", "Rt.", "a. s."). Where the query's other words are a list name's found whole
 * (queryContainedMass), such a word left over is a word the query adds, never a disagreement with
 * the list name's words left over (the legal form of another country: the same party's name).
 */
export let formMask: u32 = 0;

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

@inline function region(offset: i32): usize {
  const p = <usize>field(offset);
  if (p == 0) unreachable();
  return p;
}

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
 * The bytes setIndex allocates for an index of these sizes (`trigramEntries`: the last tgOff entry),
 * with each block's header and alignment: what the host grows the memory by beforehand, in short
 * steps (src/engine/core.ts). Kept beside setIndex, term for term: setIndex traps when the heap grew
 * by more than this.
 */
export function scratchBytes(tCount: i32, nCount: i32, trigramEntries: u32): usize {
  const t = <usize>tCount;
  const n = <usize>nCount;
  const q = <usize>MAXQ;
  const exp = q * <usize>MAX_EXPANSIONS;
  let bytes: usize = <usize>QBYTES + (q << 2) * 6; // qBytes, qOff, qLen, qPos, qSpan, qWeight
  bytes += q << 2; // qPosW
  bytes += (t * q << 2) + t + (exp << 2); // dictSim, simFlag, simTouched
  bytes += (t << 1) + (t << 2) + (t << 2) + t + (t << 2) + t; // tgCount, tgTouched, survSim, tokFirst, tokSig, tokLen8
  bytes += <usize>trigramEntries << 2; // tgKey
  bytes += t << 2; // headSig (one first-letter trigram per token)
  bytes += (exp << 2) * 2 + (q << 2) * 2; // expTok, expSim, expCount, expMinBound
  bytes += (n << 3) + (n << 2); // accSeen, candidates
  bytes += <usize>MAX_CANDIDATES * <usize>OUT_STRIDE << 2; // out
  bytes += <usize>MAX_CANDIDATES * <usize>OUT_STRIDE << 2; // outAlt
  bytes += <usize>MAX_PAIRS << 4; // pairs
  bytes += <usize>MAX_PHONETIC << 2; // phonTok
  return bytes + SCRATCH_BLOCKS * BLOCK_SLACK;
}

/** Allocations setIndex makes, and what each may add to its size (the stub runtime's header and 16-byte alignment). */
const SCRATCH_BLOCKS: usize = 30;
const BLOCK_SLACK: usize = 32;

/** Where the host writes the index table (see indexTable) before it calls setIndex. */
export function indexTablePtr(): usize {
  return indexTable;
}

/**
 * Takes the index regions named in the index table and allocates the scratch they need. Traps on a
 * region pointer left 0 (alloc never returns 0): a table field the host did not write.
 */
export function setIndex(): void {
  if (indexSet) unreachable();
  indexSet = true;
  // The stub runtime's heap is a bump allocator: the distance between two blocks is what lay between.
  const firstBlock = heap.alloc(1);
  tokenCount = <i32>field(IX_TOKEN_COUNT);
  nameCount = <i32>field(IX_NAME_COUNT);
  tokBytes = region(IX_TOK_BYTES);
  tokOff = region(IX_TOK_OFF);
  tgOff = region(IX_TG_OFF);
  tgList = region(IX_TG_LIST);
  postOff = region(IX_POST_OFF);
  postList = region(IX_POST_LIST);
  unitOff = region(IX_UNIT_OFF);
  unitTok = region(IX_UNIT_TOK);
  unitPS = region(IX_UNIT_PS);
  unitW = region(IX_UNIT_W);
  nameList = region(IX_NAME_LIST);
  tokDesc = region(IX_TOK_DESC);
  delTable = region(IX_DEL_TABLE);
  delMask = (<u32>1 << field(IX_DEL_BITS)) - 1;
  const tCount = tokenCount;
  const nCount = nameCount;

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
  // Each token has exactly one first-letter trigram ("$$" + its first symbol).
  const heads = load<u32>(tgOff + (<usize>TG_ALPHABET << 2));
  if (heads > <u32>tCount) unreachable();
  headSig = heap.alloc(<usize>heads << 2);
  expTok = zeroed(<usize>MAXQ * <usize>MAX_EXPANSIONS << 2);
  expSim = zeroed(<usize>MAXQ * <usize>MAX_EXPANSIONS << 2);
  expCount = zeroed(<usize>MAXQ << 2);
  expMinBound = zeroed(<usize>MAXQ << 2);
  accSeen = zeroed(<usize>nCount << 3);
  candidates = zeroed(<usize>nCount << 2);
  out = zeroed(<usize>MAX_CANDIDATES * <usize>OUT_STRIDE << 2);
  outAlt = zeroed(<usize>MAX_CANDIDATES * <usize>OUT_STRIDE << 2);
  pairs = zeroed(<usize>MAX_PAIRS << 4);
  phonTok = zeroed(<usize>MAX_PHONETIC << 2);
  // scratchBytes must cover what was just allocated (the host sizes the memory by it).
  const lastBlock = heap.alloc(1);
  if (lastBlock - firstBlock > scratchBytes(tCount, nCount, entries) + BLOCK_SLACK) unreachable();
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

/**
 * Derives tgKey, and headSig for the first-letter lists' entries, for trigram list entries [from, to)
 * (after prepareTokens has covered every token).
 */
export function prepareTrigramKeys(from: u32, to: u32): void {
  const entries = load<u32>(tgOff + (<usize>TG_SIZE << 2));
  const heads = load<u32>(tgOff + (<usize>TG_ALPHABET << 2));
  const end = to < entries ? to : entries;
  for (let k: u32 = from; k < end; k++) {
    const t = load<u32>(tgList + (<usize>k << 2));
    const len = load<u32>(tokOff + (<usize>(t + 1) << 2)) - load<u32>(tokOff + (<usize>t << 2));
    store<u32>(tgKey + (<usize>k << 2), (<u32>load<u8>(tokFirst + <usize>t) << 16) | (len < 0xffff ? len : 0xffff));
    if (k < heads) store<u32>(headSig + (<usize>k << 2), load<u32>(tokSig + (<usize>t << 2)));
  }
}

/**
 * One word off (balanced mode; see score.ts matchOneOff): the least Jaro-Winkler a leftover pair
 * needs (0 = off), what its credit loses, the least share of its matched mass the rest of the name
 * must be matched by (the other words near-exact), and the least share of the pair's and the matched
 * mass the matched words must hold (the rest of the name carries the match).
 */
export let oneOffFloor: f32 = 0;
export let oneOffDrop: f32 = 0;
export let oneOffClose: f32 = 1;
export let oneOffShare: f32 = 1;
/** Per query: bit p set when the word at query position p may be the one word off. */
export let oneOffMask: u32 = 0;

/**
 * Per index: a name unit weighing more than this is a strong word (more than any weak word can weigh).
 * The host takes the one word off back where another strong listed word is left unmatched
 * (name-matcher.ts oneOffBarred), so the score bound allows it only where at most one such is open.
 */
export let oneOffStrongW: f32 = 0;

export function setOneOff(floor: f32, drop: f32, close: f32, share: f32, mask: u32, strongW: f32): void {
  oneOffStrongW = strongW;
  oneOffMask = mask;
  oneOffFloor = floor;
  oneOffDrop = drop;
  oneOffClose = close;
  oneOffShare = share;
}

export function setScoring(
  conflict: f32, missing: f32, missingQuery: f32, initial: f32, order: f32, resFloor: f32, resDrop: f32,
  contMass: f32, missingContained: f32, chain: u32, literal: u32, unknown: u32, unknownCost: f32, pairMin: f32, pairMax: f32, distinctive: f32, contained: f32, forms: u32,
): void {
  formMask = forms;
  unknownDistinctive = distinctive;
  queryContainedMass = contained;
  unknownPairMin = pairMin;
  unknownPairMax = pairMax;
  literalMask = literal;
  unknownMask = unknown;
  unknownCharge = unknownCost;
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
export function outAltPtr(): usize { return outAlt; }
