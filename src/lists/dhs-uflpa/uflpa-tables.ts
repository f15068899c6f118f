/**
 * @module Finding the entity tables on the UFLPA Entity List page and the clause each row falls under.
 *
 * The page has one table per UFLPA section 2(d)(2)(B) clause ((i), (ii), (iv), (v) in the FR
 * appendices; later descriptions say three tables), so nothing assumes a count: every table whose
 * header row has a "Name of Entity" column is read. A table's clause comes from the nearest
 * preceding heading-like element (h1-h6, p, strong, b, caption, accordion button...) whose text
 * carries one or two clause markers "(i)".."(v)"; a caption or a full-width row inside the table
 * overrides it. Text with three or more markers is prose listing all clauses (the page intro), not
 * a heading, and is ignored.
 */
import { DomUtils } from 'htmlparser2';
import { hasDescendant, textOf, type HtmlDocument, type HtmlElement, type HtmlNode } from './uflpa-dom.js';

export interface EntityRow {
  nameText: string;
  dateText: string;
  /** Clause numerals, e.g. ["ii"]; empty when no clause heading precedes the table. */
  clauses: string[];
  line: number;
}

export interface EntityTable {
  line: number;
  rows: EntityRow[];
}

const HEADING_TAGS = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'strong', 'b', 'em', 'caption', 'button', 'summary', 'legend', 'dt',
]);
const NAME_HEADER = /\bname\s+of\s+(?:the\s+)?entit(?:y|ies)\b/i;
const DATE_HEADER = /\beffective\s+date\b/i;

/** Clause numerals in a heading text, in order, or null when it is not a clause heading. */
export function clauseMarkers(text: string): string[] | null {
  const found = [...new Set([...text.matchAll(/\((i{1,3}|iv|v)\)/gi)].map((m) => m[1].toLowerCase()))];
  return found.length >= 1 && found.length <= 2 ? found : null;
}

/** The cells of a row, each repeated per colspan so indexes line up with the header's. */
function rowCells(tr: HtmlElement): HtmlElement[] {
  const cells: HtmlElement[] = [];
  for (const child of tr.children) {
    if (!DomUtils.isTag(child) || (child.name !== 'td' && child.name !== 'th')) continue;
    const span = Math.min(Math.max(Number.parseInt(child.attribs.colspan ?? '1', 10) || 1, 1), 20);
    for (let i = 0; i < span; i += 1) cells.push(child);
  }
  return cells;
}

function ownRows(table: HtmlElement): HtmlElement[] {
  const nearestTable = (el: HtmlElement): HtmlElement | null => {
    for (let p = el.parent; p; p = p.parent) if (DomUtils.isTag(p) && p.name === 'table') return p;
    return null;
  };
  return DomUtils.getElementsByTagName('tr', table, true).filter((tr) => nearestTable(tr) === table);
}

interface Columns {
  name: number;
  date: number;
}

/** A cell's own text; a cell holding a nested table is layout, not data, and reads as empty. */
function cellText(cell: HtmlElement | undefined): string {
  return cell && !hasDescendant(cell, 'table') ? textOf(cell) : '';
}

function headerColumns(cells: HtmlElement[]): Columns | null {
  const texts = cells.map(cellText);
  const name = texts.findIndex((t) => NAME_HEADER.test(t));
  return name < 0 ? null : { name, date: texts.findIndex((t) => DATE_HEADER.test(t)) };
}

function readTable(table: HtmlElement, inherited: string[], lineAt: (offset: number) => number): EntityTable | null {
  const caption = table.children.find((c): c is HtmlElement => DomUtils.isTag(c) && c.name === 'caption');
  let clauses = (caption && clauseMarkers(textOf(caption))) ?? inherited;
  let columns: Columns | null = null;
  const rows: EntityRow[] = [];
  for (const tr of ownRows(table)) {
    const cells = rowCells(tr);
    const distinct = new Set(cells);
    const header = headerColumns(cells);
    if (header) {
      columns = header; // a repeated header row only restates the columns
      continue;
    }
    // A single (full-width) cell carrying a clause marker heads the rows below it.
    const marker = distinct.size === 1 ? clauseMarkers(cellText(cells[0])) : null;
    if (marker) clauses = marker;
    if (marker || !columns || cells.length === 0) continue;
    const nameText = cellText(cells[columns.name]);
    const dateText = columns.date >= 0 ? cellText(cells[columns.date]) : '';
    if (nameText === '' && dateText === '') continue;
    rows.push({ nameText, dateText, clauses, line: lineAt(tr.startIndex ?? 0) });
  }
  return columns ? { line: lineAt(table.startIndex ?? 0), rows } : null;
}

/** Every "Name of Entity" table of the page in document order, with its rows and their clauses. */
export function findEntityTables(doc: HtmlDocument, lineAt: (offset: number) => number): EntityTable[] {
  const tables: EntityTable[] = [];
  let clauses: string[] = [];
  const visit = (node: HtmlNode): void => {
    if (!DomUtils.isTag(node)) return;
    if (node.name === 'table') {
      const table = readTable(node, clauses, lineAt);
      if (table) tables.push(table);
      if (table) return;
    } else if (HEADING_TAGS.has(node.name) && !hasDescendant(node, 'table')) {
      const found = clauseMarkers(textOf(node));
      if (found) clauses = found;
      return;
    }
    node.children.forEach(visit);
  };
  doc.children.forEach(visit);
  return tables;
}
