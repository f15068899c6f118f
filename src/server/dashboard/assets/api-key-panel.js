// @ts-check
/**
 * The API key of this tab for service calls (screening console, lists), shown above those pages:
 * a field to paste it, or its first 16 characters and a button to forget it.
 */
import { API_KEY_PATTERN, cleanToken, credentials } from './credentials.js';
import { byId } from './dom.js';
import { clearError, localError, showError } from './error-view.js';

/**
 * @param {{ onChange: () => void }} options called after a key is set or forgotten
 */
export function createApiKeyPanel({ onChange }) {
  const form = byId('api-key-form', HTMLFormElement);
  const input = byId('api-key', HTMLInputElement);
  const errorRegion = byId('api-key-error', HTMLElement);
  const current = byId('api-key-current', HTMLElement);
  const entry = byId('api-key-entry', HTMLElement);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearError(errorRegion, form);
    const cleaned = cleanToken(input.value);
    if (!cleaned.ok) {
      showError(errorRegion, localError('authorization', cleaned.issue, 'The API key cannot be used.'), form);
      return;
    }
    // A session JWT pasted here is the usual slip; the server would only say "invalid".
    if (!API_KEY_PATTERN.test(cleaned.token)) {
      showError(errorRegion, localError('authorization', 'must be svc_live_ followed by 52 characters A-Z and 2-7',
        'This is not an API key (session tokens go on the API keys page).'), form);
      return;
    }
    use(cleaned.token);
  });
  byId('api-key-forget', HTMLButtonElement).addEventListener('click', () => {
    credentials.clearApiKey();
    refresh();
    onChange();
    input.focus();
  });

  /** @param {string} token */
  function use(token) {
    credentials.setApiKey(token);
    input.value = '';
    refresh();
    onChange();
  }

  function refresh() {
    const key = credentials.apiKey();
    current.hidden = key === null;
    entry.hidden = key !== null;
    byId('api-key-prefix', HTMLElement).textContent = key === null ? '' : `${key.slice(0, 16)}…`;
  }

  return {
    /** @param {boolean} visible */
    show(visible) {
      form.hidden = !visible;
      refresh();
    },
    use,
    /** The key, or null. */
    current: () => credentials.apiKey(),
    /** The key, or null after pointing the user at the field. */
    need() {
      const key = credentials.apiKey();
      if (key !== null) return key;
      clearError(errorRegion, form);
      showError(errorRegion, localError('authorization', 'is missing', 'Paste an API key first.'), form);
      input.focus();
      return null;
    },
  };
}
