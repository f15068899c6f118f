import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findServedSet, ServedSetLog, type ServedList } from './served-sets.js';

const list = (version: string | null, publishedAt = '2026-01-01T00:00:00.000Z'): ServedList[] => [
  { source: 'ofac-sdn', publishedAt, publishedAtSource: 'publisher', status: 'ok', entryCount: 3, version },
  { source: 'bis-denied', publishedAt: null, publishedAtSource: null, status: 'missing', entryCount: 0, version: null },
];
const versionOf = (lists: readonly ServedList[]): string => lists.map((l) => l.version ?? '-').join('+');

describe('served list sets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rps-served-sets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('records each set once (same facts, same file; since kept), lists them newest first and prunes by last use', async () => {
    const log = new ServedSetLog(dir);
    const a = await log.record(list('aaaaaaaaaaaaaaaa'), '2026-01-01T00:00:00.000Z', new Date('2026-01-01T00:00:01Z'));
    const again = await log.record(list('aaaaaaaaaaaaaaaa'), '2026-01-03T00:00:00.000Z', new Date('2026-01-03T00:00:01Z'));
    expect(again).toMatchObject({ id: a.id, since: a.since, lastServed: '2026-01-03T00:00:01.000Z' });
    // Same content, another publication date: another set (answers show the date).
    const b = await log.record(list('aaaaaaaaaaaaaaaa', '2026-01-02T00:00:00.000Z'), '2026-01-02T00:00:00.000Z', new Date('2026-01-02T00:00:01Z'));
    expect(b.id).not.toBe(a.id);
    expect((await log.all()).map((s) => s.id)).toEqual([b.id, a.id]);
    expect(await log.prune(b.id, new Date('2026-03-01T00:00:00Z'), 35)).toBe(1);
    expect((await log.all()).map((s) => s.id)).toEqual([b.id]);
  });

  it('finds the set served at screenedAt among those giving the listsVersion', () => {
    const s = (id: string, since: string, version: string) => ({ id, since, lastServed: since, lists: list(version) });
    const sets = [s('1', '2026-01-01T00:00:00Z', 'v1'), s('2', '2026-01-02T00:00:00Z', 'v2'), s('3', '2026-01-03T00:00:00Z', 'v1')];
    expect(findServedSet(sets, 'v1+-', '2026-01-02T12:00:00Z', versionOf)?.id).toBe('1');
    expect(findServedSet(sets, 'v1+-', '2026-01-04T00:00:00Z', versionOf)?.id).toBe('3');
    // Screened (by another instance's clock) just before the set's load time: the earliest after it.
    expect(findServedSet(sets, 'v2+-', '2026-01-01T23:59:59Z', versionOf)?.id).toBe('2');
    expect(findServedSet(sets, 'v9+-', '2026-01-04T00:00:00Z', versionOf)).toBeNull();
  });
});
