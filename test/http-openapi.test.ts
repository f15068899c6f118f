/**
 * The OpenAPI document and the API reference page over loopback HTTP (issue 5): served without a
 * key, equal to the document built from the route table, the page and every file it links served
 * from node_modules under a strict CSP, and (in headless Chromium) the page renders every
 * operation without one CSP violation or request to another origin.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerDir } from '../src/server/openapi/docs-page.js';
import { DOCS_CSP } from '../src/server/openapi/docs-response.js';
import { buildOpenApiDocument } from '../src/server/openapi/openapi.js';
import { ROUTES } from '../src/server/routes/index.js';
import { call, startTestServer, type TestServer } from './support/http-harness.js';

const BASE = '/sanctions-screening/v1';
const CHROMIUM = '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ store: 'lmdb' });
});
afterAll(async () => {
  await server?.close();
});

/** The `href`/`src` of the page's links to its own files. */
function linkedFiles(html: string): string[] {
  return [...html.matchAll(/(?:href|src)="(docs\/[^"]+)"/g)].map((m) => m[1]);
}

describe('GET /sanctions-screening/v1/openapi.json', () => {
  it('serves the document built from the route table, without a key, as JSON', async () => {
    const r = await call(server.url, 'GET', `${BASE}/openapi.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body).toEqual(buildOpenApiDocument(ROUTES));
    // The same cached bytes every time.
    const again = await fetch(`${server.url}${BASE}/openapi.json`);
    expect(await again.text()).toBe(JSON.stringify(r.body));
  });

  it('answers JSON even to a client asking for MessagePack, and 405 to another method', async () => {
    const r = await call(server.url, 'GET', `${BASE}/openapi.json`, { headers: { accept: 'application/msgpack' } });
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.body.openapi).toBe('3.1.0');
    const post = await call(server.url, 'POST', `${BASE}/openapi.json`, { json: {} });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('GET /sanctions-screening/v1/docs', () => {
  it('serves the page under a strict CSP: no inline code, no eval, nothing from another origin', async () => {
    const r = await call(server.url, 'GET', `${BASE}/docs`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(DOCS_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.body).not.toMatch(/<script>|<style|style="|https?:\/\//);
    expect(linkedFiles(r.body).map((f) => f.split('?')[0]).sort()).toEqual(
      ['docs/docs-init.js', 'docs/favicon-32x32.png', 'docs/swagger-ui-bundle.js', 'docs/swagger-ui.css'],
    );
  });

  it('serves every linked file from node_modules, cacheable for good at its current version', async () => {
    const page = await call(server.url, 'GET', `${BASE}/docs`);
    for (const link of linkedFiles(page.body)) {
      const name = link.slice('docs/'.length).split('?')[0];
      const r = await fetch(`${server.url}${BASE}/${link}`, { headers: { 'accept-encoding': 'identity' } });
      expect(r.status, link).toBe(200);
      expect(r.headers.get('cache-control'), link).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('content-encoding'), link).toBeNull();
      const body = Buffer.from(await r.arrayBuffer());
      if (name === 'docs-init.js') {
        expect(body.toString()).toContain("url: 'openapi.json'");
        expect(body.toString()).toContain('validatorUrl: null');
      } else {
        expect(body.equals(readFileSync(join(viewerDir(), name))), link).toBe(true);
      }
    }
    // Without the current version: revalidated, not cached for a year.
    const stale = await call(server.url, 'GET', `${BASE}/docs/swagger-ui.css?v=old`);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
  });

  it('gzips the viewer bundle for clients that accept it', async () => {
    const bundle = readFileSync(join(viewerDir(), 'swagger-ui-bundle.js'));
    const r = await fetchRaw(`${BASE}/docs/swagger-ui-bundle.js`, { 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.body.length).toBeLessThan(bundle.length / 2);
    expect(gunzipSync(r.body).equals(bundle)).toBe(true);
  });

  it('answers 404 for any other name, including one that climbs out of the folder; HEAD has no body', async () => {
    for (const name of ['index.html', 'swagger-ui-bundle.js.map', 'package.json', '..%2F..%2Fpackage.json', '..%2Fopenapi.json']) {
      const r = await call(server.url, 'GET', `${BASE}/docs/${name}`);
      expect(r.status, name).toBe(404);
      expect(r.body.error.code, name).toBe('not_found');
    }
    const head = await call(server.url, 'HEAD', `${BASE}/docs`);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('is served where the service is: with IDENTITY_PORT, not on the identity port', async () => {
    const split = await startTestServer({ store: 'lmdb', env: { IDENTITY_PORT: '0' } });
    try {
      expect((await call(split.url, 'GET', `${BASE}/openapi.json`)).status).toBe(200);
      expect((await call(split.identityUrl, 'GET', `${BASE}/openapi.json`)).status).toBe(404);
      expect((await call(split.identityUrl, 'GET', `${BASE}/docs`)).status).toBe(404);
    } finally {
      await split.close();
    }
  });
});

/** fetch() decodes gzip by itself; node:http shows the bytes as sent. */
async function fetchRaw(path: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

if (!HAS_CHROMIUM) {
  console.warn(`[tests] ${CHROMIUM} is absent: the API reference browser test is skipped (apt-get install chromium; .ci/run does).`);
}
const describeBrowser = HAS_CHROMIUM ? describe : describe.skip;

describeBrowser(`API reference page in headless Chromium${HAS_CHROMIUM ? '' : ` (skipped: ${CHROMIUM} is missing)`}`, () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders every operation of the document with no CSP violation, error or foreign request', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.type()}: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => !r.url().startsWith(server.url) && !r.url().startsWith('data:') && foreign.push(r.url()));
    await page.exposeFunction('reportViolation', (v: string) => problems.push(`csp: ${v}`));
    // Text, not a function: the test is compiled without the DOM types.
    await page.addInitScript({
      content: "document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(e.violatedDirective + ' ' + e.blockedURI));",
    });
    await page.goto(`${server.url}${BASE}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.info .title').textContent()).toContain('Restricted-party screening API');
    const operations = Object.values(buildOpenApiDocument(ROUTES).paths as Record<string, object>)
      .reduce((n, item) => n + Object.keys(item).length, 0);
    expect(await page.locator('.opblock').count()).toBe(operations);
    // Opening an operation renders its schemas (icons come from the stylesheet's data: images).
    await page.locator('.opblock-summary').first().click();
    await page.locator('.opblock-body').first().waitFor();
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
