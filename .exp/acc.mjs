import uWS from 'uWebSockets.js';
import { Worker, isMainThread, parentPort, threadId } from 'node:worker_threads';
if (isMainThread) {
  const acceptor = uWS.App();
  let port;
  acceptor.listen('127.0.0.1', 0, (ls) => { port = uWS.us_socket_local_port(ls); console.log('acceptor on', port);
    const ws = [0,1].map(() => new Worker(new URL(import.meta.url)));
    let ready = 0;
    for (const w of ws) w.on('message', async (d) => { acceptor.addChildAppDescriptor(d); if (++ready === 2) {
      const seen = {};
      for (let i = 0; i < 20; i++) { const r = await fetch(`http://127.0.0.1:${port}/x`, { method: 'POST', body: 'a'.repeat(10) }); const t = await r.text(); seen[t] = (seen[t]||0)+1; }
      const g = await fetch(`http://127.0.0.1:${port}/get`); console.log('get', await g.text());
      const h = await fetch(`http://127.0.0.1:${port}/get`, {method:'HEAD'}); console.log('head', h.status, [...h.headers]);
      console.log(seen); process.exit(0);
    }});
  });
} else {
  const app = uWS.App().any('/*', (res, req) => {
    const m = req.getMethod(); let n = 0; let got = false;
    res.onAborted(() => {});
    res.onData((c, last) => { got = true; n += c.byteLength; if (last) res.cork(() => res.end(`w${threadId} ${m} ${n}`)); });
    setTimeout(() => { if (!got) res.cork(() => res.end(`no-ondata ${m}`)); }, 50);
  });
  parentPort.postMessage(app.getDescriptor()); parentPort.on("message", () => {});
}
