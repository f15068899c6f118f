import { describe, expect, it } from 'vitest';
import { readOfacClassicXml } from './ofac/classic-xml.js';
import { readOfacLegacySet } from './ofac/legacy-csv.js';
import type { ListEntry } from './model.js';
import { canonicalJson, entryContent, entryContentHash, listVersion } from './versions.js';
import { HAS_SHARED, sharedPath } from '../../test/support/shared.js';

// Resolved from the project, not the working directory; the real-file case is skipped only when ../shared is absent.
const NON_SDN = sharedPath('data/lists/ofac_non_sdn');

const entry = (over: Partial<ListEntry> = {}): ListEntry => ({
  listSource: 'ofac-sdn', entryId: '306', kind: 'entity', kindInferred: false, name: 'BANCO NACIONAL DE CUBA',
  aliases: [{ name: 'BNC', type: 'aka', quality: 'strong' }, { name: 'NATIONAL BANK OF CUBA', type: 'aka', quality: 'strong' }],
  datesOfBirth: [], placesOfBirth: [], nationalities: [], citizenships: [],
  addresses: [{ street: 'Dir. Cuba', city: 'Havana', country: 'CU' }], identityDocuments: [], programs: ['CUBA'],
  sourceUrl: 'https://sanctionssearch.ofac.treas.gov/', ...over,
});

describe('list versions', () => {
  it('do not depend on the order of entries nor of an entry\'s unordered fields', () => {
    const a = entry();
    const b = entry({ aliases: [...a.aliases].reverse(), programs: ['CUBA'] });
    expect(entryContentHash(a)).toBe(entryContentHash(b));
    const other = entry({ entryId: '307', name: 'OTHER' });
    expect(listVersion([a, other])).toBe(listVersion([other, b]));
    expect(listVersion([a])).toMatch(/^[0-9a-f]{16}$/);
  });

  it('change with any content field of any entry', () => {
    const base = entryContentHash(entry());
    const changes: Partial<ListEntry>[] = [
      { name: 'BANCO NACIONAL DE CUBA.' }, { kind: 'individual' }, { programs: ['CUBA', 'SDGT'] },
      { aliases: [{ name: 'BNC', type: 'fka', quality: 'strong' }] }, { nationalities: ['CU'] },
      { addresses: [{ street: 'Dir. Cuba', city: 'Havana', country: 'CU', postalCode: '10400' }] },
      { identityDocuments: [{ type: 'SWIFT/BIC', number: 'BNCUCUHH' }] }, { title: 'Bank' }, { gender: 'male' },
    ];
    for (const change of changes) expect(entryContentHash(entry(change)), JSON.stringify(change)).not.toBe(base);
    expect(listVersion([entry()])).not.toBe(listVersion([entry({ name: 'X' })]));
  });

  it.skipIf(!HAS_SHARED)('give the same content from OFAC\'s legacy CSVs and its XML the same hash (real files, 2024-05 XML vs 2025-12 CSV)', async () => {
    const xml = await readOfacClassicXml(`${NON_SDN}/2024-05-06_xml/consolidated.xml`);
    const dir = `${NON_SDN}/2025-12-19`;
    const csv = await readOfacLegacySet({ family: 'cons', primary: `${dir}/cons_prim.csv`, add: `${dir}/cons_add.csv`, alt: `${dir}/cons_alt.csv`, comments: `${dir}/cons_comments.csv` });
    const byId = new Map(csv.entries.map((e) => [e.entryId, e]));
    let shared = 0;
    let same = 0;
    const differing = new Set<string>();
    for (const x of xml.entries) {
      const c = byId.get(x.entryId);
      if (c === undefined) continue;
      shared++;
      if (entryContentHash(x) === entryContentHash(c)) {
        same++;
        continue;
      }
      const a = entryContent(x) as Record<string, unknown>;
      const b = entryContent(c) as Record<string, unknown>;
      for (const k of Object.keys(a)) if (canonicalJson(a[k]) !== canonicalJson(b[k])) differing.add(k);
    }
    // 19 months apart, most records are unchanged: they must hash alike although the formats differ
    // (remarks text vs structured features, field order, city vs state). The rest changed for real
    // (renamed, aliases, documents and addresses added), never in a field the formats merely write differently.
    expect(shared).toBeGreaterThan(500);
    expect(same).toBeGreaterThanOrEqual(400);
    expect([...differing].sort()).toEqual(['addresses', 'aliases', 'identityDocuments', 'name', 'programs']);
  });
});
