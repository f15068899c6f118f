import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { engineFromIndex } from '../../engine/index.js';
import { buildIndex } from '../../engine/index-builder.js';
import { DEFAULT_SAMPLE_DIR, loadListSet } from '../../lists/catalog.js';
import { packLists, unpackLists } from './lists-payload.js';
import { pack, shared, unpack, type Packed } from '../../engine/sliced-transfer.js';

describe('sliced transfer', () => {
  it('rebuilds the sample list set and its index exactly, typed arrays on shared memory', async () => {
    const set = await loadListSet({ dir: '/nonexistent-lists-dir', sampleDir: DEFAULT_SAMPLE_DIR });
    const index = buildIndex(set.entries);
    const sent = packLists(set, index, { seq: 1, loadMs: 0, buildMs: 0 });
    const payload = structuredClone({ packed: { header: sent.header, blob: shared(sent.blob) }, stats: sent.stats });
    const out = await unpackLists(payload, { budgetMs: 4, restMs: 1 });
    expect(out.entries).toEqual(set.entries);
    expect(out.catalog).toEqual(set.catalog);
    expect(out.index.names).toEqual(index.names);
    expect(out.index.tokens).toEqual(index.tokens);
    expect(out.index.skeletons).toEqual(index.skeletons);
    expect(out.index.strictKeys).toEqual(index.strictKeys);
    expect(out.index.groups).toEqual(index.groups);
    expect(out.index.surnames).toEqual(index.surnames);
    expect(out.index.firstGiven).toEqual(index.firstGiven);
    expect(out.index.leadingGiven).toEqual(index.leadingGiven);
    expect(out.index.givenInitials).toEqual(index.givenInitials);
    expect([...out.index.nameFlags]).toEqual([...index.nameFlags]);
    expect(out.index.lookup.byId).toEqual(index.lookup.byId);
    expect(out.index.lookup.identifiers).toEqual(index.lookup.identifiers);
    expect(out.index.lookup.identifiers.size).toBeGreaterThan(0);
    expect(out.index.unseenWeight).toBe(index.unseenWeight);
    expect([...out.index.df]).toEqual([...index.df]);
    expect([...out.index.arrays.postList]).toEqual([...index.arrays.postList]);
    expect(out.index.arrays.unitW).toBeInstanceOf(Float32Array);
    expect(out.index.arrays.unitW.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(out.index.arrays.unitW.byteOffset % 8).toBe(0);
    expect(payload.stats).toMatchObject({ seq: 1, entries: set.entries.length, sample: true });
    // A serving thread finds an entry by ID, and entries by identifier, on the lazily decoded entries.
    const engine = await engineFromIndex(out.index, out);
    expect(engine.entry('ofac-ssi', '17013')?.name).toBe('VTB BANK PUBLIC JOINT STOCK COMPANY');
    expect(engine.entry('ofac-ssi', '999999999')).toBeNull();
    const renamed = engine.screen({ name: 'Quentin Marblewhisk', identifiers: [{ type: 'swift-bic', value: 'vtbr rumm' }] });
    expect(renamed.matches.map((m) => `${m.listSource}:${m.entryId}`)).toEqual(['ofac-sdn:17013', 'ofac-ssi:17013', 'ofac-non-sdn:17013']);
    expect(payload.stats.bytes).toBeGreaterThan(0);
  });

  it('yields to the event loop between slices of a large section', async () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `entry ${i}`, tags: ['a', 'b', String(i)] }));
    const { header, blob } = pack({ items, lookup: new Map(items.map((x) => [x.name, x.id])) });
    const packed: Packed = structuredClone({ header, blob: shared(blob) });
    let turns = 0;
    let running = true;
    const ticker = (async () => {
      while (running) {
        await nextTurn();
        turns++;
      }
    })();
    const out = (await unpack(packed, { budgetMs: 1 })) as { items: typeof items; lookup: Map<string, number> };
    running = false;
    await ticker;
    expect(out.items).toEqual(items);
    expect(out.lookup.get('entry 19999')).toBe(19_999);
    expect(turns).toBeGreaterThan(2);
  });

  it('refuses what it cannot rebuild exactly, naming where it is', () => {
    expect(() => pack({ a: { b: new Set([1]) } })).toThrow('cannot transfer an instance of Set at $.a.b');
    expect(() => pack({ f: () => 1 })).toThrow('cannot transfer a function at $.f');
  });
});
