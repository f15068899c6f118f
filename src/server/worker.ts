/**
 * @module Entry of one HTTP worker thread: its own state connection, engine and uWS apps (not
 * listening: the main thread's acceptor hands it connections), driven by messages from main.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createThreadServices, installListSet } from './bootstrap.js';
import { createLogger } from './logger.js';
import { buildApps, closeApps, drain } from './server.js';
import type { FromWorker, ToWorker, WorkerData } from './worker-protocol.js';

const { config, index } = workerData as WorkerData;
const port = parentPort!;
const post = (message: FromWorker): void => port.postMessage(message);
const logger = createLogger({ level: config.logLevel, base: { worker: index } });

try {
  const services = await createThreadServices(config, logger);
  const apps = buildApps(services.deps, config);
  port.on('message', (message: ToWorker) => {
    if (message.type === 'lists') {
      installListSet(services.lists, message.set, logger)
        .then(() => post({ type: 'lists-installed' }))
        .catch((error: unknown) => {
          // Reported so the main thread's install rejects (and is logged) instead of waiting forever.
          logger.error({ err: error }, 'engine build failed');
          post({ type: 'failed', reason: error instanceof Error ? error.message.split('\n', 1)[0] : 'unknown error' });
        });
    } else if (message.type === 'shutdown') {
      void (async () => {
        await drain(apps.inFlight, message.graceMs);
        closeApps(apps);
        await services.state.close();
        port.close();
      })();
    }
  });
  // uWS descriptors are numbers the acceptor uses to reach this thread's app.
  const descriptor = (app: typeof apps.main): unknown => (app as unknown as { getDescriptor(): unknown }).getDescriptor();
  post({ type: 'ready', main: descriptor(apps.main), identity: apps.identity ? descriptor(apps.identity) : null });
} catch (error) {
  logger.error({ err: error }, 'worker start failed');
  post({ type: 'failed', reason: error instanceof Error ? error.message.split('\n', 1)[0] : 'unknown error' });
  port.close();
}
