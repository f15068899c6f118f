/**
 * Worker thread for test/store-lmdb.test.ts: opens the embedded store on the directory it is given,
 * runs quota increments in step with the main thread, and publishes a revocation when asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createQuotaService } from '../src/quota/quota-service.js';
import { openLmdbStore } from '../src/store/lmdb/lmdb-store.js';

interface Job {
  readonly dataDir: string;
  readonly calls: number;
  readonly limit: number;
  readonly now: string;
}

const job = workerData as Job;
const store = openLmdbStore({ dataDir: job.dataDir, namePrefix: 'test:' });
const quota = createQuotaService({ counters: store });

parentPort!.once('message', async (command: string) => {
  if (command === 'revoke') {
    await store.publishRevocation({ kind: 'revoked', keyId: 'from-worker', tokenSha256: 'c'.repeat(64) });
  } else {
    const results = await Promise.all(
      Array.from({ length: job.calls }, () => quota.checkAndIncrement({ accountId: 'acct-w', keyId: 'key-w' }, 'svc', 1, job.limit, new Date(job.now))),
    );
    parentPort!.postMessage(results.filter((r) => r.allowed).length);
  }
  await store.close();
  parentPort!.postMessage('done');
});
parentPort!.postMessage('ready');
