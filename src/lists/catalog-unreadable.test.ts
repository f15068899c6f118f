/**
 * Issue 28 point 3: a symlink loop anywhere in LISTS_DIR made every scan fail with ELOOP, so no list
 * was refreshed any more. Now the entry is skipped with the reason, failing only the list it names.
 */
import { copyFileSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SAMPLE_DIR } from '../../test/support/shared.js';
import { currentFingerprint, loadListSet } from './catalog.js';
import { scanListDir } from './catalog-scan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sampleCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rps-unreadable-'));
  dirs.push(dir);
  for (const name of readdirSync(SAMPLE_DIR)) copyFileSync(join(SAMPLE_DIR, name), join(dir, name));
  return dir;
}

describe('unreadable entries of LISTS_DIR', () => {
  it('a symlink loop under any name does not fail the scan; one named as a list file fails that list only', async () => {
    const dir = sampleCopy();
    const before = await loadListSet({ dir, sampleDir: null });
    symlinkSync('loop-b', join(dir, 'loop-a'));
    symlinkSync('loop-a', join(dir, 'loop-b'));
    symlinkSync('dpl.txt', join(dir, 'dpl.txt.new'));
    renameSync(join(dir, 'dpl.txt.new'), join(dir, 'dpl.txt'));

    const scan = await scanListDir(dir);
    expect(scan.matches.flatMap((m) => m.files).find((f) => f.name === 'dpl.txt')?.unreadable).toBe('unreadable: a symbolic link loop (ELOOP); skipped');
    const fingerprint = await currentFingerprint(dir, { sampleDir: null, previous: before });
    expect(fingerprint).not.toBe(before.fingerprint);
    expect(await currentFingerprint(dir, { sampleDir: null, previous: before })).toBe(fingerprint);

    const after = await loadListSet({ dir, sampleDir: null, previous: before, staleAfterMs: 0 });
    const failed = after.catalog.filter((s) => s.error !== undefined);
    expect(failed.map((s) => [s.source, s.status, s.error])).toEqual([['bis-denied', 'stale', 'dpl.txt: unreadable: a symbolic link loop (ELOOP); skipped']]);
    expect(after.catalog.filter((s) => s.source !== 'bis-denied').every((s) => s.status === 'ok')).toBe(true);
    expect(after.entries.filter((e) => e.listSource === 'bis-denied')).toEqual(before.entries.filter((e) => e.listSource === 'bis-denied'));
  });
});
