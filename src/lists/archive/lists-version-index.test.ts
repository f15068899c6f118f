import { describe, expect, it } from 'vitest';
import { LIST_SOURCES } from '../model.js';
import { listsVersionOf } from '../versions.js';
import { ListsVersionIndex } from './lists-version-index.js';
import { versionsOfListsVersion, type ServedSet } from './served-history.js';

const V = (n: number): string => n.toString(16).padStart(16, '0');
/** Eight served sets, each another: on day d list d has a version of its own; list 3 is missing the first two days. */
const sets: ServedSet[] = Array.from({ length: 8 }, (_, d) => ({
  at: new Date(Date.UTC(2031, 0, 1 + d)).toISOString(),
  versions: Object.fromEntries(LIST_SOURCES.map((s, i) => [s, i === 3 && d < 2 ? null : V(100 * i + (i === d ? d + 1 : 0))])),
}));

describe('the listsVersion index', () => {
  it('finds what the subset search finds, for every list filter of every set, and nothing for others', async () => {
    // The subset search's answers (versionsOfListsVersion: newest set first, largest subset first), every one at once.
    const expected = new Map<string, Map<string, string | null>>();
    for (const set of [...sets].reverse()) {
      const items = LIST_SOURCES.map((source) => ({ source, version: set.versions[source] ?? null }));
      for (let mask = (1 << items.length) - 1; mask > 0; mask--) {
        const chosen = items.filter((_, i) => (mask & (1 << i)) !== 0);
        const listsVersion = listsVersionOf(chosen);
        if (!expected.has(listsVersion)) expected.set(listsVersion, new Map(chosen.map((c) => [c.source, c.version])));
      }
    }
    const index = new ListsVersionIndex();
    let checked = 0;
    for (const [listsVersion, versions] of expected) {
      expect(await index.find(sets, listsVersion)).toEqual(versions);
      // Some against the subset search itself (each call hashes up to 4,095 subsets a set).
      if (checked++ % 1_000 === 0) expect(versionsOfListsVersion(sets, listsVersion)).toEqual(versions);
    }
    expect(checked).toBeGreaterThan(10_000);
    for (const bad of ['0123456789abcdef', 'ffffffffffffffff', '0000000000000000']) {
      expect(await index.find(sets, bad)).toBeNull();
      expect(versionsOfListsVersion(sets, bad)).toBeNull();
    }
  }, 60_000);

  it('hashes each set\'s subsets once, however many values are looked for', async () => {
    const index = new ListsVersionIndex();
    for (let i = 0; i < 50; i++) expect(await index.find(sets, V(0xabcdef00 + i))).toBeNull();
    expect(index.tablesMade).toBe(sets.length);
  });
});
