// The token-search plan of one query, run in one call.
//
// Each host-to-core call costs far more than the work of a small one (an exact token, a short
// phonetic list), so the host queues a query's searches as ops in a scratch buffer and runs them all
// with runOps(), in the order queued: the order decides which tokens a full expansion list keeps
// and how equal similarities rank, so results are those of the same calls made one by one.
//
// Op words (i32, f32 where noted):
//   OP_ADD       u, token, sim (f32)         addExpansion(u, token, sim)
//   OP_ONE_EDIT  u                           expandUnitOneEdit(u, jwFloor, editPenalty, 0)
//   OP_SHORT     u, sim (f32)                expandUnitOneEdit(u, 0, 0, sim)
//   OP_TWO_EDIT  u, edits                    expandUnit(u, edits, jwFloor2, editPenalty)
//   OP_PHONETIC  u, count, param, token x count   addPhonetic over the tokens, with minJw, drop and
//                                                  minSim the f64 triple `param` of the params region
import { MAXQ, MAX_PHONETIC, OP_ADD, OP_ONE_EDIT, OP_PHONETIC, OP_SHORT, OP_TWO_EDIT, OP_WORDS } from './layout';
import { addExpansion, addPhonetic, expandUnit, expandUnitOneEdit } from './search';
import { phonTok } from './state';

/**
 * i32/f32[OP_WORDS]: the op queue. The host writes one query's ops here (opsPtr(), MatchingCore's
 * queue* methods) and runOps reads the first `words` of them; nothing in the core writes it.
 */
const ops = memory.data(OP_WORDS * 4, 8);
/**
 * f64[MAXQ * 3]: (minJw, drop, minSim) triples for OP_PHONETIC, one per op at most MAXQ per run;
 * written by the host (opParamsPtr()) beside the ops, read by runOps.
 */
const params = memory.data(MAXQ * 3 * 8, 8);

export function opsPtr(): usize { return ops; }
export function opParamsPtr(): usize { return params; }

@inline function word(i: i32): i32 {
  return load<i32>(ops + (<usize>i << 2));
}

@inline function real(i: i32): f32 {
  return load<f32>(ops + (<usize>i << 2));
}

/** Runs the first `words` words of queued ops; traps on a malformed op rather than guessing. */
export function runOps(words: i32, jwFloor: f32, jwFloor2: f32, editPenalty: f32): void {
  let i = 0;
  while (i < words) {
    const op = word(i);
    const u = word(i + 1);
    if (op == OP_ADD) {
      addExpansion(u, <u32>word(i + 2), real(i + 3));
      i += 4;
    } else if (op == OP_ONE_EDIT) {
      expandUnitOneEdit(u, jwFloor, editPenalty, 0);
      i += 2;
    } else if (op == OP_SHORT) {
      expandUnitOneEdit(u, 0, 0, real(i + 2));
      i += 3;
    } else if (op == OP_TWO_EDIT) {
      expandUnit(u, word(i + 2), jwFloor2, editPenalty);
      i += 3;
    } else if (op == OP_PHONETIC) {
      const count = word(i + 2);
      const n = count < MAX_PHONETIC ? count : MAX_PHONETIC;
      const p = params + (<usize>word(i + 3) * 24);
      // addPhonetic reads its tokens from the phonetic scratch.
      memory.copy(phonTok, ops + (<usize>(i + 4) << 2), <usize>n << 2);
      addPhonetic(u, n, load<f64>(p), load<f64>(p + 8), load<f64>(p + 16));
      i += 4 + count;
    } else {
      unreachable();
    }
  }
}
