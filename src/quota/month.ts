/**
 * @module UTC month arithmetic for quotas: the counter period of an instant and when it resets.
 */

/** "YYYY-MM" of the UTC month containing `now`. */
export function periodOf(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 00:00:00.000 UTC on the first day of the month after `now`. */
export function nextMonthStart(now: Date): Date {
  // Date.UTC rolls month 12 over into January of the next year.
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Whole seconds from `now` until `later`, at least 1 so Retry-After never says "now". */
export function secondsUntil(now: Date, later: Date): number {
  return Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));
}
