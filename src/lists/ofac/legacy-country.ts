/**
 * @module Country texts of the legacy files -> alpha-2, memoised.
 *
 * Why: toAlpha2 falls back to i18n-iso-countries' name search, which costs about 100 ms per load of
 * the SDN set (50,000 lookups of some 250 distinct texts: "Russia", "Iran", "Korea, North"...).
 * The texts repeat, so each is resolved once per process.
 */
import { toAlpha2 } from '../countries.js';

const CACHE = new Map<string, string | undefined>();
/** Bound the memo: country texts are few, but remarks can carry free text in a country position. */
const MAX_CACHED = 5000;

export function legacyCountry(text: string): string | undefined {
  if (CACHE.has(text)) return CACHE.get(text);
  const found: unknown = toAlpha2(text);
  // toAlpha2 looks names up in a plain object, so "constructor" would come back as a function.
  const code = typeof found === 'string' && /^[A-Z]{2}$/.test(found) ? found : undefined;
  if (CACHE.size < MAX_CACHED) CACHE.set(text, code);
  return code;
}
