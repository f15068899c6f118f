/**
 * Observability over loopback (issue 5): GET /metrics in Prometheus text (per route pattern and
 * status, screens per mode and action, matches per list, quota rejections, auth failures, list
 * gauges, engine and process metrics), METRICS_TOKEN, the merge over WORKERS=2, and the request
 * log: one line per request with IDs only, secrets redacted.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { mintSessionToken } from '../src/identity/session-token.js';
import { createLogger } from '../src/server/logging/logger.js';
import { startService } from '../src/server/service.js';
import { call, createKey, randomPrefix, randomSecret, redisDump, REDIS_URL, startTestServer, type TestServer } from './support/http-harness.js';
import { SAMPLE_DIR } from './support/shared.js';

const SCREEN = '/sanctions-screening/v1/screen';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

let server: TestServer;
let guarded: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  guarded = await startTestServer({ env: { METRICS_TOKEN } });
});
afterAll(async () => {
  await Promise.all([server?.close(), guarded?.close()]);
});

describe('GET /metrics', () => {
  it('counts requests per route pattern and status, screens, matches, 429s and auth failures', async () => {
    const key = await createKey(server, 'acct-metrics', { monthlyLimit: 3 });
    expect((await call(server.url, 'POST', SCREEN, { token: key.token, json: { name: 'BANCO NACIONAL DE CUBA' } })).status).toBe(200);
    const batch = await call(server.url, 'POST', `${SCREEN}/batch`, { token: key.token, json: [{ name: 'Quentin Marblewhisk', fuzziness: 'strict' }] });
    expect(batch.status).toBe(200);
    expect((await call(server.url, 'POST', `${SCREEN}/batch`, { token: key.token, json: [{ name: 'a' }, { name: 'b' }] })).status).toBe(429);
    expect((await call(server.url, 'POST', SCREEN, { json: { name: 'x' } })).status).toBe(401);
    expect((await call(server.url, 'POST', SCREEN, { token: `svc_live_${'A'.repeat(52)}`, json: { name: 'x' } })).status).toBe(401);
    expect((await call(server.url, 'GET', '/sanctions-screening/v1/audit/not-a-real-id-42', { token: key.token })).status).toBe(404);
    expect((await call(server.url, 'GET', '/no/such/path-7731')).status).toBe(404);

    const r = await fetch(`${server.url}/metrics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await r.text();
    const m = parseMetrics(text);
    expect(sample(m, 'rps_http_requests_total', { method: 'POST', route: SCREEN, status: '200' })).toBe(1);
    expect(sample(m, 'rps_http_requests_total', { method: 'POST', route: SCREEN, status: '401' })).toBe(2);
    expect(sample(m, 'rps_http_requests_total', { method: 'POST', route: `${SCREEN}/batch`, status: '429' })).toBe(1);
    expect(sample(m, 'rps_http_request_duration_seconds_count', { method: 'POST', route: `${SCREEN}/batch`, status: '200' })).toBe(1);
    expect(sample(m, 'rps_http_request_duration_seconds_bucket', { method: 'POST', route: SCREEN, status: '200', le: '+Inf' })).toBe(1);
    // Route labels are patterns, never the raw path.
    expect(sample(m, 'rps_http_requests_total', { method: 'GET', route: '/sanctions-screening/v1/audit/{requestId}', status: '404' })).toBe(1);
    expect(sample(m, 'rps_http_requests_total', { method: 'GET', route: '-', status: '404' })).toBe(1);
    expect(text).not.toContain('not-a-real-id-42');
    expect(text).not.toContain('path-7731');

    expect(sumOf(m, 'rps_screens_total', { fuzziness: 'balanced' })).toBe(1);
    expect(sample(m, 'rps_screens_total', { fuzziness: 'strict', action: 'clear' })).toBe(1);
    expect(sample(m, 'rps_matches_total', { list_source: 'ofac-sdn' })).toBeGreaterThanOrEqual(1);
    expect(sample(m, 'rps_quota_rejections_total', { route: `${SCREEN}/batch` })).toBe(1);
    expect(sample(m, 'rps_auth_failures_total', { code: 'unauthorized' })).toBe(1);
    expect(sample(m, 'rps_auth_failures_total', { code: 'invalid_api_key' })).toBe(1);
  });

  it('times every store operation by name, whichever route calls it (rps_store_operation_duration_seconds)', async () => {
    const count = async (operation: string): Promise<number> => {
      const m = parseMetrics(await (await fetch(`${server.url}/metrics`)).text());
      return sample(m, 'rps_store_operation_duration_seconds_count', { operation }) ?? 0;
    };
    const [inserts, charges] = [await count('insertKey'), await count('chargeWithAudit')];
    const key = await createKey(server, 'acct-store-timing');
    expect((await call(server.url, 'POST', SCREEN, { token: key.token, json: { name: 'Quentin Marblewhisk' } })).status).toBe(200);
    expect(await count('insertKey')).toBe(inserts + 1);
    expect(await count('chargeWithAudit')).toBe(charges + 1);
    const m = parseMetrics(await (await fetch(`${server.url}/metrics`)).text());
    expect(sample(m, 'rps_store_operation_duration_seconds_bucket', { operation: 'insertKey', le: '+Inf' })).toBe(inserts + 1);
    expect(sample(m, 'rps_store_operation_duration_seconds_sum', { operation: 'insertKey' })).toBeGreaterThan(0);
  });

  it('reports list gauges, the engine and the process', async () => {
    const m = parseMetrics(await (await fetch(`${server.url}/metrics`)).text());
    const catalog = server.services.lists.catalog()!;
    const sdn = catalog.find((s) => s.source === 'ofac-sdn')!;
    expect(sample(m, 'rps_list_entries', { source: 'ofac-sdn' })).toBe(sdn.entryCount);
    expect(sample(m, 'rps_list_status', { source: 'ofac-sdn', status: 'sample' })).toBe(1);
    expect(sample(m, 'rps_list_status', { source: 'ofac-sdn', status: 'ok' })).toBe(0);
    const refreshAge = sample(m, 'rps_list_refresh_age_seconds', { source: 'ofac-sdn' })!;
    expect(refreshAge).toBeGreaterThanOrEqual(0);
    expect(refreshAge).toBeLessThan(600);
    expect(sample(m, 'rps_list_published_age_seconds', { source: 'ofac-sdn' })).toBeGreaterThan(0);
    expect(sample(m, 'rps_engine_entries', {})).toBe(server.services.lists.engine()!.size);
    expect(sample(m, 'rps_engine_wasm_memory_bytes', {})).toBeGreaterThan(65_536);
    expect(sample(m, 'process_cpu_user_seconds_total', {})).toBeGreaterThan(0);
    expect(sample(m, 'nodejs_eventloop_lag_p99_seconds', {})).toBeDefined();
  });

  it('METRICS_TOKEN must be a Bearer token of at least 16 characters', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(() => loadConfig({ METRICS_TOKEN: 'long-enough-but-has-"quotes"' })).toThrow('METRICS_TOKEN may contain only letters, digits and -._~+/ (a Bearer token)');
  });

  it('reports rps_build_info: package version, Node, WASM core version and the git commit', async () => {
    const text = (await call(server.url, 'GET', '/metrics')).body as string;
    const line = text.split('\n').find((l) => l.startsWith('rps_build_info{'));
    expect(line).toMatch(/^rps_build_info\{version="\d+\.\d+\.\d+",node="20\.\d+\.\d+",core_version="\d+",commit="([0-9a-f]{12}|unknown)"\} 1$/);
  });

  it('METRICS_PORT serves GET /metrics on its own listener and nowhere else', async () => {
    const apart = await startTestServer({ lists: null, env: { METRICS_PORT: '0', IDENTITY_PORT: '0' } });
    try {
      const metricsUrl = `http://127.0.0.1:${apart.server.metricsPort}`;
      expect(apart.server.metricsPort).not.toBe(apart.server.port);
      const ok = await call(metricsUrl, 'GET', '/metrics');
      expect(ok.status).toBe(200);
      expect(ok.body).toContain('rps_build_info{');
      for (const url of [apart.url, apart.identityUrl]) {
        const r = await call(url, 'GET', '/metrics');
        expect(r.status, url).toBe(404);
        expect(r.body.error.code).toBe('not_found');
      }
      // fetch, not call: the document describes the main listeners, not this one.
      expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(404);
      expect((await call(apart.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await apart.close();
    }
  });

  it('needs Bearer METRICS_TOKEN when it is set', async () => {
    const none = await call(guarded.url, 'GET', '/metrics');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect((await call(guarded.url, 'GET', '/metrics', { token: `${METRICS_TOKEN}x` })).status).toBe(401);
    const ok = await call(guarded.url, 'GET', '/metrics', { token: METRICS_TOKEN });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('rps_http_requests_total');
  });
});

describe('WORKERS=2', () => {
  it('merges every worker thread: counters summed, list gauges and process metrics once', async () => {
    const prefix = randomPrefix();
    const secret = randomSecret();
    const config = loadConfig({
      PORT: '0', METRICS_PORT: '0', WORKERS: '2', LISTS_DIR: SAMPLE_DIR, DATA_DIR: '/tmp', REDIS_URL, REDIS_KEY_PREFIX: prefix,
      SESSION_JWT_SECRET: secret, LOG_LEVEL: 'warn',
    });
    const service = await startService(config, createLogger({ level: 'warn', destination: new Writable({ write: (_c, _e, done) => done() }) }));
    try {
      await service.lists.first;
      const url = `http://127.0.0.1:${service.port}`;
      const session = await mintSessionToken({ secret, accountId: 'acct-workers', ttlSeconds: 600 });
      const key = await call(url, 'POST', '/me/api-keys', { token: session, json: { name: 'k', allowedServiceIds: ['*'] } });
      const calls = 12;
      // One connection per call, so the acceptor spreads them over both workers.
      for (let i = 0; i < calls; i++) {
        const r = await call(url, 'POST', SCREEN, { token: key.body.token, json: { name: 'BANCO NACIONAL DE CUBA' }, headers: { connection: 'close' } });
        expect(r.status).toBe(200);
      }
      // METRICS_PORT: served by the workers behind their own acceptor, merged all the same.
      expect((await fetch(`${url}/metrics`, { headers: { connection: 'close' } })).status).toBe(404);
      const text = await (await fetch(`http://127.0.0.1:${service.metricsPort}/metrics`, { headers: { connection: 'close' } })).text();
      const m = parseMetrics(text);
      expect(sample(m, 'rps_http_requests_total', { method: 'POST', route: SCREEN, status: '200' })).toBe(calls);
      expect(sumOf(m, 'rps_screens_total', {})).toBe(calls);
      const lists = await call(url, 'GET', '/sanctions-screening/v1/lists', { token: key.body.token });
      const sdn = lists.body.data.find((s: { source: string }) => s.source === 'ofac-sdn');
      expect(sample(m, 'rps_list_entries', { source: 'ofac-sdn' })).toBe(sdn.entryCount);
      expect(sample(m, 'rps_lists_loads_total', { outcome: 'installed' })).toBe(1);
      expect(sample(m, 'rps_engine_build_duration_seconds_count', {})).toBe(1);
      // Each worker installed the set once.
      expect(sample(m, 'rps_lists_install_duration_seconds_count', {})).toBe(2);
      expect(sample(m, 'rps_engine_wasm_memory_bytes', {})).toBeGreaterThan(2 * 65_536);
      // Every series appears once: nothing duplicated by the merge.
      const series = text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).map((l) => l.slice(0, l.lastIndexOf(' ')));
      expect(new Set(series).size).toBe(series.length);
      expect(series.filter((s) => s === 'process_cpu_user_seconds_total')).toHaveLength(1);
    } finally {
      await service.close(2_000);
      await redisDump(prefix, true);
    }
  });
});

describe('request log', () => {
  it('one line per request: requestId, route pattern, status, ms, keyId; never the token', async () => {
    const key = await createKey(server, 'acct-log');
    const before = server.logs.length;
    const r = await call(server.url, 'POST', SCREEN, { token: key.token, json: { name: 'Quentin Marblewhisk' } });
    const lines = server.logs.slice(before).map((l) => JSON.parse(l));
    const line = lines.find((l) => l.requestId === r.body.requestId);
    expect(line).toMatchObject({ msg: 'request', method: 'POST', route: SCREEN, status: 200, keyId: key.keyId, units: 1 });
    expect(typeof line.ms).toBe('number');
    expect(lines.filter((l) => l.msg === 'request')).toHaveLength(1);
    expect(server.logs.join('\n')).not.toContain(key.token);
  });

  it('redacts secrets wherever they appear in a log object', () => {
    const out: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (l: string) => void out.push(l) } });
    const samKey = 'SAMKEY7f3a9c2e11d04b5e8a6c';
    const apiKey = `svc_live_${'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.repeat(2).slice(0, 52)}`;
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhY2N0In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const config = loadConfig({ SAM_API_KEY: samKey, SESSION_JWT_SECRET: 's'.repeat(40), METRICS_TOKEN, REDIS_URL: 'redis://user:hunter2pass@redis.invalid:6390' });
    logger.info({ config }, 'config');
    logger.info({ headers: { authorization: `Bearer ${apiKey}` }, token: apiKey, jwt }, 'credentials by field');
    logger.warn({ url: `https://api.sam.gov/data-services/v1/extracts?api_key=${samKey}&fileName=x.zip`, note: `sent Bearer ${jwt} and ${apiKey}` }, 'credentials in text');
    const text = out.join('\n');
    for (const secret of [samKey, apiKey, jwt, 's'.repeat(40), METRICS_TOKEN, 'hunter2pass']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
    expect(JSON.parse(out[2]).url).toBe('https://api.sam.gov/data-services/v1/extracts?api_key=[redacted]&fileName=x.zip');
  });
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (label values here hold no escaped quotes). */
function parseMetrics(text: string): Sample[] {
  return text.split('\n').filter((l) => l !== '' && !l.startsWith('#')).map((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) throw new Error(`not a sample line: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    return { name: match[1], labels, value: Number(match[3]) };
  });
}

/** The value of the one sample with exactly these labels, undefined when absent. */
function sample(m: Sample[], name: string, labels: Record<string, string>): number | undefined {
  const hits = m.filter((s) => s.name === name && Object.keys(s.labels).length === Object.keys(labels).length
    && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (hits.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} appears ${hits.length} times`);
  return hits[0]?.value;
}

function sumOf(m: Sample[], name: string, labels: Record<string, string>): number {
  return m.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((a, s) => a + s.value, 0);
}
