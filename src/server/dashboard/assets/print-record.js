// @ts-check
/**
 * The print view of one screening, for the case file: what was asked (every request field), what
 * was answered (action, threshold, every match with its evidence), what it was screened against
 * (coverage) and the requestId that finds its audit record. It lives in #print-record, which only
 * print media show (dashboard.css), so "Print" or "Save as PDF" gives this page alone.
 */
import { byId, h } from './dom.js';
import { decisionText } from './decision-form.js';
import { evidenceTable } from './evidence-table.js';
import { formatDateTime, formatPercent } from './format.js';

/** @typedef {import('./screen-results.js').ScreenAnswer} ScreenAnswer */

/**
 * @param {ScreenAnswer} answer
 * @param {Record<string, unknown>} sent
 * @param {string} coverageText
 */
export function fillPrintRecord(answer, sent, coverageText) {
  const { summary, matches } = answer;
  byId('print-record', HTMLElement).replaceChildren(
    h('h1', {}, 'Restricted-party screening record'),
    h('dl', { class: 'print-facts' },
      ...pair('Request ID', answer.requestId),
      ...pair('Screened at', formatDateTime(answer.screenedAt)),
      ...pair('Recommended action', summary.recommendedAction),
      ...pair('Review threshold', summary.anyMatchAbove.toFixed(2)),
      ...(summary.aliasesNotCompared ? pair('Aliases not compared', `the last ${summary.aliasesNotCompared} (work bound)`) : []),
      ...pair('Coverage', coverageText || 'not reported by the server'),
      ...pair('Printed at', formatDateTime(new Date().toISOString()))),
    h('h2', {}, 'Request'),
    h('table', { class: 'print-request' }, h('tbody', {}, ...requestRows(sent))),
    coverageTable(answer),
    h('h2', {}, `Matches (${matches.length})`),
    matches.length === 0
      ? h('p', {}, 'No list entry matched at or above the reporting floor.')
      : h('ol', { class: 'print-matches' }, ...matches.map((m) => h('li', {},
        h('p', {}, h('strong', {}, m.matchedName), ` — ${m.listSource} #${m.entryId}, ${m.entityType ?? ''}, confidence ${formatPercent(m.confidence)}`
          + (m.primaryName && m.primaryName !== m.matchedName ? ` (${m.nameType ?? 'alias'} of ${m.primaryName})` : '')
          + `; list published ${formatDateTime(m.listFreshness)}`),
        ...(m.decision ? [h('p', { class: 'print-decision' }, `Decision: ${decisionText(m.decision)} (decision ${m.decision.decisionId})`)] : []),
        evidenceTable(m)))),
    h('p', { class: 'print-foot' }, `The audit record of this screening: GET /sanctions-screening/v1/audit/${answer.requestId} (kept 30 days).`));
}

/**
 * @param {string} term
 * @param {string} value
 */
function pair(term, value) {
  return [h('dt', {}, term), h('dd', {}, value)];
}

/** @param {Record<string, unknown>} sent */
function requestRows(sent) {
  return Object.entries(sent).map(([field, value]) => h('tr', {},
    h('th', { scope: 'row' }, field),
    h('td', {}, typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value))));
}

/** @param {ScreenAnswer} answer */
function coverageTable(answer) {
  const lists = answer.coverage?.lists ?? [];
  if (lists.length === 0) return '';
  return h('table', { class: 'print-coverage' },
    h('caption', {}, 'Lists screened against'),
    h('thead', {}, h('tr', {}, ...['List', 'Status', 'Published', 'Date source'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, ...lists.map((l) => h('tr', {},
      h('td', {}, l.source), h('td', {}, l.status), h('td', {}, formatDateTime(l.publishedAt)), h('td', {}, l.publishedAtSource ?? '')))));
}
