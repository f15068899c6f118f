/**
 * @module rps_build_info: what is running (package version, Node, WASM core layout version, git
 * commit when the code runs from a checkout), as the usual constant-1 gauge with those labels.
 * Read once at start; `unknown` where a value is not available (an image built without .git).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Gauge, type Registry } from 'prom-client';
import { CORE_VERSION } from '../../engine/core.js';

export interface BuildInfo {
  version: string;
  node: string;
  core_version: string;
  commit: string;
}

/** The package root: two levels above this file, in src/ and in dist/ alike. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function readBuildInfo(): BuildInfo {
  return { version: packageVersion(), node: process.versions.node, core_version: String(CORE_VERSION), commit: gitCommit() };
}

export function registerBuildInfo(registry: Registry, info: BuildInfo = readBuildInfo()): void {
  const gauge = new Gauge({
    name: 'rps_build_info',
    help: 'Always 1; the labels say which build runs (package version, Node, WASM core version, git commit).',
    labelNames: ['version', 'node', 'core_version', 'commit'],
    aggregator: 'first',
    registers: [registry],
  });
  gauge.set({ ...info }, 1);
}

function packageVersion(): string {
  try {
    const parsed = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

function gitCommit(): string {
  try {
    const out = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT, timeout: 2_000, stdio: ['ignore', 'pipe', 'ignore'] });
    const commit = out.toString().trim();
    return /^[0-9a-f]{7,40}$/.test(commit) ? commit : 'unknown';
  } catch {
    return 'unknown';
  }
}
