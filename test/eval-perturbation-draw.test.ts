/**
 * The eval's perturbation sample is drawn by a seeded hash of each entry's id, so a release that adds
 * entries to the lists changes the sample only where the new entries fall, not the whole draw.
 */
import { describe, expect, it } from 'vitest';
import { drawKind, perturb, seeded, type NoiseKind } from '../bench/eval/perturb.js';
import { entry } from './support/engine-entries.js';

const SURNAMES = ['KARIMOV', 'PETRENKO', 'HASSANI', 'ZULKARNAIN', 'MORALES', 'OKONKWO', 'SHAPOVALOV', 'RAHIMZADEH', 'FERREIRA', 'DUBROVSKY'];
const GIVEN = ['Alexander Ivanovich', 'Mohammed Yusuf', 'Carlos Alberto', 'Nikolai Petrovich', 'Abdul Rahman', 'Viktor Sergeyevich'];
const people = (from: number, n: number) =>
  Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return entry(String(10_000 + i), `${SURNAMES[i % SURNAMES.length]}${String.fromCharCode(65 + (i % 26))}, ${GIVEN[(i * 7) % GIVEN.length]}`);
  });

describe('perturbation draw', () => {
  it('is reproducible, and adding 10 % more entries (at the front) keeps at least 85 % of each kind\'s queries', () => {
    const base = people(0, 2000);
    const grown = [...people(2000, 200), ...base];
    for (const kind of ['typo', 'typo-anywhere', 'join-comma', 'dropped-middle'] as NoiseKind[]) {
      const a = drawKind(kind, base, 300, 7);
      expect(a).toHaveLength(300);
      expect(drawKind(kind, base, 300, 7).map((q) => q.query)).toEqual(a.map((q) => q.query));
      const b = new Set(drawKind(kind, grown, 300, 7).map((q) => `${q.entry.entryId}|${q.query}`));
      const kept = a.filter((q) => b.has(`${q.entry.entryId}|${q.query}`)).length;
      expect(kept / a.length, kind).toBeGreaterThanOrEqual(0.85);
    }
  });

  describe('class: dropped-middle drops a middle name, never part of a one-name given name', () => {
    const dropped = (name: string): string | null => perturb('dropped-middle', entry('1', name), seeded(1));

    it('a Korean or Chinese name with no nationality stated is one given name, as with one: no query', () => {
      // "KIM Hyok" for "KIM, Hyok Chol" is another given name (the near-miss class missing-part).
      expect(['RI, Jae Il', 'KIM, Hyok Chol', 'WEI, Hsueh Kang', 'JON, Myong-Guk'].map(dropped)).toEqual([null, null, null, null]);
    });

    it('a title before one given name leaves no given name to keep: no query', () => {
      // "KHAN Haji" for "KHAN, Haji Mohammad" is the surname and a title: it names no one.
      expect(['KHAN, Haji Mohammad', 'HOSSEINI, Sayyed Jabar', 'MOHAMMAD, Haji Baz'].map(dropped)).toEqual([null, null, null]);
    });

    it('other names with two given names still lose the last one', () => {
      expect(['KHAN, Abdul Qadeer', 'KHAN, Haji Abdul Qadeer', 'KIM, John Paul', 'TEN, Sergey Yuryevich'].map(dropped))
        .toEqual(['KHAN Abdul', 'KHAN Haji Abdul', 'KIM John', 'TEN Sergey']);
    });
  });
});
