/**
 * @module Composing one serving thread (the main thread with WORKERS=1, or each worker): state from
 * the config, a lists holder the loaded set is swapped into, and the server deps over them.
 */
import type { Config } from '../config.js';
import { buildEngine } from '../engine/index.js';
import type { LoadedListSet } from '../lists/catalog.js';
import { createState } from '../store/create-state.js';
import { stateOptionsFromConfig } from '../store/state-options.js';
import type { State } from '../store/state-types.js';
import type { ServerDeps } from './deps.js';
import { ListsHolder } from './lists-holder.js';
import type { Logger } from './logger.js';

export interface ThreadServices {
  deps: ServerDeps;
  lists: ListsHolder;
  state: State;
}

export async function createThreadServices(config: Config, logger: Logger): Promise<ThreadServices> {
  const state = await createState(stateOptionsFromConfig(config, logger));
  const lists = new ListsHolder();
  return { deps: { lists, state, logger, now: () => new Date() }, lists, state };
}

/** Builds the engine of a loaded set and swaps it in; requests keep the previous one meanwhile. */
export async function installListSet(lists: ListsHolder, set: LoadedListSet, logger: Logger): Promise<void> {
  const started = performance.now();
  const engine = await buildEngine(set);
  lists.set(engine, set.catalog);
  logger.info({ entries: engine.size, sample: set.sample, ms: Math.round(performance.now() - started) }, 'engine built');
}
