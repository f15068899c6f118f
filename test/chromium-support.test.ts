/**
 * The dashboard test's browser check (test/support/chromium.ts): a present binary is used as it is;
 * a missing one that this process may not install stops at once with one line saying how, instead
 * of the browser test being skipped.
 */
import { expect, it } from 'vitest';
import { ChromiumMissingError, ensureChromium, INSTALL_COMMAND } from './support/chromium.js';

it('uses a Chromium that is there', () => {
  expect(ensureChromium(process.execPath, false)).toBe(process.execPath);
});

it('stops at once (no install attempted) with one line naming the install command when it cannot install', () => {
  let error: unknown;
  try {
    ensureChromium('/nonexistent/chromium', false);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ChromiumMissingError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  expect(message).toContain('/nonexistent/chromium');
  expect(message).toContain(`run \`${INSTALL_COMMAND}\` as root`);
});
