// @ts-check
/**
 * The evidence behind one match's confidence: each compared field with its signed weight, and the
 * sum, which is the confidence.
 */
import { h } from './dom.js';
import { formatWeight } from './format.js';

/** @param {import('./screen-results.js').Match} match */
export function evidenceTable(match) {
  const total = match.evidence.reduce((sum, e) => sum + e.weight, 0);
  return h('table', { class: 'evidence' },
    h('caption', {}, `Evidence behind the score (${match.listSource} #${match.entryId})`),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, 'Field'), h('th', { scope: 'col', class: 'num' }, 'Weight'), h('th', { scope: 'col' }, 'Detail'))),
    h('tbody', {}, ...match.evidence.map((e) => h('tr', { class: e.weight < 0 ? 'negative' : 'positive' },
      h('th', { scope: 'row' }, h('code', {}, e.field)),
      h('td', { class: 'num' }, formatWeight(e.weight)),
      h('td', {}, e.detail ?? '')))),
    h('tfoot', {}, h('tr', {},
      h('th', { scope: 'row' }, 'Confidence'), h('td', { class: 'num' }, total.toFixed(2)), h('td', {}, 'sum of the weights'))));
}
