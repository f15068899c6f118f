/**
 * @module The main thread's queue of archived list sets asked of the list pipeline for audit
 * reconstructions. At most one archived set is loaded in the process at a time: a lease is held
 * from the request to the pipeline until the serving thread that asked has screened and released it
 * (its engine is then dropped), and a reconstruction of another set meanwhile waits its turn (FIFO).
 * An old set costs as much memory as the one served (the whole index); one at a time bounds that to
 * twice the served set's, whatever the number of concurrent reconstructions.
 */
import type { ServedSet } from '../../lists/archive/served-sets.js';
import type { ListsPayload } from './lists-payload.js';
import type { FromPipeline, ToPipeline } from './pipeline-protocol.js';

/** Why an archived set could not be loaded; 'gone' and 'corrupt' answer 410 list_version_gone. */
export class ArchivedLoadError extends Error {
  constructor(readonly code: 'gone' | 'corrupt' | 'failed', message: string) {
    super(message);
    this.name = 'ArchivedLoadError';
  }
}

export interface ArchivedLease {
  readonly payload: ListsPayload;
  /** Ends the lease: the next reconstruction may load its set. Idempotent. */
  release(): void;
}

type Answer = Extract<FromPipeline, { type: 'archived' | 'archived-failed' }>;

export class ArchivedLoads {
  private nextId = 1;
  private turn: Promise<void> = Promise.resolve();
  private readonly pending = new Map<number, (answer: Answer | null) => void>();

  constructor(
    /** Sends to the pipeline process (the current one: it may have restarted); false when none is running. */
    private readonly post: (message: ToPipeline) => boolean,
    /** Reads a spool file into shared memory (and deletes it). */
    private readonly read: (file: string, bytes: number) => Promise<SharedArrayBuffer>,
  ) {}

  /** Waits for the previous lease to end, then has the pipeline load `set`; the lease is this caller's until released. */
  async lease(set: ServedSet): Promise<ArchivedLease> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.turn;
    this.turn = previous.then(() => mine);
    await previous;
    try {
      const answer = await this.ask(set);
      if (answer.type === 'archived-failed') throw new ArchivedLoadError(answer.code, answer.message);
      const blob = await this.read(answer.file, answer.header.bytes);
      return { payload: { packed: { header: answer.header, blob }, stats: answer.stats }, release };
    } catch (error) {
      release();
      throw error;
    }
  }

  /** Routes the pipeline's answers; returns false for other messages. */
  handle(message: FromPipeline): boolean {
    if (message.type !== 'archived' && message.type !== 'archived-failed') return false;
    this.pending.get(message.id)?.(message);
    this.pending.delete(message.id);
    return true;
  }

  /** The pipeline process is gone: what it was loading will never come. */
  pipelineExited(): void {
    for (const settle of this.pending.values()) settle(null);
    this.pending.clear();
  }

  private ask(set: ServedSet): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (answer) => {
        if (answer === null) reject(new ArchivedLoadError('failed', 'the list pipeline stopped while loading an archived list set'));
        else resolve(answer);
      });
      if (this.post({ type: 'load-archived', id, set })) return;
      this.pending.delete(id);
      reject(new ArchivedLoadError('failed', 'the list pipeline is restarting; retry later'));
    });
  }
}
