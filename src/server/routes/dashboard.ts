/**
 * @module GET /dashboard (the page) and GET /dashboard/{asset} (its scripts and styles): static
 * files for people managing keys and trying screenings in a browser. They need no credential; the
 * page calls the identity and service APIs of this origin with the tokens the user pastes.
 */
import { AppError } from '../../errors.js';
import { DashboardAssets } from '../dashboard/asset-store.js';
import { dashboardHeaders } from '../dashboard/page-headers.js';
import type { PlainResult } from '../http/http-types.js';
import type { Route } from '../http/route.js';

let assets: Promise<DashboardAssets> | undefined;

/** Read on first use (not at import), so a server that never serves the page never reads the folder. */
function loadedAssets(): Promise<DashboardAssets> {
  assets ??= DashboardAssets.load().catch((error: unknown) => {
    assets = undefined;
    throw error;
  });
  return assets;
}

async function serve(name: string): Promise<PlainResult> {
  const asset = (await loadedAssets()).get(name);
  if (asset === null) throw new AppError('not_found');
  return { status: 200, headers: dashboardHeaders(asset.contentType), body: asset.body };
}

const page = (pattern: string): Route => ({
  method: 'GET',
  pattern,
  // Served on every listener, like the health routes: it is not part of either API.
  api: 'ops',
  handle: () => serve('index.html'),
});

export const dashboardRoutes: readonly Route[] = [
  page('/dashboard'),
  page('/dashboard/'),
  {
    method: 'GET',
    pattern: '/dashboard/{asset}',
    api: 'ops',
    handle: (ctx) => serve(ctx.params.asset),
  },
];
