/**
 * @module Fast path for delimited text in the plain shape the CSL and dpl.txt are published in.
 *
 * Why it exists: csv-parse takes 200-330 ms on the 5.8 MB consolidated.csv on the 2-core target,
 * half of a whole snapshot load. The published files use plain RFC 4180: fields either unquoted or
 * wholly double-quoted ("" for a quote inside), one line ending throughout, the same column count on
 * every row. This splitter accepts exactly that and gives up (returns null) on anything else: a
 * quote inside an unquoted field, text after a closing quote, an unclosed quote, a lone CR or mixed
 * line endings, an empty line, a row of another length, undecodable bytes. The caller then parses
 * the file with csv-parse, which stays the authority for every file outside the shape and for every
 * error message. Both give identical rows on every file the fast path accepts (plain-delimited.test.ts
 * compares them on the real files and on edge cases).
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/** Line ending of the file, fixed by the first one seen (as csv-parse does). */
const enum Ending {
  Unknown,
  Lf,
  CrLf,
}

/**
 * All rows of `text` (header included) split on the one-character `delimiter`, quotes removed,
 * nothing trimmed; null when the text is outside the plain shape.
 */
export function splitPlainDelimited(text: string, delimiter: string): string[][] | null {
  if (delimiter.length !== 1 || delimiter === '"' || delimiter === '\r' || delimiter === '\n') return null;
  // csv-parse decodes field by field; bytes that are not UTF-8 are left to it rather than compared.
  if (text.includes('\uFFFD')) return null;
  const sep = delimiter.charCodeAt(0);
  const n = text.length;
  const rows: string[][] = [];
  let row: string[] = [];
  let columns = -1;
  let ending = Ending.Unknown;
  let i = text.charCodeAt(0) === BOM ? 1 : 0;
  while (i < n) {
    // csv-parse skips empty lines; rather than count them, leave such a file to it.
    if (row.length === 0 && (text.charCodeAt(i) === LF || text.charCodeAt(i) === CR)) return null;
    let end: number;
    if (text.charCodeAt(i) === QUOTE) {
      end = quotedEnd(text, i);
      if (end < 0) return null;
      row.push(unquote(text, i, end));
    } else {
      end = unquotedEnd(text, i, sep);
      if (end < 0) return null;
      row.push(text.slice(i, end));
    }
    const c = end < n ? text.charCodeAt(end) : -1;
    if (c === sep) {
      i = end + 1;
      if (i === n) row.push(''); // a delimiter at the very end: one more, empty field
      else continue;
    } else if (c === LF) {
      if (ending === Ending.CrLf) return null;
      ending = Ending.Lf;
      i = end + 1;
    } else if (c === CR) {
      if (ending === Ending.Lf || text.charCodeAt(end + 1) !== LF) return null;
      ending = Ending.CrLf;
      i = end + 2;
    } else if (c === -1) {
      i = n;
    } else {
      return null; // text after a closing quote
    }
    if (columns < 0) columns = row.length;
    else if (row.length !== columns) return null;
    rows.push(row);
    row = [];
  }
  return rows;
}

/** Index just after the closing quote of the quoted field opening at `start`; -1 when unclosed. */
function quotedEnd(text: string, start: number): number {
  let close = text.indexOf('"', start + 1);
  while (close >= 0 && text.charCodeAt(close + 1) === QUOTE) close = text.indexOf('"', close + 2);
  return close < 0 ? -1 : close + 1;
}

/** The value of the quoted field text[start, end): outer quotes removed, "" made ". */
function unquote(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  return inner.includes('""') ? inner.replaceAll('""', '"') : inner;
}

/** Index of the delimiter or line ending closing the unquoted field at `start`; -1 at a quote. */
function unquotedEnd(text: string, start: number, sep: number): number {
  let j = start;
  for (const n = text.length; j < n; j++) {
    const c = text.charCodeAt(j);
    if (c === sep || c === LF || c === CR) return j;
    if (c === QUOTE) return -1;
  }
  return j;
}
