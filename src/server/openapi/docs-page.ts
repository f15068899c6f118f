/**
 * @module The API reference page: Swagger UI (npm package swagger-ui-dist) served by this server
 * from node_modules, never from a CDN, with our own page and start-up script so that no inline
 * script or style is needed and the Content-Security-Policy can stay strict.
 *
 * Every file is read once, on first use, and kept in memory with a gzip copy (the viewer bundle is
 * 1.7 MB, about 0.5 MB gzipped). The page links each file with `?v=<content hash>`, so a file asked
 * with the current hash may be cached for good and an upgrade can never mix old and new files.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { SERVICE_ID } from '../deps.js';

export const OPENAPI_PATH = `/${SERVICE_ID}/v1/openapi.json`;
export const DOCS_PATH = `/${SERVICE_ID}/v1/docs`;

export interface DocsFile {
  readonly contentType: string;
  readonly body: Buffer;
  /** Null for files that do not compress (PNG). */
  readonly gzipped: Buffer | null;
  /** First 16 hex digits of the SHA-256 of body. */
  readonly version: string;
}

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const PNG = 'image/png';

/** The viewer's files we serve, out of the package's dist folder (nothing else of it is reachable). */
const VIEWER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': JS,
  'swagger-ui.css': CSS,
  'favicon-32x32.png': PNG,
};

/**
 * Our start-up script (a file, not inline, so script-src 'self' suffices). The document URL is
 * relative to the page, so the page also works behind a proxy that adds a path prefix.
 * validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
 * queryConfigEnabled false: no configuration (e.g. another spec URL) from the page's query string.
 */
const INIT_SCRIPT = `'use strict';
window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  validatorUrl: null,
  queryConfigEnabled: false,
  persistAuthorization: false,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 1,
  docExpansion: 'list',
});
`;

/** The names served under DOCS_PATH/{asset}. */
export const DOCS_ASSET_NAMES: readonly string[] = [...Object.keys(VIEWER_FILES), 'docs-init.js'];

export interface DocsFiles {
  readonly page: DocsFile;
  readonly assets: ReadonlyMap<string, DocsFile>;
}

let loaded: Promise<DocsFiles> | undefined;

/** Read on first use; a failed read is retried by the next request rather than cached. */
export function docsFiles(): Promise<DocsFiles> {
  loaded ??= loadDocsFiles().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** The viewer package's folder, wherever npm put it (resolved like an import would be). */
export function viewerDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

async function loadDocsFiles(): Promise<DocsFiles> {
  const dir = viewerDir();
  const assets = new Map<string, DocsFile>();
  for (const [name, type] of Object.entries(VIEWER_FILES)) assets.set(name, await docsFile(await readFile(join(dir, name)), type));
  assets.set('docs-init.js', await docsFile(Buffer.from(INIT_SCRIPT, 'utf8'), JS));
  const page = await docsFile(Buffer.from(pageHtml(assets), 'utf8'), 'text/html; charset=utf-8');
  return { page, assets };
}

async function docsFile(body: Buffer, contentType: string): Promise<DocsFile> {
  const version = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const gzipped = contentType === PNG ? null : await promisify(gzip)(body);
  return { contentType, body, gzipped, version };
}

function pageHtml(assets: ReadonlyMap<string, DocsFile>): string {
  // Relative to the page (…/v1/docs), so "docs/x" is …/v1/docs/x and "openapi.json" is …/v1/openapi.json.
  const href = (name: string): string => `docs/${name}?v=${assets.get(name)?.version ?? ''}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Restricted-party screening API reference</title>
<link rel="icon" type="image/png" href="${href('favicon-32x32.png')}">
<link rel="stylesheet" href="${href('swagger-ui.css')}">
</head>
<body>
<noscript>This page needs JavaScript. The OpenAPI document itself is at <a href="openapi.json">openapi.json</a>.</noscript>
<div id="swagger-ui"></div>
<script src="${href('swagger-ui-bundle.js')}"></script>
<script src="${href('docs-init.js')}"></script>
</body>
</html>
`;
}
