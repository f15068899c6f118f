// @ts-check
/**
 * The dashboard's entry point: three views behind hash links (#keys, #screen, #lists), the
 * session status in the header, and the API key panel shared by the two service views.
 */
import { createApiKeyPanel } from './api-key-panel.js';
import { credentials, sessionInfo } from './credentials.js';
import { byId, h } from './dom.js';
import { formatDateTime } from './format.js';
import { createKeysView } from './keys-view.js';
import { createListsView } from './lists-view.js';
import { createChangesView } from './changes-view.js';
import { createScreenView } from './screen-view.js';

/** @typedef {'keys' | 'screen' | 'lists'} ViewName */
const VIEWS = /** @type {const} */ (['keys', 'screen', 'lists']);

function start() {
  const apiKeyPanel = createApiKeyPanel({ onChange: () => currentView() === 'lists' && void lists.show() });
  const keys = createKeysView({
    onSessionChange: () => renderSessionStatus(signOut),
    onUseKey: (token) => {
      apiKeyPanel.use(token);
      location.hash = '#screen';
    },
  });
  const screen = createScreenView({ needApiKey: apiKeyPanel.need });
  const lists = createListsView({ apiKey: apiKeyPanel });
  createChangesView({ apiKey: apiKeyPanel });
  const views = { keys, screen, lists };

  /** @param {boolean} moveFocus */
  function showView(moveFocus) {
    const name = currentView();
    for (const view of VIEWS) byId(`view-${view}`, HTMLElement).hidden = view !== name;
    for (const link of document.querySelectorAll('[data-nav]')) {
      if (link.getAttribute('data-nav') === name) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    apiKeyPanel.show(name !== 'keys');
    // The panel sits before the service views in the page order.
    if (name !== 'keys') byId(`view-${name}`, HTMLElement).before(byId('api-key-form', HTMLFormElement));
    if (moveFocus) byId(`${name}-title`, HTMLElement).focus();
    void views[name].show();
  }

  /** Forgets both credentials of the tab and goes back to the sign-in form. */
  function signOut() {
    credentials.clearSession();
    credentials.clearApiKey();
    renderSessionStatus(signOut);
    if (currentView() === 'keys') showView(true);
    else location.hash = '#keys';
  }

  window.addEventListener('hashchange', () => showView(true));
  renderSessionStatus(signOut);
  showView(false);
}

/** @returns {ViewName} */
function currentView() {
  const name = location.hash.slice(1);
  return /** @type {readonly string[]} */ (VIEWS).includes(name) ? /** @type {ViewName} */ (name) : 'keys';
}

/** @param {() => void} signOut */
function renderSessionStatus(signOut) {
  const holder = byId('session-status', HTMLElement);
  const token = credentials.session();
  if (token === null) {
    holder.replaceChildren(h('span', {}, 'Not signed in'));
    return;
  }
  const info = sessionInfo(token);
  const button = h('button', { type: 'button', class: 'small' }, 'Sign out');
  button.addEventListener('click', signOut);
  holder.replaceChildren(
    h('span', {}, 'Signed in', info?.subject ? ` as ${info.subject}` : '',
      info?.expiresAt ? ` · session ends ${formatDateTime(info.expiresAt.toISOString())}` : ''),
    ' ', button);
}

start();
