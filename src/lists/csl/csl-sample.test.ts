/**
 * The bundled sample files (data/sample/consolidated.csv and dpl.txt) load with the real readers.
 * consolidated.csv: 110 real rows in the every-field-quoted dialect, copied byte-exact from the
 * 2023-11 CSL subsets and the 2025-06 fixture (../shared/data/lists): BIS and State lists only, the
 * OFAC sample files cover Treasury. dpl.txt: the header and 32 real rows of BIS's November 2023 file.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_DIR } from '../../../test/support/shared.js';
import { readDplTxt } from '../bis-dpl/dpl-txt.js';
import type { ListEntry, ListSource } from '../model.js';
import { readCslCsv } from './csl-csv.js';

function countBySource(entries: readonly ListEntry[]): Partial<Record<ListSource, number>> {
  const counts: Partial<Record<ListSource, number>> = {};
  for (const e of entries) counts[e.listSource] = (counts[e.listSource] ?? 0) + 1;
  return counts;
}

describe('bundled sample lists', () => {
  it('data/sample/consolidated.csv: a few dozen entries of each BIS and State list, no Treasury rows', async () => {
    const parsed = await readCslCsv(join(SAMPLE_DIR, 'consolidated.csv'));
    expect(countBySource(parsed.entries)).toEqual({
      'bis-entity': 25,
      'bis-unverified': 21,
      'bis-meu': 21,
      'state-debarred': 21,
      'state-isn': 22,
    });
    expect(parsed.dropped).toEqual({});
    expect(parsed.skipped).toEqual({});
    const names = parsed.entries.map((e) => e.name);
    expect(names).toContain('Kalashnikov Concern');
    expect(names).toContain('Sinobright Import and Export Company');
    expect(names).toContain('Government of North Korea');
  });

  it('data/sample/dpl.txt: 32 Denied Persons rows with unique derived IDs', async () => {
    const parsed = await readDplTxt(join(SAMPLE_DIR, 'dpl.txt'));
    expect(parsed.entries).toHaveLength(32);
    expect(new Set(parsed.entries.map((e) => e.entryId)).size).toBe(32);
    expect(parsed.publishedAt).toBe('2023-11-15');
    expect(parsed.dropped).toEqual({});
    expect(parsed.entries.map((e) => e.name)).toContain('PJSC AEROFLOT');
  });
});
