/**
 * @module The list watchdog (issue 28): the main thread's check that the list pipeline keeps
 * scanning LISTS_DIR. Should no scan complete for LISTS_STALE_AFTER_MS (at least three refresh
 * intervals), whatever the cause (a parse stuck beyond its bounds, a list process that aborts and
 * restarts in a loop, a directory that cannot be read), the lists served are no longer known to be
 * current: every list is then reported `stale`, /readyz says why, and coverage is incomplete, until
 * a scan completes again. Before, the catalog said `ok` and /readyz `ready` throughout.
 */

export interface WatchdogOptions {
  staleAfterMs: number;
  intervalMs: number;
  /** Told when the watchdog trips (the reason, one line) and when a scan clears it (null). */
  onChange(reason: string | null): void;
}

export interface ListsWatchdog {
  /** A scan completed: re-arm, and clear the alarm if it had tripped. */
  scanned(): void;
  stop(): void;
}

/** How long without a completed scan before every list is reported stale. */
export function watchdogThresholdMs(staleAfterMs: number, intervalMs: number): number {
  // A reload may wait one interval for a slow file, then build and install: never trip between two scans.
  return Math.max(staleAfterMs, 3 * intervalMs);
}

export function startListsWatchdog(options: WatchdogOptions): ListsWatchdog {
  const thresholdMs = watchdogThresholdMs(options.staleAfterMs, options.intervalMs);
  let lastScan = Date.now();
  let tripped = false;
  let timer: NodeJS.Timeout | undefined;

  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      tripped = true;
      const seconds = Math.round((Date.now() - lastScan) / 1000);
      options.onChange(`no scan of the list directory has completed for ${seconds} s (LISTS_STALE_AFTER_MS ${options.staleAfterMs}): every list is reported stale until one does`);
    }, thresholdMs);
    timer.unref();
  };

  arm();
  return {
    scanned() {
      lastScan = Date.now();
      arm();
      if (tripped) {
        tripped = false;
        options.onChange(null);
      }
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
