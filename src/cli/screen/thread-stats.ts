/**
 * @module Where each thread of an `rps screen --in-process` run spent its time: CPU time of the
 * thread alone, time it was runnable but waited for a core (the machine's other load), event-loop
 * busy and idle time (idle: waiting for a batch, a file or a message), and the screening work done.
 * Wall times on a shared machine depend on the other jobs; these figures say whether the work was
 * split evenly and whether a thread waited for work, whatever the load (bench/bulk.bench.ts prints them).
 */
import { readFileSync } from 'node:fs';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

export interface ThreadStats {
  /** "main" or "screen 1", "screen 2", ... */
  thread: string;
  /** Wall time measured: a screening thread's from when its modules were loaded, the main thread's from when it began preparing the lists. */
  wallMs: number;
  /** Event loop busy (running code) and idle (waiting for a batch, a file or a message). */
  activeMs: number;
  idleMs: number;
  /** CPU time of this thread alone; null where /proc/thread-self/schedstat is absent (not Linux). */
  cpuMs: number | null;
  /** Time the thread was runnable but waited for a core (other load on the machine); null as above. */
  runQueueMs: number | null;
  /** From the start of the measure to the engine being ready (lists unpacked, index copied into its core); main thread of N: the lists prepared. */
  startupMs: number;
  startupCpuMs: number | null;
  /** Time spent screening batches, and how many batches and rows. */
  screenMs: number;
  batches: number;
  rows: number;
}

interface Sched {
  cpuNs: number;
  waitNs: number;
}

/** This thread's own run and run-queue time (Linux), read synchronously on the thread itself. */
function sched(): Sched | null {
  try {
    const [cpu, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { cpuNs: Number(cpu), waitNs: Number(wait) };
  } catch {
    return null;
  }
}

/** Counts one thread's work from its creation; `ready()` marks the end of its startup. */
export class ThreadMeter {
  private readonly started = performance.now();
  private readonly startSched = sched();
  private readonly startElu: EventLoopUtilization = performance.eventLoopUtilization();
  private startup: { ms: number; cpuMs: number | null } | null = null;
  private screenMs = 0;
  private batches = 0;
  private rows = 0;

  constructor(private readonly thread: string) {}

  ready(): void {
    const now = sched();
    this.startup ??= { ms: performance.now() - this.started, cpuMs: cpuMsBetween(this.startSched, now) };
  }

  /** Screens one batch with `work`, counting its time and rows. */
  screen<T>(rows: number, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.screenMs += performance.now() - started;
      this.batches += 1;
      this.rows += rows;
    }
  }

  read(): ThreadStats {
    const now = sched();
    const elu = performance.eventLoopUtilization(this.startElu);
    return {
      thread: this.thread,
      wallMs: performance.now() - this.started,
      activeMs: elu.active,
      idleMs: elu.idle,
      cpuMs: cpuMsBetween(this.startSched, now),
      runQueueMs: this.startSched !== null && now !== null ? (now.waitNs - this.startSched.waitNs) / 1e6 : null,
      startupMs: this.startup?.ms ?? 0,
      startupCpuMs: this.startup?.cpuMs ?? null,
      screenMs: this.screenMs,
      batches: this.batches,
      rows: this.rows,
    };
  }
}

function cpuMsBetween(from: Sched | null, to: Sched | null): number | null {
  return from !== null && to !== null ? (to.cpuNs - from.cpuNs) / 1e6 : null;
}
