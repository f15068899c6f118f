/**
 * @module The host side of the WASM matching core: loads an index into linear memory once, then
 * writes each query's units into the core's scratch region and reads scored candidates back.
 * Only this module touches the generated bindings (build/core.js).
 */
import { readFileSync } from 'node:fs';
import { instantiate } from '../../build/core.js';
import type { IndexArrays } from './index-builder.js';

type CoreExports = Awaited<ReturnType<typeof instantiate>>;

/** Must equal version() in assembly/index.ts: catches a stale build/core.wasm. */
const CORE_VERSION = 1;
export const MAXQ = 40;
export const MAX_QPOS = 31;
const OUT_STRIDE = 8;
const QBYTES = 4096;

let compiled: WebAssembly.Module | undefined;

function coreModule(): WebAssembly.Module {
  if (!compiled) {
    const url = new URL('../../build/core.wasm', import.meta.url);
    compiled = new WebAssembly.Module(readFileSync(url));
  }
  return compiled;
}

export interface QueryUnit {
  text: string;
  pos: number;
  span: number;
  weight: number;
}

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
}

export class MatchingCore {
  private constructor(
    private readonly core: CoreExports,
    readonly memoryBytes: () => number,
  ) {}

  static async load(arrays: IndexArrays): Promise<MatchingCore> {
    const core = await instantiate(coreModule(), { env: {} });
    if (core.version() !== CORE_VERSION) throw new Error('build/core.wasm is stale: run npm run build:wasm');
    const put = (a: ArrayBufferView): number => {
      const ptr = core.alloc(Math.max(a.byteLength, 4));
      new Uint8Array(core.memory.buffer, ptr, a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
      return ptr;
    };
    core.setIndex(
      arrays.tokenCount, arrays.nameCount,
      put(arrays.tokBytes), put(arrays.tokOff), put(arrays.tokWeight),
      put(arrays.tgOff), put(arrays.tgList),
      put(arrays.postOff), put(arrays.postList),
      put(arrays.unitOff), put(arrays.unitTok), put(arrays.unitPS), put(arrays.unitW), put(arrays.nameList),
    );
    return new MatchingCore(core, () => core.memory.buffer.byteLength);
  }

  /** Writes the query units (text, positions, weights) into the core's scratch region. */
  writeQuery(units: readonly QueryUnit[], positionWeights: readonly number[]): void {
    const c = this.core;
    const buf = c.memory.buffer;
    const bytes = new Uint8Array(buf, c.queryBytesPtr(), QBYTES);
    const off = new Uint32Array(buf, c.queryOffPtr(), MAXQ);
    const len = new Uint32Array(buf, c.queryLenPtr(), MAXQ);
    const pos = new Uint32Array(buf, c.queryPosPtr(), MAXQ);
    const span = new Uint32Array(buf, c.querySpanPtr(), MAXQ);
    const weight = new Float32Array(buf, c.queryWeightPtr(), MAXQ);
    const posW = new Float32Array(buf, c.queryPosWeightPtr(), MAXQ);
    let at = 0;
    units.forEach((u, i) => {
      const n = Math.min(u.text.length, 64);
      for (let k = 0; k < n; k++) bytes[at + k] = u.text.charCodeAt(k);
      off[i] = at;
      len[i] = n;
      pos[i] = u.pos;
      span[i] = u.span;
      weight[i] = u.weight;
      at += n;
    });
    positionWeights.forEach((w, i) => (posW[i] = w));
  }

  expand(unit: number, p: ModeParams): number {
    return this.core.expandUnit(unit, p.maxEdits, p.minEditLength, p.jwFloor, p.jwFloor2, p.editPenalty);
  }

  addExpansion(unit: number, token: number, sim: number): void {
    this.core.addExpansion(unit, token, sim);
  }

  unitTokenJw(unit: number, token: number): number {
    return this.core.unitTokenJw(unit, token);
  }

  /** Candidate generation and scoring; rows are unsorted. */
  collect(units: number, positions: number, minAcc: number, listMask: number, maxCandidates: number, p: ModeParams): CandidateRow[] {
    const c = this.core;
    c.setScoring(p.lamConflict, p.lamMissing, p.lamMissingQuery, p.initialSim, p.orderFactor, p.residualFloor, p.residualDrop);
    const n = c.collect(units, positions, minAcc, listMask >>> 0, maxCandidates);
    const f = new Float32Array(c.memory.buffer, c.outPtr(), n * OUT_STRIDE);
    const u = new Uint32Array(c.memory.buffer, c.outPtr(), n * OUT_STRIDE);
    const rows: CandidateRow[] = new Array(n);
    for (let r = 0; r < n; r++) {
      const o = r * OUT_STRIDE;
      rows[r] = {
        name: u[o], score: f[o + 1], matched: f[o + 2], mass: f[o + 3], queryUnmatched: f[o + 4],
        candidateUnmatched: f[o + 5], queryMask: u[o + 6], accumulated: f[o + 7],
      };
    }
    return rows;
  }

  reset(units: number): void {
    this.core.resetQuery(units);
  }
}
