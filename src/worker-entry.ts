/**
 * @module The module a worker thread starts from: the compiled .js file next to the caller, or,
 * under tsx (tests, development), a tiny module that registers tsx first, because a worker thread
 * inherits no loader hooks (and Node 20 ignores --import in a worker's execArgv).
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `file` is the worker module's URL as the caller sees it, e.g. new URL('./worker.ts', import.meta.url). */
export function workerEntry(file: URL): URL {
  if (extname(fileURLToPath(file)) !== '.ts') return file;
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import { register } from ${api}; register(); await import(${JSON.stringify(file.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** The sibling module `name` (without extension) of `base`, with base's extension (.ts or .js). */
export function siblingModule(base: string, name: string): URL {
  return new URL(`./${name}${extname(fileURLToPath(base))}`, base);
}
