import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadListSet } from '../catalog.js';
import { archiveServedSet, VersionArchive } from './version-archive.js';
import { describeShared, SNAPSHOT_DIR } from '../../../test/support/shared.js';

describeShared('archiving a served set', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rps-archive-set-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every loaded list version (not the sample), readable back, and reports a failing source without stopping', async () => {
    const set = await loadListSet({ dir: SNAPSHOT_DIR, sampleDir: null });
    const archive = new VersionArchive(join(dir, 'a'));
    expect(await archiveServedSet(archive, set, new Date(), 35)).toEqual([]);
    for (const s of set.catalog.filter((c) => c.status !== 'missing')) {
      const back = await archive.read(s.source, s.version!);
      expect(back, s.source).toHaveLength(s.entryCount);
    }
    // A source whose directory cannot be written (a file in its place): reported, the others archived.
    const blocked = new VersionArchive(join(dir, 'b'));
    const { writeFileSync, mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'b'), { recursive: true });
    writeFileSync(join(dir, 'b', 'ofac-sdn'), 'not a directory');
    const failures = await archiveServedSet(blocked, set, new Date(), 35);
    expect(failures.map((f) => f.source)).toEqual(['ofac-sdn']);
    const dpl = set.catalog.find((c) => c.source === 'bis-denied')!;
    expect(await blocked.read('bis-denied', dpl.version!)).toHaveLength(dpl.entryCount);
  }, 120_000);
});
