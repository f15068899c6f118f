import { fork } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOfacLegacySet } from '../ofac/legacy-csv.js';
import type { ListEntry } from '../model.js';
import { listVersion } from '../versions.js';
import { ArchiveError, VersionArchive } from './version-archive.js';
import { diffVersions, entryHashes } from './version-diff.js';
import { describeShared, sharedPath } from '../../../test/support/shared.js';

// Resolved from the project, not the working directory.
const OLD = sharedPath('data/lists/ofac_sdn/2021-07-07');
const NEW = sharedPath('data/snapshot');
const readSdn = async (dir: string): Promise<ListEntry[]> =>
  (await readOfacLegacySet({ family: 'sdn', primary: `${dir}/sdn.csv`, add: `${dir}/add.csv`, alt: `${dir}/alt.csv`, comments: `${dir}/sdn_comments.csv` })).entries;

/** Independent of the readers: the legacy files' raw rows by ent_num (add/alt row numbers left out). */
function rawRows(dir: string): Map<string, string> {
  const rows = new Map<string, string[]>();
  for (const file of ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv']) {
    for (const line of readFileSync(`${dir}/${file}`, 'latin1').split(/\r?\n/)) {
      const m = /^(\d+),(.*)$/.exec(line);
      if (m === null) continue;
      const rest = file === 'add.csv' || file === 'alt.csv' ? m[2].replace(/^\d+,/, '') : m[2];
      // The empty address row ("-0-" in every column) is no content.
      if (file === 'add.csv' && /^(-0- ,){3}-0- ?$/.test(rest)) continue;
      rows.set(m[1], [...(rows.get(m[1]) ?? []), `${file}:${rest}`]);
    }
  }
  return new Map([...rows].map(([id, r]) => [id, r.sort().join('\n')]));
}
const primaryIds = (dir: string): Set<string> =>
  new Set(readFileSync(`${dir}/sdn.csv`, 'latin1').split(/\r?\n/).flatMap((l) => /^(\d+),/.exec(l)?.[1] ?? []));

describeShared('version diff', () => {
  it('is exact against an independent count of the July 2021 SDN files vs the snapshot\'s', async () => {
    const diff = diffVersions(entryHashes(await readSdn(OLD)), entryHashes(await readSdn(NEW)));
    const before = primaryIds(OLD);
    const after = primaryIds(NEW);
    const sorted = (ids: string[]): string[] => ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(diff.added).toEqual(sorted([...after].filter((id) => !before.has(id))));
    expect(diff.removed).toEqual(sorted([...before].filter((id) => !after.has(id))));
    expect(diff.added).toHaveLength(6870);
    expect(diff.removed).toHaveLength(881);
    // Changed: only records whose raw rows differ, and every one whose rows differ beyond the
    // free-text Remarks (OFAC versions keep what the Remarks parse into, not the text: the XML does
    // not carry it; versions.ts). A Remarks change that parses into a field counts too.
    const rawBefore = rawRows(OLD);
    const rawAfter = rawRows(NEW);
    const remarkless = (rows: string | undefined): string => (rows ?? '').split('\n')
      .filter((l) => !l.startsWith('sdn_comments.csv:'))
      .map((l) => (l.startsWith('sdn.csv:') ? l.replace(/,("[^"]*"|-0- ?)\s*$/, '') : l)).join('\n');
    const rawChanged = [...after].filter((id) => before.has(id) && rawBefore.get(id) !== rawAfter.get(id));
    const beyondRemarks = rawChanged.filter((id) => remarkless(rawBefore.get(id)) !== remarkless(rawAfter.get(id)));
    expect(diff.changed.every((id) => rawChanged.includes(id))).toBe(true);
    expect(beyondRemarks.filter((id) => !diff.changed.includes(id))).toEqual([]);
    expect(beyondRemarks.length).toBeGreaterThan(800);
  }, 60_000);
});

describeShared('version archive', () => {
  let dir: string;
  let entries: ListEntry[];
  let version: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rps-archive-'));
    entries = await readSdn(OLD);
    version = listVersion(entries);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a version compressed and gives back exactly its entries', async () => {
    const archive = new VersionArchive(join(dir, 'roundtrip'));
    const item = await archive.record('ofac-sdn', version, entries, new Date('2031-01-01T00:00:00Z'));
    expect(item).toMatchObject({ version, entryCount: 8976, since: '2031-01-01T00:00:00.000Z' });
    const back = await archive.read('ofac-sdn', version);
    expect(listVersion(back)).toBe(version);
    expect(back).toHaveLength(entries.length);
    // Served again later: since stays, lastServed moves.
    const again = await archive.record('ofac-sdn', version, entries, new Date('2031-01-05T00:00:00Z'));
    expect(again).toMatchObject({ since: '2031-01-01T00:00:00.000Z', lastServed: '2031-01-05T00:00:00.000Z' });
    expect(await archive.size('ofac-sdn')).toBe(item.bytes);
  }, 60_000);

  it('refuses a corrupt file and a file whose content is not its version, never giving wrong entries', async () => {
    const archive = new VersionArchive(join(dir, 'corrupt'));
    await archive.record('ofac-sdn', version, entries, new Date());
    const file = join(dir, 'corrupt', 'ofac-sdn', `${version}.json.gz`);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(file, bytes);
    await expect(archive.read('ofac-sdn', version)).rejects.toMatchObject({ code: 'corrupt' });
    // Altered content with a matching checksum (the index rewritten too): the content check refuses it.
    const altered = gzipSync(JSON.stringify(entries.map((e, i) => (i === 0 ? { ...e, name: 'SOMEONE ELSE' } : e))));
    writeFileSync(file, altered);
    const indexFile = join(dir, 'corrupt', 'ofac-sdn', 'index.json');
    const index = JSON.parse(readFileSync(indexFile, 'utf8'));
    index.versions[0].sha256 = (await import('node:crypto')).createHash('sha256').update(altered).digest('hex');
    index.versions[0].bytes = altered.length;
    writeFileSync(indexFile, JSON.stringify(index));
    await expect(archive.read('ofac-sdn', version)).rejects.toMatchObject({ code: 'corrupt' });
    await expect(archive.read('ofac-sdn', '0123456789abcdef')).rejects.toBeInstanceOf(ArchiveError);
  }, 60_000);

  it('prunes versions last served more than LISTS_ARCHIVE_DAYS ago, never a version served now', async () => {
    const archive = new VersionArchive(join(dir, 'prune'));
    const small = entries.slice(0, 10);
    const other = entries.slice(10, 20);
    await archive.record('ofac-sdn', listVersion(small), small, new Date('2031-01-01T00:00:00Z'));
    await archive.record('ofac-sdn', listVersion(other), other, new Date('2031-01-02T00:00:00Z'));
    const now = new Date('2031-02-06T12:00:00Z');
    expect(await archive.prune('ofac-sdn', new Set([listVersion(small)]), now, 35)).toBe(1);
    await expect(archive.read('ofac-sdn', listVersion(other))).rejects.toMatchObject({ code: 'gone' });
    expect(listVersion(await archive.read('ofac-sdn', listVersion(small)))).toBe(listVersion(small));
  });

  it('a crash while archiving leaves the version whole or absent, never a partial file; the next prune removes the temp file', async () => {
    const child = join(import.meta.dirname, 'archive-writer-child.ts');
    for (const delayMs of [0, 20, 60, 150]) {
      const target = join(dir, `crash-${delayMs}`);
      const writer = fork(child, [target, OLD], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
      const outcome = await new Promise<string>((resolve) => {
        writer.on('message', (m) => {
          if (m === 'parsed') setTimeout(() => writer.kill('SIGKILL'), delayMs);
          if (m === 'written') resolve('written');
        });
        writer.on('exit', () => resolve('killed'));
      });
      if (writer.exitCode === null && writer.signalCode === null) writer.kill('SIGKILL');
      const archive = new VersionArchive(target);
      try {
        expect(listVersion(await archive.read('ofac-sdn', version))).toBe(version);
      } catch (error) {
        // Killed before the index named it: the version is absent, never corrupt.
        expect(error, outcome).toMatchObject({ code: 'gone' });
      }
      await archive.prune('ofac-sdn', new Set([version]), new Date());
      const left = existsSync(join(target, 'ofac-sdn')) ? readdirSync(join(target, 'ofac-sdn')) : [];
      expect(left.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    }
  }, 120_000);
});
