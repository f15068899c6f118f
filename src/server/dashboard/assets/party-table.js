// @ts-check
/**
 * The ranked matches as a compact table, one row per party: the same party listed on several lists
 * (an OFAC entry on SDN and SSI, a company on OFAC and the BIS Entity List) is one row naming every
 * list, ranked by its best confidence. A row opens the listed record beside the query (record-panel.js);
 * rows are reached with Tab or the arrow keys and opened with Enter or Space.
 */
import { badge, h } from './dom.js';
import { formatPercent } from './format.js';

/** @typedef {import('./screen-results.js').Match} Match */

/**
 * @typedef {object} Party
 * @property {string} key
 * @property {Match[]} matches the party's matches, best first
 */

/**
 * Same party: the same primary name (case, accents and punctuation aside) and kind. Matches come
 * ranked, so each party's first match is its best and parties keep the ranking.
 * @param {Match[]} matches
 * @returns {Party[]}
 */
export function groupParties(matches) {
  /** @type {Map<string, Party>} */
  const parties = new Map();
  for (const match of matches) {
    const key = `${foldName(match.primaryName ?? match.matchedName)}|${match.entityType ?? ''}`;
    const party = parties.get(key);
    if (party) party.matches.push(match);
    else parties.set(key, { key, matches: [match] });
  }
  return [...parties.values()];
}

/** @param {string} name */
export function foldName(name) {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
    .split(' ').sort().join(' ');
}

/**
 * @param {Party[]} parties
 * @param {number} threshold the review threshold (colours the confidence bar)
 * @param {(party: Party, row: HTMLTableRowElement) => void} open
 */
export function partyTable(parties, threshold, open) {
  const rows = parties.map((party, i) => partyRow(party, i, threshold, open));
  const tbody = h('tbody', {}, ...rows);
  tbody.addEventListener('keydown', (event) => {
    const row = /** @type {HTMLElement} */ (event.target).closest('tr');
    if (!(row instanceof HTMLTableRowElement)) return;
    const at = rows.indexOf(row);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      rows[Math.max(0, Math.min(rows.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))].focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(parties[at], row);
    }
  });
  return h('div', { class: 'table-wrap' }, h('table', { class: 'results', 'aria-describedby': 'results-help' },
    h('caption', {}, `Matches by party, best first (${parties.length})`),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', class: 'num' }, '#'), h('th', { scope: 'col' }, 'Listed name'), h('th', { scope: 'col' }, 'Lists'),
      h('th', { scope: 'col' }, 'Kind'), h('th', { scope: 'col' }, 'Confidence'), h('th', { scope: 'col' }, 'Programs'))),
    tbody),
  h('p', { class: 'hint', id: 'results-help' }, 'Select a row (click, or arrow keys and Enter) to see the record as listed beside your query.'));
}

/**
 * @param {Party} party
 * @param {number} index
 * @param {number} threshold
 * @param {(party: Party, row: HTMLTableRowElement) => void} open
 */
function partyRow(party, index, threshold, open) {
  const best = party.matches[0];
  const programs = [...new Set(party.matches.flatMap((m) => m.programs ?? []))];
  const alias = best.primaryName && best.primaryName !== best.matchedName ? h('span', { class: 'hint block' }, `${best.nameType ?? 'alias'} of ${best.primaryName}`) : null;
  const row = h('tr', {
    class: 'party', tabindex: 0, 'data-party': party.key, 'data-entry': `${best.listSource}:${best.entryId}`,
    'aria-label': `${best.matchedName}, ${formatPercent(best.confidence)}, on ${party.matches.map((m) => m.listSource).join(', ')}`,
  },
  h('td', { class: 'num rank-cell' }, String(index + 1)),
  h('th', { scope: 'row' }, h('span', { class: 'party-name' }, best.matchedName), alias),
  h('td', { class: 'lists-cell' }, ...party.matches.map((m) => badge('list', m.listSource))),
  h('td', {}, best.entityType ?? ''),
  h('td', { class: 'confidence-cell' },
    h('meter', { min: 0, max: 1, value: best.confidence, low: threshold, high: threshold, optimum: 0, 'aria-hidden': 'true' }),
    h('strong', {}, formatPercent(best.confidence))),
  h('td', {}, programs.join(', ')));
  row.addEventListener('click', () => open(party, row));
  return row;
}
