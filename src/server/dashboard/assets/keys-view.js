// @ts-check
/**
 * The API keys page: sign in with a session token, then list, create and revoke the account's keys
 * through the identity API (/me/api-keys), and list and delete its decisions (decisions-view.js).
 */
import { ApiError, callApi } from './api.js';
import { cleanToken, credentials } from './credentials.js';
import { badge, byId, h } from './dom.js';
import { createDecisionsView } from './decisions-view.js';
import { clearError, localError, showError } from './error-view.js';
import { formatAge, formatCount, formatDate, formatDateTime } from './format.js';
import { initKeyDialogs } from './key-dialogs.js';

const KEYS_PATH = '/me/api-keys';
const SERVICE_ID = 'sanctions-screening';

/**
 * @typedef {object} KeyRecord
 * @property {string} keyId
 * @property {string} name
 * @property {string} prefix
 * @property {string[]} allowedServiceIds
 * @property {number} monthlyLimit
 * @property {string} expiresAt
 * @property {string} createdAt
 * @property {'active' | 'revoked' | 'expired'} status
 * @property {string} [revokedAt]
 * @property {{ serviceId: string, used: number, limit: number, resetAt: string }[]} [usage]
 */

/**
 * @param {{ onSessionChange: () => void, onUseKey: (token: string) => void }} options
 */
export function createKeysView({ onSessionChange, onUseKey }) {
  const signInForm = byId('sign-in-form', HTMLFormElement);
  const signInError = byId('sign-in-error', HTMLElement);
  const sessionInput = byId('session-token', HTMLInputElement);
  const panel = byId('keys-panel', HTMLElement);
  const createForm = byId('create-key-form', HTMLFormElement);
  const createError = byId('create-error', HTMLElement);
  const listError = byId('keys-error', HTMLElement);
  const status = byId('keys-status', HTMLElement);
  const tbody = byId('keys-table', HTMLTableElement).tBodies[0];
  const dialogs = initKeyDialogs({ onUseKey });
  const decisions = createDecisionsView({ session: () => credentials.session(), onUnauthorized: signedOut });

  signInForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void signIn();
  });
  createForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void create();
  });
  byId('keys-reload', HTMLButtonElement).addEventListener('click', () => void load());

  async function signIn() {
    clearError(signInError, signInForm);
    const cleaned = cleanToken(sessionInput.value);
    if (!cleaned.ok) {
      showError(signInError, localError('authorization', cleaned.issue, 'The session token cannot be used.'), signInForm);
      return;
    }
    try {
      const { data } = await callApi('GET', KEYS_PATH, cleaned.token);
      credentials.setSession(cleaned.token);
      sessionInput.value = '';
      onSessionChange();
      showPanel(true);
      render(data.data);
      await decisions.show();
    } catch (error) {
      showError(signInError, error, signInForm);
    }
  }

  /** @param {boolean} signedIn */
  function showPanel(signedIn) {
    signInForm.hidden = signedIn;
    panel.hidden = !signedIn;
  }

  async function load() {
    const session = credentials.session();
    showPanel(session !== null);
    if (session === null) return;
    clearError(listError);
    try {
      render((await callApi('GET', KEYS_PATH, session)).data.data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) signedOut(error);
      else showError(listError, error);
      return;
    }
    await decisions.show();
  }

  /**
   * An expired or replaced session: back to the sign-in form, saying why.
   * @param {unknown} error
   */
  function signedOut(error) {
    credentials.clearSession();
    onSessionChange();
    showPanel(false);
    showError(signInError, error, signInForm);
  }

  async function create() {
    clearError(createError, createForm);
    const session = credentials.session();
    if (session === null) return load();
    const limit = /** @type {HTMLInputElement} */ (createForm.elements.namedItem('monthlyLimit'));
    if (limit.validity.badInput) {
      showError(createError, localError('monthlyLimit', 'must be a whole number', 'The request is invalid.'), createForm);
      return;
    }
    try {
      const { data } = await callApi('POST', KEYS_PATH, session, createBody(createForm));
      createForm.reset();
      dialogs.showToken(data);
      status.textContent = `Key “${data.name}” created.`;
      await load();
    } catch (error) {
      showError(createError, error, createForm);
    }
  }

  /** @param {KeyRecord[]} keys */
  function render(keys) {
    tbody.replaceChildren(...keys.map(row));
    if (keys.length === 0) tbody.append(h('tr', {}, h('td', { colspan: 8 }, 'No keys yet: create one above.')));
    const active = keys.filter((k) => k.status === 'active').length;
    byId('keys-table-title', HTMLElement).textContent = `Keys of this account (${active} active of ${keys.length})`;
  }

  /** @param {KeyRecord} key */
  function row(key) {
    const revoke = key.status === 'active'
      ? h('button', { type: 'button', class: 'danger small', 'aria-label': `Revoke ${key.name}` }, 'Revoke')
      : null;
    revoke?.addEventListener('click', () => dialogs.confirmRevoke(key, () => revokeKey(key)));
    return h('tr', { 'data-key-id': key.keyId },
      h('th', { scope: 'row' }, key.name),
      h('td', {}, h('code', { class: 'prefix' }, key.prefix)),
      h('td', {}, badge(key.status), key.revokedAt && h('span', { class: 'hint block' }, formatDateTime(key.revokedAt))),
      h('td', {}, key.allowedServiceIds.join(', ')),
      h('td', {}, usageCell(key)),
      h('td', {}, formatDate(key.expiresAt), h('span', { class: 'hint block' }, formatAge(key.expiresAt))),
      h('td', {}, formatDate(key.createdAt)),
      h('td', {}, revoke),
    );
  }

  /** @param {KeyRecord} key */
  async function revokeKey(key) {
    const session = credentials.session();
    if (session === null) throw localError('authorization', 'is missing', 'Sign in again to revoke keys.');
    await callApi('DELETE', `${KEYS_PATH}/${encodeURIComponent(key.keyId)}`, session);
    status.textContent = `Key “${key.name}” revoked.`;
    await load();
    byId('keys-table-title', HTMLElement).focus();
  }

  return { show: load };
}

/**
 * The create body from the form: empty optional fields are left out, so the server's defaults apply.
 * @param {HTMLFormElement} form
 */
function createBody(form) {
  const value = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name)).value;
  /** @type {Record<string, unknown>} */
  const body = {
    name: value('name'),
    allowedServiceIds: value('allowedServiceIds').split(',').map((s) => s.trim()).filter((s) => s !== ''),
  };
  if (value('expiresAt') !== '') body.expiresAt = `${value('expiresAt')}T00:00:00Z`;
  if (value('monthlyLimit') !== '') body.monthlyLimit = Number(value('monthlyLimit'));
  return body;
}

/** @param {KeyRecord} key */
function usageCell(key) {
  const usage = key.usage?.find((u) => u.serviceId === SERVICE_ID);
  if (usage === undefined) {
    return h('span', { class: 'hint', title: `Not counted here: the key cannot call ${SERVICE_ID}` }, 'n/a');
  }
  return h('span', { class: 'usage' },
    h('meter', {
      min: 0, max: usage.limit, value: usage.used, low: usage.limit * 0.8, high: usage.limit * 0.95, optimum: 0,
      'aria-label': `Use of ${SERVICE_ID} this month`,
    }, `${usage.used} of ${usage.limit}`),
    ` ${formatCount(usage.used)} of ${formatCount(usage.limit)}`);
}
