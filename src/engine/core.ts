/**
 * @module The host side of the WASM matching core: loads an index into linear memory once, then
 * writes each query's units into the core's scratch region, queues its token searches (the op queue
 * of assembly/ops.ts, the only way into searching), and reads scored candidates back.
 * Only this module touches the generated bindings (build/core.js).
 */
import { readFileSync } from 'node:fs';
import { instantiate } from '../../build/core.js';
import { WEAK_FACTOR, type IndexArrays } from './index-builder.js';

type CoreExports = Awaited<ReturnType<typeof instantiate>>;

/** Must equal version() in assembly/index.ts: catches a stale build/core.wasm. */
export const CORE_VERSION = 15;
/** Bytes copied into linear memory between two pauses while loading an index. */
const COPY_SLICE = 1 << 20;
/** Tokens, then trigram list entries, whose derived tables the core fills between two pauses. */
const PREPARE_SLICE = 1 << 16;
/** WebAssembly pages (64 KiB) the memory grows by between two pauses while loading an index. */
const GROW_PAGES = 64;
const PAGE = 65536;

/**
 * An upper bound of the linear memory an index takes: its regions (each aligned, with the stub
 * allocator's 16-byte header) and the scratch setIndex allocates for it (state.ts), plus 1 MiB
 * for the fixed scratch. Growing to it beforehand lets load() grow in short steps; the bump
 * allocator then finds the room there (were it short, the allocator grows the rest itself).
 */
function memoryBound(core: CoreExports, arrays: IndexArrays, regions: readonly IndexRegion[]): number {
  let bytes = 1 << 20;
  for (const r of regions) bytes += Math.max(r.data.byteLength, 4) + 32;
  // The scratch setIndex allocates, as the core counts it (assembly/state.ts scratchBytes).
  return bytes + Number(core.scratchBytes(arrays.tokenCount, arrays.nameCount, arrays.tgOff[arrays.tgOff.length - 1]));
}
/** setWorkLimit's "no limit" (the core's u32 maximum). */
export const NO_WORK_LIMIT = 0xffffffff;

let compiled: WebAssembly.Module | undefined;

function coreModule(): WebAssembly.Module {
  if (!compiled) {
    const url = new URL('../../build/core.wasm', import.meta.url);
    compiled = new WebAssembly.Module(readFileSync(url));
  }
  return compiled;
}

/**
 * The numbers core and host share, read from the core's exported globals (assembly/layout.ts
 * defines each once) through a throwaway instance, so the host keeps no copy to fall out of step.
 */
function sharedNumbers(): (name: string) => number {
  const exports = new WebAssembly.Instance(coreModule(), { env: { abort: () => { throw new Error('core abort'); } } }).exports;
  return (name) => {
    const global = exports[name] as { value?: unknown } | undefined;
    if (typeof global?.value !== 'number') throw new Error(`build/core.wasm does not export ${name}: run npm run build:wasm`);
    return global.value;
  };
}
const shared = sharedNumbers();
/** Most query units one query may have. */
export const MAXQ = shared('MAXQ');
/** Bytes of a query unit the core reads. */
const MAX_TOKEN = shared('MAX_TOKEN');
/** Query positions fit a 32-bit mask. */
export const MAX_QPOS = shared('MAX_QPOS');
/** Phonetic candidates handed over per query unit. */
export const MAX_PHONETIC = shared('MAX_PHONETIC');
/** Rows of the candidate table (MAX_CANDIDATES) and slots per row. */
const MAX_ROWS = shared('MAX_CANDIDATES');
const OUT_STRIDE = shared('OUT_STRIDE');
const QBYTES = shared('QBYTES');
const OP_WORDS = shared('OP_WORDS');
const OP_ADD = shared('OP_ADD');
const OP_ONE_EDIT = shared('OP_ONE_EDIT');
const OP_SHORT = shared('OP_SHORT');
const OP_TWO_EDIT = shared('OP_TWO_EDIT');
const OP_PHONETIC = shared('OP_PHONETIC');
/** Bytes of the index table (IX_BYTES), whose named u32 fields setIndex reads. */
const IX_BYTES = shared('IX_BYTES');

/** One region of the index, copied into linear memory and named to the core by its table field. */
interface IndexRegion {
  /** The IX_* constant of assembly/layout.ts whose field takes the region's pointer. */
  field: string;
  data: ArrayBufferView;
}

/**
 * The regions the core reads (assembly/state.ts documents each). tokWeight is not among them: the
 * core reads unit weights (unitW), so the per-token weights stay on the host.
 */
function indexRegions(arrays: IndexArrays): IndexRegion[] {
  return [
    { field: 'IX_TOK_BYTES', data: arrays.tokBytes },
    { field: 'IX_TOK_OFF', data: arrays.tokOff },
    { field: 'IX_TG_OFF', data: arrays.tgOff },
    { field: 'IX_TG_LIST', data: arrays.tgList },
    { field: 'IX_POST_OFF', data: arrays.postOff },
    { field: 'IX_POST_LIST', data: arrays.postList },
    { field: 'IX_UNIT_OFF', data: arrays.unitOff },
    { field: 'IX_UNIT_TOK', data: arrays.unitTok },
    { field: 'IX_UNIT_PS', data: arrays.unitPS },
    { field: 'IX_UNIT_W', data: arrays.unitW },
    { field: 'IX_NAME_LIST', data: arrays.nameList },
    { field: 'IX_TOK_DESC', data: arrays.tokDesc },
    { field: 'IX_DEL_TABLE', data: arrays.delTable },
  ];
}

/**
 * Writes the index table: each named field at its offset. Every 4-byte field up to IX_BYTES must be
 * written exactly once, so a field added to the core's table but not here fails the load instead
 * of leaving the core a zero pointer.
 */
function writeIndexTable(core: CoreExports, values: ReadonlyMap<string, number>): void {
  const table = new DataView(core.memory.buffer, core.indexTablePtr(), IX_BYTES);
  const written = new Set<number>();
  for (const [field, value] of values) {
    const offset = shared(field);
    if (written.has(offset)) throw new Error(`index table field ${field} written twice`);
    written.add(offset);
    table.setUint32(offset, value, true);
  }
  for (let offset = 0; offset < IX_BYTES; offset += 4) {
    if (!written.has(offset)) throw new Error(`index table field at byte ${offset} not written: build/core.wasm and core.ts disagree`);
  }
}

export interface QueryUnit {
  text: string;
  pos: number;
  span: number;
  weight: number;
  /** Arabic-script words read as one (name-matcher.ts arabicJoins): their letters, compared by romanisation. */
  arabicLetters?: string;
}

/**
 * More than any weak word (a legal form, title or particle) can weigh, in an index of up to ten
 * million names (index-builder.ts tokenWeight: WEAK_FACTOR x the rarest word's idf): the core counts a
 * heavier list word as strong (assembly/state.ts oneOffStrongW).
 */
const WEAK_WEIGHT_MAX = WEAK_FACTOR * Math.log(1 + 1e7 / 0.5);

export interface ModeParams {
  maxEdits: number;
  /** Units shorter than this get exact matches only. */
  minEditLength: number;
  jwFloor: number;
  editPenalty: number;
  lamConflict: number;
  /** Penalty per unit of rarity the list name has and the query lacks (an omitted middle name). */
  lamMissing: number;
  /** Penalty per unit of rarity the query has and the list name lacks. */
  lamMissingQuery: number;
  /** Similarity of a one-letter query token to a name token starting with it (0 = off). */
  initialSim: number;
  /** Score factor for scrambled word order (not a rotation) of three or more tokens. */
  orderFactor: number;
  /** Jaro-Winkler a token two edits away must reach. */
  jwFloor2: number;
  /** Leftover token pairs at or above this Jaro-Winkler earn partial credit (0 = off)... */
  residualFloor: number;
  /** ...of Jaro-Winkler minus this. */
  residualDrop: number;
  /**
   * A list name matched whole inside a longer query, with mean similarity >= 0.95 and at least this
   * matched rarity mass, costs lamMissingContained (instead of lamMissingQuery) per unit of the
   * query's extra rarity.
   */
  containedMass: number;
  /** 0 = off. */
  lamMissingContained: number;
  /** Similarity of a token one edit away from a query token too short for edits (0 = off). */
  shortEditSim: number;
  /** Similarity of a list token with the same letters in another order, 5+ letters (0 = off). */
  anagramSim: number;
  /**
   * One word off (assembly/score.ts matchOneOff; only where residualFloor is 0): [least Jaro-Winkler
   * of the leftover pair (0 = off), what its credit loses, least share of the matched mass the rest
   * is matched by, least share of the pair's and the matched mass the matched words hold].
   */
  oneOff: readonly [number, number, number, number];
}

export interface CandidateRow {
  name: number;
  score: number;
  matched: number;
  mass: number;
  queryUnmatched: number;
  candidateUnmatched: number;
  queryMask: number;
  accumulated: number;
  /** The list name's positions 0-31 the alignment matched (bit p = token p). */
  candidateMask: number;
}

/** Typed views of the core's scratch regions, made once (the memory never grows after load). */
interface Views {
  buffer: ArrayBuffer;
  bytes: Uint8Array;
  off: Uint32Array;
  len: Uint32Array;
  pos: Uint32Array;
  span: Uint32Array;
  weight: Float32Array;
  posW: Float32Array;
  outF: Float32Array;
  outU: Uint32Array;
  outAltU: Uint32Array;
  opsI: Int32Array;
  opsF: Float32Array;
  opParams: Float64Array;
}

export class MatchingCore {
  private views: Views;
  /** The queued token searches (see assembly/ops.ts): words written, phonetic parameter triples used. */
  private opWords = 0;
  private opParamCount = 0;
  private planParams: ModeParams | undefined;

  private constructor(
    private readonly core: CoreExports,
    readonly memoryBytes: () => number,
  ) {
    this.views = this.makeViews();
  }

  private makeViews(): Views {
    const c = this.core;
    const buffer = c.memory.buffer;
    return {
      buffer,
      bytes: new Uint8Array(buffer, c.queryBytesPtr(), QBYTES),
      off: new Uint32Array(buffer, c.queryOffPtr(), MAXQ),
      len: new Uint32Array(buffer, c.queryLenPtr(), MAXQ),
      pos: new Uint32Array(buffer, c.queryPosPtr(), MAXQ),
      span: new Uint32Array(buffer, c.querySpanPtr(), MAXQ),
      weight: new Float32Array(buffer, c.queryWeightPtr(), MAXQ),
      posW: new Float32Array(buffer, c.queryPosWeightPtr(), MAXQ),
      outF: new Float32Array(buffer, c.outPtr(), MAX_ROWS * OUT_STRIDE),
      outU: new Uint32Array(buffer, c.outPtr(), MAX_ROWS * OUT_STRIDE),
      outAltU: new Uint32Array(buffer, c.outAltPtr(), MAX_ROWS * OUT_STRIDE),
      opsI: new Int32Array(buffer, c.opsPtr(), OP_WORDS),
      opsF: new Float32Array(buffer, c.opsPtr(), OP_WORDS),
      opParams: new Float64Array(buffer, c.opParamsPtr(), MAXQ * 3),
    };
  }

  /**
   * The views, remade if the memory was ever grown (which detaches the old buffer, and a detached
   * buffer's views read as empty: cheaper to test than fetching memory.buffer on every access).
   */
  private get v(): Views {
    if (this.views.bytes.length === 0) this.views = this.makeViews();
    return this.views;
  }

  /**
   * Loads an index. All regions are allocated first, then copied in slices of at most 1 MiB with
   * `pause()` awaited between them, and the core derives its tables in slices too (prepareTokens,
   * prepareTrigramKeys), so a serving thread installing a new index never blocks for the whole copy
   * or derivation (tens of milliseconds on the full lists).
   */
  static async load(arrays: IndexArrays, pause?: () => Promise<void>): Promise<MatchingCore> {
    const core = await instantiate(coreModule(), { env: {} });
    if (core.version() !== CORE_VERSION) throw new Error('build/core.wasm is stale: run npm run build:wasm');
    if (pause) await pause();
    const regions = indexRegions(arrays);
    if (pause) {
      // Growing by tens of MB in one call takes milliseconds (the stub allocator grows as it
      // allocates, doubling): grow in short steps first.
      const pages = Math.ceil(memoryBound(core, arrays, regions) / PAGE);
      while (core.memory.buffer.byteLength / PAGE < pages) {
        try {
          core.memory.grow(Math.min(GROW_PAGES, pages - core.memory.buffer.byteLength / PAGE));
        } catch {
          break; // at the memory's maximum: the allocator reports what does not fit
        }
        await pause();
      }
    }
    const ptrs = regions.map((r) => core.alloc(Math.max(r.data.byteLength, 4)));
    for (let r = 0; r < regions.length; r++) {
      const { data } = regions[r];
      const src = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      for (let at = 0; at < src.byteLength; at += COPY_SLICE) {
        const part = src.subarray(at, Math.min(src.byteLength, at + COPY_SLICE));
        new Uint8Array(core.memory.buffer, ptrs[r] + at, part.byteLength).set(part);
        if (pause) await pause();
      }
    }
    writeIndexTable(core, new Map([
      ['IX_TOKEN_COUNT', arrays.tokenCount],
      ['IX_NAME_COUNT', arrays.nameCount],
      ['IX_DEL_BITS', arrays.delBits],
      ...regions.map((r, i): [string, number] => [r.field, ptrs[i]]),
    ]));
    core.setIndex();
    if (pause) await pause();
    // The tables the core derives from the index (per token, then per trigram list entry), in slices.
    for (let t = 0; t < arrays.tokenCount; t += PREPARE_SLICE) {
      core.prepareTokens(t, t + PREPARE_SLICE);
      if (pause) await pause();
    }
    for (let k = 0; k < arrays.tgList.length; k += PREPARE_SLICE) {
      core.prepareTrigramKeys(k, k + PREPARE_SLICE);
      if (pause) await pause();
    }
    return new MatchingCore(core, () => core.memory.buffer.byteLength);
  }

  /** Writes the query units (text, positions, weights) into the core's scratch region. */
  writeQuery(units: readonly QueryUnit[], positionWeights: readonly number[]): void {
    const { bytes, off, len, pos, span, weight, posW } = this.v;
    let at = 0;
    for (let i = 0; i < units.length; i++) {
      const u = units[i];
      const text = u.text;
      const n = Math.min(text.length, MAX_TOKEN);
      for (let k = 0; k < n; k++) bytes[at + k] = text.charCodeAt(k);
      off[i] = at;
      len[i] = n;
      pos[i] = u.pos;
      span[i] = u.span;
      weight[i] = u.weight;
      at += n;
    }
    for (let i = 0; i < positionWeights.length; i++) posW[i] = positionWeights[i];
  }

  /**
   * Starts queuing one query's token searches: the queue* methods below record them and runPlan()
   * (or collect()) runs them all in one call to the core, in the order queued (the order decides
   * which tokens a full expansion list keeps and how equal similarities rank); a query costs one call.
   */
  beginPlan(p: ModeParams): void {
    this.planParams = p;
    this.opWords = 0;
    this.opParamCount = 0;
  }

  /** Room for `words` more op words; runs what is queued first when the buffer would overflow. */
  private reserve(words: number): number {
    if (this.opWords + words > OP_WORDS) this.runPlan();
    this.queued.words += words;
    const at = this.opWords;
    this.opWords += words;
    return at;
  }

  /** Records that dictionary `token` matches `unit` with similarity `sim` (the best one is kept). */
  queueAdd(unit: number, token: number, sim: number): void {
    const at = this.reserve(4);
    const { opsI, opsF } = this.v;
    opsI[at] = OP_ADD;
    opsI[at + 1] = unit;
    opsI[at + 2] = token;
    opsF[at + 3] = sim;
  }

  /**
   * Every token within one edit of `unit` (the deletion-neighbourhood index), at its Jaro-Winkler
   * less editPenalty when that reaches jwFloor; the identical token at 1.
   */
  queueOneEdit(unit: number): void {
    this.queued.searches++;
    const at = this.reserve(2);
    const opsI = this.v.opsI;
    opsI[at] = OP_ONE_EDIT;
    opsI[at + 1] = unit;
  }

  /** Every token one edit away from `unit` (a unit too short for edits) at similarity `sim`; the identical one at 1. */
  queueShortEdit(unit: number, sim: number): void {
    this.queued.searches++;
    const at = this.reserve(3);
    const { opsI, opsF } = this.v;
    opsI[at] = OP_SHORT;
    opsI[at + 1] = unit;
    opsF[at + 2] = sim;
  }

  /**
   * Tokens two to `edits` edits from `unit` that keep its first letter and whose Jaro-Winkler reaches
   * jwFloor2 (the trigram search), at that Jaro-Winkler less editPenalty per edit.
   */
  queueTwoEdit(unit: number, edits: number): void {
    this.queued.searches += 2;
    const at = this.reserve(3);
    const opsI = this.v.opsI;
    opsI[at] = OP_TWO_EDIT;
    opsI[at + 1] = unit;
    opsI[at + 2] = edits;
  }

  /**
   * Phonetic candidates for `unit`: the first MAX_PHONETIC of `tokens`, each added with similarity
   * max(jw - drop, minSim) when its Jaro-Winkler reaches minJw.
   */
  queuePhonetic(unit: number, tokens: readonly number[], minJw: number, drop: number, minSim: number): void {
    const n = Math.min(tokens.length, MAX_PHONETIC);
    if (this.opParamCount >= MAXQ) this.runPlan();
    const at = this.reserve(4 + n);
    const { opsI, opParams } = this.v;
    const param = this.opParamCount++;
    opParams[param * 3] = minJw;
    opParams[param * 3 + 1] = drop;
    opParams[param * 3 + 2] = minSim;
    opsI[at] = OP_PHONETIC;
    opsI[at + 1] = unit;
    opsI[at + 2] = n;
    opsI[at + 3] = param;
    for (let i = 0; i < n; i++) opsI[at + 4 + i] = tokens[i];
  }

  /** Runs the queued searches. */
  runPlan(): void {
    const p = this.planParams;
    if (this.opWords > 0) {
      if (!p) throw new Error('MatchingCore: token searches queued without beginPlan()');
      this.core.runOps(this.opWords, p.jwFloor, p.jwFloor2, p.editPenalty);
    }
    this.opWords = 0;
    this.opParamCount = 0;
  }

  /**
   * Candidate generation and scoring. Returns the number of rows written to the output table;
   * read them with row() (or the allocation-free rowName/rowScore/rowMatched... accessors).
   */
  /**
   * `chainMask`: bit p set when query position p is a lineage particle (bin, ibn...).
   * `minRawScore`: names whose score provably stays under it get no row (0: every candidate does).
   * `literalMask`: bit p set when query position p is never an initial or an acronym (a word written
   * in an abjad: assembly/state.ts literalMask).
   * `unknownMask`: bit p set when query position p, left unmatched, is missing from a list name but no
   * disagreement with it (assembly/state.ts unknownMask).
   * `oneOffMask`: bit p set when the word at query position p may be the one word off (ModeParams.oneOff).
   * `formMask`: bit p set when query position p is a legal form (assembly/state.ts formMask).
   */
  collect(
    units: number, positions: number, minAcc: number, listMask: number, maxCandidates: number, p: ModeParams, chainMask = 0,
    minRawScore = 0, literalMask = 0, unknownMask = 0, unknownCharge = 0, unknownPair: readonly [number, number, number, number?] = [0, 0, 0], queryContainedMass = 0, oneOffMask = 0, formMask = 0,
  ): number {
    this.runPlan();
    const c = this.core;
    c.setScoring(
      p.lamConflict, p.lamMissing, p.lamMissingQuery, p.initialSim, p.orderFactor, p.residualFloor, p.residualDrop,
      p.containedMass, p.lamMissingContained, chainMask >>> 0, literalMask >>> 0, unknownMask >>> 0, unknownCharge,
      unknownPair[0], unknownPair[1], unknownPair[2], queryContainedMass, formMask >>> 0,
    );
    c.setDescriptorMax(unknownPair[3] ?? 0);
    c.setOneOff(p.oneOff[0], p.oneOff[1], p.oneOff[2], p.oneOff[3], oneOffMask >>> 0, WEAK_WEIGHT_MAX);
    return c.collect(units, positions, minAcc, listMask >>> 0, maxCandidates, minRawScore);
  }

  /**
   * The next collect()'s work limit, in posting entries walked and candidate units read (none:
   * NO_WORK_LIMIT); the walks stop there and the candidates found are scored. Clears workDone().
   */
  setWorkLimit(limit: number): void {
    this.queued.words = 0;
    this.queued.searches = 0;
    this.core.setWorkLimit(Math.max(0, Math.min(NO_WORK_LIMIT, Math.floor(limit))) >>> 0);
  }

  /**
   * The token searches queued since the last setWorkLimit, which the work limit does not stop (their
   * cost grows with the plan's tokens and their candidates, not with posting lists): op words queued
   * (an exact or phonetic candidate is one to four), and neighbourhood searches (a two-edit search
   * counts two). Charged to the aliases' budget (budget.ts) with the core's count.
   */
  readonly queued = { words: 0, searches: 0 };

  /** Work done by collect() since the last setWorkLimit (see setWorkLimit). */
  workDone(): number {
    return this.core.workDone() >>> 0;
  }

  rowName(r: number): number {
    return this.v.outU[r * OUT_STRIDE];
  }

  rowScore(r: number): number {
    return this.v.outF[r * OUT_STRIDE + 1];
  }

  /** Row r's score without a descriptor paired with a word the lists do not know (rowPaired): what a person's name scores. */
  rowPlainScore(r: number): number {
    return this.v.outF[r * OUT_STRIDE + 10];
  }

  /** One output row as an object (tests and diagnostics; the hot path uses the accessors). */
  row(r: number): CandidateRow {
    const { outF: f, outU: u } = this.v;
    const o = r * OUT_STRIDE;
    return {
      name: u[o], score: f[o + 1], matched: f[o + 2], mass: f[o + 3], queryUnmatched: f[o + 4],
      candidateUnmatched: f[o + 5], queryMask: u[o + 6], accumulated: f[o + 7],
      candidateMask: u[o + 8],
    };
  }

  /**
   * The whole name matched token for token (weak words aside), and the matched rarity mass: what
   * the information factor needs, read without allocating.
   */
  rowExactness(r: number): { exact: boolean; mass: number } {
    return { exact: this.rowExact(r), mass: this.rowMass(r) };
  }

  /** The whole name matched token for token (weak words aside): see rowExactness. */
  rowExact(r: number): boolean {
    const f = this.v.outF;
    const o = r * OUT_STRIDE;
    return f[o + 2] >= f[o + 3] - 1e-4 && f[o + 4] < 0.5 && f[o + 5] < 0.5;
  }

  /** The list name's positions 0-31 that row r matched (bit p = token p). */
  rowCandidateMask(r: number): number {
    return this.v.outU[r * OUT_STRIDE + 8];
  }

  /** The rarity of a list descriptor a word the lists do not know stands in for in row r, at that word's charge (0: none). */
  rowPaired(r: number): number {
    return this.v.outF[r * OUT_STRIDE + 9];
  }

  /** Row r's one word off (assembly/score.ts matchOneOff): its query and list name positions, or undefined. */
  rowOneOff(r: number): { query: number; listed: number } | undefined {
    const v = this.v.outU[r * OUT_STRIDE + 11];
    return v === 0 ? undefined : { query: (v - 1) & 0xff, listed: ((v - 1) >>> 8) & 0xff };
  }

  /** Row r as scored without its one word off (rowOneOff), every slot: where the off word may not be off. */
  dropOneOff(r: number): void {
    const { outU, outAltU } = this.v;
    const o = r * OUT_STRIDE;
    if (outU[o + 11] === 0) return;
    outU.set(outAltU.subarray(o, o + OUT_STRIDE), o);
  }

  /** Matched rarity mass of row r. */
  rowMass(r: number): number {
    return this.v.outF[r * OUT_STRIDE + 3];
  }

  /** Names the score bound has skipped since the core was loaded (tests and diagnostics). */
  skippedCount(): number {
    return this.core.skippedCount();
  }

  reset(units: number): void {
    this.opWords = 0;
    this.opParamCount = 0;
    this.planParams = undefined;
    this.core.resetQuery(units);
  }
}
