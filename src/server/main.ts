/**
 * @module `npm start`: validate the config (one line and exit 1 when bad), listen, load the lists in
 * the background, and shut down gracefully on SIGTERM/SIGINT (stop accepting, finish what is in
 * flight, close the stores).
 */
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createThreadServices, installListSet } from './bootstrap.js';
import { watchListSet } from './list-watch.js';
import { createLogger, type Logger } from './logger.js';
import { startHttpServer } from './server.js';
import { startWorkerPool } from './workers.js';

/** How often LISTS_DIR is checked for changed files. */
const LIST_CHECK_INTERVAL_MS = 60_000;

interface Running {
  port: number;
  identityPort: number | null;
  installListSet(set: Parameters<typeof installListSet>[1]): Promise<void>;
  close(): Promise<void>;
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function startSingle(config: Config, logger: Logger): Promise<Running> {
  const services = await createThreadServices(config, logger);
  const server = await startHttpServer(services.deps, config);
  return {
    port: server.port,
    identityPort: server.identityPort,
    installListSet: (set) => installListSet(services.lists, set, logger),
    async close() {
      await server.close();
      await services.state.close();
    },
  };
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });
  let running: Running;
  try {
    running = config.workers === 1 ? await startSingle(config, logger) : await startWorkerPool(config, logger);
  } catch (error) {
    logger.fatal({ err: error, reason: error instanceof Error ? error.message.split('\n', 1)[0] : 'unknown' }, 'start failed');
    process.exitCode = 1;
    return;
  }
  logger.info({ host: config.host, port: running.port, identityPort: running.identityPort, workers: config.workers }, 'listening');

  const watch = watchListSet({
    dir: config.listsDir,
    staleAfterMs: config.listsStaleAfterMs,
    logger,
    intervalMs: LIST_CHECK_INTERVAL_MS,
    onLoaded: (set) => running.installListSet(set),
  });

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    watch.stop();
    running.close().then(
      () => {
        logger.info('stopped');
        // Everything is closed; should a library still hold the loop open, do not hang the deploy.
        setTimeout(() => process.exit(), 2_000).unref();
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

await main();
