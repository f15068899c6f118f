// @ts-check
/**
 * The screening console: every field of a screening request, sent to POST /screen with the API
 * key of this tab; the answer is drawn by screen-results.js.
 */
import { callApi, rateLimitOf } from './api.js';
import { credentials } from './credentials.js';
import { byId, h } from './dom.js';
import { clearError, localError, showError } from './error-view.js';
import { createRecordPanel } from './record-panel.js';
import { renderResults } from './screen-results.js';

const SCREEN_PATH = '/sanctions-screening/v1/screen';

/** listSource IDs of the contract, with the names people know them by. */
export const LIST_LABELS = /** @type {const} */ ({
  'ofac-sdn': 'OFAC SDN',
  'ofac-ssi': 'OFAC SSI',
  'ofac-fse': 'OFAC FSE',
  'ofac-non-sdn': 'OFAC other non-SDN',
  'bis-entity': 'BIS Entity List',
  'bis-denied': 'BIS Denied Persons',
  'bis-unverified': 'BIS Unverified',
  'bis-meu': 'BIS Military End User',
  'state-debarred': 'State ITAR Debarred',
  'state-isn': 'State Nonproliferation',
  'gsa-sam': 'SAM.gov Exclusions',
  'dhs-uflpa': 'DHS UFLPA',
});

/** Identifier types of the contract (request `identifiers[].type`). */
const IDENTIFIER_TYPES = ['passport', 'national-id', 'tax-id', 'registration-number', 'imo', 'mmsi', 'call-sign',
  'aircraft-serial', 'swift-bic', 'crypto-address', 'other'];

/**
 * @param {{ needApiKey: () => string | null }} options needApiKey answers the key, or null after
 *   asking the user for one
 */
export function createScreenView({ needApiKey }) {
  const panel = createRecordPanel({ apiKey: needApiKey });
  const form = byId('screen-form', HTMLFormElement);
  const errorRegion = byId('screen-error', HTMLElement);
  const results = byId('screen-results', HTMLElement);
  const submit = /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]'));

  byId('screen-lists', HTMLElement).append(...Object.entries(LIST_LABELS).map(([id, label]) =>
    h('label', { class: 'choice' }, h('input', { type: 'checkbox', name: 'lists', value: id }), ` ${label} `,
      h('code', { class: 'hint' }, id))));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void screen();
  });

  async function screen() {
    clearError(errorRegion, form);
    const apiKey = needApiKey();
    if (apiKey === null) return;
    const body = readRequest(form);
    if ('problem' in body) {
      showError(errorRegion, body.problem, form);
      return;
    }
    submit.disabled = true;
    results.setAttribute('aria-busy', 'true');
    try {
      const { data, headers } = await callApi('POST', SCREEN_PATH, apiKey, body.request);
      panel.close();
      renderResults(results, data, body.request, rateLimitOf(headers), (party, row) => void panel.open(party, body.request, row));
    } catch (error) {
      results.replaceChildren();
      showError(errorRegion, error, form);
    } finally {
      submit.disabled = false;
      results.removeAttribute('aria-busy');
    }
  }

  return { show: () => undefined };
}

/**
 * The request body from the form. Empty fields are left out (the server's defaults apply); the
 * rest is sent as typed, so the server's own validation names any bad field.
 * @param {HTMLFormElement} form
 * @returns {{ request: Record<string, unknown> } | { problem: Error }}
 */
function readRequest(form) {
  const text = (/** @type {string} */ name) => {
    const control = form.elements.namedItem(name);
    return control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement
      ? control.value.trim()
      : '';
  };
  /** @type {Record<string, unknown>} */
  const request = { name: text('name') };
  if (text('kind') !== '') request.kind = text('kind');
  const aliases = text('aliases').split('\n').map((a) => a.trim()).filter((a) => a !== '');
  if (aliases.length > 0) request.aliases = aliases;
  for (const field of ['dateOfBirth', 'placeOfBirth', 'nationality']) if (text(field) !== '') request[field] = text(field);
  /** @type {Record<string, string>} */
  const address = {};
  if (text('address.country') !== '') address.country = text('address.country');
  if (text('address.city') !== '') address.city = text('address.city');
  if (Object.keys(address).length > 0) request.address = address;
  const identifiers = readIdentifiers(text('identifiers'));
  if ('problem' in identifiers) return identifiers;
  if (identifiers.list.length > 0) request.identifiers = identifiers.list;
  const fuzziness = form.querySelector('input[name="fuzziness"]:checked');
  if (fuzziness instanceof HTMLInputElement) request.fuzziness = fuzziness.value;
  const lists = [...form.querySelectorAll('input[name="lists"]:checked')].map((box) => /** @type {HTMLInputElement} */ (box).value);
  if (lists.length > 0) request.lists = lists;
  for (const field of ['limit', 'threshold']) {
    const input = /** @type {HTMLInputElement} */ (form.elements.namedItem(field));
    // A number box holding letters reports an empty value; say so instead of silently dropping it.
    if (input.validity.badInput) return { problem: localError(field, 'must be a number', 'The request is invalid.') };
    if (input.value !== '') request[field] = Number(input.value);
  }
  return { request };
}

/**
 * One identifier per line, "type: value" with an optional issuing country in brackets:
 * "imo: 9187629", "passport: X1234567 (IR)".
 * @param {string} text
 * @returns {{ list: Record<string, string>[] } | { problem: Error }}
 */
function readIdentifiers(text) {
  /** @type {Record<string, string>[]} */
  const list = [];
  for (const line of text.split('\n').map((l) => l.trim()).filter((l) => l !== '')) {
    const parts = /^([a-z-]+)\s*:\s*(.+?)(?:\s*\(([A-Za-z]{2})\))?$/.exec(line);
    if (!parts || !IDENTIFIER_TYPES.includes(parts[1])) {
      return { problem: localError('identifiers', `each line must be "type: value", type one of ${IDENTIFIER_TYPES.join(', ')}`, 'The request is invalid.') };
    }
    list.push(parts[3] ? { type: parts[1], value: parts[2], country: parts[3] } : { type: parts[1], value: parts[2] });
  }
  return { list };
}
