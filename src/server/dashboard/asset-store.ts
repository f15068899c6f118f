/**
 * @module The dashboard's static files: read once from src/server/dashboard/assets/ and kept in
 * memory. The folder is found from the project root (the nearest package.json above this module),
 * so the same files serve under tsx (src/) and after `npm run build` (dist/) without a copy step;
 * a deployment ships the folder with dist/ (an image must copy src/server/dashboard/assets).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DashboardAsset {
  readonly contentType: string;
  readonly body: Buffer;
}

/** Only these extensions are served; anything else in the folder stays private. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * A served name is one flat lowercase file name. The router percent-decodes path parameters, so
 * "..%2Fpackage.json" arrives as "../package.json": the name is looked up in the map of files read once,
 * never joined onto a path, and this pattern is a second guard.
 */
const ASSET_NAME = /^[a-z0-9][a-z0-9-]*\.[a-z]+$/;

export class DashboardAssets {
  private constructor(private readonly files: ReadonlyMap<string, DashboardAsset>) {}

  /** Throws when the folder or its index.html is missing (answered as 500 `internal`, and logged). */
  static async load(dir: string = dashboardAssetsDir()): Promise<DashboardAssets> {
    const files = new Map<string, DashboardAsset>();
    for (const name of await readdir(dir)) {
      const contentType = CONTENT_TYPES[extname(name)];
      if (contentType === undefined || !ASSET_NAME.test(name)) continue;
      files.set(name, { contentType, body: await readFile(join(dir, name)) });
    }
    if (!files.has('index.html')) throw new Error(`dashboard assets missing: no index.html in ${dir}`);
    return new DashboardAssets(files);
  }

  get(name: string): DashboardAsset | null {
    if (!ASSET_NAME.test(name)) return null;
    return this.files.get(name) ?? null;
  }
}

export function dashboardAssetsDir(): string {
  return join(projectRoot(), 'src', 'server', 'dashboard', 'assets');
}

function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('dashboard: no package.json above the server module');
    dir = parent;
  }
  return dir;
}
