/**
 * @module Composing one serving thread (the main thread with WORKERS=1, or each worker): state from
 * the config, metrics, a lists holder the loaded set is swapped into, the installer that swaps
 * payloads from the list pipeline, and the server deps over them.
 */
import { join } from 'node:path';
import type { Config } from '../config.js';
import { VersionArchive } from '../lists/archive/version-archive.js';
import { ListChangesService } from './answers/list-changes.js';
import { buildEngine } from '../engine/index.js';
import type { LoadedListSet } from '../lists/catalog.js';
import { createState } from '../state/create-state.js';
import { stateOptionsFromConfig } from '../state/state-options.js';
import type { State } from '../state/state-types.js';
import type { MetricsText, ServerDeps } from './deps.js';
import { ListsHolder } from './lists-pipeline/lists-holder.js';
import { ArchivedListsLink } from './lists-pipeline/archived-lists.js';
import { PayloadInstaller } from './lists-pipeline/payload-installer.js';
import type { Logger } from './logging/logger.js';
import { ServiceMetrics } from './metrics/service-metrics.js';

export interface ThreadServices {
  deps: ServerDeps;
  lists: ListsHolder;
  state: State;
  metrics: ServiceMetrics;
  /** Swaps in list sets from the list pipeline. */
  installer: PayloadInstaller;
  /** Old list sets for audit reconstruction; bound to the list pipeline once it runs (attach). */
  archive: ArchivedListsLink;
}

export interface ThreadOptions {
  /** Process-wide metrics are the main thread's (default true; false in HTTP worker threads). */
  processMetrics?: boolean;
  /** How GET /metrics renders; this thread's registry by default. */
  renderMetrics?: () => Promise<MetricsText>;
  /** A worker of a pool: not ready until the pool says every worker has its lists. */
  inPool?: boolean;
}

export async function createThreadServices(config: Config, logger: Logger, options: ThreadOptions = {}): Promise<ThreadServices> {
  let metrics: ServiceMetrics | undefined;
  const state = await createState({
    ...stateOptionsFromConfig(config, logger),
    observeStore: (operation, seconds) => metrics?.storeOperation(operation, seconds),
  });
  const policy = { required: config.listsRequired, maxAgeDays: config.listsMaxAgeDays, poolReady: !options.inPool };
  const lists = new ListsHolder({ screened: (request, result) => metrics?.screened(request, result) }, policy);
  const changes = new ListChangesService(new VersionArchive(join(config.dataDir, 'lists-archive')), {
    indexBuilt: (seconds) => metrics?.changedSinceIndexBuilt(seconds),
  });
  metrics = new ServiceMetrics({
    lists, processMetrics: options.processMetrics ?? true, token: config.metricsToken, render: options.renderMetrics,
    archiveBytes: () => changes.archiveBytes(),
  });
  const installer = new PayloadInstaller(lists, logger, metrics);
  const archive = new ArchivedListsLink(config.dataDir);
  const deps: ServerDeps = {
    lists, state, logger, metrics, now: () => new Date(), corsOrigins: config.corsOrigins, archivedLists: archive, changes,
  };
  return { deps, lists, state, metrics, installer, archive };
}

/**
 * Builds the engine of a loaded set on the calling thread and swaps it in (tests and tools; the
 * server builds in the list pipeline's background thread). Requests keep the previous engine meanwhile.
 */
export async function installListSet(lists: ListsHolder, set: LoadedListSet, logger: Logger): Promise<void> {
  const started = performance.now();
  const engine = await buildEngine(set);
  lists.set(engine, set.catalog);
  logger.info({ entries: engine.size, sample: set.sample, ms: Math.round(performance.now() - started) }, 'engine built');
}
