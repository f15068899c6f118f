/**
 * @module Gathers the mapped CSL records of one file into a ParsedList.
 *
 * A list entry is one publisher record, so two rows with the same list and ID become one entry: the
 * 2022 CSL has BANK OF KUNLUN (CAPTA, ent_num 15268) twice, differing only in source_list_url. The
 * later row's names, addresses and documents are merged into the first entry (nothing is lost) and
 * the row is counted in `skipped`.
 */
import { DropCounter, type DropCounts, type ListEntry, type ListSource, type ParsedList } from '../model.js';
import { mapCslRecord } from './csl-map.js';
import type { CslRecord } from './csl-record.js';
import { cslSourceToListSource } from './csl-source.js';

export interface CslReadOptions {
  /**
   * Sources whose rows are left out unmapped, e.g. the Treasury lists when OFAC's own files supply
   * them. Such rows are not counted anywhere: `skipped` and `dropped` cover the rows mapped.
   */
  skipSources?: ReadonlySet<ListSource>;
}

export const DUPLICATE_ROW = 'duplicate row of an earlier entry (same list and id): merged into it';
export const REPEATED_HEADER = 'repeated header row';

function union<T>(target: T[], more: readonly T[], key: (value: T) => string): void {
  const seen = new Set(target.map(key));
  for (const value of more) {
    const k = key(value);
    if (seen.has(k)) continue;
    seen.add(k);
    target.push(value);
  }
}

function mergeInto(target: ListEntry, other: ListEntry): void {
  const names = other.name === target.name ? other.aliases : [{ name: other.name, type: 'aka' as const, quality: 'strong' as const }, ...other.aliases];
  const primary = target.name.toLowerCase();
  union(target.aliases, names.filter((a) => a.name.toLowerCase() !== primary), (a) => a.name.toLowerCase());
  union(target.datesOfBirth, other.datesOfBirth, (d) => d.text);
  union(target.placesOfBirth, other.placesOfBirth, (p) => p);
  union(target.nationalities, other.nationalities, (c) => c);
  union(target.citizenships, other.citizenships, (c) => c);
  union(target.addresses, other.addresses, (a) => JSON.stringify(a));
  union(target.identityDocuments, other.identityDocuments, (d) => JSON.stringify(d));
  union(target.programs, other.programs, (p) => p);
  if (other.extra) target.extra = { ...other.extra, ...target.extra };
}

export class CslCollector {
  private readonly entries: ListEntry[] = [];
  private readonly byKey = new Map<string, ListEntry>();
  private readonly drops = new DropCounter();
  private readonly skipped: DropCounts = {};

  constructor(private readonly options: CslReadOptions = {}) {}

  /** True when rows with this `source` text are to be left out (checked before building a record). */
  omits(source: string): boolean {
    const skip = this.options.skipSources;
    if (!skip || skip.size === 0) return false;
    const listSource = cslSourceToListSource(source);
    return listSource !== null && skip.has(listSource);
  }

  skip(reason: string): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
  }

  add(record: CslRecord): void {
    if (this.omits(record.source)) return;
    const outcome = mapCslRecord(record, this.drops);
    if ('skip' in outcome) {
      this.skip(outcome.skip);
      return;
    }
    const { entry } = outcome;
    const key = `${entry.listSource}|${entry.entryId}`;
    const earlier = this.byKey.get(key);
    if (earlier) {
      mergeInto(earlier, entry);
      this.skip(DUPLICATE_ROW);
      return;
    }
    this.byKey.set(key, entry);
    this.entries.push(entry);
  }

  /** The CSL carries no publication date: publishedAt is null and the catalog uses the fetch time. */
  result(format: string, declaredCount?: number): ParsedList {
    const parsed: ParsedList = {
      format,
      entries: this.entries,
      publishedAt: null,
      dropped: this.drops.counts,
      skipped: this.skipped,
    };
    if (declaredCount !== undefined) parsed.declaredCount = declaredCount;
    return parsed;
  }
}
