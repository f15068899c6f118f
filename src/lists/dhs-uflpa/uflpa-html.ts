/**
 * @module Reader for the DHS UFLPA Entity List page, https://www.dhs.gov/uflpa-entity-list, saved as
 * uflpa-entity-list.html (format 'dhs-uflpa-html'). DHS publishes no CSV, JSON or XML.
 *
 * The page is checked for completeness before parsing: browsers and htmlparser2 silently close what
 * a cut-off download leaves open, which would load a list missing its tail. A file without a closing
 * </html>, or with a <table> never closed, is rejected; so is a page without any "Name of Entity"
 * table (a different or error page) and one whose tables hold no rows. So is a page nested deeper
 * than any real page (uflpa-depth.ts): htmlparser2's cost grows with the square of the depth.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { DropCounter, ListFormatError, type ParsedList } from '../model.js';
import { checkDepth } from './uflpa-depth.js';
import { lineLocator } from './uflpa-dom.js';
import { mapUflpaRows } from './uflpa-map.js';
import { findLastUpdated } from './uflpa-published.js';
import { findEntityTables } from './uflpa-tables.js';

export const UFLPA_FORMAT = 'dhs-uflpa-html';

/** Blanks comments, scripts and styles (keeping newlines, so offsets and lines stay true). */
function blankNonMarkup(html: string): string {
  const blank = (m: string): string => m.replace(/[^\n]/g, ' ');
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, blank)
    .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, blank);
}

function checkComplete(html: string, file: string, lineAt: (offset: number) => number): void {
  if (html.trim() === '') throw new ListFormatError(file, 1, 'file is empty');
  const markup = blankNonMarkup(html);
  const open: number[] = [];
  for (const m of markup.matchAll(/<(\/?)table\b[^>]*>/gi)) {
    if (m[1] === '') open.push(m.index);
    else open.pop();
  }
  if (open.length > 0) {
    throw new ListFormatError(file, lineAt(open[open.length - 1]), 'truncated: this <table> is never closed');
  }
  if (!/<\/html\s*>/i.test(markup)) {
    throw new ListFormatError(file, lineAt(markup.length), 'truncated: no closing </html> tag');
  }
  checkDepth(markup, file, lineAt);
}

/** Reads the saved UFLPA Entity List page. */
export async function readUflpaHtml(path: string): Promise<ParsedList> {
  const file = basename(path);
  const html = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const lineAt = lineLocator(html);
  checkComplete(html, file, lineAt);
  const doc = parseDocument(html, { withStartIndices: true });
  const tables = findEntityTables(doc, lineAt);
  if (tables.length === 0) {
    throw new ListFormatError(file, 1, 'no table with a "Name of Entity" column: not the UFLPA Entity List page');
  }
  const rows = tables.flatMap((t) => t.rows);
  if (rows.length === 0) throw new ListFormatError(file, tables[0].line, 'the "Name of Entity" tables hold no rows');
  const drops = new DropCounter();
  const skipped: Record<string, number> = {};
  const entries = mapUflpaRows(rows, drops, skipped);
  if (entries.length === 0) throw new ListFormatError(file, tables[0].line, 'no row of the tables names an entity');
  return { format: UFLPA_FORMAT, entries, publishedAt: findLastUpdated(doc), dropped: drops.counts, skipped };
}
