/**
 * @module The collapse guard shared by `lists update` (a download against the copy in LISTS_DIR)
 * and the server's refresh (a reload against the copy being served): a list that loses more than
 * LISTS_MAX_COLLAPSE of its entries is far more often a cut or half-published file than a real
 * delisting, and installing it would silently clear the parties it dropped.
 */
import type { ListSource } from './model.js';

export const DEFAULT_MAX_COLLAPSE = 0.5;

/** Why `now` entries may not replace `old` ones, or null when the drop is within `maxCollapse` (0..1). */
export function collapseReason(source: ListSource, old: number, now: number, maxCollapse: number): string | null {
  if (!(old > 0 && now < old * (1 - maxCollapse))) return null;
  const percent = Math.round(maxCollapse * 100);
  return `${source} would fall from ${old} to ${now} entries (more than ${percent}% fewer)`;
}
