/**
 * @module WORKERS=N: an HTTP worker's reconstruction asks the main thread for an archived list set
 * (the list pipeline answers the main thread only). The worker's lease is the main thread's lease,
 * held until the worker releases it, so "one archived set at a time" holds for the whole process.
 * The payload is shared memory, as for a refresh: nothing is copied per worker.
 */
import type { Worker } from 'node:worker_threads';
import type { ServedSet } from '../../lists/archive/served-sets.js';
import type { LeaseArchived } from '../lists-pipeline/archived-lists.js';
import { ArchivedLoadError, type ArchivedLease } from '../lists-pipeline/archived-loads.js';
import type { ListsPayload } from '../lists-pipeline/lists-payload.js';

export type ArchivedToWorker =
  | { type: 'archived-payload'; id: number; payload: ListsPayload }
  | { type: 'archived-error'; id: number; code: ArchivedLoadError['code']; message: string };

export type ArchivedFromWorker =
  | { type: 'archived-load'; id: number; set: ServedSet }
  | { type: 'archived-release'; id: number };

/** The worker's side: a LeaseArchived over messages to the main thread, and the handler of its answers. */
export function workerArchivedLease(post: (message: ArchivedFromWorker) => void): { lease: LeaseArchived; handle(message: { type: string }): boolean } {
  let next = 0;
  const waiting = new Map<number, (answer: ArchivedToWorker) => void>();
  return {
    lease: (set) => new Promise<ArchivedLease>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, (answer) => {
        if (answer.type === 'archived-error') reject(new ArchivedLoadError(answer.code, answer.message));
        else resolve({ payload: answer.payload, release: once(() => post({ type: 'archived-release', id })) });
      });
      post({ type: 'archived-load', id, set });
    }),
    handle(message) {
      if (message.type !== 'archived-payload' && message.type !== 'archived-error') return false;
      const answer = message as ArchivedToWorker;
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
      return true;
    },
  };
}

/** The main thread's side: serves every worker's archived-load with `lease`, and ends a lease at its release (or the worker's exit). */
export function relayArchived(workers: readonly Worker[], lease: () => LeaseArchived | null): void {
  for (const worker of workers) {
    const held = new Map<number, ArchivedLease>();
    worker.on('exit', () => {
      for (const l of held.values()) l.release();
      held.clear();
    });
    worker.on('message', (message: ArchivedFromWorker | { type: string }) => {
      if (message.type === 'archived-release') {
        const { id } = message as Extract<ArchivedFromWorker, { type: 'archived-release' }>;
        held.get(id)?.release();
        held.delete(id);
      }
      if (message.type !== 'archived-load') return;
      const { id, set } = message as Extract<ArchivedFromWorker, { type: 'archived-load' }>;
      const leaseOf = lease();
      const pending = leaseOf === null ? Promise.reject(new ArchivedLoadError('failed', 'the list pipeline is not running')) : leaseOf(set);
      pending.then(
        (l) => {
          held.set(id, l);
          worker.postMessage({ type: 'archived-payload', id, payload: l.payload } satisfies ArchivedToWorker);
        },
        (error: unknown) => {
          const code = error instanceof ArchivedLoadError ? error.code : 'failed';
          worker.postMessage({ type: 'archived-error', id, code, message: error instanceof Error ? error.message : String(error) } satisfies ArchivedToWorker);
        },
      );
    });
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
