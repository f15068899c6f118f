// The entire export surface of the matching core: loading an index, the query input and output
// regions, and the one way into searching, the op queue (ops.ts: the host queues a query's token
// searches, runs them with runOps, then calls collect). Numbers in and out; bulk data at the offsets
// the pointer functions return (see layout.ts for the memory map).
//
// Loading: alloc, indexTablePtr + setIndex, then prepareTokens and prepareTrigramKeys in slices.
export { alloc, indexTablePtr, scratchBytes, setIndex, prepareTokens, prepareTrigramKeys } from './state';
// Per query: the input the host writes, the op queue, scoring, and the output table it reads.
export {
  queryBytesPtr, queryOffPtr, queryLenPtr, queryPosPtr, querySpanPtr, queryWeightPtr, queryPosWeightPtr, outPtr, outAltPtr, setScoring, setOneOff, setDescriptorMax,
} from './state';
export { opsPtr, opParamsPtr, runOps } from './ops';
export { collect, setWorkLimit, skippedCount, workDone } from './score';
export { resetQuery } from './search';
// The numbers the host shares with the core (layout.ts), read by src/engine/core.ts at load.
export {
  MAXQ, MAX_QPOS, QBYTES, MAX_TOKEN, MAX_CANDIDATES, MAX_EXPANSIONS, MAX_PHONETIC, OUT_STRIDE,
  OP_WORDS, OP_ADD, OP_ONE_EDIT, OP_SHORT, OP_TWO_EDIT, OP_PHONETIC,
  IX_TOKEN_COUNT, IX_NAME_COUNT, IX_TOK_BYTES, IX_TOK_OFF, IX_TG_OFF, IX_TG_LIST, IX_POST_OFF, IX_POST_LIST,
  IX_UNIT_OFF, IX_UNIT_TOK, IX_UNIT_PS, IX_UNIT_W, IX_NAME_LIST, IX_DEL_TABLE, IX_DEL_BITS, IX_TOK_DESC, IX_BYTES,
} from './layout';

/** Layout version: the host checks it so a stale build/core.wasm is caught at start. */
export function version(): i32 {
  return 15;
}
