/**
 * `changedSince` screening against a one-day diff (issue #29 point 4): the same batch screened in
 * full and against the entries added or changed in a day only (engine/changed-only.ts), rounds
 * alternated in one process, each batch's wall time; the ratio's target is 0.2 (at least 5x faster).
 * Also the restricted index's build time (on a serving thread, at most INDEX_BUILDS per list set)
 * and a large diff (the full engine filtered, must cost no more than a full screening).
 *
 * The one-day diff is synthesised from the snapshot (the dated SDN snapshots in ../shared are years
 * apart): ONE_DAY entries of the SDN list, as OFAC changes about 10-40 a day. The batch is the
 * benchmark's query mix plus the changed entries' own names (so the restricted engine has matches
 * to report, and the two answers can be compared for those entries).
 *
 * Also the version archive's size for LISTS_ARCHIVE_DAYS (35) of daily versions of the snapshot's
 * lists: the snapshot and ARCHIVED_DAYS perturbed versions (ONE_DAY entries of every list renamed a
 * day) archived as the pipeline does (entries and entry hashes, gzip; version-archive.ts,
 * version-hashes.ts, served-history.ts), the mean per version set extrapolated to the 36 versions kept
 * (35 days after each stopped being served, plus the one served). Nothing is shared between versions
 * of a list (each file holds the whole version); an unchanged list's version is one file whatever the
 * days, so the figure with every list new each day is the upper bound, SDN alone daily a lower one.
 *
 * Run: `npx tsx bench/changed-since.bench.ts` (about a minute). Writes bench/results/changed-since.json.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryKey } from '../src/engine/entry-lookup.js';
import { archiveBytes, recordServedSet } from '../src/lists/archive/served-history.js';
import { archiveServedSet, DEFAULT_ARCHIVE_DAYS, VersionArchive } from '../src/lists/archive/version-archive.js';
import type { ListEntry, ListSource } from '../src/lists/model.js';
import { listVersion } from '../src/lists/versions.js';
import { INDEX_BUILDS } from '../src/server/answers/list-changes.js';
import type { ScreenRequest, ScreeningEngine } from '../src/engine/types.js';
import { figure, printFigures, type Figures } from './support/figures.js';
import { machineInfo } from './support/machine.js';
import { requireShared, writeResults } from './support/paths.js';
import { buildQueryMix, MIX_SEED } from './support/query-mix.js';
import { loadSnapshot } from './support/snapshot.js';

const ONE_DAY = 25;
const LARGE = 5_000;
const MIX = 500;
const ROUNDS = 5;
/** Perturbed daily versions archived after the snapshot's (the size is extrapolated from these). */
const ARCHIVED_DAYS = 3;

requireShared('bench/changed-since.bench.ts');
const { set, engine } = await loadSnapshot();
const sdn = set.entries.filter((e) => e.listSource === 'ofac-sdn');
const day = sdn.filter((_, i) => i % Math.floor(sdn.length / ONE_DAY) === 0).slice(0, ONE_DAY);
const dayKeys = new Set(day.map((e) => entryKey(e.listSource, e.entryId)));
const largeKeys = new Set(set.entries.slice(0, LARGE).map((e) => entryKey(e.listSource, e.entryId)));

let t = performance.now();
const restricted = await engine.restrictedTo(dayKeys);
const buildMs = performance.now() - t;
const filtered = await engine.restrictedTo(largeKeys);

const batch: ScreenRequest[] = [
  ...buildQueryMix(engine.index.names, set.entries, MIX, MIX_SEED).map((q) => q.request),
  ...day.map((e) => ({ name: e.name })),
];
const warm = buildQueryMix(engine.index.names, set.entries, 300, MIX_SEED + 1).map((q) => q.request);
for (let p = 0; p < 5; p++) for (const e of [engine, restricted, filtered]) e.screenBatch(warm);

const timeBatch = (e: ScreeningEngine): number => {
  const start = performance.now();
  e.screenBatch(batch);
  return performance.now() - start;
};
const times = { full: [] as number[], day: [] as number[], large: [] as number[] };
const runs = [['full', engine], ['day', restricted], ['large', filtered]] as const;
for (let round = 0; round < ROUNDS * 3; round++) {
  // Each round starts with another of the three, so no one always follows the same other.
  for (let k = 0; k < 3; k++) {
    const [name, e] = runs[(round + k) % 3];
    times[name].push(timeBatch(e));
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The changed entries' matches are the same in both (same scores): a changedSince clear means what a full one would.
const full = engine.screenBatch(batch);
const delta = restricted.screenBatch(batch);
let differing = 0;
let extra = 0;
full.forEach((r, i) => {
  const mine = [...r.matches, ...(r.beyondLimit ?? [])].filter((m) => dayKeys.has(entryKey(m.listSource, m.entryId)));
  const theirs = [...delta[i].matches, ...(delta[i].beyondLimit ?? [])];
  for (const m of mine) if (!theirs.some((d) => d.entryId === m.entryId && d.confidence === m.confidence)) differing++;
  // A match only the restricted engine reports (the full one's candidate cap can leave a changed entry out).
  for (const d of theirs) if (!mine.some((m) => m.entryId === d.entryId && m.listSource === d.listSource)) extra++;
});

// The archive: the snapshot, then ARCHIVED_DAYS days each renaming ONE_DAY entries of every list.
const archiveDir = mkdtempSync(join(tmpdir(), 'rps-bench-archive-'));
const archive = new VersionArchive(archiveDir);
const kept = set.catalog.filter((s) => s.version !== null && s.status !== 'missing' && s.status !== 'sample');
const perSet: number[] = [];
const sdnPerVersion: number[] = [];
try {
  let before = 0;
  let sdnBefore = 0;
  for (let d = 0; d <= ARCHIVED_DAYS; d++) {
    const renamed = new Set<ListEntry>();
    if (d > 0) {
      for (const s of kept) {
        const of = set.entries.filter((e) => e.listSource === s.source);
        for (let i = 0; i < Math.min(ONE_DAY, of.length); i++) renamed.add(of[(d * 7919 + i * Math.floor(of.length / ONE_DAY + 1)) % of.length]);
      }
    }
    const entries = set.entries.map((e) => (renamed.has(e) ? { ...e, name: `${e.name} ${d}` } : e));
    const catalog = set.catalog.map((s) => (kept.includes(s) ? { ...s, version: listVersion(entries.filter((e) => e.listSource === s.source)) } : s));
    const at = new Date(Date.UTC(2031, 0, 1 + d));
    await recordServedSet(archive, { entries, catalog }, at, DEFAULT_ARCHIVE_DAYS);
    const failures = await archiveServedSet(archive, { entries, catalog }, at, DEFAULT_ARCHIVE_DAYS);
    if (failures.length > 0) throw new Error(`archiving failed: ${JSON.stringify(failures)}`);
    const sizes = await archiveBytes(archive);
    const total = [...sizes.values()].reduce((a, b) => a + b, 0) + statSync(join(archiveDir, 'served.json')).size;
    perSet.push(total - before);
    sdnPerVersion.push((sizes.get('ofac-sdn' as ListSource) ?? 0) - sdnBefore);
    before = total;
    sdnBefore = sizes.get('ofac-sdn' as ListSource) ?? 0;
  }
} finally {
  rmSync(archiveDir, { recursive: true, force: true });
}
const meanOf = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const MB = 1024 * 1024;
const versionsKept = DEFAULT_ARCHIVE_DAYS + 1;

const figures: Figures = {
  'archive.setMb': figure(`archive: one version of every snapshot list (entries + hashes, gzip; mean of ${ARCHIVED_DAYS + 1})`, meanOf(perSet) / MB, 'MB'),
  'archive.days35Mb': figure(`archive: ${DEFAULT_ARCHIVE_DAYS} days, every list a new version daily (${versionsKept} sets, upper bound)`, meanOf(perSet) * versionsKept / MB, 'MB'),
  'archive.sdnVersionMb': figure('archive: one ofac-sdn version (entries + hashes, gzip)', meanOf(sdnPerVersion.slice(1)) / MB, 'MB'),
  'archive.days35SdnDailyMb': figure(`archive: ${DEFAULT_ARCHIVE_DAYS} days, SDN a new version daily, other lists unchanged`, (perSet[0] + meanOf(sdnPerVersion.slice(1)) * DEFAULT_ARCHIVE_DAYS) / MB, 'MB'),
  'full.batchMs': figure(`full screening, batch of ${batch.length} (median of ${ROUNDS * 3})`, median(times.full), 'ms'),
  'day.batchMs': figure(`changedSince, one-day diff (${ONE_DAY} entries)`, median(times.day), 'ms'),
  'day.ratio': figure('changedSince one-day / full, time (target: 5x faster)', median(times.day) / median(times.full), 'x', 0.2),
  'day.buildMs': figure(`restricted index build, ${ONE_DAY} entries (at most ${INDEX_BUILDS} per list set served, answers/list-changes.ts)`, buildMs, 'ms'),
  'large.ratio': figure(`changedSince, ${LARGE} entries (full engine filtered) / full, time`, median(times.large) / median(times.full), 'x', 1.05),
  'day.extra': figure('matches only the changedSince screening reports', extra, 'matches'),
  'day.differing': figure('changed entries whose match differs from the full screening\'s', differing, 'matches', 0),
};
printFigures('changedSince screening (alternated rounds, one process; wall time under the machine\'s load)', figures);
writeResults('changed-since', { date: new Date().toISOString(), machine: machineInfo(), figures });
// A missed target is reported as such by `npm run bench` (bench/run.ts: "missed a limit"), not as a crash.
if (Object.values(figures).some((f) => f.pass === false)) process.exitCode = 1;
