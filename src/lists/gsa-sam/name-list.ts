/**
 * @module Splitting a run of names as the US lists print them: "VMC CONSTRUCTION, LLC, ANTONIO FLORES",
 * "Zhuhai A Co., Ltd.; and Zhuhai B Co., Ltd.".
 *
 * Why not a plain split on commas: commas also sit before legal forms ("PEANUT BUTTER, LLC",
 * "Co., Ltd.") and inside parenthesised aliases, so a piece that is only a legal form is joined back
 * onto the name before it, and separators inside parentheses are ignored. Used by the SAM
 * Cross-Reference column and the UFLPA subsidiary lists.
 */

/** Legal forms and name suffixes that follow a comma inside one name. */
const LEGAL_FORM =
  '(?:l\\.?\\s?l\\.?\\s?c|inc|incorporated|ltd|limited|co|corp|l\\.?\\s?p|l\\.?\\s?l\\.?\\s?p|p\\.?\\s?c|p\\.?\\s?l\\.?\\s?l\\.?\\s?c|' +
  'p\\.?\\s?a|n\\.?\\s?a|s\\.?\\s?a|plc|gmbh|ag|jr|sr|ii|iii|iv|m\\.?\\s?d|d\\.?\\s?d\\.?\\s?s|ph\\.?\\s?d|esq)\\.?';

/**
 * A piece made only of legal forms ("LLC", "Ltd.", "INC.", "Co. Ltd."), possibly followed by a
 * parenthesis ("Ltd. (also known as ...)") or a DBA.
 */
const CONTINUATION = new RegExp(
  `^${LEGAL_FORM}(?:[\\s,]*${LEGAL_FORM})*(?:$|\\s*\\(|\\s+(?:dba|d/b/a|d\\.b\\.a\\.)\\s)`,
  'i',
);

/** Paren depth at each character of `text` (0 for a top-level "(" or ")"; never below zero). */
export function parenDepths(text: string): number[] {
  const depths: number[] = [];
  let depth = 0;
  // Indexed by UTF-16 unit so the depths line up with RegExp match indexes.
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === ')') depth = Math.max(0, depth - 1);
    depths.push(depth);
    if (ch === '(') depth += 1;
  }
  return depths;
}

interface Span {
  start: number;
  end: number;
}

/** Spans of `text` between matches of `separator` that sit outside parentheses. */
export function spansOutsideParens(text: string, separator: RegExp): Span[] {
  const depths = parenDepths(text);
  const flags = separator.flags.includes('g') ? separator.flags : `${separator.flags}g`;
  const spans: Span[] = [];
  let start = 0;
  for (const m of text.matchAll(new RegExp(separator.source, flags))) {
    if (m[0] === '' || depths[m.index] !== 0) continue;
    spans.push({ start, end: m.index });
    start = m.index + m[0].length;
  }
  spans.push({ start, end: text.length });
  return spans;
}

/** Splits on `separator` outside parentheses; pieces are returned as printed (untrimmed). */
export function splitOutsideParens(text: string, separator: RegExp): string[] {
  return spansOutsideParens(text, separator).map((s) => text.slice(s.start, s.end));
}

/** Trims a list item and drops the list's own connectors ("and C", trailing ";" or ","). */
export function cleanListItem(piece: string): string {
  return piece
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:and|or)\s+/i, '')
    .replace(/[\s,;]+$/, '')
    .trim();
}

export interface SplitOptions {
  /**
   * Join a one-word piece onto the name before it. SAM cross-references may print a person as
   * "LAST, FIRST"; a lone word is never a useful alias on its own.
   */
  joinSingleWords?: boolean;
}

/** Splits a run of names on commas and semicolons outside parentheses, keeping legal forms attached. */
export function splitNameList(text: string, options: SplitOptions = {}): string[] {
  const spans = spansOutsideParens(text, /[,;]/);
  const merged: Span[] = [];
  for (const span of spans) {
    const piece = cleanListItem(text.slice(span.start, span.end));
    if (piece === '') continue;
    const previous = merged[merged.length - 1];
    const joins = CONTINUATION.test(piece) || (options.joinSingleWords === true && !/\s/.test(piece));
    if (previous && joins) previous.end = span.end;
    else merged.push({ ...span });
  }
  return merged.map((s) => cleanListItem(text.slice(s.start, s.end))).filter((name) => name !== '');
}
