// @ts-check
/**
 * A match's decision in the side panel: the decision already recorded for this subject (and whether
 * it lapsed because the entry changed), and "Mark false positive" / "Confirm match" with a case
 * reference, which POST /sanctions-screening/v1/decisions with the subject as screened. The server
 * keeps only an HMAC of the subject; the reference is a case ID, never free text.
 */
import { callApi } from './api.js';
import { h } from './dom.js';
import { showError } from './error-view.js';
import { formatDateTime } from './format.js';

const DECISIONS_PATH = '/sanctions-screening/v1/decisions';
const REFERENCE = '^[A-Za-z0-9._:\\-]{1,64}$';

/**
 * @param {{ decision: string, decidedAt: string, reference: string | null, lapsed: boolean } | undefined} decision
 */
export function decisionText(decision) {
  if (decision === undefined) return 'No decision recorded';
  const what = decision.decision === 'false-positive' ? 'False positive' : 'Confirmed match';
  const ref = decision.reference ? `, case ${decision.reference}` : '';
  return `${what}, decided ${formatDateTime(decision.decidedAt)}${ref}${decision.lapsed ? ' — lapsed: the entry changed since, review again' : ''}`;
}

/**
 * @param {import('./screen-results.js').Match} match
 * @param {Record<string, any>} query the request as sent
 * @param {() => string | null} apiKey
 */
export function decisionForm(match, query, apiKey) {
  const status = h('p', { class: 'decision-status', role: 'status' }, decisionText(match.decision));
  const reference = /** @type {HTMLInputElement} */ (h('input', { type: 'text', name: 'reference', pattern: REFERENCE, maxlength: '64', placeholder: 'CASE-123', 'aria-label': 'Case reference' }));
  const errors = h('div', { class: 'decision-errors' });
  /** @param {'false-positive' | 'true-match'} decision */
  const decide = async (decision) => {
    const key = apiKey();
    if (key === null) return;
    errors.replaceChildren();
    /** @type {Record<string, any>} */
    const subject = { name: query.name };
    for (const field of ['kind', 'dateOfBirth', 'nationality']) if (query[field]) subject[field] = query[field];
    const body = { subject, listSource: match.listSource, entryId: match.entryId, decision, ...(reference.value.trim() && { reference: reference.value.trim() }) };
    try {
      const { data } = await callApi('POST', DECISIONS_PATH, key, body);
      status.textContent = `Recorded: ${decisionText({ ...data, lapsed: false })}`;
    } catch (error) {
      showError(errors, error);
    }
  };
  const button = (/** @type {'false-positive' | 'true-match'} */ decision, /** @type {string} */ label) => {
    const b = h('button', { type: 'button', class: `decision-${decision}` }, label);
    b.addEventListener('click', () => void decide(decision));
    return b;
  };
  return h('div', { class: 'decision', 'data-entry': `${match.listSource}:${match.entryId}` },
    status,
    h('label', {}, 'Case reference ', reference),
    button('false-positive', 'Mark false positive'), ' ', button('true-match', 'Confirm match'),
    errors);
}
