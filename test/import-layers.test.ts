/**
 * The import graph of src/ (test files beside the source excluded: tests compose freely) has no cycle,
 * and every import goes down the layers: lists -> engine -> server; store below identity, quota and
 * audit, which sit below state (their assembly); the request contract below server and cli, which
 * compose and which nothing imports. A file may import its own area or any lower layer, never a
 * higher one nor a sibling area on its own layer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * Lowest first. An area is the first folder under src/, or the file name for files at the root;
 * lists/update (the downloader, which reads its URLs from the config) is an area of its own.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['types', 'errors.ts', 'retry.ts', 'worker-entry.ts'],
  ['lists'],
  ['config.ts'],
  ['lists/update'],
  ['engine'],
  ['store'],
  ['audit'],
  ['identity', 'quota', 'decisions'],
  ['state'],
  ['contract'],
  ['server', 'cli'],
];

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** file (relative to src/) -> the src/ files it imports (relative specifiers only; packages are leaves). */
export function importGraph(root: string = SRC): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (spec === undefined || !spec.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), spec)).replace(/\.js$/, '.ts');
      // Outside src/ (the generated WASM bindings in build/) is a leaf like a package.
      if (!target.startsWith('..')) targets.push(target);
    }
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

const NESTED_AREAS = ['lists/update'];

function areaOf(file: string): string {
  return NESTED_AREAS.find((area) => file.startsWith(`${area}/`)) ?? file.split('/')[0]!;
}

function layerOf(file: string): number {
  const area = areaOf(file);
  const layer = LAYERS.findIndex((names) => names.includes(area));
  return layer;
}

export function layerViolations(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      if (areaOf(file) === areaOf(target)) continue;
      if (layerOf(target) < layerOf(file)) continue;
      found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

/** Every cycle's members, one strongly connected component (Tarjan) per line. */
export function importCycles(graph: Map<string, string[]>): string[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const members: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        members.push(w);
      } while (w !== v);
      if (members.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(members.sort().join(' <-> '));
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('is read: every source file, every relative import resolved to a file that exists', () => {
    expect(graph.size).toBeGreaterThan(100);
    const missing = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => !graph.has(t) && !t.endsWith('.json')).map((t) => `${file} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it('places every file on a layer', () => {
    expect([...graph.keys()].filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('imports only down the layers (lists -> engine -> server; store below the services; contract below server and cli)', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    const cyclic = new Map([['a/x.ts', ['a/y.ts']], ['a/y.ts', ['a/x.ts']], ['a/z.ts', []]]);
    expect(importCycles(cyclic)).toEqual(['a/x.ts <-> a/y.ts']);
    const upward = new Map([['engine/e.ts', ['server/s.ts']], ['server/s.ts', ['engine/e.ts']], ['cli/c.ts', ['server/s.ts']]]);
    expect(layerViolations(upward)).toEqual(['engine/e.ts -> server/s.ts', 'cli/c.ts -> server/s.ts']);
  });
});
