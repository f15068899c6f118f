/**
 * @module The main thread's handle on the list pipeline: starts the background process, re-emits
 * its log lines, reads each payload into shared memory (asynchronously: the file system thread pool
 * does the copying), hands it to the serving threads (`install`) and reports back. Should the
 * process die (a crash or out of memory while parsing, say), serving goes on with the lists
 * installed and a new pipeline process starts after one refresh interval.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config.js';
import type { Logger } from '../logging/logger.js';
import { siblingModule } from '../../worker-entry.js';
import type { ListsPayload, PayloadStats } from './lists-payload.js';
import type { FromPipeline, PipelineOptions, ToPipeline } from './pipeline-protocol.js';
import { relog } from './relog.js';
import { startListsWatchdog } from './lists-watchdog.js';
import { ArchivedLoads, type ArchivedLease } from './archived-loads.js';
import type { ServedSet } from '../../lists/archive/served-sets.js';

const ENTRY = fileURLToPath(siblingModule(import.meta.url, 'pipeline-process'));
/** Under tsx (tests, development) the process needs the loader; compiled, plain node. */
const EXEC_ARGV = ENTRY.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
const READ_CHUNK = 4 * 1024 * 1024;

export interface ListPipelineOptions {
  config: Pick<Config, 'listsDir' | 'listsDirExplicit' | 'listsStaleAfterMs' | 'listsMaxCollapse' | 'listsRefreshIntervalMs' | 'logLevel'
    | 'listsParseTimeoutMs' | 'listsParseMaxMb'> & Partial<Pick<Config, 'dataDir' | 'listsArchiveDays'>>;
  logger: Logger;
  /** Swaps the payload in on every serving thread; resolves when all have. */
  install(payload: ListsPayload): Promise<void>;
  /** Told of every load, installed or not (metrics). */
  onLoad?(stats: PayloadStats, installed: boolean): void;
  /** The watchdog tripped (why, one line: every list is to be reported stale) or cleared (null). */
  onWatchdog?(reason: string | null): void;
}

export interface ListPipeline {
  /** Settles when the first load attempt has ended. */
  readonly first: Promise<void>;
  /** A served set read back from the version archive (audit reconstruction): one at a time (archived-loads.ts). */
  loadArchived(set: ServedSet): Promise<ArchivedLease>;
  /** Stops the process; a load in progress is abandoned (nothing of it is kept). */
  stop(): Promise<void>;
}

export function startListPipeline(options: ListPipelineOptions): ListPipeline {
  const { config, logger } = options;
  const spoolDir = mkdtempSync(join(tmpdir(), 'rps-lists-'));
  const args: PipelineOptions = {
    dir: config.listsDir, sampleFallback: !config.listsDirExplicit, staleAfterMs: config.listsStaleAfterMs,
    maxCollapse: config.listsMaxCollapse, intervalMs: config.listsRefreshIntervalMs, logLevel: config.logLevel, spoolDir,
    parseTimeoutMs: config.listsParseTimeoutMs, parseMaxMb: config.listsParseMaxMb,
    ...(config.dataDir !== undefined && { archiveDir: join(config.dataDir, 'lists-archive'), archiveDays: config.listsArchiveDays }),
  };
  const watchdog = startListsWatchdog({
    staleAfterMs: config.listsStaleAfterMs,
    intervalMs: config.listsRefreshIntervalMs,
    onChange(reason) {
      if (reason === null) logger.info('a scan of the list directory completed again; list statuses are back to their own');
      else logger.error({ reason }, 'list watchdog: every list is reported stale');
      options.onWatchdog?.(reason);
    },
  });
  let stopped = false;
  let child: ChildProcess;
  let restartTimer: NodeJS.Timeout | undefined;
  let firstDone: () => void;
  const first = new Promise<void>((resolve) => (firstDone = resolve));
  const archived = new ArchivedLoads((message) => child.connected && child.send(message), readShared);

  function start(): void {
    child = fork(ENTRY, [JSON.stringify(args)], { execArgv: EXEC_ARGV, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const post = (message: ToPipeline): void => void child.send(message);
    child.on('message', (message: FromPipeline) => {
      if (archived.handle(message)) return;
      if (message.type === 'log') relog(logger, message.line);
      else if (message.type === 'first-done') firstDone();
      else if (message.type === 'scanned') watchdog.scanned();
      else if (message.type === 'loaded') handOver(message, post);
    });
    child.on('error', (error) => logger.error({ err: error }, 'list pipeline failed'));
    child.on('exit', (code, signal) => {
      archived.pipelineExited();
      if (stopped) return;
      firstDone();
      logger.error({ code, signal, restartInMs: config.listsRefreshIntervalMs }, 'list pipeline stopped unexpectedly; serving the lists installed');
      restartTimer = setTimeout(start, config.listsRefreshIntervalMs);
    });
  }

  function handOver(message: Extract<FromPipeline, { type: 'loaded' }>, post: (message: ToPipeline) => void): void {
    const { seq } = message.stats;
    readShared(message.file, message.header.bytes)
      .then((blob) => options.install({ packed: { header: message.header, blob }, stats: message.stats }))
      .then(
        () => {
          options.onLoad?.(message.stats, true);
          post({ type: 'installed', seq });
        },
        (error: unknown) => {
          options.onLoad?.(message.stats, false);
          post({ type: 'install-failed', seq, reason: error instanceof Error ? error.message.split('\n', 1)[0] : 'unknown error' });
        },
      );
  }

  start();
  return {
    first,
    loadArchived: (set) => archived.lease(set),
    async stop() {
      stopped = true;
      clearTimeout(restartTimer);
      watchdog.stop();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(spoolDir, { recursive: true, force: true });
    },
  };
}

/** The file's bytes in a SharedArrayBuffer, read in pieces by the thread pool; the file is deleted. */
async function readShared(file: string, bytes: number): Promise<SharedArrayBuffer> {
  const blob = new SharedArrayBuffer(bytes);
  const handle = await open(file, 'r');
  try {
    for (let at = 0; at < bytes;) {
      const { bytesRead } = await handle.read(new Uint8Array(blob, at, Math.min(READ_CHUNK, bytes - at)), 0, Math.min(READ_CHUNK, bytes - at), at);
      if (bytesRead === 0) throw new Error(`${file} ended after ${at} of ${bytes} bytes`);
      at += bytesRead;
    }
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
  return blob;
}
