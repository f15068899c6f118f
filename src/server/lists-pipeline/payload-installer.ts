/**
 * @module The serving thread's side of a list refresh: unpack the payload in short slices between
 * requests, copy the index into a fresh WASM core, and swap engine and catalog in one assignment.
 * Requests use the previous engine until that moment. The longest event-loop block seen meanwhile
 * is measured (perf_hooks.monitorEventLoopDelay) and reported, so a regression shows in logs and
 * metrics rather than in customers' latency.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { engineFromIndex } from '../../engine/index.js';
import type { ListsHolder } from './lists-holder.js';
import type { Logger } from '../logging/logger.js';
import { unpackLists, type ListsPayload } from './lists-payload.js';
import { PACING } from './refresh-pacing.js';


export interface InstallReport {
  seq: number;
  entries: number;
  /** From receiving the payload to the swap. */
  ms: number;
  /** Longest event-loop delay on this thread while installing. */
  maxBlockMs: number;
}

export interface InstallObserver {
  listsInstalled(report: InstallReport): void;
}

export class PayloadInstaller {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly holder: ListsHolder,
    private readonly logger: Logger,
    private readonly observer: InstallObserver | null = null,
  ) {}

  /** Installs payloads one at a time, in the order received. */
  install(payload: ListsPayload): Promise<InstallReport> {
    const run = this.queue.then(() => this.installNow(payload));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async installNow(payload: ListsPayload): Promise<InstallReport> {
    const started = performance.now();
    const delay = monitorEventLoopDelay({ resolution: 2 });
    delay.enable();
    let ms = 0;
    try {
      const { index, entries, catalog } = await unpackLists(payload, PACING);
      const engine = await engineFromIndex(index, { entries, catalog }, () => sleep(0));
      this.holder.set(engine, catalog);
      ms = Math.round(performance.now() - started);
      // The histogram records a block when its timer fires next: let it fire once after the swap.
      await sleep(5);
    } finally {
      delay.disable();
    }
    const report: InstallReport = {
      seq: payload.stats.seq,
      entries: payload.stats.entries,
      ms,
      maxBlockMs: Math.round(delay.max / 1e5) / 10,
    };
    this.logger.info({ ...report, sample: payload.stats.sample }, 'lists installed');
    this.observer?.listsInstalled(report);
    return report;
  }
}
