/**
 * @module The SAM `Cross-Reference` column: names of parties linked to an exclusion.
 *
 * Printed as "(also TERRA KLEAN SOLUTIONS INC., ANTONIO FLORES)" or
 * "(also VMC CONSTRUCTION, LLC, VMC CONSTRUCTION, LLC  DBA VICTOR TORRES CONSTRUCTION)": one or more
 * parenthesised groups opened by "also", names separated by commas or semicolons, a "DBA" naming a
 * trade name. Each name becomes an alias of the record (the exclusion extends to these parties);
 * "X DBA Y" yields both X and Y.
 */
import { splitNameList, splitOutsideParens } from './name-list.js';

const DBA = /\s+(?:dba|d\/b\/a|d\.b\.a\.?|doing business as)\s+/i;

/** Removes the parentheses around the whole text or around each "(also ...)" group. */
function groups(text: string): string[] {
  const body = text.trim();
  if (!body.startsWith('(')) return [body];
  // ") (" at depth 0 after unwrapping separates groups; splitting the unwrapped text on it works
  // because the outer parentheses are stripped first.
  const inner = body.replace(/^\(/, '').replace(/\)$/, '');
  return inner.split(/\)\s*\(/);
}

function withoutAlso(group: string): string[] {
  return group
    .trim()
    .replace(/^also\b\s*:?\s*/i, '')
    .split(/\s+also\s+/i);
}

function key(name: string): string {
  return name.toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * Names in a Cross-Reference value, in the order printed, without duplicates and without
 * `ownName` (a record often cross-references itself, e.g. TERRA KLEAN SOLUTIONS INC.).
 */
export function parseCrossReference(text: string, ownName = ''): string[] {
  const names: string[] = [];
  const seen = new Set([key(ownName)]);
  for (const group of groups(text.replace(/\s+/g, ' '))) {
    for (const run of withoutAlso(group)) {
      for (const listed of splitNameList(run, { joinSingleWords: true })) {
        for (const part of splitOutsideParens(listed, DBA)) {
          const name = part.trim().replace(/[,;]+$/, '');
          if (name === '' || seen.has(key(name))) continue;
          seen.add(key(name));
          names.push(name);
        }
      }
    }
  }
  return names;
}
