/**
 * @module Streaming XML reader shared by the OFAC XML loaders (classic sdnList and Enhanced XML).
 *
 * OFAC's full XML exports run past 100 MB, so nothing here builds a document tree: saxes is fed the
 * file chunk by chunk and the visitor sees one element at a time with the local names of its open
 * ancestors. Elements are matched on local names only: OFAC has changed the namespace URI before
 * (http://tempuri.org/sdnList.xsd, then the sanctionslistservice.ofac.treas.gov URLs) without changing
 * the element names, and a loader that stops on a new URI would stop the screening service.
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ListFormatError } from '../model.js';
import { ownString } from './xml-memory.js';

export interface XmlVisitor {
  /** `path` holds the local names of the open elements, this one last. */
  open(path: readonly string[], attributes: Readonly<Record<string, string>>): void;
  /** `text` is the element's own trimmed text; the OFAC formats put values only in leaf elements. */
  close(path: readonly string[], text: string): void;
}

/** Thrown by a visitor for content that makes the whole file unusable; streamXml adds file and line. */
export class XmlRejection extends Error {}

export interface XmlStreamOutcome {
  /** The line of the root element's end tag, for errors found after the document (count mismatch). */
  lastLine: number;
}

/** A well-formedness error reported by saxes, told apart from bugs thrown by a visitor. */
class XmlSyntaxError extends Error {}

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

function attributesOf(tag: SaxesTagNS): Readonly<Record<string, string>> {
  let out: Record<string, string> | undefined;
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
    out ??= {};
    out[attribute.local] = ownString(attribute.value);
  }
  return out ?? NO_ATTRIBUTES;
}

/** saxes prefixes its messages with "line:column: "; our error carries the line itself. */
function saxesReason(error: Error): string {
  return error.message.replace(/^\d+:\d+:\s*/, '').replace(/\.$/, '');
}

/**
 * Streams `path` through `visitor`. Rejects with ListFormatError (file name, line, reason) when the
 * file is empty, is not XML, has another root element than `rootName`, or is malformed or truncated.
 */
export async function streamXml(path: string, rootName: string, visitor: XmlVisitor): Promise<XmlStreamOutcome> {
  const file = basename(path);
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: string[] = [];
  let text = '';
  let sawRoot = false;
  let sawContent = false;
  let linesBefore = 0;
  let rootEndLine = 1;

  parser.on('error', (error) => {
    throw new XmlSyntaxError(saxesReason(error));
  });
  parser.on('opentag', (tag) => {
    if (!sawRoot) {
      sawRoot = true;
      if (tag.local !== rootName) throw new XmlRejection(`root element is <${tag.name}>, expected <${rootName}>`);
    }
    stack.push(tag.local);
    text = '';
    visitor.open(stack, attributesOf(tag));
  });
  parser.on('text', (chunk) => {
    if (stack.length > 0) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    text += chunk;
  });
  parser.on('closetag', () => {
    const value = text.trim();
    // Values are copied out of the 64 KiB chunk they were cut from: V8 keeps a substring of 13+
    // characters as a view into its parent, so one stored name would keep the whole chunk alive.
    visitor.close(stack, value === '' ? '' : ownString(value));
    if (stack.length === 1) rootEndLine = parser.line;
    stack.pop();
    text = '';
  });

  try {
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 })) {
      if (!sawContent) {
        sawContent = checkStart(chunk as string, file, linesBefore);
        linesBefore += countLines(chunk as string);
      }
      parser.write(chunk as string);
    }
    if (!sawContent) throw new ListFormatError(file, 1, 'empty file');
    parser.close();
  } catch (error) {
    throw asListFormatError(error, file, parser.line, sawRoot);
  }
  return { lastLine: rootEndLine };
}

function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

/**
 * True once the chunk holds the document's first character. A file that does not start with "<"
 * (a CSV, an error text) is rejected here, before saxes would buffer all of it as one text node.
 */
function checkStart(chunk: string, file: string, linesBefore: number): boolean {
  const start = chunk.search(/[^\s\uFEFF]/);
  if (start === -1) return false;
  if (chunk[start] !== '<') {
    const line = linesBefore + countLines(chunk.slice(0, start)) + 1;
    throw new ListFormatError(file, line, 'not an XML document (it does not start with "<")');
  }
  return true;
}

function asListFormatError(error: unknown, file: string, line: number, sawRoot: boolean): unknown {
  if (error instanceof ListFormatError) return error;
  if (error instanceof XmlRejection) return new ListFormatError(file, line, error.message);
  // I/O errors (ENOENT, EACCES) already name the path; anything else is a bug and stays as it is.
  if (!(error instanceof XmlSyntaxError)) return error;
  if (!sawRoot) return new ListFormatError(file, line, `not an XML document (${error.message})`);
  return new ListFormatError(file, line, `malformed or truncated XML: ${error.message}`);
}
