import { it } from 'vitest';
import { Agent, request } from 'node:http';
import { call, createKey, startTestServer } from './support/http-harness.js';
it('debug', async () => {
  const t = await startTestServer({ lists: null });
  const key = await createKey(t, 'a');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (const total of [4, 64]) {
    const started = Date.now();
    const res = await new Promise<string>((resolve, reject) => {
      const req = request(`${t.url}/sanctions-screening/v1/screen`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked', authorization: `Bearer ${key.token}` } });
      req.on('response', (r) => { let b = ''; r.on('data', (c) => (b += c)).on('end', () => resolve(`${r.statusCode} ${r.headers.connection} ${b.slice(0, 40)}`)); });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20); let sent = 0;
      const pump = () => { while (sent < total * 1024 * 1024) { sent += chunk.length; if (!req.write(chunk)) return void req.once('drain', pump); } req.end(); };
      pump();
    }).catch((e) => `error ${e}`);
    console.log(total, 'MiB streamed ->', res, Date.now() - started, 'ms');
    const again = await new Promise<string>((resolve, reject) => {
      const req = request(`${t.url}/healthz`, { agent }, (r) => { let b = ''; r.on('data', (c) => (b += c)).on('end', () => resolve(`${r.statusCode} ${b}`)); });
      req.on('error', reject); req.end();
    }).catch((e) => `error ${e}`);
    console.log('next request on the agent ->', again);
  }
  agent.destroy();
  await t.close();
}, 60000);
