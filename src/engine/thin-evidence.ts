/**
 * @module A match that rests on one distinctive word written another way. A query that says one name
 * word (the rest legal forms, titles, numbers) and meets a listed name only through a spelling of that
 * word a few letters away is the weakest evidence there is: one edit in a word of four letters
 * changes a quarter of it or more, and two edits (or a phonetic key) make another word of a word under
 * seven letters. Letters that only spell one sound another way (c / k, y / j) are no edit. Real names on no US list meet listed ones exactly so ("TASS" = TBSS LLC, "Apar" = SPAR,
 * "Korsar Ltd." = KOSAR COMPANY, "Kayhan" = KAHANE, "Agregat PJSC" = AGROGATE COMPANY: the
 * cross-publisher negatives of bench/eval/cross-publisher.ts). A typo in a longer word (six letters or
 * more: the perturbation eval's typo kinds edit only those) keeps its weight.
 */
import { osaDistance } from './fuzzy-words.js';
import type { NameToken } from './normalise.js';
import { VOCABULARY } from './vocabulary.js';

/**
 * Edits a listed word of `length` letters may be away, in its transliteration-folded spelling
 * (translitFold), and still stand alone as evidence: none under five letters, one from five, two from
 * seven. Measured: none under six and two from twelve cleared three more negatives (KOSAR, XIANG,
 * AGROGATE) but lost nine name_bench typo pairs (Appel / Apple, Stripe / Strip, Sukamto / Sukarno,
 * Trafalgura / Trafigura: F1 balanced 0.9104 -> 0.9005, under its 0.91 gate).
 */
export function thinEditAllowance(length: number): number {
  return length >= 7 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * A word with the letters romanisations of one sound write differently made one (c, q, ck, ch, kh as
 * k; ph as f; w as v; y and j as i) and doubled letters written once: "Acuta" is AKUTA, "Voyentelekom"
 * VOENTELECOM, "Al Kaida" AL QA'IDA as transliterations, not other words.
 */
export function translitFold(word: string): string {
  return word.replace(/ck|ch|kh|c|q/g, 'k').replace(/ph/g, 'f').replace(/w/g, 'v').replace(/[yj]/g, 'i').replace(/([a-z])\1+/g, '$1');
}

/**
 * A token that names: not a legal form, title, particle, stop word or number; Latin letters as read.
 * (Measured: counting a common given name or surname as no name word too, "Vladimir PLIGIN" resting on
 * PLIGIN alone, lost 8 latin-person and 7 latin-entity cross-publisher spellings for 2 negatives.)
 */
function distinctive(t: NameToken): boolean {
  return !t.weak && !t.syllabic && !t.abjad && distinctiveText(t.text);
}

function distinctiveText(text: string): boolean {
  return !VOCABULARY.has(text) && !/^\d+$/.test(text);
}

/**
 * The query's one distinctive word and its position, when it has exactly one (a query of two names
 * or more says more than one word can fake). Read once per query.
 */
export function soleDistinctive(tokens: readonly NameToken[]): { token: NameToken; pos: number } | undefined {
  let found: { token: NameToken; pos: number } | undefined;
  for (let i = 0; i < tokens.length && i < 31; i++) {
    if (!distinctive(tokens[i])) continue;
    if (found) return undefined;
    found = { token: tokens[i], pos: i };
  }
  return found;
}

/**
 * Whether a match of `sole` (soleDistinctive) to list name tokens `listed` (positions `matched`, bit p =
 * token p; `queryMask`, the query positions matched) is thin: the word matched, yet no distinctive
 * listed word it met is written as it is (nor two adjacent ones joined), and the nearest, both
 * transliteration-folded, is more edits away than its length allows (thinEditAllowance).
 */
export function thinEvidence(
  sole: { token: NameToken; pos: number }, listed: readonly string[], matched: number, queryMask: number,
): boolean {
  if (((queryMask >>> sole.pos) & 1) === 0) return false;
  const spellings = sole.token.raw ? [sole.token.text, sole.token.raw] : [sole.token.text];
  const folded = spellings.map(translitFold);
  let nearest = Infinity;
  let nearestLength = 0;
  for (let p = 0; p < listed.length && p < 32; p++) {
    if (((matched >>> p) & 1) === 0 || !distinctiveText(listed[p])) continue;
    const w = listed[p];
    if (spellings.includes(w)) return false;
    if (p + 1 < listed.length && spellings.includes(w + listed[p + 1])) return false;
    const fw = translitFold(w);
    for (const s of folded) {
      const d = osaDistance(s, fw);
      if (d < nearest || (d === nearest && w.length > nearestLength)) {
        nearest = d;
        nearestLength = w.length;
      }
    }
  }
  if (nearest === Infinity) return false;
  return nearest > thinEditAllowance(nearestLength);
}
