/**
 * @module FNV-1a (32-bit) over character codes: the hash of the deletion-neighbourhood keys, the same
 * in the index builder, the core (assembly/search.ts) and the vocabulary filter.
 */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a of `text`'s character codes, skipping index `skip` (-1 = none): the hash of that deletion. */
export function fnvSkip(text: string, skip: number): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < text.length; i++) {
    if (i === skip) continue;
    h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME) >>> 0;
  }
  return h;
}
