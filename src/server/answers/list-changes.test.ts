/**
 * changedSince engines (answers/list-changes.ts) over a real version archive and the bundled sample
 * lists: what a caller can vary (the `since` written, its `lists` filter, the versions it names) never
 * makes the serving thread build more than INDEX_BUILDS indexes per list set served, and the answers
 * stay those of the entries added or changed since, on the requested lists only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DIR } from '../../../test/support/shared.js';
import { AppError } from '../../errors.js';
import { entryKey } from '../../engine/entry-lookup.js';
import { buildEngine, type Engine } from '../../engine/index.js';
import type { ScreenResult } from '../../engine/types.js';
import { recordServedSet } from '../../lists/archive/served-history.js';
import { VersionArchive } from '../../lists/archive/version-archive.js';
import { loadListSet, type LoadedListSet } from '../../lists/catalog.js';
import { LIST_SOURCES, type ListEntry, type ListSource } from '../../lists/model.js';
import { listsVersionOf, listVersion } from '../../lists/versions.js';
import { INDEX_BUILDS, ListChangesService } from './list-changes.js';

const DAY_MS = 86_400_000;
const DAYS = 6;
const dir = mkdtempSync(join(tmpdir(), 'rps-changed-only-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ids = (r: ScreenResult): string[] => [...r.matches, ...(r.beyondLimit ?? [])].map((m) => entryKey(m.listSource, m.entryId));

describe('changedSince engines over a real version archive', () => {
  let set: LoadedListSet;
  let engine: Engine;
  let service: ListChangesService;
  let builds = 0;
  /** Day d (1..DAYS): when it began to be served, the entries it lacked (added since), its versions. */
  const days: Array<{ at: number; missing: ListEntry[]; versions: Map<ListSource, string> }> = [];

  beforeAll(async () => {
    set = await loadListSet({ dir: SAMPLE_DIR, sampleDir: null });
    engine = await buildEngine(set);
    const archive = new VersionArchive(dir);
    const start = Date.now() - (DAYS + 2) * DAY_MS;
    // Day d lacks two SDN entries and one BIS entity entry of its own: each day's diff to now differs.
    for (let d = 1; d <= DAYS; d++) {
      const of = (source: ListSource) => set.entries.filter((e) => e.listSource === source);
      const missing = [...of('ofac-sdn').slice(2 * d, 2 * d + 2), of('bis-entity')[d]];
      const entries = set.entries.filter((e) => !missing.includes(e));
      const versions = new Map(set.catalog.map((s) => [s.source, listVersion(entries.filter((e) => e.listSource === s.source))] as const));
      const catalog = set.catalog.map((s) => ({ ...s, version: versions.get(s.source)! }));
      const at = start + d * DAY_MS;
      await recordServedSet(archive, { entries, catalog }, new Date(at), 35);
      days.push({ at, missing, versions });
    }
    await recordServedSet(archive, set, new Date(start + (DAYS + 1) * DAY_MS), 35);
    service = new ListChangesService(archive, { indexBuilt: () => void builds++ });
  }, 60_000);

  const changedOnly = (since: string, lists?: ListSource[]) => service.changedOnly(engine, set.catalog, since, lists);
  const iso = (ms: number): string => new Date(ms).toISOString();
  const listsVersionOfDay = (d: number, lists: readonly ListSource[] = LIST_SOURCES) =>
    listsVersionOf(lists.map((source) => ({ source, version: days[d - 1].versions.get(source)! })));

  it('one index for every since naming the same versions, whatever its spelling or lists filter, asked at once', async () => {
    const before = builds;
    const day = days[2];
    const spellings = [...Array.from({ length: 20 }, (_, i) => iso(day.at + 1_000 + i)), listsVersionOfDay(3)];
    const filters: Array<ListSource[] | undefined> = [undefined, ['ofac-sdn'], ['bis-entity', 'ofac-sdn'], ['ofac-sdn', 'bis-entity', 'ofac-ssi']];
    const made = await Promise.all([
      ...spellings.flatMap((since) => filters.map((lists) => changedOnly(since, lists))),
      // A listsVersion of a `lists` filter, screened on those lists.
      changedOnly(listsVersionOfDay(3, ['ofac-sdn', 'bis-entity']), ['ofac-sdn', 'bis-entity']),
    ]);
    expect(builds - before).toBe(1);
    expect(made.map((m) => m.entries)).toContain(day.missing.length);

    // Each entry added since is found by its name, on its list only; an entry unchanged since is not.
    const unchanged = set.entries.find((e) => e.listSource === 'ofac-sdn' && !days.some((x) => x.missing.includes(e)))!;
    for (const e of day.missing) {
      const key = entryKey(e.listSource, e.entryId);
      expect(ids((await changedOnly(iso(day.at + 5))).engine.screen({ name: e.name })), e.name).toContain(key);
      const other: ListSource = e.listSource === 'ofac-sdn' ? 'bis-entity' : 'ofac-sdn';
      expect(ids((await changedOnly(iso(day.at + 5), [other])).engine.screen({ name: e.name, lists: [other] }))).not.toContain(key);
    }
    expect(ids((await changedOnly(iso(day.at + 5))).engine.screen({ name: unchanged.name }))).not.toContain(entryKey('ofac-sdn', unchanged.entryId));
    expect(builds - before).toBe(1);
  });

  it(`cycling through the served sets builds at most ${INDEX_BUILDS} indexes, and every answer stays right`, async () => {
    const before = builds;
    for (let round = 0; round < 5; round++) {
      for (let d = DAYS; d >= 1; d--) {
        const since = iso(days[d - 1].at + round);
        // Added since day d: what day d lacked (each day lacked entries of its own).
        const added = new Set(days[d - 1].missing.map((e) => entryKey(e.listSource, e.entryId)));
        const made = await changedOnly(since);
        expect(made.entries).toBe(added.size);
        for (const e of days[d - 1].missing) {
          const found = ids(made.engine.screen({ name: e.name, fuzziness: 'loose' }));
          expect(found).toContain(entryKey(e.listSource, e.entryId));
          expect(found.every((k) => added.has(k)), since).toBe(true);
        }
      }
    }
    expect(builds - before).toBeLessThanOrEqual(INDEX_BUILDS);
  });

  it('a list the since does not cover (a listsVersion of another lists filter) is new in full', async () => {
    const made = await changedOnly(listsVersionOfDay(4, ['ofac-sdn']), ['ofac-sdn', 'state-isn']);
    const isn = set.entries.find((e) => e.listSource === 'state-isn')!;
    const sdn = set.entries.find((e) => e.listSource === 'ofac-sdn' && !days.some((x) => x.missing.includes(e)))!;
    expect(ids(made.engine.screen({ name: isn.name, lists: ['ofac-sdn', 'state-isn'] }))).toContain(entryKey('state-isn', isn.entryId));
    expect(ids(made.engine.screen({ name: sdn.name, lists: ['ofac-sdn', 'state-isn'] }))).not.toContain(entryKey('ofac-sdn', sdn.entryId));
  });

  it('past the largest set given the index: the full engine filtered, by the diff and the lists not covered, on the requested lists', async () => {
    // The same archive, a bound under the sample's lists so the full engine filtered is what screens.
    const small = new ListChangesService(service.archive, { restrictedMax: 10, indexBuilt: () => void builds++ });
    const before = builds;
    const lists: ListSource[] = ['ofac-sdn', 'state-isn'];
    // Since day 4 over ofac-sdn alone: its two entries of day 4 are new, and state-isn in full (22 entries).
    const made = await small.changedOnly(engine, set.catalog, listsVersionOfDay(4, ['ofac-sdn']), lists);
    expect(made.entries).toBe(2 + set.entries.filter((e) => e.listSource === 'state-isn').length);
    expect(builds).toBe(before);
    const isn = set.entries.find((e) => e.listSource === 'state-isn')!;
    const unchanged = set.entries.find((e) => e.listSource === 'ofac-sdn' && !days.some((x) => x.missing.includes(e)))!;
    expect(ids(made.engine.screen({ name: isn.name, lists }))).toContain(entryKey('state-isn', isn.entryId));
    expect(ids(made.engine.screen({ name: unchanged.name, lists }))).not.toContain(entryKey('ofac-sdn', unchanged.entryId));
    for (const e of days[3].missing.filter((x) => x.listSource === 'ofac-sdn')) expect(ids(made.engine.screen({ name: e.name, lists }))).toContain(entryKey('ofac-sdn', e.entryId));
    // A time since, every list covered, the filter on bis-entity: its entry of that day only, never another list's.
    const byTime = await small.changedOnly(engine, set.catalog, iso(days[3].at + 1), ['bis-entity', 'state-isn']);
    expect(byTime.entries).toBe(1);
    const bis = days[3].missing.find((x) => x.listSource === 'bis-entity')!;
    expect(ids(byTime.engine.screen({ name: bis.name, lists: ['bis-entity', 'state-isn'] }))).toContain(entryKey('bis-entity', bis.entryId));
  });

  it('a listsVersion never served is searched for once: asked again it costs a map lookup, still 410', async () => {
    const before = service.searches;
    for (let i = 0; i < 5; i++) {
      const refused = await changedOnly('0123456789abcdef').then(() => null, (error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('list_version_gone');
      await expect(service.changes('0123456789abcdef', set.catalog)).rejects.toMatchObject({ code: 'list_version_gone' });
    }
    expect(service.searches - before).toBe(1);
    // Values never asked before: each served set's subsets were hashed once (the first search), not again.
    const tables = service.listsVersions.tablesMade;
    expect(tables).toBe(DAYS + 1);
    for (let i = 0; i < 20; i++) await expect(service.changes(`${'0'.repeat(14)}${i.toString(16).padStart(2, '0')}`, set.catalog)).rejects.toMatchObject({ code: 'list_version_gone' });
    expect(service.listsVersions.tablesMade).toBe(tables);
    // Found ones too.
    const found = listsVersionOfDay(2, ['bis-entity']);
    for (let i = 0; i < 3; i++) expect((await service.changes(found, set.catalog)).lists.map((l) => l.source)).toEqual(['bis-entity']);
    expect(service.searches - before).toBe(22);
  });
});
