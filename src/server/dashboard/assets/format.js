// @ts-check
/**
 * Dates, ages and numbers as the dashboard shows them: UTC everywhere (compliance records are in
 * UTC), with a relative age beside every timestamp that matters for freshness.
 */

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const counts = new Intl.NumberFormat('en-US');

/** @type {[Intl.RelativeTimeFormatUnit, number][]} */
const UNITS = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "2026-11-22 03:04 UTC"; an em dash for a missing value.
 * @param {string | null | undefined} iso
 */
export function formatDateTime(iso) {
  const date = parse(iso);
  return date === null ? '—' : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * "2026-11-22"; an em dash for a missing value.
 * @param {string | null | undefined} iso
 */
export function formatDate(iso) {
  const date = parse(iso);
  return date === null ? '—' : date.toISOString().slice(0, 10);
}

/**
 * "3 days ago", "in 11 months", "now"; empty for a missing value.
 * @param {string | null | undefined} iso
 * @param {Date} [now]
 */
export function formatAge(iso, now = new Date()) {
  const date = parse(iso);
  if (date === null) return '';
  const delta = date.getTime() - now.getTime();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(delta) >= ms) return relative.format(Math.trunc(delta / ms), unit);
  }
  return 'just now';
}

/** @param {number} value 0..1 */
export const formatPercent = (value) => `${Math.round(value * 100)}%`;

/**
 * A signed weight with two decimals and a real minus sign: "+0.90", "−0.15".
 * @param {number} weight
 */
export function formatWeight(weight) {
  const text = Math.abs(weight).toFixed(2);
  if (Number(text) === 0) return `±${text}`;
  return weight < 0 ? `\u2212${text}` : `+${text}`;
}

/** @param {number} value */
export const formatCount = (value) => counts.format(value);

/**
 * @param {string | null | undefined} iso
 * @returns {Date | null}
 */
function parse(iso) {
  if (typeof iso !== 'string') return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}
