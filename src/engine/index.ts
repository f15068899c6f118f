/**
 * @module Engine construction: list set -> index (typed arrays) -> WASM core -> Engine.
 * The server and the CLI use buildEngine; evaluation uses createPairScorer.
 */
import type { ListEntry, ListSource } from '../lists/model.js';
import { MatchingCore } from './core.js';
import { Engine } from './engine.js';
import { buildIndex, type BuiltIndex } from './index-builder.js';
import { MODES } from './modes.js';
import { matchName, weightFrom, type WeightOf } from './name-matcher.js';
import type { Fuzziness } from './types.js';

export { Engine } from './engine.js';
export type * from './types.js';

/** What the engine needs of a loaded list set (src/lists/catalog.ts LoadedListSet satisfies it). */
export interface EngineSource {
  entries: readonly ListEntry[];
  catalog: ReadonlyArray<{ source: ListSource; publishedAt: string | null }>;
}

/** `pause`, when given, is awaited between slices of the copy into WASM memory (see MatchingCore.load). */
export async function engineFromIndex(index: BuiltIndex, source: EngineSource, pause?: () => Promise<void>): Promise<Engine> {
  const core = await MatchingCore.load(index.arrays, pause);
  const freshness = new Map(source.catalog.map((c) => [c.source, c.publishedAt] as const));
  return new Engine(core, index, source.entries, freshness, weightFrom(index));
}

export async function buildEngine(source: EngineSource): Promise<Engine> {
  return engineFromIndex(buildIndex(source.entries), source);
}

/**
 * Scores one name against another with the engine's name scorer (for pairwise evaluation).
 * Token rarity comes from `reference` (e.g. the full snapshot's index) when given.
 */
export interface PairScorer {
  score(query: string, candidate: string, mode: Fuzziness): Promise<number>;
}

export function createPairScorer(reference?: BuiltIndex): PairScorer {
  return {
    async score(query, candidate, mode) {
      const entry: ListEntry = {
        listSource: 'ofac-sdn', entryId: '0', kind: 'entity', kindInferred: true, name: candidate, aliases: [],
        datesOfBirth: [], placesOfBirth: [], nationalities: [], citizenships: [], addresses: [],
        identityDocuments: [], programs: [], sourceUrl: '',
      };
      const index = buildIndex([entry], reference);
      const core = await MatchingCore.load(index.arrays);
      const weightOf: WeightOf = weightFrom(reference ?? index);
      const hits = matchName(core, index, query, { ...MODES[mode], accFraction: 0 }, weightOf, 0xffffffff);
      return hits.reduce((m, h) => Math.max(m, h.score), 0);
    },
  };
}
