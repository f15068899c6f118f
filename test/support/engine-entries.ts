/**
 * @module Hand-built list entries for the engine tests, and the synthetic background they sit in.
 *
 * Token rarity is relative to the number of names indexed: among twenty names every token is
 * common and nothing can reach full confidence. So the hand-built entries sit among 20,000
 * synthetic background names (tokens like "zq1a xq9f", which resemble no real name), which gives
 * them the rarity scale of the real lists (about 42,000 names) without loading them.
 */
import { buildEngine, type Engine, type EngineSource } from '../../src/engine/index.js';
import type { Alias, ListEntry } from '../../src/lists/model.js';

export const BACKGROUND_NAMES = 20_000;

/** An SDN individual with nothing but a name; `more` overrides any field (list, kind, dates...). */
export function entry(entryId: string, name: string, more: Partial<ListEntry> = {}): ListEntry {
  return {
    listSource: 'ofac-sdn', entryId, kind: 'individual', kindInferred: false, name, aliases: [], datesOfBirth: [],
    placesOfBirth: [], nationalities: [], citizenships: [], addresses: [], identityDocuments: [], programs: ['SDGT'],
    sourceUrl: 'https://sanctionssearch.ofac.treas.gov/', ...more,
  };
}

/** Strong a.k.a.s, as most list aliases are. */
export const aka = (...names: string[]): Alias[] => names.map((name) => ({ name, type: 'aka', quality: 'strong' }));

/** Background entity number `i`: two tokens unlike any real name, on a list the tests do not select. */
export function background(i: number): ListEntry {
  const name = `zq${i.toString(36)} xq${((i * 7919) % BACKGROUND_NAMES).toString(36)}`;
  return entry(`bg${i}`, name, { listSource: 'gsa-sam', kind: 'entity', programs: [] });
}

/** An engine over `entries` plus the BACKGROUND_NAMES background entries. */
export function buildEngineWithBackground(entries: readonly ListEntry[], catalog: EngineSource['catalog'] = []): Promise<Engine> {
  const all = [...entries, ...Array.from({ length: BACKGROUND_NAMES }, (_, i) => background(i))];
  return buildEngine({ entries: all, catalog });
}
