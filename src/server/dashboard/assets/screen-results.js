// @ts-check
/**
 * One screening answer, drawn for a reviewer: the recommended action first, then the ranked
 * matches, each with a confidence bar, the evidence that adds up to it, and the list's freshness.
 */
import { badge, externalLink, h } from './dom.js';
import { formatAge, formatCount, formatDateTime, formatPercent, formatWeight } from './format.js';

/**
 * @typedef {object} Match
 * @property {string} listSource
 * @property {string} entryId
 * @property {string} matchedName
 * @property {number} confidence
 * @property {{ field: string, weight: number, detail?: string }[]} evidence
 * @property {string | null} listFreshness
 * @property {string} [primaryName]
 * @property {string} [nameType]
 * @property {string} [entityType]
 * @property {string[]} [programs]
 * @property {string} [sourceUrl]
 */

/**
 * @typedef {object} ScreenAnswer
 * @property {string} requestId
 * @property {string} screenedAt
 * @property {Match[]} matches
 * @property {{ anyMatchAbove: number, recommendedAction: 'clear' | 'manual-review' | 'block' }} summary
 */

const ACTION_TEXT = {
  clear: 'Clear: no match at or above the review threshold',
  'manual-review': 'Manual review: at least one match at or above the review threshold',
  block: 'Block: a strong match with corroborating evidence',
};

/**
 * @param {HTMLElement} container
 * @param {ScreenAnswer} answer
 * @param {Record<string, unknown>} sent the request body, shown for reference
 * @param {{ limit: number, remaining: number, resetAt: string } | null} quota
 */
export function renderResults(container, answer, sent, quota) {
  const { summary, matches } = answer;
  const heading = h('h2', { tabindex: -1 }, `Result: ${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`);
  container.replaceChildren(
    h('div', { class: `card summary summary-${summary.recommendedAction}` },
      heading,
      h('p', { class: 'action' }, badge(summary.recommendedAction), ' ', ACTION_TEXT[summary.recommendedAction]),
      h('dl', { class: 'facts' },
        fact('Review threshold (anyMatchAbove)', summary.anyMatchAbove.toFixed(2)),
        fact('Request ID', h('code', {}, answer.requestId)),
        fact('Screened at', formatDateTime(answer.screenedAt)),
        quota && fact('Calls left this month', `${formatCount(quota.remaining)} of ${formatCount(quota.limit)}`)),
      h('details', {}, h('summary', {}, 'Request sent'), h('pre', {}, JSON.stringify(sent, null, 2)))),
    matches.length === 0
      ? h('p', { class: 'card' }, 'No list entry matched at or above the reporting floor of this fuzziness.')
      : h('ol', { class: 'matches', 'aria-label': 'Matches, best first' },
        ...matches.map((m, i) => matchItem(m, i, summary.anyMatchAbove))),
  );
  heading.focus();
}

/**
 * @param {Match} match
 * @param {number} index
 * @param {number} threshold
 */
function matchItem(match, index, threshold) {
  const meterId = `confidence-${index}`;
  const aka = match.primaryName && match.primaryName !== match.matchedName
    ? h('p', { class: 'hint' }, `${match.nameType ?? 'alias'} of ${match.primaryName}`)
    : null;
  return h('li', { class: 'card match', 'data-entry': `${match.listSource}:${match.entryId}` },
    h('div', { class: 'match-head' },
      h('span', { class: 'rank', 'aria-hidden': 'true' }, String(index + 1)),
      h('h3', {}, match.matchedName),
      badge('list', match.listSource)),
    aka,
    h('div', { class: 'confidence' },
      h('span', { id: meterId }, 'Confidence'),
      // Below the review threshold the bar is in the "good" range, at or above it in the "bad" one.
      h('meter', { min: 0, max: 1, value: match.confidence, low: threshold, high: threshold, optimum: 0, 'aria-labelledby': meterId },
        formatPercent(match.confidence)),
      h('strong', {}, formatPercent(match.confidence))),
    h('dl', { class: 'facts' },
      fact('Entry', `${match.listSource} #${match.entryId}`),
      match.entityType && fact('Kind', match.entityType),
      match.programs && match.programs.length > 0 && fact('Programs', match.programs.join(', ')),
      fact('List freshness', `${formatDateTime(match.listFreshness)} ${match.listFreshness ? `(${formatAge(match.listFreshness)})` : ''}`),
      match.sourceUrl && fact('Source', externalLink(match.sourceUrl, 'publisher page'))),
    evidenceTable(match));
}

/** @param {Match} match */
function evidenceTable(match) {
  const total = match.evidence.reduce((sum, e) => sum + e.weight, 0);
  return h('table', { class: 'evidence' },
    h('caption', {}, 'Evidence behind the score'),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, 'Field'), h('th', { scope: 'col', class: 'num' }, 'Weight'), h('th', { scope: 'col' }, 'Detail'))),
    h('tbody', {}, ...match.evidence.map((e) => h('tr', { class: e.weight < 0 ? 'negative' : 'positive' },
      h('th', { scope: 'row' }, h('code', {}, e.field)),
      h('td', { class: 'num' }, formatWeight(e.weight)),
      h('td', {}, e.detail ?? '')))),
    h('tfoot', {}, h('tr', {},
      h('th', { scope: 'row' }, 'Confidence'), h('td', { class: 'num' }, total.toFixed(2)), h('td', {}, 'sum of the weights'))));
}

/**
 * @param {string} term
 * @param {Node | string} value
 */
function fact(term, value) {
  return h('div', {}, h('dt', {}, term), h('dd', {}, value));
}
