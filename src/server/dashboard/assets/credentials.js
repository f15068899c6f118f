// @ts-check
/**
 * The two credentials the dashboard holds: the session token (identity API) and an API key
 * (service API). Both live in sessionStorage only: gone when the tab closes, never sent anywhere
 * but this origin's Authorization header, never written to the console.
 */

const SESSION_SLOT = 'rps.dashboard.sessionToken';
const API_KEY_SLOT = 'rps.dashboard.apiKey';

/** The token format of the contract: svc_live_ + 52 base32 characters. */
export const API_KEY_PATTERN = /^svc_live_[A-Z2-7]{52}$/;

export const credentials = {
  /** @returns {string | null} */
  session: () => sessionStorage.getItem(SESSION_SLOT),
  /** @param {string} token */
  setSession: (token) => sessionStorage.setItem(SESSION_SLOT, token),
  clearSession: () => sessionStorage.removeItem(SESSION_SLOT),
  /** @returns {string | null} */
  apiKey: () => sessionStorage.getItem(API_KEY_SLOT),
  /** @param {string} token */
  setApiKey: (token) => sessionStorage.setItem(API_KEY_SLOT, token),
  clearApiKey: () => sessionStorage.removeItem(API_KEY_SLOT),
};

/**
 * A pasted token without surrounding blanks or a "Bearer " prefix, or why it cannot be sent
 * (a header value must be visible ASCII).
 * @param {string} raw
 * @returns {{ ok: true, token: string } | { ok: false, issue: string }}
 */
export function cleanToken(raw) {
  const token = raw.trim().replace(/^Bearer\s+/i, '');
  if (token === '') return { ok: false, issue: 'is empty: paste the token first' };
  if (!/^[\x21-\x7e]+$/.test(token)) return { ok: false, issue: 'contains spaces or characters a token never has' };
  return { ok: true, token };
}

/**
 * What the page may show about a session JWT: its subject and expiry, read from the payload
 * without verifying it (the server verifies; this is only for display). Null when unreadable.
 * @param {string} jwt
 * @returns {{ subject: string | null, expiresAt: Date | null } | null}
 */
export function sessionInfo(jwt) {
  const part = jwt.split('.')[1];
  if (part === undefined) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return {
      subject: typeof payload.sub === 'string' ? payload.sub : null,
      expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null,
    };
  } catch {
    return null;
  }
}
