/**
 * @module How Hungarian writes a foreign proper noun, read back to the spelling the lists use.
 *
 * Hungarian spells foreign names by their sound in its own orthography (the Academy's rules, A magyar
 * helyesírás szabályai, 12th edition, 2015, §§ 217-219 on names of non-Latin scripts): sz for s, s for
 * sh, cs for ch, zs for zh, and an adjective of a place takes -i ("Iszlám" Islam, "Türkisztán"
 * Turkistan, "türkisztáni" of Turkistan, "Csecsen" Chechen). A word holding sz, cs or zs is
 * evidently written so: it is read with s, ch and zh, and without the adjectival -i after a
 * consonant. The caller keeps the readings the lists know (name-matcher.ts nominativeOf).
 */

const DIGRAPHS = /sz|cs|zs/;
const LATIN_WORD = /^[a-z]+$/;

/** The readings of `word` (lower-case a-z, accents folded) as the lists would write it; empty for a word with no Hungarian digraph. */
export function hungarianReadings(word: string): string[] {
  if (!LATIN_WORD.test(word) || !DIGRAPHS.test(word)) return [];
  const read = word.replace(/sz|cs|zs/g, (d) => (d === 'sz' ? 's' : d === 'cs' ? 'ch' : 'zh'));
  const out = [read];
  if (/[^aeiouy]i$/.test(read)) out.push(read.slice(0, -1));
  return out;
}
