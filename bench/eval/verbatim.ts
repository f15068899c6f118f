/**
 * @module Exact list strings: every name (primary and every strong alias) of every loaded entry,
 * queried verbatim, must flag its own entry in strict, balanced and loose; and the strings as the
 * publisher's files write them (read here from the files, not through the loader: legal-scope
 * suffixes, punctuation, CSL alias lists) likewise. Exhaustive over the snapshot. Also counts mode
 * nesting violations (strict flags an entry that balanced does not; balanced one that loose does not).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../src/engine/index.js';
import type { Fuzziness } from '../../src/engine/types.js';
import type { ListEntry } from '../../src/lists/model.js';
import { readCsv, readRows } from '../support/csv.js';
import { SNAPSHOT_DIR } from '../support/paths.js';
import { round } from './metrics.js';

export const MODE_NAMES: readonly Fuzziness[] = ['strict', 'balanced', 'loose'];

export interface NamedQuery {
  query: string;
  /** `${listSource}/${entryId}` of the entry the query must find. */
  key: string;
}

export const entryKey = (e: Pick<ListEntry, 'listSource' | 'entryId'>): string => `${e.listSource}/${e.entryId}`;

/** Confidence the engine gives entry `key` for `query` in `mode` (0 when not reported). */
export function confidenceOf(engine: Engine, query: string, key: string, mode: Fuzziness): number {
  const r = engine.screen({ name: query, fuzziness: mode, limit: 1000, threshold: 0.5 });
  let best = 0;
  for (const m of r.matches) if (`${m.listSource}/${m.entryId}` === key && m.confidence > best) best = m.confidence;
  return best;
}

/** Every primary and strong alias name of every loaded entry. */
export function loadedNames(entries: readonly ListEntry[]): NamedQuery[] {
  const out: NamedQuery[] = [];
  for (const e of entries) {
    const key = entryKey(e);
    out.push({ query: e.name, key });
    for (const a of e.aliases) if (a.quality === 'strong') out.push({ query: a.name, key });
  }
  return out;
}

/**
 * Names as the publisher's files write them, for the entries the loader kept: OFAC legacy
 * sdn.csv / cons_prim.csv primaries and alt.csv / cons_alt.csv aliases (weak ones left out: they
 * are not meant to identify alone), and the CSL `name` and `alt_names` columns as written.
 */
export function publishedNames(entries: readonly ListEntry[]): NamedQuery[] {
  // ent_num is unique within one OFAC file, not across sdn.csv and cons_prim.csv: ids by file family.
  const family = (e: ListEntry): string => (e.listSource === 'ofac-sdn' ? 'sdn' : e.listSource.startsWith('ofac-') ? 'cons' : 'csl');
  const byId = new Map<string, ListEntry>();
  for (const e of entries) byId.set(`${family(e)}/${e.entryId}`, e);
  const out: NamedQuery[] = [];
  const strongAlias = (e: ListEntry, name: string): boolean =>
    !e.aliases.some((a) => a.quality === 'weak' && a.name.trim() === name.trim());
  const add = (fam: string, id: string, name: string | undefined): void => {
    const e = byId.get(`${fam}/${id.trim()}`);
    const text = name?.trim();
    if (!e || !text || text === '-0-' || !strongAlias(e, text)) return;
    out.push({ query: text, key: entryKey(e) });
  };
  for (const [fam, prim, alt] of [['sdn', 'sdn.csv', 'alt.csv'], ['cons', 'cons_prim.csv', 'cons_alt.csv']]) {
    if (existsSync(join(SNAPSHOT_DIR, prim))) for (const row of readRows(join(SNAPSHOT_DIR, prim), '\u0000')) add(fam, row[0], row[1]);
    if (existsSync(join(SNAPSHOT_DIR, alt))) for (const row of readRows(join(SNAPSHOT_DIR, alt), '\u0000')) add(fam, row[0], row[3]);
  }
  const csl = join(SNAPSHOT_DIR, 'consolidated.csv');
  if (existsSync(csl)) {
    for (const row of readCsv(csl)) {
      add('csl', row._id, row.name);
      for (const alt of (row.alt_names ?? '').split(';')) add('csl', row._id, alt);
    }
  }
  return out;
}

export interface VerbatimReport {
  queries: number;
  foundByMode: Record<Fuzziness, number>;
  /** Strict flags the entry, balanced does not (and balanced / loose). */
  nestingViolations: { strictNotBalanced: number; balancedNotLoose: number };
  misses: Array<{ mode: Fuzziness; query: string; key: string; confidence: number }>;
}

/** Every query against every mode: found = its own entry at or above the mode's review threshold. */
export function verbatim(engine: Engine, queries: readonly NamedQuery[]): VerbatimReport {
  const found = { strict: 0, balanced: 0, loose: 0 };
  const nesting = { strictNotBalanced: 0, balancedNotLoose: 0 };
  const misses: VerbatimReport['misses'] = [];
  for (const q of queries) {
    const hit = {} as Record<Fuzziness, boolean>;
    for (const mode of MODE_NAMES) {
      const c = confidenceOf(engine, q.query, q.key, mode);
      hit[mode] = c >= engine.thresholds[mode].review;
      if (hit[mode]) found[mode]++;
      else if (misses.length < 200) misses.push({ mode, query: q.query, key: q.key, confidence: c });
    }
    if (hit.strict && !hit.balanced) nesting.strictNotBalanced++;
    if (hit.balanced && !hit.loose) nesting.balancedNotLoose++;
  }
  const n = Math.max(1, queries.length);
  return {
    queries: queries.length,
    foundByMode: { strict: round(found.strict / n, 5), balanced: round(found.balanced / n, 5), loose: round(found.loose / n, 5) },
    nestingViolations: nesting,
    misses,
  };
}
