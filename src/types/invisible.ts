/**
 * @module Text that shows nothing. A name made only of zero-width joiners, a byte order mark,
 * combining marks, bidi or other format and control characters, or spaces has nothing to screen
 * (the engine would answer `clear`); a label made of them names nothing. Bidi controls
 * (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) reorder the text around them on screen, so
 * a label holding one shows something other than it says.
 */

/**
 * Default-ignorable code points (ZWJ, ZWNJ, BOM, soft hyphen, variation selectors, Hangul fillers,
 * tags), format and control characters, combining marks, separators and the blank Braille pattern.
 */
const INVISIBLE_ONLY = /^[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\p{Z}\s\u2800]*$/u;

const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/** True when `text` has no character that shows (the empty text included). */
export function isInvisibleOnly(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}

/** True when `text` holds a bidi embedding, override, isolate or mark. */
export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}
