/**
 * @module Running the list pipeline's process at the lowest CPU priority, so its parsing, index
 * building and garbage collection only use CPU time the serving threads leave idle. Measured on
 * a 2-core machine under 400 screens/s, a rebuild at normal priority took p99 from 19 ms to 440 ms;
 * niced thread alone (V8's GC helper threads still at normal priority) to 70 ms; the whole process
 * niced to 32 ms.
 *
 * Linux schedules threads individually and a thread inherits its creator's priority, so every
 * thread that exists now (/proc/self/task) is reniced, and the ones started later inherit it.
 * Elsewhere setpriority() on the process is the best there is.
 */
import { readdirSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/** True when every thread of the process now runs at the lowest priority. */
export function lowerProcessPriority(): boolean {
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number).filter((tid) => Number.isInteger(tid) && tid > 0);
  } catch {
    return tryPriority(() => setPriority(constants.priority.PRIORITY_LOW));
  }
  return tids.every((tid) => tryPriority(() => setPriority(tid, constants.priority.PRIORITY_LOW)));
}

function tryPriority(set: () => void): boolean {
  try {
    set();
    return true;
  } catch {
    return false;
  }
}
