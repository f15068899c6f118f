/**
 * @module The few DOM helpers the UFLPA page reader needs, on htmlparser2's document model.
 * Types are taken from htmlparser2's own exports so no transitive package is imported directly.
 */
import { DomUtils, type parseDocument } from 'htmlparser2';

export type HtmlDocument = ReturnType<typeof parseDocument>;
export type HtmlNode = HtmlDocument['children'][number];
export type HtmlElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];

/** Elements whose edges separate words: "A<br>B" and "<p>A</p><p>B</p>" read "A B", not "AB". */
const BREAKING = new Set([
  'br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'caption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'section', 'article', 'header', 'footer', 'nav', 'dt', 'dd', 'button', 'summary',
]);
const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);

/** Visible text of a node, whitespace (incl. &nbsp;) collapsed to single spaces. */
export function textOf(node: HtmlNode | HtmlDocument): string {
  const parts: string[] = [];
  const walk = (n: HtmlNode): void => {
    if (DomUtils.isText(n)) parts.push(n.data);
    else if (DomUtils.isTag(n) && !HIDDEN.has(n.name)) {
      const breaks = BREAKING.has(n.name);
      if (breaks) parts.push(' ');
      n.children.forEach(walk);
      if (breaks) parts.push(' ');
    }
  };
  if (DomUtils.isDocument(node)) node.children.forEach(walk);
  else walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

export function hasDescendant(el: HtmlElement, tag: string): boolean {
  return DomUtils.findOne((e) => e.name === tag, el.children, true) !== null;
}

/** Maps a character offset of `text` to its 1-based line. */
export function lineLocator(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
