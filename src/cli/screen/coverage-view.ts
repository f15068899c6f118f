/**
 * @module What a bulk run screens against, said before the first row and again in the summary: each
 * list's status (ok / stale / missing / sample), entry count and publication date, from the loaded
 * list set (--in-process) or the server's GET /lists (--url). A run against the bundled sample, or
 * with a list missing or stale, is called out in a warning line: a `clear` from such a run does not
 * mean what it says.
 */
import type { ListStatus } from '../../lists/catalog.js';
import { formatTable } from '../text-table.js';

/** One list as the catalog describes it (GET /lists or the loaded set); newer fields optional. */
export interface CoverageList {
  source: string;
  status: string;
  entryCount: number | null;
  publishedAt: string | null;
  /** Where the date comes from (the publisher's file, the download...), when the server says. */
  publishedAtSource?: string;
}

export type Coverage = { lists: CoverageList[] } | { unknown: string };

export const CATALOG_PATH = '/sanctions-screening/v1/lists';

export function coverageFromCatalog(catalog: readonly ListStatus[]): Coverage {
  return { lists: catalog.map(toCoverageList) };
}

function toCoverageList(item: Partial<ListStatus> & { publishedAtSource?: unknown }): CoverageList {
  const list: CoverageList = {
    source: String(item.source ?? '?'),
    status: String(item.status ?? 'unknown'),
    entryCount: typeof item.entryCount === 'number' ? item.entryCount : null,
    publishedAt: typeof item.publishedAt === 'string' ? item.publishedAt : null,
  };
  if (typeof item.publishedAtSource === 'string') list.publishedAtSource = item.publishedAtSource;
  return list;
}

/** GET {url}/sanctions-screening/v1/lists (no quota used); any failure makes the coverage unknown. */
export async function fetchCoverage(baseUrl: string, apiKey: string, timeoutMs: number): Promise<Coverage> {
  const url = `${baseUrl.replace(/\/+$/, '').replace(/\/sanctions-screening\/v1$/, '')}${CATALOG_PATH}`;
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
    if (!response.ok || !Array.isArray(body?.data)) return { unknown: `GET ${CATALOG_PATH} answered HTTP ${response.status}` };
    return { lists: (body.data as Array<Partial<ListStatus>>).map(toCoverageList) };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    return { unknown: `GET ${CATALOG_PATH} failed: ${err.cause?.code ?? err.name}` };
  }
}

export function coverageTable(coverage: Coverage): string {
  if ('unknown' in coverage) return `coverage unknown (${coverage.unknown})`;
  return formatTable<CoverageList>(
    [
      { header: 'LIST', value: (l) => l.source },
      { header: 'STATUS', value: (l) => l.status },
      { header: 'ENTRIES', value: (l) => l.entryCount ?? '-' },
      {
        header: 'PUBLISHED',
        value: (l) => (l.publishedAtSource === 'file-time'
          ? `date unknown (file time ${(l.publishedAt ?? '-').slice(0, 10)})`
          : (l.publishedAt ?? '-').slice(0, 10) + (l.publishedAtSource ? ` (${l.publishedAtSource})` : '')),
      },
    ],
    coverage.lists,
  );
}

/** Lines that must not be missed: sample lists, lists not screened against, or no coverage at all. */
export function coverageWarnings(coverage: Coverage): string[] {
  if ('unknown' in coverage) return [`warning: the lists screened against are unknown (${coverage.unknown})`];
  const warnings: string[] = [];
  const sample = coverage.lists.filter((l) => l.status === 'sample').map((l) => l.source);
  if (sample.length > 0) warnings.push(`warning: SAMPLE lists, not the official ones: ${sample.join(', ')}`);
  const absent = coverage.lists.filter((l) => l.status === 'missing' || l.status === 'stale').map((l) => `${l.source} (${l.status})`);
  if (absent.length > 0) warnings.push(`warning: not screened against current lists: ${absent.join(', ')}`);
  return warnings;
}

/** "12 of 12 ok", or "10 of 12 ok; missing: a, b; sample: c" for the summary table. */
export function coverageSummary(coverage: Coverage): string {
  if ('unknown' in coverage) return 'unknown';
  const byStatus = new Map<string, string[]>();
  for (const list of coverage.lists) byStatus.set(list.status, [...(byStatus.get(list.status) ?? []), list.source]);
  const ok = byStatus.get('ok')?.length ?? 0;
  const others = [...byStatus].filter(([status]) => status !== 'ok').map(([status, sources]) => `${status}: ${sources.join(', ')}`);
  return [`${ok} of ${coverage.lists.length} lists ok`, ...others].join('; ');
}
