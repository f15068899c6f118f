/**
 * @module The whole service in one process: the serving side (this thread with WORKERS=1, else a
 * pool of HTTP worker threads behind one port) and the list pipeline feeding it. main.ts runs it;
 * tests start it in-process the same way.
 */
import { resolve } from 'node:path';
import { ConfigError, type Config } from '../config.js';
import { scanListDir } from '../lists/catalog-scan.js';
import { createThreadServices } from './bootstrap.js';
import type { ListsPayload } from './lists-pipeline/lists-payload.js';
import { startListPipeline, type ListPipeline } from './lists-pipeline/list-pipeline.js';
import type { LeaseArchived } from './lists-pipeline/archived-lists.js';
import type { Logger } from './logging/logger.js';
import { ServiceMetrics } from './metrics/service-metrics.js';
import { startHttpServer } from './http/server.js';
import { startWorkerPool } from './threads/workers.js';

export interface RunningService {
  readonly port: number;
  readonly identityPort: number | null;
  readonly metricsPort: number | null;
  readonly lists: ListPipeline;
  /** Stops the list pipeline, finishes the requests in flight (at most graceMs), closes the stores. */
  close(graceMs?: number): Promise<void>;
}

interface Serving {
  port: number;
  identityPort: number | null;
  metricsPort: number | null;
  /** The main thread's metrics: where the list pipeline's figures go. */
  metrics: ServiceMetrics;
  install(payload: ListsPayload): Promise<void>;
  /** The list watchdog tripped (why) or cleared (null): every serving thread reports it. */
  setListsWatchdog(reason: string | null): void;
  /** Gives the serving threads the pipeline's archived list sets (audit reconstruction). */
  attachArchive(lease: LeaseArchived): void;
  close(graceMs?: number): Promise<void>;
}

export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  await checkListsDir(config);
  const serving = config.workers === 1 ? await startSingle(config, logger) : await startPool(config, logger);
  const lists = startListPipeline({
    config,
    logger,
    install: (payload) => serving.install(payload),
    onLoad: (stats, installed) => serving.metrics.listsLoaded(stats, installed),
    onWatchdog: (reason) => serving.setListsWatchdog(reason),
  });
  serving.attachArchive((set) => lists.loadArchived(set));
  let closing: Promise<void> | null = null;
  return {
    port: serving.port,
    identityPort: serving.identityPort,
    metricsPort: serving.metricsPort,
    lists,
    close(graceMs) {
      closing ??= (async () => {
        await lists.stop();
        await serving.close(graceMs);
      })();
      return closing;
    },
  };
}

/**
 * LISTS_DIR set explicitly must hold list files: a typo or an unmounted volume would otherwise serve
 * nothing (or, before, the bundled sample) while looking healthy. Throws ConfigError: one line, exit 1.
 */
async function checkListsDir(config: Config): Promise<void> {
  if (!config.listsDirExplicit) return;
  const scan = await scanListDir(resolve(config.listsDir));
  if (scan.matches.length === 0) {
    throw new ConfigError(`LISTS_DIR ${JSON.stringify(config.listsDir)} does not exist or holds no list file (sdn.csv, consolidated.csv, dpl.txt...)`);
  }
}

async function startSingle(config: Config, logger: Logger): Promise<Serving> {
  const services = await createThreadServices(config, logger);
  try {
    const server = await startHttpServer(services.deps, config);
    return {
      port: server.port,
      identityPort: server.identityPort,
      metricsPort: server.metricsPort,
      metrics: services.metrics,
      install: async (payload) => void (await services.installer.install(payload)),
      setListsWatchdog: (reason) => services.lists.setWatchdog(reason),
      attachArchive: (lease) => services.archive.attach(lease),
      async close(graceMs) {
        await server.close(graceMs);
        await services.state.close();
      },
    };
  } catch (error) {
    await services.state.close();
    throw error;
  }
}

async function startPool(config: Config, logger: Logger): Promise<Serving> {
  const metrics = new ServiceMetrics({ lists: null, processMetrics: true, token: config.metricsToken });
  const pool = await startWorkerPool(config, logger, metrics);
  return { port: pool.port, identityPort: pool.identityPort, metricsPort: pool.metricsPort, metrics, install: (p) => pool.install(p),
    setListsWatchdog: (reason) => pool.setListsWatchdog(reason), attachArchive: (lease) => pool.attachArchive(lease), close: (g) => pool.close(g) };
}
