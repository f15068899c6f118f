/**
 * @module The costliest batch slot found from outside (issue 28): a name and twenty aliases of common
 * Arabic and Persian name words in rotation, each alias twelve words, the name cycled to 300
 * characters. Each such slot cost 5-16 ms of a serving thread (the Arabic-script readings walk every
 * index token sharing a short consonant skeleton); used by the two-worker fairness test and bench.
 */
import { ALIASES_MAX, BATCH_MAX, NAME_MAX } from './adversarial.js';

/** Common given and family name words, Arabic and Persian spellings. */
export const ARABIC_SCRIPT_WORDS = [
  'محمد', 'علی', 'حسین', 'حسن', 'احمد', 'عبدالله', 'رضا', 'مهدی', 'عباس', 'ابراهیم', 'یوسف', 'مصطفی',
  'خالد', 'عمر', 'سعید', 'جعفر', 'کریم', 'رحمان', 'فاطمه', 'زهرا', 'مریم', 'نصرالله', 'الهاشمی', 'زاده',
];

/** `count` words from ARABIC_SCRIPT_WORDS starting at `start`, in rotation. */
function words(start: number, count: number): string {
  return Array.from({ length: count }, (_, i) => ARABIC_SCRIPT_WORDS[(start + i) % ARABIC_SCRIPT_WORDS.length]).join(' ');
}

/** The words in rotation up to `max` code points. */
function cycled(start: number, max = NAME_MAX): string {
  let out = '';
  for (let i = start; ; i++) {
    const next = (out ? ' ' : '') + ARABIC_SCRIPT_WORDS[i % ARABIC_SCRIPT_WORDS.length];
    if ([...out].length + [...next].length > max) return out;
    out += next;
  }
}

/** A screening request body as the HTTP API takes it. */
export interface CostlyBody {
  name: string;
  aliases: string[];
}

/** One costly request; `variant` shifts the rotation so that slots differ. */
export function costlyArabicRequest(variant = 0): CostlyBody {
  return {
    name: cycled(variant),
    aliases: Array.from({ length: ALIASES_MAX }, (_, k) => words(variant + 3 * k + 1, 12)),
  };
}

/** A batch of `size` costly slots (BATCH_MAX by default), all different. */
export function costlyArabicBatch(size = BATCH_MAX): CostlyBody[] {
  return Array.from({ length: size }, (_, i) => costlyArabicRequest(i));
}
