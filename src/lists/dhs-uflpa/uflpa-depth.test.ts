/**
 * Issue 28 point 3: a UFLPA page nested a million elements deep (3 MB) kept htmlparser2 busy for
 * minutes (its stack of open elements costs time in proportion to the depth) and stopped every list
 * refresh. Such a page is now refused at once, naming the line; a page nested as deep as the bound
 * allows still reads (no stack overflow in our DOM walks).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DIR } from '../../../test/support/shared.js';
import { ListFormatError } from '../model.js';
import { checkDepth, MAX_DEPTH } from './uflpa-depth.js';
import { readUflpaHtml } from './uflpa-html.js';

const PAGE = readFileSync(join(SAMPLE_DIR, 'uflpa-entity-list.html'), 'utf8');
/** The sample page with `block` inserted just before </body>, on a line of its own. */
const withBlock = (block: string): string => PAGE.replace('</body>', `\n${block}\n</body>`);
const nested = (tag: string, depth: number): string => `<${tag}>`.repeat(depth) + `</${tag}>`.repeat(depth);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rps-uflpa-depth-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(name: string, html: string): Promise<Awaited<ReturnType<typeof readUflpaHtml>>> {
  const path = join(dir, name);
  await writeFile(path, html);
  return readUflpaHtml(path);
}

describe('the UFLPA page nesting bound', () => {
  it('refuses a page nested a million <div> deep (3 MB) at once, naming the line', async () => {
    const html = withBlock(nested('div', 500_000) + '<span>'.repeat(500_000));
    expect(html.length).toBeGreaterThan(3_000_000);
    const line = PAGE.slice(0, PAGE.indexOf('</body>')).split('\n').length + 1;
    const error = await read('deep.html', html).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListFormatError);
    expect((error as ListFormatError).message).toBe(`deep.html:${line}: elements nested more than ${MAX_DEPTH} levels deep: not the UFLPA Entity List page`);
  });

  it('reads a page nested as deep as the bound allows, with the same entries as the plain page', async () => {
    const plain = await read('plain.html', PAGE);
    const deepest = await read('deepest.html', withBlock(nested('div', MAX_DEPTH - 10)));
    expect(deepest.entries).toEqual(plain.entries);
  });

  it('does not count siblings whose end tags HTML implies, void elements or stray end tags', () => {
    const siblings = '<ul>' + '<li><p>x'.repeat(5_000) + '</ul>' + '<table>' + '<tr><td>x<td>y'.repeat(5_000) + '</table>';
    const voids = '<br><img src=x><hr>'.repeat(5_000) + '</span>'.repeat(5_000);
    expect(() => checkDepth(`<html><body>${siblings}${voids}</body></html>`, 'f.html', () => 1)).not.toThrow();
    expect(() => checkDepth(`<html><body>${'<li><b>'.repeat(MAX_DEPTH)}</body></html>`, 'f.html', () => 7)).toThrow('f.html:7:');
  });
});
