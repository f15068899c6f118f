/**
 * @module A serving thread's access to the list sets served before (audit reconstruction): the
 * record of served sets, read from the archive directory, and an engine over one of them, leased
 * from the list pipeline (archived-loads.ts: one at a time per process) and built here as a refresh
 * builds one: unpacked in 4 ms slices between requests and copied into a fresh WASM core in slices,
 * never swapped in. The caller releases it after use; the engine is then garbage.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { engineFromIndex } from '../../engine/index.js';
import type { ScreeningEngine } from '../../engine/types.js';
import { ServedSetLog, type ServedSet } from '../../lists/archive/served-sets.js';
import { ArchivedLoadError, type ArchivedLease } from './archived-loads.js';
import { unpackLists } from './lists-payload.js';
import { PACING } from './refresh-pacing.js';

export interface ArchivedEngine {
  readonly engine: ScreeningEngine;
  release(): void;
}

export interface ArchivedLists {
  /** The served sets recorded in the archive, newest first. */
  servedSets(): Promise<ServedSet[]>;
  /** An engine over `set`'s lists as archived; throws ArchivedLoadError. Waits while another set is leased. */
  engine(set: ServedSet): Promise<ArchivedEngine>;
}

export type LeaseArchived = (set: ServedSet) => Promise<ArchivedLease>;

/**
 * The thread's ArchivedLists over `<dataDir>/lists-archive`. `lease` is bound once the list pipeline
 * runs (it starts after the serving threads); before that, reconstruction of old sets is refused.
 */
export class ArchivedListsLink implements ArchivedLists {
  private readonly log: ServedSetLog;
  private lease: LeaseArchived | null = null;

  constructor(dataDir: string) {
    this.log = new ServedSetLog(join(dataDir, 'lists-archive'));
  }

  attach(lease: LeaseArchived): void {
    this.lease = lease;
  }

  servedSets(): Promise<ServedSet[]> {
    return this.log.all();
  }

  async engine(set: ServedSet): Promise<ArchivedEngine> {
    if (this.lease === null) throw new ArchivedLoadError('failed', 'the list pipeline is not running');
    const lease = await this.lease(set);
    try {
      const { index, entries } = await unpackLists(lease.payload, PACING);
      const engine = await engineFromIndex(index, { entries, catalog: set.lists }, () => sleep(0));
      return { engine, release: () => lease.release() };
    } catch (error) {
      lease.release();
      throw error;
    }
  }
}
