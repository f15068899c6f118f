import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIST_SOURCES } from '../model.js';
import { listsVersionOf } from '../versions.js';
import { parseSince, versionsSince } from './changes-since.js';
import { recordServed, servedAt, servedHistory } from './served-history.js';
import { ArchiveError, VersionArchive } from './version-archive.js';

const dir = mkdtempSync(join(tmpdir(), 'rps-served-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const V = (c: string): string => c.repeat(16);

describe('served history', () => {
  it('records a set only when a version changed, resolves times and listsVersions (of every list or of a filter), drops old items', async () => {
    const archive = new VersionArchive(dir);
    const day = (d: number): Date => new Date(Date.UTC(2031, 0, d));
    await recordServed(archive, { 'ofac-sdn': V('a'), 'bis-denied': V('b') }, day(1), 35);
    await recordServed(archive, { 'ofac-sdn': V('a'), 'bis-denied': V('b') }, day(2), 35);
    await recordServed(archive, { 'ofac-sdn': V('c'), 'bis-denied': V('b') }, day(3), 35);
    const sets = await servedHistory(archive);
    expect(sets.map((s) => s.at)).toEqual([day(1).toISOString(), day(3).toISOString()]);
    expect(servedAt(sets, day(2).getTime())?.versions['ofac-sdn']).toBe(V('a'));
    expect(servedAt(sets, day(3).getTime())?.versions['ofac-sdn']).toBe(V('c'));
    expect(() => versionsSince(sets, { kind: 'time', at: Date.UTC(2030, 11, 31) })).toThrow(ArchiveError);

    // As coverage computes it: every list (a list never served counts as "-"), or a `lists` filter.
    const all = listsVersionOf(LIST_SOURCES.map((source) => ({ source, version: sets[0].versions[source] ?? null })));
    expect(versionsSince(sets, { kind: 'lists-version', listsVersion: all }).get('ofac-sdn')).toBe(V('a'));
    const filtered = listsVersionOf([{ source: 'ofac-sdn', version: V('a') }]);
    expect([...versionsSince(sets, { kind: 'lists-version', listsVersion: filtered })]).toEqual([['ofac-sdn', V('a')]]);
    expect(() => versionsSince(sets, { kind: 'lists-version', listsVersion: V('d') })).toThrow(ArchiveError);

    // Forty days on: the first item stopped being served on day 3, more than 35 days before.
    await recordServed(archive, { 'ofac-sdn': V('e') }, day(45), 35);
    expect((await servedHistory(archive)).map((s) => s.versions['ofac-sdn'])).toEqual([V('c'), V('e')]);
  });

  it('parses a since: a listsVersion or an ISO 8601 UTC time, nothing else', () => {
    expect(parseSince(V('0'))).toEqual({ kind: 'lists-version', listsVersion: V('0') });
    expect(parseSince('2026-03-02T00:00Z')).toEqual({ kind: 'time', at: Date.UTC(2026, 2, 2) });
    expect(parseSince('2026-03-02T09:30:00.123Z')).toEqual({ kind: 'time', at: Date.UTC(2026, 2, 2, 9, 30, 0, 123) });
    for (const bad of ['2026-03-02', '2026-03-02T00:00:00+01:00', '2026-13-02T00:00:00Z', 'ABCDEF0123456789', 'yesterday', '']) expect(parseSince(bad), bad).toBeNull();
  });
});
