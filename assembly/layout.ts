// Memory map of the matching core.
//
// The host (src/engine/core.ts) builds the index as typed arrays, asks the core for space with
// alloc(), copies each array in, writes their pointers into the index table (the IX_* fields
// below, at indexTablePtr()) and calls setIndex(). Nothing here is freed: an index lives as long as
// its instance, and a rebuilt index gets a fresh instance.
//
// Every region is documented where it is defined (element type, size, writer and when):
//   state.ts       the index regions (host), the tables derived from them (core, after setIndex),
//                  the query input (host, per query), the per-query scratch (core) and the output
//   ops.ts         the op queue and its parameter triples (host, per query)
//   search.ts      letter histograms of the two-edit search (core)
//   score.ts       the candidate heap, the word-order and residual-pair scratch (core)
//   similarity.ts  edit-distance rows and character positions (core)
//
//  index regions (host, once, before setIndex)                 per query (host writes the input)
//  ┌──────────────────────────────────────────┐               ┌────────────────────────────────────┐
//  │ tokBytes  u8[]     token text, ASCII      │               │ qBytes   u8[QBYTES]  unit texts     │
//  │ tokOff    u32[T+1] token i = [off[i],off[i+1])            │ qOff,qLen u32[MAXQ]  unit i text    │
//  │ tgOff     u32[TG+1] trigram -> tokens     │               │ qPos,qSpan u32[MAXQ] positions      │
//  │ tgList    u32[]  by first letter, length  │               │ qWeight  f32[MAXQ]   unit weight    │
//  │ postOff   u32[T+1] token -> names         │               │ qPosW    f32[MAXQ]   position weight│
//  │ postList  u32[]                           │               │ ops      i32[OP_WORDS] op queue     │
//  │ unitOff   u32[N+1] name -> units          │               ├────────────────────────────────────┤
//  │ unitTok   u32[]    unit token             │               │ (core) dictSim f32[T*MAXQ] sparse   │
//  │ unitPS    u32[]    pos | span << 8        │               │ expTok/expSim per unit, accSeen[N], │
//  │ unitW     f32[]    unit weight            │               │ candidates[N], pairs, ...           │
//  │ nameList  u8[N]    list of each name      │               │ out  candidate table (host reads)   │
//  │ tokDesc   u8[T]    descriptor word (1)    │               │                                     │
//  │ delTable  (u32 hash, u32 token+1)[2^bits] │               └────────────────────────────────────┘
//  └──────────────────────────────────────────┘   derived by the core after setIndex, in slices:
//                                                  tgKey, tokFirst, tokLen8, tokSig
//
// A unit is one token, or two adjacent tokens joined (a compound), so "abdul rahman" on one side
// meets "abdulrahman" on the other. Positions are token indexes; span is 1 or 2.
//
// The numbers below are the single source for core and host: index.ts exports the ones the host
// needs as globals, and src/engine/core.ts reads them from the compiled module, never a copy.

// The index table (state.ts: indexTable): u32 fields at these byte offsets, written by the host at
// indexTablePtr() before setIndex(). Counts, then region pointers (each from alloc), then delBits.
export const IX_TOKEN_COUNT: i32 = 0;
export const IX_NAME_COUNT: i32 = 4;
export const IX_TOK_BYTES: i32 = 8;
export const IX_TOK_OFF: i32 = 12;
export const IX_TG_OFF: i32 = 16;
export const IX_TG_LIST: i32 = 20;
export const IX_POST_OFF: i32 = 24;
export const IX_POST_LIST: i32 = 28;
export const IX_UNIT_OFF: i32 = 32;
export const IX_UNIT_TOK: i32 = 36;
export const IX_UNIT_PS: i32 = 40;
export const IX_UNIT_W: i32 = 44;
export const IX_NAME_LIST: i32 = 48;
export const IX_DEL_TABLE: i32 = 52;
export const IX_DEL_BITS: i32 = 56;
export const IX_TOK_DESC: i32 = 60;
/** Bytes of the index table: the host checks it wrote a field at every 4 bytes below this. */
export const IX_BYTES: i32 = 64;

/** Most query units (tokens plus adjacent-pair compounds) one query may have. */
export const MAXQ: i32 = 40;
/** Query positions are tracked in a 32-bit mask (at most 24 query tokens); candidate positions in a 64-bit mask. */
export const MAX_QPOS: i32 = 31;
export const MAX_CPOS: i32 = 63;
/** Bytes of query text scratch. */
export const QBYTES: i32 = 4096;
/** Longest token compared character by character; longer tokens compare on their first 64 bytes. */
export const MAX_TOKEN: i32 = 64;
/** Trigram alphabet: '$' (padding) = 0, a-z = 1..26, 0-9 = 27..36. */
export const TG_ALPHABET: i32 = 37;
export const TG_SIZE: i32 = TG_ALPHABET * TG_ALPHABET * TG_ALPHABET;
/** Most candidates fully scored per query, and most similar tokens kept per query unit. */
export const MAX_CANDIDATES: i32 = 256;
export const MAX_EXPANSIONS: i32 = 128;
/** Most phonetic candidates the host hands over per query unit (addPhonetic). */
export const MAX_PHONETIC: i32 = 64;
/** Most scoring pairs alignName gathers for one name (64 per query unit; more are left out). */
export const MAX_PAIRS: i32 = MAXQ * 64;
/**
 * Most leftover pairs the residual pass of one name remembers (score.ts matchResidual; 128 per query
 * unit). The host's indexes stay under it (at most MAXQ query units against 63 name positions and
 * their raw-spelling twins); a name with more leftover pairs alike enough falls back to rescanning
 * them per pair taken.
 */
export const MAX_RESIDUAL: i32 = MAXQ * 128;

// Output table of scored candidates: OUT_STRIDE f32/u32 slots per candidate.
//   [0] name id (u32)  [1] score  [2] matched value  [3] matched mass  [4] query unmatched mass
//   [5] candidate unmatched mass  [6] matched query positions mask (u32)  [7] accumulated rarity
//   [8] matched candidate positions mask, positions 0-31 (u32)
//   [9] the rarity of a list descriptor a word the lists do not know stands in for, at that word's charge (f32; 0: none)
//   [10] the score without that pairing (a person's name has no descriptor)
//   [11] the one word off (score.ts matchOneOff): 1 + query position + name position << 8 (u32; 0: none)
export const OUT_STRIDE: i32 = 12;

// The op queue (ops.ts): the host writes a query's searches as ops of OP_WORDS i32/f32 words at
// opsPtr(), then calls runOps(). Codes of the ops (their words are drawn in ops.ts):
export const OP_ADD: i32 = 1;
export const OP_ONE_EDIT: i32 = 2;
export const OP_SHORT: i32 = 3;
export const OP_TWO_EDIT: i32 = 4;
export const OP_PHONETIC: i32 = 5;
/** Words of the op buffer; the host runs what it queued before it would overflow. */
export const OP_WORDS: i32 = 8192;
