// @ts-check
/**
 * Which words of the query and of a listed name correspond, for highlighting only (the engine's
 * evidence is what decides): the same word after folding case, accents and punctuation, or a close
 * spelling (a shared 4-letter beginning, or one edit in words of 5+ letters).
 */
import { h } from './dom.js';

/** @param {string} text */
export const words = (text) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
  .split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');

/**
 * @param {string} a
 * @param {string} b
 */
function oneEdit(a, b) {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/**
 * @param {string} a folded word
 * @param {string} b folded word
 */
export function similarWords(a, b) {
  if (a === b) return true;
  if (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a))) return true;
  return a.length >= 5 && b.length >= 5 && oneEdit(a, b);
}

/**
 * The text with each word marked as matched (`mark.word-hit`) or not (`span.word-miss`) against
 * the other side's words; separators are kept as they are.
 * @param {string} text
 * @param {string[]} others folded words of the other side
 */
export function highlighted(text, others) {
  const parts = text.split(/([^\p{L}\p{N}]+)/u);
  return h('span', { class: 'words' }, ...parts.map((part) => {
    const [folded] = words(part);
    if (folded === undefined) return part;
    return others.some((o) => similarWords(folded, o))
      ? h('mark', { class: 'word-hit', title: 'matches a word on the other side' }, part)
      : h('span', { class: 'word-miss', title: 'no corresponding word on the other side' }, part);
  }));
}
