/**
 * @module Bounding how deep the UFLPA page nests its elements, before htmlparser2 sees it.
 *
 * htmlparser2 keeps its stack of open elements with Array#unshift/shift, so each element costs time
 * in proportion to the depth: a page nested 160,000 elements deep took 45-80 s to parse, 320,000 took
 * 64 s+ (issue 28), and our own DOM walks recurse once per level (5,000 levels overflow the stack).
 * The real page nests about 20 levels. This scan emulates the parser's stack cheaply (push/pop, and
 * the end tags HTML lets a following tag imply, so unclosed <p>, <li> or <td> siblings do not add up)
 * and stops at MAX_DEPTH: the stack it keeps never exceeds that, so the scan is linear in the file.
 * It may count a level too many where the parser would close one implicitly; never too few.
 */
import { ListFormatError } from '../model.js';

/** 25 times the real page's depth; far below where parse time or recursion become a problem. */
export const MAX_DEPTH = 512;

const VOID = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);
const P = ['p'];
/** Open elements a new start tag closes when they are on top of the stack (htmlparser2's openImpliesClose, abridged). */
const IMPLIED_CLOSE: Readonly<Record<string, readonly string[]>> = {
  p: P, div: P, ul: P, ol: P, table: P, section: P, article: P, header: P, footer: P, nav: P, form: P,
  h1: P, h2: P, h3: P, h4: P, h5: P, h6: P, pre: P, blockquote: P, dl: P, hr: P,
  li: ['li', 'p'], dt: ['dt', 'dd', 'p'], dd: ['dt', 'dd', 'p'],
  tr: ['tr', 'td', 'th'], td: ['td', 'th'], th: ['td', 'th'], tbody: ['thead', 'tbody', 'tr', 'td', 'th'],
  option: ['option'], optgroup: ['optgroup', 'option'],
};

/**
 * Throws a ListFormatError at the first element nested deeper than MAX_DEPTH. `markup` is the page
 * with comments, scripts and styles blanked (their text holds no elements).
 */
export function checkDepth(markup: string, file: string, lineAt: (offset: number) => number): void {
  const stack: string[] = [];
  for (const m of markup.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)[^>]*>/g)) {
    const name = m[2].toLowerCase();
    if (m[1] === '/') {
      const at = stack.lastIndexOf(name);
      if (at >= 0) stack.length = at;
      continue;
    }
    const closes = IMPLIED_CLOSE[name];
    while (closes !== undefined && stack.length > 0 && closes.includes(stack[stack.length - 1])) stack.pop();
    if (VOID.has(name)) continue;
    stack.push(name);
    if (stack.length > MAX_DEPTH) {
      throw new ListFormatError(file, lineAt(m.index), `elements nested more than ${MAX_DEPTH} levels deep: not the UFLPA Entity List page`);
    }
  }
}
