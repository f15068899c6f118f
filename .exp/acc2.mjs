import uWS from 'uWebSockets.js';
import { Worker, isMainThread, parentPort, threadId } from 'node:worker_threads';
if (isMainThread) {
  const acceptor = uWS.App();
  acceptor.listen('127.0.0.1', 0, (ls) => { const port = uWS.us_socket_local_port(ls);
    const ws = [0,1].map(() => new Worker(new URL(import.meta.url)));
    let ready = 0;
    for (const w of ws) w.on('message', async (d) => { acceptor.addChildAppDescriptor(d); if (++ready === 2) {
      const r = await fetch(`http://127.0.0.1:${port}/slow`); console.log(await r.text());
      const p = fetch(`http://127.0.0.1:${port}/slow`).then(r => r.text()).then(t => console.log('inflight done', t));
      await new Promise(r => setTimeout(r, 50));
      uWS.us_listen_socket_close(ls);
      let exited = 0;
      for (const w2 of ws) { w2.on('exit', () => { if (++exited === 2) { console.log('workers exited'); acceptor.close(); } }); w2.postMessage('shutdown'); }
      await p;
      try { await fetch(`http://127.0.0.1:${port}/slow`); console.log('still accepting?!') } catch (e) { console.log('refused ok'); }
    }});
  });
} else {
  let inflight = 0; let closing = false;
  const app = uWS.App().any('/*', (res, req) => {
    inflight++; let aborted = false;
    res.onAborted(() => { aborted = true; inflight--; });
    setTimeout(() => { if (!aborted) res.cork(() => res.end(`w${threadId}`)); inflight--; if (closing && inflight === 0) done(); }, 300);
  });
  function done() { app.close(); parentPort.close(); }
  parentPort.postMessage(app.getDescriptor());
  parentPort.on('message', () => { closing = true; if (inflight === 0) done(); });
}
