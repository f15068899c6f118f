/**
 * @module What a screening answer was screened against (`coverage`), and whether it may be screened
 * at all: a `lists` filter naming only lists without entries, or a LISTS_REQUIRED list missing or
 * stale, answers 503 `lists_unavailable` instead of a `clear` that proves nothing.
 *
 * Coverage changes only when the lists do, so it is computed once per list set (ListsHolder.set)
 * and its JSON text is cached per `lists` filter (a 12-bit mask: at most 4,096 texts), to be
 * spliced into answers rather than serialised with every one.
 */
import { AppError, type FieldIssue } from '../errors.js';
import type { ListStatus } from '../lists/catalog.js';
import { LIST_SOURCES, type ListSource } from '../lists/model.js';
import { listsVersionOf } from '../lists/versions.js';
import type { ServedList } from '../lists/archive/served-sets.js';

/** One list of an answer's coverage: what the archive records of each served list (its version null while missing). */
export type CoverageItem = ServedList;

export interface Coverage {
  status: 'complete' | 'incomplete';
  /** SHA-256 (16 hex) over the (source, version) pairs screened against: names the list content behind the answer. */
  listsVersion: string;
  lists: CoverageItem[];
  /** Set when only entries added or changed since this version or time were screened against (`changedSince`). */
  changedSince?: string;
}

/** A coverage with its JSON text, made once and shared by every answer it describes. */
export interface PreparedCoverage {
  readonly value: Coverage;
  readonly json: string;
}

/** What coverage reads of a catalog line (a ListStatus, or a served set's record of one for a reconstruction). */
export type CoverageSource = Pick<ListStatus, 'source' | 'publishedAt' | 'publishedAtSource' | 'status' | 'entryCount' | 'version'>;

export const LISTS_UNAVAILABLE_MESSAGE = 'A list this request must be screened against is not available; retry later.';

/** A list without a date of its own (publishedAtSource file-time) cannot vouch for its age: incomplete. */
const isComplete = (item: CoverageItem): boolean => item.status === 'ok' && item.entryCount > 0 && item.publishedAtSource !== 'file-time';

export { listsVersionOf };

export class CoverageBook {
  private readonly items: ReadonlyMap<ListSource, CoverageItem>;
  private readonly byMask = new Map<number, PreparedCoverage>();
  /** Why LISTS_REQUIRED stops screening now; empty when it does not. */
  readonly requiredIssues: readonly FieldIssue[];

  constructor(catalog: readonly CoverageSource[], required: readonly ListSource[]) {
    this.items = new Map(catalog.map((s) => [s.source, itemOf(s)]));
    this.requiredIssues = required.flatMap((source) => {
      const status = this.items.get(source)?.status ?? 'missing';
      return status === 'missing' || status === 'stale' ? [{ field: 'lists', issue: `required list ${source} is ${status}` }] : [];
    });
  }

  /** The coverage of a request screened against `lists` (absent or empty: every list). */
  of(lists: readonly ListSource[] | undefined): PreparedCoverage {
    const mask = maskOf(lists);
    let prepared = this.byMask.get(mask);
    if (prepared === undefined) {
      const chosen = LIST_SOURCES.filter((s, i) => (mask & (1 << i)) !== 0 && this.items.has(s)).map((s) => this.items.get(s)!);
      const value: Coverage = { status: chosen.every(isComplete) ? 'complete' : 'incomplete', listsVersion: listsVersionOf(chosen), lists: chosen };
      prepared = { value, json: JSON.stringify(value) };
      this.byMask.set(mask, prepared);
    }
    return prepared;
  }

  /** Throws 503 lists_unavailable while a required list is missing or stale. */
  assertRequired(): void {
    if (this.requiredIssues.length > 0) throw new AppError('lists_unavailable', [...this.requiredIssues], LISTS_UNAVAILABLE_MESSAGE);
  }

  /** The issues of a `lists` filter naming only lists without entries (nothing to screen against); null otherwise. */
  emptyFilter(lists: readonly ListSource[] | undefined): FieldIssue[] | null {
    if (lists === undefined || lists.length === 0) return null;
    const issues: FieldIssue[] = [];
    for (const [i, source] of lists.entries()) {
      const item = this.items.get(source);
      if (item !== undefined && item.entryCount > 0) return null;
      issues.push({ field: `lists[${i}]`, issue: `${source} has no entries loaded (status ${item?.status ?? 'missing'})` });
    }
    return issues;
  }

  /** Throws 503 lists_unavailable, naming the lists, when `lists` names only lists without entries. */
  assertFilter(lists: readonly ListSource[] | undefined): void {
    const issues = this.emptyFilter(lists);
    if (issues !== null) throw new AppError('lists_unavailable', issues, LISTS_UNAVAILABLE_MESSAGE);
  }
}

function itemOf(s: CoverageSource): CoverageItem {
  return {
    source: s.source, publishedAt: s.publishedAt, publishedAtSource: s.publishedAtSource, status: s.status, entryCount: s.entryCount,
    version: s.version ?? null,
  };
}

const ALL = (1 << LIST_SOURCES.length) - 1;

function maskOf(lists: readonly ListSource[] | undefined): number {
  if (lists === undefined || lists.length === 0) return ALL;
  let mask = 0;
  for (const source of lists) mask |= 1 << LIST_SOURCES.indexOf(source);
  return mask;
}

/** The coverage of a `changedSince` screening: the same lists, saying only entries changed since `since` were screened against. */
export function changedSinceCoverage(prepared: PreparedCoverage, since: string): PreparedCoverage {
  const value: Coverage = { ...prepared.value, changedSince: since };
  return { value, json: JSON.stringify(value) };
}
