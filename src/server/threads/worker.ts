/**
 * @module Entry of one HTTP worker thread: its own state connection, engine and uWS apps (not
 * listening: the main thread's acceptor hands it connections), driven by messages from main.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createThreadServices, type ThreadServices } from '../bootstrap.js';
import { createLogger } from '../logging/logger.js';
import type { MetricsText } from '../deps.js';
import { PendingAnswers } from '../metrics/thread-metrics.js';
import { buildApps, closeApps, drain, type BuiltApps } from '../http/server.js';
import { PeerScreening } from './peer-screening.js';
import { workerArchivedLease } from './archived-relay.js';
import type { FromWorker, ToWorker, WorkerData } from './worker-protocol.js';

const { config, index, peers } = workerData as WorkerData;
const port = parentPort!;
const post = (message: FromWorker): void => port.postMessage(message);
const logger = createLogger({ level: config.logLevel, base: { worker: index } });
const oneLine = (error: unknown): string => (error instanceof Error ? error.message.split('\n', 1)[0] : 'unknown error');

/** GET /metrics on this worker: the main thread merges every thread's registry. */
const merged = new PendingAnswers<MetricsText>();
const renderMetrics = (): Promise<MetricsText> => merged.ask((id) => post({ type: 'metrics-request', id }), 'merged metrics');

function onMessage(message: ToWorker, services: ThreadServices, apps: BuiltApps): void {
  switch (message.type) {
    case 'lists':
      services.installer.install(message.payload).then(
        (report) => post({ type: 'lists-installed', seq: report.seq }),
        (error: unknown) => {
          // Reported so the main thread's install rejects (and is logged) instead of waiting forever.
          logger.error({ err: error }, 'lists install failed');
          post({ type: 'failed', reason: oneLine(error) });
        },
      );
      break;
    case 'pool-ready':
      services.lists.markPoolReady();
      break;
    case 'lists-watchdog':
      services.lists.setWatchdog(message.reason);
      break;
    case 'metrics-collect':
      void services.metrics.snapshot().then((metrics) => post({ type: 'metrics-snapshot', id: message.id, metrics }));
      break;
    case 'metrics-text':
      if (message.text === null) merged.fail(message.id, new Error(message.reason ?? 'metrics unavailable'));
      else merged.answer(message.id, message.text);
      break;
    case 'shutdown':
      void (async () => {
        await drain(apps.inFlight, message.graceMs);
        closeApps(apps);
        await services.state.close();
        port.close();
      })();
      break;
  }
}

try {
  const services = await createThreadServices(config, logger, { processMetrics: false, renderMetrics, inPool: true });
  const batchScreener = new PeerScreening(
    peers,
    { engine: () => services.lists.builtEngine(), version: () => services.lists.version() },
    (count) => services.metrics.peerSlots(count),
    (request, result) => services.metrics.screened(request, result),
  );
  const apps = buildApps({ ...services.deps, batchScreener }, config);
  const archived = workerArchivedLease((message) => port.postMessage(message));
  services.archive.attach(archived.lease);
  port.on('message', (message: ToWorker) => {
    if (!archived.handle(message)) onMessage(message, services, apps);
  });
  // uWS descriptors are numbers the acceptor uses to reach this thread's app.
  const descriptor = (app: typeof apps.main): unknown => (app as unknown as { getDescriptor(): unknown }).getDescriptor();
  post({
    type: 'ready',
    main: descriptor(apps.main),
    identity: apps.identity ? descriptor(apps.identity) : null,
    metrics: apps.metrics ? descriptor(apps.metrics) : null,
  });
} catch (error) {
  logger.error({ err: error }, 'worker start failed');
  post({ type: 'failed', reason: oneLine(error) });
  port.close();
}
