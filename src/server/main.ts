/**
 * @module `npm start`: validate the config (one line and exit 1 when bad), listen, load the lists in
 * the background (list pipeline), and shut down gracefully on SIGTERM/SIGINT: stop the list
 * pipeline, stop accepting, finish what is in flight, close the stores.
 */
import { ConfigError, loadConfig, type Config } from '../config.js';
import { createLogger } from './logging/logger.js';
import { startService, type RunningService } from './service.js';

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

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger({ level: config.logLevel });
  let running: RunningService;
  try {
    running = await startService(config, logger);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`configuration error: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    logger.fatal({ err: error, reason: error instanceof Error ? error.message.split('\n', 1)[0] : 'unknown' }, 'start failed');
    process.exitCode = 1;
    return;
  }
  logger.info({ host: config.host, port: running.port, identityPort: running.identityPort, metricsPort: running.metricsPort,
    workers: config.workers }, 'listening');

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
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
