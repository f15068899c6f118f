// The entire export surface of the matching core. Numbers in and out; bulk data at the offsets
// the state accessors return (see layout.ts for the memory map).
export {
  alloc, setIndex, setDeletions, setScoring,
  queryBytesPtr, queryOffPtr, queryLenPtr, queryPosPtr, querySpanPtr, queryWeightPtr, queryPosWeightPtr,
  outPtr, phoneticPtr, expansionTokPtr, expansionSimPtr, expansionCountPtr,
} from './state';
export { addExpansion, addPhonetic, expandUnit, expandUnitOneEdit, resetQuery, unitTokenJw } from './search';
export { collect, setWorkLimit, skippedCount, workDone } from './score';
export { opsPtr, opParamsPtr, runOps } from './ops';
export { jaroWinkler, editDistance, oneEditDistance } from './similarity';

/** Layout version: the host checks it so a stale build/core.wasm is caught at start. */
export function version(): i32 {
  return 8;
}
