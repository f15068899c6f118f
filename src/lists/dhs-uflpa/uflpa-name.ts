/**
 * @module The "Name of Entity" cell of the UFLPA Entity List: a main name with aliases and
 * subsidiaries written into it as prose.
 *
 * Patterns on the page (FR appendices and dhs.gov):
 * - "X (also known as A; B; and C)"            -> aka A, B, C
 * - "X (and two aliases: A; and B)"            -> aka A, B
 * - "X (also known as A; and formerly known as B; C)" -> aka A, fka B, C
 * - "X and its subsidiaries"                   -> X, flagged as listed with its subsidiaries
 * - "X and its eight Zhuhai-based subsidiaries, which include A, B" (or ": A; B") -> X, and A and B
 *   as parties of their own (a named subsidiary is itself listed, so it must match on its own name).
 * Parentheses without an alias phrase ("(Group)", "(XPCC)") are part of the name and kept.
 */
import type { Alias, AliasType } from '../model.js';
import { cleanListItem, parenDepths, splitNameList, splitOutsideParens } from '../gsa-sam/name-list.js';

export interface NamedParty {
  name: string;
  aliases: Alias[];
}

export interface EntityCell extends NamedParty {
  /** The cell lists the entity "and its subsidiaries" (named or not). */
  withSubsidiaries: boolean;
  /** The subsidiary phrase as printed, e.g. "and its eight Zhuhai-based subsidiaries". */
  subsidiaryPhrase?: string;
  /** Subsidiaries the cell names; each becomes an entry of its own. */
  subsidiaries: NamedParty[];
}

const COUNT = '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d+)';

/** Alias phrases, with the "and"/"or" that joins them to what precedes. Group 1 = fka, 2 = nka. */
const MARKER = new RegExp(
  [
    '(?:\\b(?:and|or)\\s+)?(?:',
    '\\b(formerly|previously)\\s+known\\s+as\\b',
    '|\\b(now)\\s+known\\s+as\\b',
    '|\\b(?:also\\s+)?known\\s+as\\b',
    `|\\b(?:${COUNT}\\s+)?(?:other\\s+)?alias(?:es)?\\s*:`,
    // Only the dotted abbreviations: a bare "Aka" can be part of a company name.
    '|\\ba\\.k\\.a\\.|\\bf\\.k\\.a\\.|\\bn\\.k\\.a\\.',
    ')\\s*:?',
  ].join(''),
  'gi',
);

/** A parenthetical that opens with an alias phrase is an alias list; any other stays in the name. */
const ALIAS_GROUP_START = new RegExp(`^\\s*(?:${MARKER.source})`, 'i');

const SUBSIDIARIES = /,?\s+and\s+its\s+((?:[\w.-]+\s+){0,4}?)subsidiaries\b/gi;

function markerType(m: RegExpMatchArray): AliasType {
  const text = m[0].toLowerCase();
  if (m[1] || text.includes('f.k.a.')) return 'fka';
  if (m[2] || text.includes('n.k.a.')) return 'nka';
  return 'aka';
}

/** Aliases in the content of one alias parenthetical. */
export function parseAliasList(content: string): Alias[] {
  const aliases: Alias[] = [];
  const markers = [...content.matchAll(new RegExp(MARKER.source, 'gi'))];
  markers.forEach((m, i) => {
    const end = i + 1 < markers.length ? markers[i + 1].index : content.length;
    const segment = content.slice(m.index + m[0].length, end);
    for (const piece of splitOutsideParens(segment, /;|,\s+and\s+/i)) {
      const name = cleanListItem(piece);
      if (name !== '') aliases.push({ name, type: markerType(m), quality: 'strong' });
    }
  });
  return aliases;
}

/** Splits "Name (alias phrase ...)" into the name and its aliases. */
export function parseNamedParty(text: string): NamedParty {
  const aliases: Alias[] = [];
  let name = '';
  // Spans between "(" / ")" at depth 0 alternate: outside, inside, outside...
  for (const [i, part] of splitOutsideParens(text, /[()]/).entries()) {
    const inside = i % 2 === 1;
    if (inside && ALIAS_GROUP_START.test(part)) aliases.push(...parseAliasList(part));
    else name += inside ? `(${part})` : part;
  }
  const primary = cleanListItem(name);
  const key = primary.toUpperCase();
  return { name: primary, aliases: aliases.filter((a) => a.name.toUpperCase() !== key) };
}

interface SubsidiarySplit {
  head: string;
  phrase: string;
  list: string;
}

function splitSubsidiaries(text: string): SubsidiarySplit | null {
  const depths = parenDepths(text);
  for (const m of text.matchAll(SUBSIDIARIES)) {
    if (depths[m.index] !== 0) continue;
    const tail = text.slice(m.index + m[0].length);
    const list = tail
      .replace(/^\s*[,:]?\s*(?:which\s+include|including|namely|that\s+include)?\s*:?\s*/i, '')
      .replace(/^\((.*)\)\s*$/, '$1');
    return { head: text.slice(0, m.index), phrase: m[0].replace(/^,?\s+/, ''), list };
  }
  return null;
}

/** Parses one "Name of Entity" cell (whitespace already collapsed or not). */
export function parseEntityCell(cellText: string): EntityCell {
  const text = cellText.replace(/\s+/g, ' ').trim();
  const split = splitSubsidiaries(text);
  if (!split) return { ...parseNamedParty(text), withSubsidiaries: false, subsidiaries: [] };
  const subsidiaries = splitNameList(split.list)
    .map(parseNamedParty)
    .filter((s) => s.name !== '');
  return {
    ...parseNamedParty(split.head),
    withSubsidiaries: true,
    subsidiaryPhrase: split.phrase,
    subsidiaries,
  };
}
