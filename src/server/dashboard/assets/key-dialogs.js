// @ts-check
/**
 * The two dialogs of the keys page: the new token, shown once with a copy button, and the
 * confirmation before a revocation. Native <dialog>: focus moves in, Escape closes, focus returns.
 */
import { byId } from './dom.js';
import { showError, clearError } from './error-view.js';

/** @typedef {{ name: string, prefix: string, token: string }} CreatedKey */

/**
 * @param {{ onUseKey: (token: string) => void }} options
 */
export function initKeyDialogs({ onUseKey }) {
  const tokenDialog = byId('token-dialog', HTMLDialogElement);
  const tokenInput = byId('token-value', HTMLInputElement);
  const copyStatus = byId('token-copy-status', HTMLElement);
  const revokeDialog = byId('revoke-dialog', HTMLDialogElement);
  const revokeText = byId('revoke-text', HTMLElement);
  const revokeError = byId('revoke-error', HTMLElement);
  const confirmButton = byId('revoke-confirm', HTMLButtonElement);
  /** @type {(() => Promise<void>) | null} */
  let pendingRevoke = null;

  byId('token-copy', HTMLButtonElement).addEventListener('click', async () => {
    copyStatus.textContent = (await copy(tokenInput)) ? 'Copied to the clipboard.' : 'Copying failed: select the token and copy it by hand.';
  });
  // The token leaves the page as the dialog closes. The buttons clear it at once: the dialog's
  // "close" event comes a task later, after "use this key" has already moved to the console.
  const forgetToken = () => {
    tokenInput.value = '';
    copyStatus.textContent = '';
  };
  byId('token-close', HTMLButtonElement).addEventListener('click', () => {
    forgetToken();
    tokenDialog.close();
  });
  byId('token-use', HTMLButtonElement).addEventListener('click', () => {
    const token = tokenInput.value;
    forgetToken();
    tokenDialog.close();
    onUseKey(token);
  });
  // Closed any other way (Escape): the same, when the event comes.
  tokenDialog.addEventListener('close', forgetToken);

  byId('revoke-cancel', HTMLButtonElement).addEventListener('click', () => revokeDialog.close());
  confirmButton.addEventListener('click', async () => {
    if (pendingRevoke === null) return;
    confirmButton.disabled = true;
    clearError(revokeError);
    try {
      await pendingRevoke();
      revokeDialog.close();
    } catch (error) {
      showError(revokeError, error);
    } finally {
      confirmButton.disabled = false;
    }
  });
  revokeDialog.addEventListener('close', () => {
    pendingRevoke = null;
  });

  return {
    /** @param {CreatedKey} key */
    showToken(key) {
      byId('token-key-name', HTMLElement).textContent = `“${key.name}”`;
      tokenInput.value = key.token;
      copyStatus.textContent = '';
      tokenDialog.showModal();
      tokenInput.select();
    },

    /**
     * Asks first; `revoke` runs only on confirmation, and its failure is shown in the dialog.
     * @param {{ name: string, prefix: string }} key
     * @param {() => Promise<void>} revoke
     */
    confirmRevoke(key, revoke) {
      revokeText.textContent = `“${key.name}” (${key.prefix}…) will be refused by every service within 60 seconds. `
        + 'This cannot be undone.';
      clearError(revokeError);
      pendingRevoke = revoke;
      revokeDialog.showModal();
    },
  };
}

/**
 * The Clipboard API where the browser allows it (a secure context such as localhost), else the
 * older copy command on the selected text.
 * @param {HTMLInputElement} input
 * @returns {Promise<boolean>}
 */
async function copy(input) {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    input.select();
    return document.execCommand('copy');
  }
}
