/**
 * @module Name quirks of the BIS and State rows of the CSL.
 *
 * - State ISN names carry the legal scope of the sanction in the name: "Lebanese Hizballah and any
 *   successor, sub-unit, or subsidiary thereof", "Sinobright Import and Export Company; and any
 *   successor, ...", "Poly Technologies Incorporated (PTI), and its sub-units and successors". The
 *   suffix is not part of anyone's name: left in, it would make every short query look unlike the
 *   entry. It is cut from the matching name and kept in `extra.nameSuffix`, so the published text
 *   can still be shown.
 * - Entity List aliases copied from Federal Register sentences ("a.k.a. the following three aliases:
 *   -A; -B; and -C") keep the "and" of the last one: "and JSC 140 Repair Plant". That lower-case
 *   "and " is cut (255 aliases in the 2022 CSL); an alias that really starts with "AND" keeps it.
 */

/** ", and any successor…", "; and its sub-units and successors", "and any successor, subunit…" at the end. */
const LEGAL_SCOPE_SUFFIX =
  /[\s,;]*\band\s+(?:any\s+successors?\b|its\s+(?:sub-?units?|successors?|subsidiar(?:y|ies))\b)[^]*$/i;

export interface SplitName {
  name: string;
  /** The cut legal-scope text, e.g. "and any successor, sub-unit, or subsidiary thereof". */
  suffix?: string;
}

export function splitLegalScopeSuffix(published: string): SplitName {
  // A line break inside a name is a formatting artefact ("...Precise Instrument\nCo. Ltd").
  const text = published.replace(/\s*[\r\n\t]+\s*/g, ' ').trim();
  // Cheap test first: the full pattern runs only on the few names that can carry the suffix.
  if (!/success|sub-?unit|subsidiar/i.test(text)) return { name: text };
  const m = LEGAL_SCOPE_SUFFIX.exec(text);
  if (!m || m.index === 0) return { name: text };
  const name = text.slice(0, m.index).trim();
  const suffix = m[0].replace(/^[\s,;]+/, '').trim();
  return name === '' ? { name: text } : { name, suffix };
}

/** An alias as a name: trimmed, without the Federal Register "and " and without a legal-scope suffix. */
export function cleanAlias(alias: string): string {
  const text = alias.trim().replace(/^and\s+(?=\S)/, '');
  return splitLegalScopeSuffix(text).name;
}
