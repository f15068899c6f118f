import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListFormatError } from '../model.js';
import { readOfacClassicXml } from './classic-xml.js';
import { readOfacEnhancedXml } from './enhanced-xml.js';
import { streamXml, type XmlVisitor } from './xml-stream.js';

const TESTDATA = join(import.meta.dirname, 'testdata');
const READERS = [
  ['readOfacClassicXml', readOfacClassicXml, 'sdnList'],
  ['readOfacEnhancedXml', readOfacEnhancedXml, 'sanctionsData'],
] as const;

async function rejection(promise: Promise<unknown>): Promise<ListFormatError> {
  const error = await promise.then(
    () => new Error('resolved'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ListFormatError);
  return error as ListFormatError;
}

describe.each(READERS)('%s rejects unusable files with file:line: reason', (_name, read, root) => {
  it('an empty file', async () => {
    const error = await rejection(read(join(TESTDATA, 'xml-empty.xml')));
    expect(error.message).toBe('xml-empty.xml:1: empty file');
  });

  it('a file that is not XML (a legacy CSV row)', async () => {
    const error = await rejection(read(join(TESTDATA, 'xml-not-xml.txt')));
    expect(error.message).toBe('xml-not-xml.txt:1: not an XML document (it does not start with "<")');
  });

  it('an XML document with another root element (an HTML error page)', async () => {
    const error = await rejection(read(join(TESTDATA, 'xml-wrong-root.xml')));
    expect(error.message).toBe(`xml-wrong-root.xml:2: root element is <html>, expected <${root}>`);
    expect(error).toMatchObject({ file: 'xml-wrong-root.xml', line: 2 });
  });

  it('a download cut off in the middle of a record', async () => {
    const error = await rejection(read(join(TESTDATA, 'xml-truncated.xml')));
    // The classic file's root passes; the enhanced reader stops at the root already.
    expect(error.message).toBe(
      root === 'sdnList'
        ? 'xml-truncated.xml:20: malformed or truncated XML: unclosed tag: lastName'
        : 'xml-truncated.xml:2: root element is <sdnList>, expected <sanctionsData>',
    );
  });

  it('passes I/O errors through with their path', async () => {
    await expect(read(join(TESTDATA, 'xml-does-not-exist.xml'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('streamXml', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ofac-xml-stream-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function write(name: string, content: string): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, content);
    return path;
  }

  function recorder(): XmlVisitor & { seen: string[] } {
    const seen: string[] = [];
    return {
      seen,
      open: (path, attributes) => seen.push(`+${path.join('/')}${attributes.id ? `#${attributes.id}` : ''}`),
      close: (path, text) => seen.push(`-${path.join('/')}${text ? `=${text}` : ''}`),
    };
  }

  it('matches local names whatever the namespace prefix, and skips a byte order mark', async () => {
    const path = await write(
      'prefixed.xml',
      '\uFEFF<?xml version="1.0"?>\n<o:sdnList xmlns:o="urn:any"><o:sdnEntry id="7"><o:uid> 7 </o:uid></o:sdnEntry></o:sdnList>',
    );
    const visitor = recorder();
    expect(await streamXml(path, 'sdnList', visitor)).toEqual({ lastLine: 2 });
    expect(visitor.seen).toEqual([
      '+sdnList',
      '+sdnList/sdnEntry#7',
      '+sdnList/sdnEntry/uid',
      '-sdnList/sdnEntry/uid=7',
      '-sdnList/sdnEntry',
      '-sdnList',
    ]);
  });

  it('reports the line of a well-formedness error', async () => {
    const path = await write('mismatch.xml', '<sdnList>\n<sdnEntry>\n<uid>1</sdnEntry>\n</sdnList>\n');
    const error = await rejection(streamXml(path, 'sdnList', recorder()));
    expect(error.file).toBe('mismatch.xml');
    expect(error.line).toBe(3);
    expect(error.reason).toMatch(/^malformed or truncated XML: /);
  });

  it('reports text after the root element', async () => {
    const path = await write('trailing.xml', '<sdnList></sdnList>\nPARTIAL DOWNLOAD');
    const error = await rejection(streamXml(path, 'sdnList', recorder()));
    expect(error.message).toMatch(/^trailing.xml:2: malformed or truncated XML: /);
  });

  it('does not disguise a bug in a visitor as malformed XML', async () => {
    const path = await write('ok.xml', '<sdnList><a/></sdnList>');
    const failing: XmlVisitor = {
      open: () => undefined,
      close: () => {
        throw new TypeError('visitor bug');
      },
    };
    await expect(streamXml(path, 'sdnList', failing)).rejects.toThrow(TypeError);
  });
});
