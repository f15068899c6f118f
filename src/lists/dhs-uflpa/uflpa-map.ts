/**
 * @module UFLPA table rows -> ListEntry values.
 *
 * - entryId: the page gives none, so it is derived from the primary name: "uflpa-" + the first 16
 *   hex digits of SHA-256 over the name trimmed, upper-cased and with whitespace collapsed. Stable
 *   across page edits that do not rename the entity; independent of row order and date.
 * - An entity listed under two clauses (the Jan 2025 notice put one on both (ii) and (v)) yields one
 *   entry: same ID, programs of both clauses, aliases unioned, differing extra values joined by "; ".
 * - A named subsidiary is a listed party of its own: a separate entry with remarks "subsidiary of X"
 *   and extra.parentEntryId; the parent keeps the subsidiary names in extra.subsidiaries.
 * - kind: the page lists organisations only, but does not say so per row: 'entity', inferred.
 * - Effective Date ("June 21, 2022") -> extra.effectiveDate (ISO); an unreadable date is dropped and
 *   counted, the row kept.
 */
import { createHash } from 'node:crypto';
import { parseDateValue } from '../dates.js';
import type { Alias, DropCounter, ListEntry } from '../model.js';
import { LIST_INFO } from '../sources.js';
import { parseEntityCell, type EntityCell, type NamedParty } from './uflpa-name.js';
import type { EntityRow } from './uflpa-tables.js';

const SOURCE_URL = LIST_INFO['dhs-uflpa'].sourceUrl;

export function uflpaEntryId(name: string): string {
  const normalised = name.trim().toUpperCase().replace(/\s+/g, ' ');
  return `uflpa-${createHash('sha256').update(normalised).digest('hex').slice(0, 16)}`;
}

function programsOf(row: EntityRow): string[] {
  return row.clauses.length > 0 ? row.clauses.map((c) => `UFLPA 2(d)(2)(B)(${c})`) : ['UFLPA'];
}

function effectiveDate(row: EntityRow, drops: DropCounter): Record<string, string> {
  if (row.dateText === '') return {};
  const value = parseDateValue(row.dateText);
  if (value && value.precision === 'day') return { effectiveDate: value.from };
  drops.drop('Effective Date', 'not a date');
  return {};
}

function entry(party: NamedParty, programs: string[], extra: Record<string, string>, remarks?: string): ListEntry {
  return {
    listSource: 'dhs-uflpa',
    entryId: uflpaEntryId(party.name),
    kind: 'entity',
    kindInferred: true,
    name: party.name,
    aliases: party.aliases,
    datesOfBirth: [],
    placesOfBirth: [],
    nationalities: [],
    citizenships: [],
    addresses: [],
    identityDocuments: [],
    programs,
    ...(remarks && { remarks }),
    sourceUrl: SOURCE_URL,
    extra,
  };
}

function parentRemarks(cell: EntityCell): string | undefined {
  if (!cell.withSubsidiaries) return undefined;
  const named = cell.subsidiaries.length > 0 ? ' The named subsidiaries are listed as separate entries.' : '';
  return `Listed with its subsidiaries ("${cell.subsidiaryPhrase}").${named}`;
}

/** The entries one table row yields: the entity, then each named subsidiary. */
function rowEntries(row: EntityRow, cell: EntityCell, drops: DropCounter): ListEntry[] {
  const programs = programsOf(row);
  const common = { ...effectiveDate(row, drops), listedAs: row.nameText.replace(/\s+/g, ' ').trim() };
  const subsidiaryNames = cell.subsidiaries.map((s) => s.name).join('; ');
  const main = entry(cell, programs, { ...common, ...(subsidiaryNames && { subsidiaries: subsidiaryNames }) }, parentRemarks(cell));
  const subsidiaries = cell.subsidiaries.map((s) =>
    entry(s, [...programs], { ...common, parentEntity: cell.name, parentEntryId: main.entryId }, `subsidiary of ${cell.name}`),
  );
  return [main, ...subsidiaries];
}

function mergeInto(target: ListEntry, other: ListEntry): void {
  const aliasKeys = new Set(target.aliases.map((a) => `${a.type}|${a.name.toUpperCase()}`));
  const primary = target.name.toUpperCase();
  const fresh = (a: Alias): boolean => a.name.toUpperCase() !== primary && !aliasKeys.has(`${a.type}|${a.name.toUpperCase()}`);
  target.aliases.push(...other.aliases.filter(fresh));
  target.programs.push(...other.programs.filter((p) => !target.programs.includes(p)));
  if (other.remarks && target.remarks !== other.remarks) {
    target.remarks = target.remarks ? `${target.remarks} ${other.remarks}` : other.remarks;
  }
  const extra = (target.extra ??= {});
  for (const [key, value] of Object.entries(other.extra ?? {})) {
    const values = extra[key] ? extra[key].split('; ') : [];
    if (!values.includes(value)) extra[key] = [...values, value].join('; ');
  }
}

/** Maps every row, merging entries that share an ID, in page order of first appearance. */
export function mapUflpaRows(rows: readonly EntityRow[], drops: DropCounter, skipped: Record<string, number>): ListEntry[] {
  const byId = new Map<string, ListEntry>();
  for (const row of rows) {
    const cell = parseEntityCell(row.nameText);
    if (cell.name === '') {
      skipped['row without an entity name'] = (skipped['row without an entity name'] ?? 0) + 1;
      continue;
    }
    if (row.clauses.length === 0) drops.drop('clause', 'no clause heading before the table');
    for (const e of rowEntries(row, cell, drops)) {
      const seen = byId.get(e.entryId);
      if (seen) mergeInto(seen, e);
      else byId.set(e.entryId, e);
    }
  }
  return [...byId.values()];
}
