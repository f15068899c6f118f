import { createServer, connect } from 'node:net';
import { createClient } from 'redis';
const sockets = new Set(); let down = false;
const srv = createServer((c) => { if (down) return c.destroy(); const u = connect(6379, '127.0.0.1'); for (const s of [c, u]) { sockets.add(s); s.on('close', () => sockets.delete(s)).on('error', () => {}); } c.pipe(u).pipe(c); });
await new Promise((r) => srv.listen(0, '127.0.0.1', r));
const port = srv.address().port;
const client = createClient({ url: `redis://127.0.0.1:${port}`, disableOfflineQueue: true, commandOptions: { timeout: 2000 },
  socket: { connectTimeout: 2000, reconnectStrategy: (n) => Math.min(50 * 2 ** n, 2000) } });
client.on('error', (e) => console.log('error event', e.message));
client.on('ready', () => console.log('ready event'));
await client.connect();
console.log(await client.ping());
down = true; for (const s of sockets) s.destroy();
try { console.log(await client.ping()); } catch (e) { console.log('ping while down:', e.message); }
await new Promise(r => setTimeout(r, 1000));
down = false;
await new Promise(r => setTimeout(r, 3000));
const t = Date.now();
try { console.log(await Promise.race([client.ping(), new Promise((_, j) => setTimeout(() => j(new Error('hang')), 4000))]), Date.now() - t); } catch (e) { console.log('after restore:', e.message, Date.now() - t); }
console.log('isReady', client.isReady, 'isOpen', client.isOpen);
process.exit(0);
