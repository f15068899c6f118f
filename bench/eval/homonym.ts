/**
 * @module Homonyms: a negative whose words, transliterated, are exactly a listed name's, every word
 * counted (titles, particles and legal forms too: "Al Green" is no homonym of GREEN INDUSTRIES, whose
 * strict key drops the weak words of both). No name screening may clear a homonym, so the evaluation
 * counts them apart from the false positives they would otherwise inflate.
 */
import type { Engine } from '../../src/engine/index.js';
import { normaliseName } from '../../src/engine/normalise.js';

/** A name's words as the engine reads them, weak ones included, in sorted order. */
export function homonymKey(name: string): string {
  return normaliseName(name).map((t) => t.text).sort().join(' ');
}

/** The homonym keys of every listed name that is not a weak alias. */
export function listedHomonymKeys(engine: Engine): Set<string> {
  const keys = new Set<string>();
  for (const n of engine.index.names) if (!n.weak) keys.add(homonymKey(n.text));
  return keys;
}
