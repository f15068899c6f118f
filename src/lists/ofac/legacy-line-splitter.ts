/**
 * @module Fast path for the one CSV shape OFAC actually publishes.
 *
 * Why it exists: csv-parse alone takes about 200 ms warm and 300 ms cold on sdn.csv + add.csv +
 * alt.csv (6.5 MB) on the 2-core target, most of this reader's share of the start-up budget. OFAC's files use a
 * narrow subset of CSV: one record per line, each field either a double-quoted text without quote
 * characters inside or an unquoted token (`-0- `, a number). This splitter accepts exactly that
 * subset and gives up (returns false) on anything else: an escaped quote, a quote inside an unquoted
 * field, a line break inside quotes, a wrong column count. The caller then parses the whole file
 * with csv-parse, which stays the authority for every file outside the subset and for every error
 * message. Both paths give identical rows on the real files (see legacy-reader.test.ts).
 */

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;

/**
 * Hands every line of `text` to `onFields` as exactly `columns` raw fields (quotes removed, nothing
 * trimmed) and returns true; or returns false, without calling `onFields` at all, when any line is
 * outside the published subset. A first pass only checks, so no row is built for a file that then
 * goes to csv-parse, and rows are never all held at once (they would all survive into the old
 * generation and make the garbage collector copy them).
 */
export function splitPublishedShape(text: string, columns: number, onFields: (fields: string[], line: number) => void): boolean {
  // csv-parse settles on the first line ending it sees; mixed endings and lone CRs are left to it.
  if (/\r(?!\n)/.test(text)) return false;
  const crlf = text.includes('\r');
  if (!eachLine(text, crlf, (start, end) => splitLine(text, start, end, columns, null))) return false;
  let line = 0;
  eachLine(text, crlf, (start, end) => {
    const fields: string[] = [];
    splitLine(text, start, end, columns, fields);
    onFields(fields, ++line);
    return true;
  });
  return true;
}

/** Calls `visit` with each line's [start, end) without its line ending; stops at the first false. */
function eachLine(text: string, crlf: boolean, visit: (start: number, end: number) => boolean): boolean {
  let start = 0;
  while (start < text.length) {
    let eol = text.indexOf('\n', start);
    if (eol < 0) eol = text.length;
    const hasCr = eol > start && text.charCodeAt(eol - 1) === CR;
    if (hasCr !== crlf && eol < text.length) return false;
    if (!visit(start, hasCr ? eol - 1 : eol)) return false;
    start = eol + 1;
  }
  return true;
}

/** Checks one line (and fills `out` when given); false when the line is outside the subset. */
function splitLine(text: string, start: number, end: number, columns: number, out: string[] | null): boolean {
  let count = 0;
  let pos = start;
  for (;;) {
    let next: number;
    if (text.charCodeAt(pos) === QUOTE) {
      const close = text.indexOf('"', pos + 1);
      if (close < 0 || close >= end) return false; // line break inside quotes, or unclosed
      next = close + 1;
      if (next !== end && text.charCodeAt(next) !== COMMA) return false; // "" escape or text after the quote
      out?.push(text.slice(pos + 1, close));
    } else {
      const comma = text.indexOf(',', pos);
      next = comma < 0 || comma > end ? end : comma;
      const quote = text.indexOf('"', pos);
      if (quote >= 0 && quote < next) return false;
      out?.push(text.slice(pos, next));
    }
    if (++count > columns) return false;
    if (next === end) break;
    pos = next + 1; // after the comma; a comma at the very end leaves one empty last field
    if (pos === end) {
      out?.push('');
      count++;
      break;
    }
  }
  return count === columns;
}
