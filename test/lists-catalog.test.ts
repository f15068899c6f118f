/**
 * The list catalog on real files: the shared snapshot (counts and which file feeds each list), the
 * sample fallback, failure isolation, keeping the previous good copy, and freshness precedence.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentFingerprint, loadListSet, type ListStatus, type LoadedListSet } from '../src/lists/catalog.js';
import { UPDATE_MARKER } from '../src/lists/catalog-scan.js';
import { httpDateToIso, MANIFEST_FILE, readManifest, writeManifestEntry } from '../src/lists/manifest.js';
import { LIST_SOURCES, type ListSource } from '../src/lists/model.js';
import { describeShared, RAW_LISTS_DIR, SAMPLE_DIR, SNAPSHOT_DIR } from './support/shared.js';

const CSL_FIXTURE = join(RAW_LISTS_DIR, 'csl/2025-06_fixture/consolidated.csv');
const PROJECT_SRC = join(SAMPLE_DIR, '../../src');
const tempDirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'lists-catalog-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function status(set: LoadedListSet, source: ListSource): ListStatus {
  return set.catalog.find((s) => s.source === source)!;
}

function count(set: LoadedListSet, source: ListSource): number {
  return set.entries.filter((e) => e.listSource === source).length;
}

describeShared('loadListSet on the shared snapshot', () => {
  let set: LoadedListSet;

  it('loads every list from the file that should feed it', async () => {
    set = await loadListSet({ dir: SNAPSHOT_DIR });
    expect(set.sample).toBe(false);
    expect(set.catalog.map((s) => s.source)).toEqual([...LIST_SOURCES]);
    const counts = Object.fromEntries(set.catalog.map((s) => [s.source, s.entryCount]));
    expect(counts).toMatchObject({
      'ofac-sdn': 14_965, // sdn.csv, not the CSL's 10,026 SDN rows
      'bis-entity': 2_001,
      'bis-unverified': 201,
      'bis-meu': 71,
      'state-debarred': 727,
      'state-isn': 163,
      'bis-denied': 665, // dpl.txt, fresher than the 2022 CSL's 462 rows
      // 16 rows: TERRA KLEAN SOLUTIONS appears twice, identical, so the reader keeps one (see below).
      'gsa-sam': 15,
      'dhs-uflpa': 0,
    });
    expect(status(set, 'gsa-sam').dropped).toMatchObject({ 'record skipped: duplicate row (same SAM Number, identical fields)': 1 });
    // The CSL's Treasury rows are not mapped while OFAC's own files supply those lists, so their drops
    // (the merged duplicate CAPTA row) are not reported on the lists the CSL does supply.
    expect(status(set, 'bis-entity').dropped).toEqual({ 'start_date: not a real date': 3 });
    // 442 records; the 87 tagged both SSI (UKRAINE-EO13662) and NS-MBS (RUSSIA-EO14024) are on both lists.
    expect(counts['ofac-ssi'] + counts['ofac-fse'] + counts['ofac-non-sdn']).toBe(442 + 87);
    for (const s of set.catalog) expect(count(set, s.source)).toBe(s.entryCount);
    expect(set.entries).toHaveLength(set.catalog.reduce((n, s) => n + s.entryCount, 0));
  });

  it('reports files, formats, dates and statuses', () => {
    expect(status(set, 'ofac-sdn')).toMatchObject({ status: 'ok', format: 'ofac-legacy-csv', files: ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'] });
    expect(status(set, 'ofac-fse').files).toEqual(['cons_prim.csv', 'cons_add.csv', 'cons_alt.csv', 'cons_comments.csv']);
    expect(status(set, 'bis-denied').files).toEqual(['dpl.txt']);
    expect(status(set, 'bis-entity').files).toEqual(['consolidated.csv']);
    expect(status(set, 'dhs-uflpa')).toMatchObject({ status: 'missing', entryCount: 0, publishedAt: null, lastRefresh: null });
    expect(status(set, 'dhs-uflpa').error).toBeUndefined();
    for (const s of set.catalog.filter((c) => c.source !== 'dhs-uflpa')) {
      expect(s.status).toBe('ok');
      expect(s.lastRefresh).toBe(set.loadedAt);
      // One form for every list, whether the publisher dates it by day (dpl.txt) or to the second.
      expect(s.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(s.name.length).toBeGreaterThan(0);
      expect(s.sourceUrl).toMatch(/^https:\/\//);
    }
  });

  it('fingerprints the files used, and reuses unchanged parses on reload', async () => {
    expect(set.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await currentFingerprint(SNAPSHOT_DIR)).toBe(set.fingerprint);
    const again = await loadListSet({ dir: SNAPSHOT_DIR, previous: set });
    expect(again.fingerprint).toBe(set.fingerprint);
    expect(again.entries.length).toBe(set.entries.length);
    // Nothing changed, so no file was parsed again: the very same entry objects are reused.
    expect(again.entries.every((entry, i) => entry === set.entries[i])).toBe(true);
    expect(again.loadedAt >= set.loadedAt).toBe(true);
  });
});

describe('loadListSet sample fallback', () => {
  it('loads the bundled data/sample with status sample when LISTS_DIR has no list file', async () => {
    const set = await loadListSet({ dir: join(await tempDir(), 'does-not-exist') });
    expect(set.sample).toBe(true);
    expect(set.dir).toBe(SAMPLE_DIR);
    const loaded = set.catalog.filter((s) => s.status === 'sample');
    // The sample holds a small file for (nearly) every list; a complete file may hold no entry of a
    // list (the OFAC consolidated sample has no FSE record), which is still a loaded, empty list.
    expect(loaded.filter((s) => s.entryCount > 0).length).toBeGreaterThanOrEqual(10);
    for (const s of loaded) expect(s.files!.length).toBeGreaterThan(0);
    for (const s of set.catalog) {
      expect(['sample', 'missing']).toContain(s.status);
      expect(s.entryCount).toBe(count(set, s.source));
      expect(s.error).toBeUndefined();
    }
  });
});

describeShared('loadListSet on a working directory', () => {
  async function dirWith(files: Record<string, string>): Promise<string> {
    const dir = await tempDir();
    for (const [name, from] of Object.entries(files)) await copyFile(from, join(dir, name));
    return dir;
  }

  it('uses sampleDir only when dir holds no list file, marking only what it found', async () => {
    const sampleDir = await dirWith({ 'dpl.txt': join(SNAPSHOT_DIR, 'dpl.txt') });
    const set = await loadListSet({ dir: await tempDir(), sampleDir });
    expect(set.sample).toBe(true);
    expect(status(set, 'bis-denied')).toMatchObject({ status: 'sample', entryCount: 665 });
    expect(set.catalog.filter((s) => s.status === 'missing')).toHaveLength(LIST_SOURCES.length - 1);
  });

  it('takes bis-denied from the fresher of dpl.txt and the CSL, never both', async () => {
    const dir = await dirWith({ 'dpl.txt': join(SNAPSHOT_DIR, 'dpl.txt'), 'consolidated.csv': CSL_FIXTURE });
    const day = 86_400;
    const now = Date.now() / 1000;
    await utimes(join(dir, 'dpl.txt'), now - day, now - day);
    expect(status(await loadListSet({ dir }), 'bis-denied')).toMatchObject({ files: ['consolidated.csv'], entryCount: 1 });
    await utimes(join(dir, 'consolidated.csv'), now - 2 * day, now - 2 * day);
    expect(status(await loadListSet({ dir }), 'bis-denied')).toMatchObject({ files: ['dpl.txt'], entryCount: 665 });
  });

  it('ranks OFAC legacy files above a newer enhanced-XML excerpt, and that above the CSL', async () => {
    const dir = await dirWith({
      'sdn.csv': join(SAMPLE_DIR, 'sdn.csv'),
      'SDN_ENHANCED.XML': join(RAW_LISTS_DIR, 'ofac_sdn/enhanced_xml_excerpt_2024-08-28/IRGC_sanctions.xml'),
      'consolidated.csv': CSL_FIXTURE,
    });
    const later = Date.now() / 1000 + 86_400;
    for (const name of ['SDN_ENHANCED.XML', 'consolidated.csv']) await utimes(join(dir, name), later, later);
    const withLegacy = await loadListSet({ dir });
    expect(status(withLegacy, 'ofac-sdn')).toMatchObject({ files: ['sdn.csv'], format: 'ofac-legacy-csv' });
    // The IRGC excerpt holds SDN entries only: the other Treasury lists come from the CSL.
    expect(status(withLegacy, 'ofac-ssi')).toMatchObject({ files: ['consolidated.csv'], entryCount: 3 });

    await rm(join(dir, 'sdn.csv'));
    const withoutLegacy = await loadListSet({ dir });
    expect(status(withoutLegacy, 'ofac-sdn')).toMatchObject({ files: ['SDN_ENHANCED.XML'], entryCount: 293, publishedAt: '2024-08-28T00:00:00.000Z' });
    expect(withoutLegacy.entries.filter((e) => e.listSource === 'ofac-sdn')).toHaveLength(293);
  });

  it("maps the CSL's Treasury rows only when no OFAC file supplies them, also when reusing parses", async () => {
    const dir = await dirWith({ 'sdn.csv': join(SAMPLE_DIR, 'sdn.csv'), 'consolidated.csv': CSL_FIXTURE });
    const first = await loadListSet({ dir });
    expect(status(first, 'ofac-sdn')).toMatchObject({ files: ['sdn.csv'], format: 'ofac-legacy-csv' });
    // No OFAC consolidated file here: the CSL supplies the other Treasury lists.
    expect(status(first, 'ofac-ssi')).toMatchObject({ files: ['consolidated.csv'], entryCount: 3 });

    // The unchanged CSL parse skipped the SDN rows: it must be read again, not reused, once sdn.csv goes.
    await rm(join(dir, 'sdn.csv'));
    // (34 SDN entries to the CSL fixture's 1 would be a collapse: allowed here, guarded in its own test.)
    const second = await loadListSet({ dir, previous: first, maxCollapse: 1 });
    expect(status(second, 'ofac-sdn')).toMatchObject({ status: 'ok', files: ['consolidated.csv'], entryCount: 1 });
    expect(second.entries.find((e) => e.listSource === 'ofac-sdn')?.entryId).toBe('52291');

    const third = await loadListSet({ dir, previous: second, maxCollapse: 1 });
    expect(third.entries.every((entry, i) => entry === second.entries[i])).toBe(true);
  });

  it('isolates a broken file, keeps the previous good copy, and turns it stale after staleAfterMs', async () => {
    const dir = await dirWith({ 'dpl.txt': join(SNAPSHOT_DIR, 'dpl.txt'), 'consolidated.csv': CSL_FIXTURE });
    const t0 = Date.parse('2030-01-01T00:00:00Z');
    const at = (hours: number) => () => new Date(t0 + hours * 3600_000);
    const first = await loadListSet({ dir, now: at(0) });
    expect(status(first, 'bis-entity')).toMatchObject({ status: 'ok', entryCount: 1 });

    await writeFile(join(dir, 'consolidated.csv'), '"_id","source","name"\n"1","Entity List (EL) - Bureau of Industry and Security","X\n');
    const fresh = await loadListSet({ dir, now: at(1) });
    expect(status(fresh, 'bis-entity')).toMatchObject({ status: 'missing', entryCount: 0, error: expect.stringMatching(/^consolidated\.csv:\d+: /) });
    expect(status(fresh, 'bis-denied')).toMatchObject({ status: 'ok', entryCount: 665 });
    expect(status(fresh, 'bis-denied').error).toBeUndefined();

    const kept = await loadListSet({ dir, now: at(1), previous: first, staleAfterMs: 2 * 3600_000 });
    expect(status(kept, 'bis-entity')).toMatchObject({ status: 'ok', entryCount: 1, lastRefresh: first.loadedAt, error: status(fresh, 'bis-entity').error });
    expect(count(kept, 'bis-entity')).toBe(1);
    const stale = await loadListSet({ dir, now: at(3), previous: kept, staleAfterMs: 2 * 3600_000 });
    expect(status(stale, 'bis-entity')).toMatchObject({ status: 'stale', entryCount: 1, lastRefresh: first.loadedAt });
    expect(status(stale, 'bis-denied')).toMatchObject({ status: 'ok', lastRefresh: stale.loadedAt });
  });

  it('waits while lists update swaps files in, and ignores a marker left by a crash', async () => {
    const dir = await dirWith({ 'dpl.txt': join(SNAPSHOT_DIR, 'dpl.txt') });
    const marker = join(dir, UPDATE_MARKER);
    await writeFile(marker, 'test');
    let removedAt = 0;
    setTimeout(() => void rm(marker).then(() => (removedAt = performance.now())), 300);
    await loadListSet({ dir });
    expect(removedAt).toBeGreaterThan(0);

    await writeFile(marker, 'crashed');
    const old = Date.now() / 1000 - 600;
    await utimes(marker, old, old);
    const started = performance.now();
    await loadListSet({ dir });
    expect(performance.now() - started).toBeLessThan(3_000); // a live marker would hold it 5 s
  });

  it('changes the fingerprint when a file changes', async () => {
    const dir = await dirWith({ 'dpl.txt': join(SNAPSHOT_DIR, 'dpl.txt') });
    const before = await currentFingerprint(dir);
    const now = Date.now() / 1000 + 5;
    await utimes(join(dir, 'dpl.txt'), now, now);
    expect(await currentFingerprint(dir)).not.toBe(before);
  });

  describe('a refresh against the copy being served (collapse guard)', () => {
    it('keeps the served copy, stale, when sdn.csv is cut to 10 % of its lines', async () => {
      const dir = await dirWith({ 'sdn.csv': join(SNAPSHOT_DIR, 'sdn.csv') });
      const served = await loadListSet({ dir, sampleDir: null });
      const full = status(served, 'ofac-sdn').entryCount;
      const lines = (await readFile(join(dir, 'sdn.csv'), 'latin1')).split('\n');
      await writeFile(join(dir, 'sdn.csv'), lines.slice(0, Math.floor(lines.length / 10)).join('\n') + '\n', 'latin1');
      const cut = await loadListSet({ dir, sampleDir: null, previous: served });
      expect(status(cut, 'ofac-sdn')).toMatchObject({ status: 'stale', entryCount: full, lastRefresh: status(served, 'ofac-sdn').lastRefresh });
      expect(status(cut, 'ofac-sdn').error).toMatch(/^sdn\.csv: ofac-sdn would fall from \d+ to \d+ entries \(more than 50% fewer\) \(LISTS_MAX_COLLAPSE\)/);
      expect(count(cut, 'ofac-sdn')).toBe(full);
      // A drop within LISTS_MAX_COLLAPSE is installed.
      const allowed = await loadListSet({ dir, sampleDir: null, previous: served, maxCollapse: 0.95 });
      expect(status(allowed, 'ofac-sdn')).toMatchObject({ status: 'ok' });
      expect(status(allowed, 'ofac-sdn').entryCount).toBeLessThan(full / 5);
    });

    it('keeps the served copy, stale, when sdn.csv is deleted, and never falls back to the sample', async () => {
      const dir = await dirWith({ 'sdn.csv': join(SAMPLE_DIR, 'sdn.csv'), 'dpl.txt': join(SNAPSHOT_DIR, 'dpl.txt') });
      const served = await loadListSet({ dir });
      await rm(join(dir, 'sdn.csv'));
      const gone = await loadListSet({ dir, previous: served });
      expect(status(gone, 'ofac-sdn')).toMatchObject({ status: 'stale', entryCount: status(served, 'ofac-sdn').entryCount });
      expect(status(gone, 'ofac-sdn').error).toBe('no file supplies ofac-sdn any more; the copy loaded before is kept');
      expect(status(gone, 'bis-denied').status).toBe('ok');
      // Every file gone: the real lists stay (stale); the bundled sample is not taken instead.
      await rm(join(dir, 'dpl.txt'));
      const empty = await loadListSet({ dir, previous: gone });
      expect(empty.sample).toBe(false);
      expect(status(empty, 'bis-denied')).toMatchObject({ status: 'stale', entryCount: 665 });
      expect(await currentFingerprint(dir, { previous: gone })).toBe(empty.fingerprint);
    });

    it('an explicit directory without list files never loads the sample', async () => {
      const set = await loadListSet({ dir: join(await tempDir(), 'missing'), sampleDir: null });
      expect(set.sample).toBe(false);
      expect(set.entries).toHaveLength(0);
      expect(new Set(set.catalog.map((s) => s.status))).toEqual(new Set(['missing']));
    });
  });

  describe('publishedAt and publishedAtSource', () => {
    it("a legacy sdn.csv carries no date: file-time, moved by touch; the manifest's Last-Modified counts while its hash matches", async () => {
      const dir = await dirWith({ 'sdn.csv': join(SAMPLE_DIR, 'sdn.csv') });
      const future = Date.parse('2030-01-01T00:00:00Z') / 1000;
      await utimes(join(dir, 'sdn.csv'), future, future);
      const touched = await loadListSet({ dir });
      expect(status(touched, 'ofac-sdn')).toMatchObject({ publishedAt: '2030-01-01T00:00:00.000Z', publishedAtSource: 'file-time' });

      const bytes = await readFile(join(dir, 'sdn.csv'));
      const lastModified = httpDateToIso('Tue, 14 May 2024 13:05:00 GMT')!;
      await writeManifestEntry(dir, 'sdn.csv', {
        url: 'https://example.test/SDN.CSV', fetchedAt: '2024-05-15T00:00:00.000Z', lastModified,
        sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length,
      });
      expect((await readManifest(dir)).files['sdn.csv'].lastModified).toBe('2024-05-14T13:05:00.000Z');
      const vouched = await loadListSet({ dir, previous: touched });
      expect(status(vouched, 'ofac-sdn')).toMatchObject({ publishedAt: '2024-05-14T13:05:00.000Z', publishedAtSource: 'http-last-modified' });
      expect(vouched.fingerprint).not.toBe(touched.fingerprint); // a new manifest triggers a reload

      // Replaced by hand (same size, other bytes): the manifest no longer vouches for it.
      const at = bytes.indexOf('"') + 1; // the first letter of the first name: the file stays valid
      bytes[at] = bytes[at] === 0x41 ? 0x42 : 0x41;
      await writeFile(join(dir, 'sdn.csv'), bytes);
      await utimes(join(dir, 'sdn.csv'), future, future + 1);
      const replaced = await loadListSet({ dir, previous: vouched });
      expect(status(replaced, 'ofac-sdn')).toMatchObject({ publishedAtSource: 'file-time' });
    });

    it('the scanner ignores .manifest.json, and a damaged manifest only loses the dates', async () => {
      const dir = await dirWith({ 'dpl.txt': join(SNAPSHOT_DIR, 'dpl.txt') });
      await writeFile(join(dir, MANIFEST_FILE), '{"version": 1, "files": ');
      const set = await loadListSet({ dir });
      expect(status(set, 'bis-denied')).toMatchObject({ status: 'ok', publishedAtSource: 'publisher', files: ['dpl.txt'] });
      expect((await readManifest(dir)).files).toEqual({});
    });

    it("CSL JSON: each list is dated by its source's source_last_updated", async () => {
      const dir = await dirWith({ 'consolidated.json': join(PROJECT_SRC, 'lists/csl/testdata/consolidated-api.json') });
      const set = await loadListSet({ dir });
      expect(status(set, 'bis-entity')).toMatchObject({ publishedAt: '2025-06-20T04:00:00.000Z', publishedAtSource: 'publisher' });
      expect(status(set, 'ofac-sdn')).toMatchObject({ publishedAt: '2025-06-24T04:00:00.000Z', publishedAtSource: 'publisher' });
    });
  });
});
