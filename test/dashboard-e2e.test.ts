/**
 * The dashboard end to end (issue 5): Debian's Chromium, driven by playwright-core, against a real
 * server on loopback (real Redis, the bundled sample lists). One browser tab walks the way a user
 * would: sign in, create a key, copy its token, screen, see an error, read the lists, revoke.
 * Screenshots are decoded and checked for content, and the page must never break its own CSP.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from './support/chromium.js';
import { call, createKey, startTestServer, type TestServer } from './support/http-harness.js';
/** The flags this machine needs: no sandbox as root, no GPU, no background calls to Google. */
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Kept after the run so a person can look at them. */
const SHOTS_DIR = join(tmpdir(), 'rps-dashboard-e2e');
const ACCOUNT = 'acct-dashboard';
/** Generous: the suite runs many files at once on two cores. */
const WAIT = { timeout: 10_000 };
/** formatAge's wording of a past instant (Intl.RelativeTimeFormat, numeric: 'auto'). */
const PAST_AGE = /(just now|\d+ (minute|hour|day|month|year)s? ago|yesterday|last (month|year))$/;

/** Installing Chromium (root with apt, when it is missing) takes a few minutes once. */
const INSTALL_TIMEOUT = 11 * 60_000;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Console lines and uncaught errors of the dashboard tab. */
const consoleLines: string[] = [];
const pageErrors: string[] = [];
/** Shared by the steps, in order. */
let apiToken = '';

describe('dashboard in headless Chromium (issue 5)', () => {
  beforeAll(async () => {
    // First: a missing browser that cannot be installed stops the file at once, with how to get it.
    const executablePath = ensureChromium();
    mkdirSync(SHOTS_DIR, { recursive: true });
    [server, browser] = await Promise.all([
      startTestServer(),
      chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS }),
    ]);
    // Playwright gives every launch a new empty --user-data-dir of its own.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = await context.newPage();
    page.setDefaultTimeout(WAIT.timeout);
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, INSTALL_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('serves the page and its files with a strict CSP, and nothing outside the asset folder', async () => {
    const html = await call(server.url, 'GET', '/dashboard');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = html.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(html.headers.get('x-frame-options')).toBe('DENY');
    expect((await call(server.url, 'GET', '/dashboard/app.js')).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    for (const path of ['/dashboard/nope.js', '/dashboard/..%2F..%2F..%2Fpackage.json', '/dashboard/tsconfig.browser.json']) {
      const r = await call(server.url, 'GET', path);
      expect(r.status, path).toBe(404);
      expect(r.body.error.code).toBe('not_found');
    }
  });

  it('refuses a bad session token with the server\'s error, then signs in with a good one (Enter key)', async () => {
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(() => page.locator('#session-status').textContent(), WAIT).toContain('Not signed in');
    await page.fill('#session-token', 'not.a.jwt');
    await page.press('#session-token', 'Enter');
    const alert = page.locator('#sign-in-error');
    await alert.locator('.error').waitFor();
    expect(await alert.textContent()).toContain('unauthorized');
    expect(await alert.textContent()).toContain('authorization');
    expect(await page.getAttribute('#session-token', 'aria-invalid')).toBe('true');

    const session = await server.session(ACCOUNT);
    await page.fill('#session-token', session);
    await page.press('#session-token', 'Enter');
    await page.locator('#keys-panel').waitFor({ state: 'visible' });
    expect(await page.isHidden('#sign-in-form')).toBe(true);
    expect(await page.textContent('#session-status')).toContain(`Signed in as ${ACCOUNT}`);
    expect(await page.inputValue('#session-token')).toBe('');
    expect(await page.textContent('#keys-table tbody')).toContain('No keys yet');
  });

  it('creates a key: the token is shown once with a working copy button, and the list shows its prefix', async () => {
    await page.fill('#key-name', 'e2e key');
    await page.fill('#key-limit', '100');
    await page.click('#create-key-form button[type="submit"]');
    const dialog = page.locator('#token-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain('you will not see it again');
    apiToken = await page.inputValue('#token-value');
    expect(apiToken).toMatch(/^svc_live_[A-Z2-7]{52}$/);

    await page.click('#token-copy');
    await expect.poll(() => page.textContent('#token-copy-status'), WAIT).toBe('Copied to the clipboard.');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(apiToken);
    await checkScreenshot('token-dialog', { minColours: 20 });

    const row = page.locator('#keys-table tbody tr', { hasText: 'e2e key' });
    expect(await row.locator('.prefix').textContent()).toBe(apiToken.slice(0, 16));
    expect(await row.locator('.badge').textContent()).toBe('active');
    expect(await row.textContent()).toContain('0 of 100');

    // The dialog hands the key to the console; closing it takes the token off the page.
    await page.click('#token-use');
    await page.waitForURL(/#screen$/);
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.inputValue('#token-value')).toBe('');
    expect(await page.content()).not.toContain(apiToken);
    expect(await page.textContent('#api-key-prefix')).toBe(`${apiToken.slice(0, 16)}…`);
  });

  it('screens a known SDN name with every field: ranked match, confidence bar, evidence, freshness', async () => {
    await page.fill('#screen-name', 'Hasan Nasrallah');
    await page.selectOption('#screen-kind', 'individual');
    await page.fill('#screen-aliases', 'Hassan Nasrallah\n');
    await page.fill('#screen-dob', '1960-08-31');
    await page.fill('#screen-nationality', 'lb');
    await page.fill('#screen-country', 'LB');
    await page.fill('#screen-city', 'Beirut');
    await page.check('input[name="fuzziness"][value="loose"]');
    await page.check('input[name="lists"][value="ofac-sdn"]');
    await page.fill('#screen-limit', '5');
    await page.fill('#screen-threshold', '0.7');
    await page.click('#screen-form button[type="submit"]');

    const first = page.locator('#screen-results tr.party').first();
    await first.waitFor();
    expect(JSON.parse((await page.textContent('#screen-results details pre')) ?? '')).toEqual({
      name: 'Hasan Nasrallah', kind: 'individual', aliases: ['Hassan Nasrallah'], dateOfBirth: '1960-08-31',
      nationality: 'lb', address: { country: 'LB', city: 'Beirut' }, fuzziness: 'loose', lists: ['ofac-sdn'],
      limit: 5, threshold: 0.7,
    });
    expect(await page.textContent('#screen-results .summary')).toContain('block');
    expect(await page.textContent('#screen-results .summary')).toContain('0.70');
    expect(await first.locator('.party-name').textContent()).toBe('NASRALLAH, Hasan');
    expect(await first.getAttribute('data-entry')).toBe('ofac-sdn:2686');
    const confidence = Number(await first.locator('meter').getAttribute('value'));
    expect(confidence).toBeGreaterThan(0.9);

    // The row opens the side panel: the record as listed and the evidence behind the score.
    await first.click();
    const panel = page.locator('#record-panel');
    await panel.locator('.record-entry').first().waitFor();
    const evidence = panel.locator('table.evidence tbody tr');
    expect(await evidence.count()).toBeGreaterThanOrEqual(3);
    const rows = await evidence.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['name', 'dateOfBirth']));
    for (const [, weight] of rows) expect(weight).toMatch(/^[+\u2212±]\d\.\d\d$/);
    expect(rows.find((r) => r[0] === 'name')?.[1]).toMatch(/^\+0\.\d\d$/);
    expect(await panel.locator('table.evidence tfoot').textContent()).toContain(confidence.toFixed(2));
    // The sample's SDN file carries no date: the panel says so (issue 29) rather than passing a file time off as one.
    expect(await panel.textContent()).toMatch(/Publisheddate unknown \(file time \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)/);
    expect(await panel.locator('.record-entry mark.word-hit', { hasText: '31 Aug 1960' }).count()).toBe(1);
    await page.click('#record-close');
    expect(await panel.isHidden()).toBe(true);
    // A strong match is drawn in the "bad" colour range: red pixels from the bar and the block badge.
    await checkScreenshot('screening-result', { minColours: 40, minRedPixels: 300 });
  });

  it('shows an invalid request\'s error with every field named and marks the fields', async () => {
    await page.fill('#screen-dob', '1960-02-30');
    await page.fill('#screen-nationality', 'XX');
    await page.click('#screen-form button[type="submit"]');
    const alert = page.locator('#screen-error .error');
    await alert.waitFor();
    const text = await alert.textContent();
    expect(text).toContain('invalid_request');
    expect(text).toContain('dateOfBirth must be a real calendar date YYYY-MM-DD');
    expect(text).toContain('nationality must be an assigned ISO 3166-1 alpha-2 country code');
    expect(await page.getAttribute('#screen-dob', 'aria-invalid')).toBe('true');
    const note = await page.getAttribute('#screen-dob', 'aria-describedby');
    expect(await page.textContent(`#${note?.split(' ').pop()}`)).toContain('must be a real calendar date');
    expect(await page.locator('#screen-results tr.party').count()).toBe(0);
    await checkScreenshot('screening-error', { minColours: 20, minRedPixels: 100 });
  });

  it('lists every list with its count, status and ages', async () => {
    await page.click('nav a[data-nav="lists"]');
    const rows = page.locator('#lists-table tbody tr');
    await rows.first().waitFor();
    const catalog = (await call(server.url, 'GET', '/sanctions-screening/v1/lists', { token: apiToken })).body.data;
    expect(await rows.count()).toBe(catalog.length);
    for (const list of catalog) {
      const row = page.locator(`#lists-table tbody tr[data-source="${list.source}"]`);
      const cells = await row.locator('td').allTextContents();
      // The sample's lists are old: those past LISTS_MAX_AGE_DAYS carry the outdated flag beside the status.
      expect(cells[0], list.source).toMatch(/^sample data/);
      expect(cells[0].includes('outdated'), list.source).toBe(list.outdated === true);
      expect(cells[1]).toBe(list.entryCount.toLocaleString('en-US'));
      // A list whose file carries no date says so (issue 29): never a file time passed off as a date.
      if (list.publishedAtSource === 'file-time') expect(cells[2]).toMatch(/^date unknown \(file time \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)$/);
      else {
        expect(cells[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
        expect(cells[2]).toMatch(PAST_AGE);
      }
      // Where the date comes from: a dash until the server says (publishedAtSource).
      expect(cells[3]).toMatch(/^(—|the publisher, in the file|HTTP Last-Modified of the download|file time \(no publisher date\))$/);
      expect(cells[4]).toMatch(/UTC(just now|1 minute ago)$/);
    }
    expect(await page.textContent('#lists-status')).toMatch(/^12 lists, [\d,]+ entries in all\. This key has 99 of 100 calls left/);
    await checkScreenshot('lists', { minColours: 20 });
  });

  it('revokes a key only after confirmation; the revoked key is then refused by the console', async () => {
    await page.click('nav a[data-nav="keys"]');
    const row = page.locator('#keys-table tbody tr', { hasText: 'e2e key' });
    await expect.poll(() => row.textContent(), WAIT).toContain('1 of 100');
    await row.getByRole('button', { name: 'Revoke e2e key' }).click();
    const dialog = page.locator('#revoke-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.textContent()).toContain(apiToken.slice(0, 16));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.locator('.badge').textContent()).toBe('active');

    await row.getByRole('button', { name: 'Revoke e2e key' }).click();
    await page.click('#revoke-confirm');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.locator('.badge').textContent(), WAIT).toBe('revoked');
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await page.textContent('#keys-status')).toBe('Key “e2e key” revoked.');
    await checkScreenshot('keys-revoked', { minColours: 20, minRedPixels: 30 });

    await page.click('nav a[data-nav="screen"]');
    await page.fill('#screen-dob', '');
    await page.fill('#screen-nationality', '');
    await page.click('#screen-form button[type="submit"]');
    await page.locator('#screen-error .error').waitFor();
    expect(await page.textContent('#screen-error')).toContain('api_key_revoked');

    // Forgetting the key leaves the lists page asking for one, without an error.
    await page.click('nav a[data-nav="lists"]');
    await page.click('#api-key-forget');
    await expect.poll(() => page.textContent('#lists-status'), WAIT).toBe('Paste an API key above to see the lists.');
    expect(await page.locator('#lists-table tbody tr').count()).toBe(0);
    expect(await page.isVisible('#api-key')).toBe(true);
  });

  it('signs out: the session token and API key leave the tab, the sign-in form is back', async () => {
    await page.fill('#api-key', apiToken);
    await page.press('#api-key', 'Enter');
    expect(await page.evaluate('Object.keys(sessionStorage).length')).toBe(2);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/#keys$/);
    await page.locator('#sign-in-form').waitFor({ state: 'visible' });
    expect(await page.isHidden('#keys-panel')).toBe(true);
    expect(await page.textContent('#session-status')).toBe('Not signed in');
    expect(await page.evaluate('Object.keys(sessionStorage).length')).toBe(0);
  });

  it('issue 15: one row per party naming every list; the side panel shows the record beside the query, by keyboard', async () => {
    const key = await createKey(server, ACCOUNT, { name: 'e2e analyst key', monthlyLimit: 100 });
    await page.goto(`${server.url}/dashboard#screen`);
    await page.fill('#api-key', key.token);
    await page.press('#api-key', 'Enter');
    // The form still holds the earlier steps' fields.
    await page.evaluate("(document.getElementById('screen-form')).reset()");
    await page.fill('#screen-name', 'VTB Bank');
    await page.selectOption('#screen-kind', 'entity');
    await page.fill('#screen-identifiers', 'swift-bic: VTBR RUMM');
    await page.click('#screen-form button[type="submit"]');
    const rows = page.locator('#screen-results tr.party');
    await rows.first().waitFor();
    // VTB Bank is ofac-sdn 17013, and ofac-ssi and ofac-non-sdn (NS-MBS) 17013: one party, one row,
    // every list named.
    const vtb = rows.filter({ hasText: 'VTB BANK PUBLIC JOINT STOCK COMPANY' });
    expect(await vtb.count()).toBe(1);
    expect(await vtb.locator('.lists-cell .badge').allTextContents()).toEqual(['ofac-sdn', 'ofac-ssi', 'ofac-non-sdn']);
    expect(await page.locator('#screen-results .summary').textContent()).toContain('block');

    // Keyboard: focus the first row, move with the arrows, open with Enter, close with Escape.
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate('document.activeElement?.dataset?.party')).toBe(await vtb.getAttribute('data-party'));
    await page.keyboard.press('Enter');
    const panel = page.locator('#record-panel');
    await panel.locator('.record-entry').nth(1).waitFor();
    expect(await page.evaluate('document.activeElement?.id')).toBe('record-title');
    expect(await panel.locator('.record-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-entry')))).toEqual(['ofac-sdn:17013', 'ofac-ssi:17013', 'ofac-non-sdn:17013']);
    const listed = panel.locator('.record-entry').first();
    expect(await listed.locator('.names mark.word-hit').allTextContents()).toEqual(expect.arrayContaining(['VTB', 'BANK']));
    expect(await listed.locator('.names .word-miss').allTextContents()).toEqual(expect.arrayContaining(['PUBLIC', 'JOINT', 'STOCK', 'COMPANY']));
    expect(await listed.locator('mark.word-hit', { hasText: 'SWIFT/BIC: VTBRRUMM' }).count()).toBe(1);
    expect(await panel.locator('.record-query mark.word-hit').allTextContents()).toEqual(['VTB', 'Bank']);
    expect(await listed.locator('table.evidence').textContent()).toContain('identifiers');
    await checkScreenshot('side-panel', { minColours: 40, minGreenPixels: 200, minRedPixels: 0 });
    await page.keyboard.press('Escape');
    expect(await panel.isHidden()).toBe(true);
    expect(await page.evaluate('document.activeElement?.dataset?.party')).toBe(await vtb.getAttribute('data-party'));

    // A party on lists of two publishers is one row too.
    await page.fill('#screen-name', 'Islamic Revolutionary Guard Corps');
    await page.fill('#screen-identifiers', '');
    await page.click('#screen-form button[type="submit"]');
    const irgc = page.locator('#screen-results tr.party').first();
    await expect.poll(() => irgc.locator('.lists-cell .badge').allTextContents(), WAIT).toEqual(['ofac-sdn', 'state-isn']);
  });

  it('issue 13: a coverage line on every answer, clear included, and nothing when the server sends none', async () => {
    const coverage = {
      status: 'incomplete',
      lists: [
        { source: 'ofac-sdn', publishedAt: '2026-11-20T00:00:00.000Z', publishedAtSource: 'publisher', status: 'ok' },
        { source: 'dhs-uflpa', publishedAt: null, publishedAtSource: 'file-time', status: 'missing' },
      ],
    };
    await page.route('**/sanctions-screening/v1/screen', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), coverage } });
    });
    await page.fill('#screen-name', 'Quentin Marblewhisk');
    await page.selectOption('#screen-kind', '');
    await page.click('#screen-form button[type="submit"]');
    await expect.poll(() => page.textContent('#screen-results .summary'), WAIT).toContain('clear');
    expect(await page.textContent('#screen-results .coverage')).toBe('Screened against 2 lists, incomplete: dhs-uflpa missing');
    await page.unroute('**/sanctions-screening/v1/screen');

    await page.route('**/sanctions-screening/v1/screen', async (route) => {
      const response = await route.fetch();
      const { coverage: _none, ...answer } = await response.json();
      await route.fulfill({ response, json: answer });
    });
    await page.fill('#screen-name', 'Quentin Marblewhisk Jr');
    await page.click('#screen-form button[type="submit"]');
    await expect.poll(() => page.textContent('#screen-results details pre'), WAIT).toContain('Quentin Marblewhisk Jr');
    await expect.poll(() => page.locator('#screen-results .coverage').count(), WAIT).toBe(0);
    await page.unroute('**/sanctions-screening/v1/screen');
  });

  it('issue 15: the print view of one screening is the case record alone (request, answer, coverage, requestId)', async () => {
    await page.fill('#screen-name', 'Hasan Nasrallah');
    await page.fill('#screen-dob', '1960-08-31');
    await page.click('#screen-form button[type="submit"]');
    await expect.poll(() => page.textContent('#screen-results details pre'), WAIT).toContain('1960-08-31');
    await page.locator('#screen-results tr.party').first().waitFor();
    const requestId = (await page.textContent('#screen-results .summary code')) ?? '';
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.isVisible('#print-record')).toBe(false);

    await page.emulateMedia({ media: 'print' });
    try {
      expect(await page.isVisible('#print-record')).toBe(true);
      expect(await page.isVisible('#main')).toBe(false);
      expect(await page.isVisible('header.top')).toBe(false);
      const text = (await page.textContent('#print-record')) ?? '';
      expect(text).toContain(requestId);
      expect(text).toContain('Hasan Nasrallah');
      expect(text).toContain('1960-08-31');
      expect(text).toContain('NASRALLAH, Hasan');
      expect(text).toMatch(/Recommended action(block|manual-review)/);
      expect(text).toContain('Coverage');
      expect(await page.locator('#print-record table.evidence').count()).toBeGreaterThan(0);
      await checkScreenshot('print-view', { minColours: 4 });
      const pdf = await page.pdf({ format: 'A4', printBackground: false });
      writeFileSync(join(SHOTS_DIR, 'case-record.pdf'), pdf);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.length).toBeGreaterThan(10_000);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('issue 30: the side panel marks a match a false positive with a case reference; the next screening and its print record show it', async () => {
    await page.fill('#screen-name', 'Hasan Nasrallah');
    await page.fill('#screen-dob', '1960-08-31');
    await page.click('#screen-form button[type="submit"]');
    const first = page.locator('#screen-results tr.party').first();
    await first.waitFor();
    await first.click();
    const panel = page.locator('#record-panel');
    const form = panel.locator('.decision').first();
    await form.waitFor();
    expect(await form.locator('.decision-status').textContent()).toBe('No decision recorded');
    await form.locator('input[name="reference"]').fill('CASE-E2E-30');
    await form.locator('button.decision-false-positive').click();
    await expect.poll(() => form.locator('.decision-status').textContent(), WAIT).toContain('Recorded: False positive');
    expect(await form.locator('.decision-status').textContent()).toContain('CASE-E2E-30');
    await page.keyboard.press('Escape');

    await page.click('#screen-form button[type="submit"]');
    await expect.poll(() => page.textContent('#screen-results details pre'), WAIT).toContain('1960-08-31');
    await page.locator('#screen-results tr.party').first().click();
    await expect.poll(() => panel.locator('.decision .decision-status').first().textContent(), WAIT).toContain('False positive');
    await page.keyboard.press('Escape');
    await page.emulateMedia({ media: 'print' });
    try {
      const text = (await page.textContent('#print-record')) ?? '';
      expect(text).toContain('Decision: False positive');
      expect(text).toContain('CASE-E2E-30');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });

  it('issue 30: the key page lists the account\'s decisions newest first, a page at a time, and deletes one', async () => {
    const key = await createKey(server, ACCOUNT, { name: 'e2e decisions key', monthlyLimit: 100 });
    const screened = await call(server.url, 'POST', '/sanctions-screening/v1/screen', { token: key.token, json: { name: 'Hasan Nasrallah' } });
    const { listSource, entryId } = screened.body.matches[0];
    // With the side panel's decision of the previous step: 21 + 1, one more than a page (20).
    for (let i = 1; i <= 21; i++) {
      const made = await call(server.url, 'POST', '/sanctions-screening/v1/decisions', {
        token: key.token, json: { subject: { name: `E2E Person ${i}` }, listSource, entryId, decision: 'false-positive', reference: `E2E-P-${i}` },
      });
      expect(made.status).toBe(200);
    }
    await page.click('nav a[data-nav="keys"]');
    await page.fill('#session-token', await server.session(ACCOUNT));
    await page.press('#session-token', 'Enter');
    const rows = page.locator('#decisions-table tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBe(20);
    expect(await rows.first().textContent()).toContain('E2E-P-21');
    expect(await page.textContent('#decisions-table-title')).toBe('Decisions on matches (20+)');
    await page.click('#decisions-more');
    await expect.poll(() => rows.count(), WAIT).toBe(22);
    expect(await page.isHidden('#decisions-more')).toBe(true);
    const oldest = rows.last();
    expect(await oldest.textContent()).toContain('CASE-E2E-30');
    expect(await oldest.textContent()).toContain(entryId);

    await oldest.getByRole('button', { name: 'Delete decision CASE-E2E-30' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(21);
    expect(await page.textContent('#decisions-status')).toContain('“CASE-E2E-30” deleted');
    const left = await call(server.url, 'GET', '/sanctions-screening/v1/decisions?limit=100', { token: key.token });
    expect(left.body.data.map((d: { reference: string }) => d.reference)).not.toContain('CASE-E2E-30');
    expect(left.body.data).toHaveLength(21);
    // Another account's session sees none of them.
    const other = await call(server.identityUrl, 'GET', '/me/decisions', { token: await server.session('acct-dashboard-other') });
    expect(other.body).toEqual({ data: [], hasMore: false });
  });

  it('issue 13: the lists page shows where each date comes from and flags an outdated list', async () => {
    await page.route('**/sanctions-screening/v1/lists', async (route) => {
      const response = await route.fetch();
      const { data } = await response.json();
      const marked = data.map((l: Record<string, unknown>, i: number) => ({
        ...l, publishedAtSource: i === 0 ? 'publisher' : 'http-last-modified', outdated: i === 1,
      }));
      await route.fulfill({ response, json: { data: marked } });
    });
    try {
      await page.click('nav a[data-nav="lists"]');
      await page.click('#lists-reload');
      const flagged = page.locator('#lists-table tbody tr').nth(1);
      await expect.poll(() => flagged.locator('.badge-outdated').count(), WAIT).toBe(1);
      expect(await page.locator('#lists-table .badge-outdated').count()).toBe(1);
      const first = await page.locator('#lists-table tbody tr').first().locator('td').allTextContents();
      expect(first[3]).toBe('the publisher, in the file');
      expect((await flagged.locator('td').allTextContents())[3]).toBe('HTTP Last-Modified of the download');
      await checkScreenshot('lists-outdated', { minColours: 20, minRedPixels: 30 });
    } finally {
      await page.unroute('**/sanctions-screening/v1/lists');
    }
  });

  it('never broke its CSP, threw, or wrote a credential to the console', () => {
    expect(pageErrors).toEqual([]);
    expect(consoleLines.filter((l) => /Content Security Policy|Refused to|TrustedHTML|Trusted Type/i.test(l))).toEqual([]);
    expect(consoleLines.filter((l) => l.includes('svc_live_') || l.includes('eyJ'))).toEqual([]);
  });
});

/** The few browser globals the decoder tab uses (the project's TypeScript lib has no DOM). */
interface DecoderGlobals {
  Image: new () => { src: string; width: number; height: number; decode(): Promise<void> };
  document: {
    createElement(tag: 'canvas'): {
      width: number;
      height: number;
      getContext(kind: '2d'): {
        drawImage(image: unknown, x: number, y: number): void;
        getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
      };
    };
  };
}

interface ShotExpectations {
  /** Distinct colours (5 bits per channel) the picture must have at least. */
  minColours: number;
  /** Strongly red pixels (the "bad" range of a bar, a block badge, an error). */
  minRedPixels?: number;
  /** Light green pixels (matched words highlighted). */
  minGreenPixels?: number;
}

/**
 * Screenshots the tab, saves it, and decodes it in a blank tab's canvas to prove it is a real
 * rendering: not blank, many colours, enough contrast, and red where the state should be red.
 */
async function checkScreenshot(name: string, expected: ShotExpectations): Promise<void> {
  const png = await page.screenshot({ fullPage: true });
  writeFileSync(join(SHOTS_DIR, `${name}.png`), png);
  expect(png.length, name).toBeGreaterThan(15_000);
  const decoder = await context.newPage();
  try {
    const stats = await decoder.evaluate(async (base64) => {
      const { Image, document } = globalThis as unknown as DecoderGlobals;
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      const { data } = ctx.getImageData(0, 0, image.width, image.height);
      const colours = new Set<number>();
      let sum = 0;
      let sumSquares = 0;
      let red = 0;
      let green = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
        const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        sum += luminance;
        sumSquares += luminance * luminance;
        if (r > 150 && g < 90 && b < 90) red++;
        if (g > 220 && r < 225 && b < 230 && g - r > 20) green++;
      }
      const n = data.length / 4;
      return { width: image.width, height: image.height, colours: colours.size, deviation: Math.sqrt(sumSquares / n - (sum / n) ** 2), red, green };
    }, png.toString('base64'));
    expect(stats.width, name).toBe(1280);
    expect(stats.colours, name).toBeGreaterThanOrEqual(expected.minColours);
    expect(stats.deviation, name).toBeGreaterThan(10);
    if (expected.minRedPixels !== undefined) expect(stats.red, name).toBeGreaterThanOrEqual(expected.minRedPixels);
    if (expected.minGreenPixels !== undefined) expect(stats.green, name).toBeGreaterThanOrEqual(expected.minGreenPixels);
  } finally {
    await decoder.close();
  }
}
