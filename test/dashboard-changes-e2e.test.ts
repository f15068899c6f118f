/**
 * The lists page's "changed since" view (issue 29 point 4) in headless Chromium against a real
 * server on loopback: a version archive holding two SDN versions of the bundled sample files (two
 * entries added since, one changed, one removed), the view lists them per list, each added or
 * changed entry opening its listed record; a time older than the archive shows the server's 410.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordServedSet } from '../src/lists/archive/served-history.js';
import { VersionArchive } from '../src/lists/archive/version-archive.js';
import { loadListSet, type LoadedListSet } from '../src/lists/catalog.js';
import { listVersion } from '../src/lists/versions.js';
import { ensureChromium } from './support/chromium.js';
import { createKey, startTestServer, type TestServer } from './support/http-harness.js';
import { SAMPLE_DIR } from './support/shared.js';

const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WAIT = { timeout: 10_000 };

/** The set as served a day before: two SDN entries not yet listed, one spelled otherwise, one since removed. */
function dayBefore(set: LoadedListSet): LoadedListSet {
  const sdn = set.entries.filter((e) => e.listSource === 'ofac-sdn');
  const [a, b, c] = sdn;
  const older = [...sdn.filter((e) => e !== a && e !== b && e !== c), { ...c, name: `${c.name} OLD` }, { ...c, entryId: '999999', name: 'GONE SINCE' }];
  const entries = [...set.entries.filter((e) => e.listSource !== 'ofac-sdn'), ...older];
  const catalog = set.catalog.map((s) => (s.source === 'ofac-sdn' ? { ...s, version: listVersion(older) } : s));
  return { ...set, entries, catalog };
}

describe('dashboard: lists changed since (issue 29)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let set: LoadedListSet;
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-changes-ui-'));

  beforeAll(async () => {
    const executablePath = ensureChromium();
    set = await loadListSet({ dir: SAMPLE_DIR, sampleDir: null });
    const archive = new VersionArchive(join(dataDir, 'lists-archive'));
    await recordServedSet(archive, dayBefore(set), new Date('2026-01-01T00:00:00Z'), 3650);
    await recordServedSet(archive, set, new Date('2026-01-02T00:00:00Z'), 3650);
    [server, browser] = await Promise.all([
      startTestServer({ lists: set, env: { DATA_DIR: dataDir } }),
      chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS }),
    ]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(WAIT.timeout);
  }, 11 * 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows per list the entries added, changed and removed; an entry opens its listed record', async () => {
    const key = await createKey(server, 'acct-changes-ui');
    await page.goto(`${server.url}/dashboard#lists`);
    await page.fill('#api-key', key.token);
    await page.press('#api-key', 'Enter');
    await page.fill('#changes-since', '2026-01-01T12:00:00Z');
    await page.click('#changes-form button[type="submit"]');
    const sdn = page.locator('.changes-list[data-source="ofac-sdn"]');
    await expect.poll(() => sdn.count(), WAIT).toBe(1);
    expect(await page.locator('.changes-list').count()).toBe(1);
    const [a, b, c] = set.entries.filter((e) => e.listSource === 'ofac-sdn');
    expect(await sdn.locator('.changes-added').textContent()).toMatch(/^2 added: /);
    expect(await sdn.locator('.changes-added .entry-link').allTextContents()).toEqual([a.entryId, b.entryId].sort());
    expect(await sdn.locator('.changes-changed .entry-link').allTextContents()).toEqual([c.entryId]);
    expect(await sdn.locator('.changes-removed .entry-removed').allTextContents()).toEqual(['999999']);
    await sdn.locator(`.changes-added .entry-link[data-entry="${a.entryId}"]`).click();
    await expect.poll(() => sdn.locator('.changes-record').textContent(), WAIT).toContain(a.name);
    expect(await page.textContent('#changes-status')).toMatch(/^Since lists version [0-9a-f]{16}: 1 of 12 lists changed\. Now: [0-9a-f]{16}\.$/);
  });

  it('a time older than the archive shows the server\'s 410', async () => {
    await page.fill('#changes-since', '2020-01-01T00:00:00Z');
    await page.click('#changes-form button[type="submit"]');
    await expect.poll(() => page.textContent('#changes-error'), WAIT).toContain('no longer archived');
    expect(await page.locator('.changes-list').count()).toBe(0);
  });
});
