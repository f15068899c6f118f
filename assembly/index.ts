// The entire export surface of the matching core. Numbers in and out; bulk data at the offsets
// the state accessors return (see layout.ts for the memory map).
export {
  alloc, setIndex, prepareTokens, prepareTrigramKeys, setDeletions, setScoring,
  queryBytesPtr, queryOffPtr, queryLenPtr, queryPosPtr, querySpanPtr, queryWeightPtr, queryPosWeightPtr,
  outPtr, phoneticPtr, expansionTokPtr, expansionSimPtr, expansionCountPtr,
} from './state';
export { addExpansion, addPhonetic, expandUnit, expandUnitOneEdit, resetQuery, unitTokenJw } from './search';
export { collect, setWorkLimit, skippedCount, workDone } from './score';
export { opsPtr, opParamsPtr, runOps } from './ops';
export { jaroWinkler, editDistance, oneEditDistance } from './similarity';
// The numbers the host shares with the core (layout.ts), read by src/engine/core.ts at load.
export {
  MAXQ, MAX_QPOS, QBYTES, MAX_CANDIDATES, MAX_PHONETIC, OUT_STRIDE,
  OP_WORDS, OP_ADD, OP_ONE_EDIT, OP_SHORT, OP_TWO_EDIT, OP_PHONETIC,
} from './layout';

/** Layout version: the host checks it so a stale build/core.wasm is caught at start. */
export function version(): i32 {
  return 8;
}
