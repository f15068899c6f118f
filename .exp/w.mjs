import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
const api = import.meta.resolve('tsx/esm/api');
const code = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(new URL('./w2.ts', import.meta.url).href)});`;
const w = new Worker(new URL('data:text/javascript,' + encodeURIComponent(code)));
w.on('error', e => console.log('err', e.message)); w.on('message', m => console.log('msg', m));
