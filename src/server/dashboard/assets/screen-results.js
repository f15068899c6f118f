// @ts-check
/**
 * One screening answer, drawn for a reviewer: the recommended action and what the answer was
 * screened against (coverage) first, then the matches as a ranked table, one row per party
 * (party-table.js), each row opening the listed record beside the query (record-panel.js). The
 * print view of the same answer is filled at the same time (print-record.js).
 */
import { badge, h } from './dom.js';
import { formatCount, formatDateTime } from './format.js';
import { groupParties, partyTable } from './party-table.js';
import { fillPrintRecord } from './print-record.js';

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
 * @property {{ decisionId: string, decision: string, decidedAt: string, reference: string | null, lapsed: boolean }} [decision]
 */

/**
 * @typedef {object} Coverage
 * @property {'complete' | 'incomplete'} status
 * @property {{ source: string, publishedAt: string | null, publishedAtSource?: string, status: string }[]} lists
 */

/**
 * @typedef {object} ScreenAnswer
 * @property {string} requestId
 * @property {string} screenedAt
 * @property {Match[]} matches
 * @property {{ anyMatchAbove: number, recommendedAction: 'clear' | 'manual-review' | 'block', aliasesNotCompared?: number }} summary
 * @property {Coverage} [coverage] absent from servers that do not report it
 */

const ACTION_TEXT = {
  clear: 'Clear: no match at or above the review threshold',
  'manual-review': 'Manual review: at least one match at or above the review threshold',
  block: 'Block: a strong match with corroborating evidence',
};

/**
 * "Screened against 11 lists, complete" or "…, incomplete: dhs-uflpa missing, gsa-sam sample";
 * empty when the answer carries no coverage.
 * @param {Coverage | undefined} coverage
 */
export function coverageText(coverage) {
  if (!coverage || !Array.isArray(coverage.lists)) return '';
  const n = coverage.lists.length;
  const head = `Screened against ${n} ${n === 1 ? 'list' : 'lists'}, ${coverage.status}`;
  const gaps = coverage.lists.filter((l) => l.status !== 'ok').map((l) => `${l.source} ${l.status}`);
  return gaps.length > 0 ? `${head}: ${gaps.join(', ')}` : head;
}

/**
 * @param {HTMLElement} container
 * @param {ScreenAnswer} answer
 * @param {Record<string, unknown>} sent the request body, shown for reference
 * @param {{ limit: number, remaining: number, resetAt: string } | null} quota
 * @param {(party: import('./party-table.js').Party, row: HTMLElement) => void} openParty
 */
export function renderResults(container, answer, sent, quota, openParty) {
  const { summary, matches } = answer;
  const parties = groupParties(matches);
  const coverage = coverageText(answer.coverage);
  fillPrintRecord(answer, sent, coverage);
  const heading = h('h2', { tabindex: -1 },
    `Result: ${matches.length} ${matches.length === 1 ? 'match' : 'matches'}, ${parties.length} ${parties.length === 1 ? 'party' : 'parties'}`);
  const print = h('button', { type: 'button', class: 'print-button' }, 'Print case record');
  print.addEventListener('click', () => window.print());
  container.replaceChildren(
    h('div', { class: `card summary summary-${summary.recommendedAction}` },
      h('div', { class: 'card-head' }, heading, print),
      h('p', { class: 'action' }, badge(summary.recommendedAction), ' ', ACTION_TEXT[summary.recommendedAction]),
      coverage && h('p', { class: `coverage coverage-${answer.coverage?.status === 'complete' ? 'complete' : 'incomplete'}` }, coverage),
      summary.aliasesNotCompared && h('p', { class: 'coverage coverage-incomplete' },
        `The last ${summary.aliasesNotCompared} of the aliases were not compared (the work bound of one request): screen them in a request of their own.`),
      h('dl', { class: 'facts' },
        fact('Review threshold (anyMatchAbove)', summary.anyMatchAbove.toFixed(2)),
        fact('Request ID', h('code', {}, answer.requestId)),
        fact('Screened at', formatDateTime(answer.screenedAt)),
        quota && fact('Calls left this month', `${formatCount(quota.remaining)} of ${formatCount(quota.limit)}`)),
      h('details', {}, h('summary', {}, 'Request sent'), h('pre', {}, JSON.stringify(sent, null, 2)))),
    matches.length === 0
      ? h('p', { class: 'card' }, 'No list entry matched at or above the reporting floor of this fuzziness.')
      : h('div', { class: 'card' }, partyTable(parties, summary.anyMatchAbove, openParty)),
  );
  heading.focus();
}

/**
 * @param {string} term
 * @param {Node | string} value
 */
function fact(term, value) {
  return h('div', {}, h('dt', {}, term), h('dd', {}, value));
}
