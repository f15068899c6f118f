// @ts-check
/**
 * The key page's decisions: the account's decisions on matches, newest first, a page at a time
 * ("Show more" asks for the next page after the last one shown), each deletable. Signed in with the
 * session token like the key list, through GET and DELETE /me/decisions (the service's
 * /decisions routes take an API key). A decision shows no subject: the server keeps only its HMAC.
 */
import { callApi } from './api.js';
import { byId, h } from './dom.js';
import { clearError, showError } from './error-view.js';
import { formatDate, formatDateTime } from './format.js';

const DECISIONS_PATH = '/me/decisions';
/** Decisions per page (the server allows up to 100). */
export const DECISIONS_PAGE = 20;

/**
 * @typedef {object} DecisionRecord
 * @property {string} decisionId
 * @property {string} listSource
 * @property {string} entryId
 * @property {'false-positive' | 'true-match'} decision
 * @property {string | null} reference
 * @property {string} decidedAt
 * @property {string} expiresAt
 * @property {string} keyId
 */

/**
 * @param {{ session: () => string | null, onUnauthorized: (error: unknown) => void }} options
 */
export function createDecisionsView({ session, onUnauthorized }) {
  const tbody = byId('decisions-table', HTMLTableElement).tBodies[0];
  const more = byId('decisions-more', HTMLButtonElement);
  const status = byId('decisions-status', HTMLElement);
  const errorRegion = byId('decisions-error', HTMLElement);
  /** @type {DecisionRecord[]} */
  let shown = [];

  more.addEventListener('click', () => void load(true));
  byId('decisions-reload', HTMLButtonElement).addEventListener('click', () => void load(false));

  /** @param {boolean} next the page after those shown, else the first page again */
  async function load(next) {
    const token = session();
    if (token === null) return;
    clearError(errorRegion);
    const after = next && shown.length > 0 ? `&startingAfter=${encodeURIComponent(shown[shown.length - 1].decisionId)}` : '';
    try {
      const { data } = await callApi('GET', `${DECISIONS_PATH}?limit=${DECISIONS_PAGE}${after}`, token);
      shown = next ? [...shown, ...data.data] : data.data;
      render(data.hasMore);
    } catch (error) {
      fail(error);
    }
  }

  /** @param {boolean} hasMore */
  function render(hasMore) {
    tbody.replaceChildren(...shown.map(row));
    if (shown.length === 0) tbody.append(h('tr', {}, h('td', { colspan: 7 }, 'No decisions yet: they are recorded from the screening side panel.')));
    more.hidden = !hasMore;
    byId('decisions-table-title', HTMLElement).textContent = `Decisions on matches (${shown.length}${hasMore ? '+' : ''})`;
  }

  /** @param {DecisionRecord} d */
  function row(d) {
    const label = d.reference ?? d.decisionId;
    const remove = h('button', { type: 'button', class: 'danger small', 'aria-label': `Delete decision ${label}` }, 'Delete');
    remove.addEventListener('click', () => void deleteDecision(d));
    return h('tr', { 'data-decision-id': d.decisionId },
      h('td', {}, formatDateTime(d.decidedAt)),
      h('td', {}, d.decision === 'false-positive' ? 'False positive' : 'Confirmed match'),
      h('td', {}, d.listSource),
      h('td', {}, h('code', {}, d.entryId)),
      h('td', {}, d.reference ?? h('span', { class: 'hint' }, 'none')),
      h('td', {}, formatDate(d.expiresAt)),
      h('td', {}, remove),
    );
  }

  /** @param {DecisionRecord} d */
  async function deleteDecision(d) {
    const token = session();
    if (token === null) return;
    clearError(errorRegion);
    try {
      await callApi('DELETE', `${DECISIONS_PATH}/${encodeURIComponent(d.decisionId)}`, token);
      shown = shown.filter((s) => s.decisionId !== d.decisionId);
      tbody.querySelector(`tr[data-decision-id="${d.decisionId}"]`)?.remove();
      status.textContent = `Decision ${d.reference ? `“${d.reference}” ` : ''}deleted: later screenings show that match undecided.`;
    } catch (error) {
      fail(error);
    }
  }

  /** @param {unknown} error */
  function fail(error) {
    if (error instanceof Error && /** @type {any} */ (error).status === 401) onUnauthorized(error);
    else showError(errorRegion, error);
  }

  return { show: () => load(false) };
}
