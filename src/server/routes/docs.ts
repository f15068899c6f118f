/**
 * @module GET /sanctions-screening/v1/docs: the human-readable API reference (Swagger UI over
 * openapi.json), and GET .../docs/{asset}: its files, served from node_modules by this server. No
 * key needed. The files are read on first use, so a server nobody asks for its docs never reads them.
 */
import { AppError } from '../../errors.js';
import { DOCS_PATH, docsFiles } from '../openapi/docs-page.js';
import { docsResult } from '../openapi/docs-response.js';
import type { Route } from '../http/route.js';
import { openApiRoute } from './openapi.js';

export const docsPageRoute: Route = {
  method: 'GET',
  pattern: DOCS_PATH,
  api: 'service',
  async handle(ctx) {
    return docsResult((await docsFiles()).page, ctx.request, 'page');
  },
};

export const docsAssetRoute: Route = {
  method: 'GET',
  pattern: `${DOCS_PATH}/{asset}`,
  api: 'service',
  async handle(ctx) {
    // A lookup in a fixed map: the (percent-decoded) name is never joined onto a file path.
    const file = (await docsFiles()).assets.get(ctx.params.asset);
    if (file === undefined) throw new AppError('not_found', undefined, 'No such file of the API reference page.');
    return docsResult(file, ctx.request, 'asset');
  },
};

/** The document and the page that shows it, registered together in routes/index.ts; `table` is every route. */
export function apiReferenceRoutes(table: () => readonly Route[]): readonly Route[] {
  return [openApiRoute(table), docsPageRoute, docsAssetRoute];
}
