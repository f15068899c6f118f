/**
 * The real entry point (src/server/main.ts) as a child process: WORKERS=2 behind one port, graceful
 * SIGTERM with a call in flight, a bad setting stopping the start in one line; and IDENTITY_PORT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mintSessionToken } from '../src/identity/session-token.js';
import { call, createKey, randomPrefix, randomSecret, redisDump, REDIS_URL, startTestServer } from './support/http-harness.js';
import { freePort, startMain, waitReady } from './support/main-process.js';
import { SAMPLE_DIR } from './support/shared.js';

const prefix = randomPrefix();
const dataDir = mkdtempSync(join(tmpdir(), 'rps-main-'));
afterAll(async () => {
  await redisDump(prefix, true);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start (src/server/main.ts)', () => {
  it('WORKERS=2 serves from both workers on one port and stops gracefully on SIGTERM', async () => {
    const port = await freePort();
    const secret = randomSecret();
    const child = startMain({
      PORT: String(port), WORKERS: '2', LISTS_DIR: SAMPLE_DIR, DATA_DIR: dataDir,
      REDIS_URL, REDIS_KEY_PREFIX: prefix, SESSION_JWT_SECRET: secret, LOG_LEVEL: 'info',
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitReady(url, 30_000);
      const session = await mintSessionToken({ secret, accountId: 'acct-main', ttlSeconds: 600 });
      const key = await call(url, 'POST', '/me/api-keys', { token: session, json: { name: 'k', allowedServiceIds: ['*'] } });
      expect(key.status).toBe(200);
      for (let i = 0; i < 10; i++) {
        const r = await call(url, 'POST', '/sanctions-screening/v1/screen', { token: key.body.token, json: { name: 'BANCO NACIONAL DE CUBA' } });
        expect(r.status).toBe(200);
        expect(r.body.matches[0].entryId).toBe('306');
      }
      const workers = new Set(child.stdout.filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l).worker));
      expect(workers).toEqual(new Set([0, 1]));

      const inFlight = call(url, 'POST', '/sanctions-screening/v1/screen/batch', {
        token: key.body.token, json: Array(100).fill({ name: 'Vladimir Putin', fuzziness: 'loose' }),
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      child.process.kill('SIGTERM');
      expect((await inFlight).status).toBe(200);
      expect(await child.exited).toBe(0);
      expect(child.stdout.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      child.process.kill('SIGKILL');
    }
  });

  it('a bad setting stops the start with one line naming it, exit code 1', async () => {
    const child = startMain({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await child.exited).toBe(1);
    expect(child.stderr).toEqual(['configuration error: PORT must be a whole number of at least 0 (got "eighty")']);
  });
});

describe('LISTS_DIR set explicitly', () => {
  it.each([['does not exist', '/nonexistent-lists-dir'], ['holds no list file', 'EMPTY']])(
    'stops the start with one line and exit code 1 when it %s (no fallback to the sample)',
    async (_, dir) => {
      const listsDir = dir === 'EMPTY' ? mkdtempSync(join(tmpdir(), 'rps-empty-lists-')) : dir;
      try {
        const child = startMain({ PORT: '0', LISTS_DIR: listsDir, DATA_DIR: dataDir, SESSION_JWT_SECRET: randomSecret() });
        expect(await child.exited).toBe(1);
        expect(child.stderr).toEqual([
          `configuration error: LISTS_DIR ${JSON.stringify(listsDir)} does not exist or holds no list file (sdn.csv, consolidated.csv, dpl.txt...)`,
        ]);
      } finally {
        if (dir === 'EMPTY') rmSync(listsDir, { recursive: true, force: true });
      }
    },
  );
});

describe('IDENTITY_PORT', () => {
  it('serves the identity API on its own port only', async () => {
    const server = await startTestServer({ lists: null, env: { IDENTITY_PORT: '0' } });
    try {
      expect(server.identityUrl).not.toBe(server.url);
      const key = await createKey(server, 'acct-split');
      expect(key.token).toMatch(/^svc_live_/);
      const onMain = await call(server.url, 'GET', '/me/api-keys', { token: await server.session('acct-split') });
      expect(onMain.status).toBe(404);
      const screenOnIdentity = await call(server.identityUrl, 'POST', '/sanctions-screening/v1/screen', { token: key.token, json: { name: 'x' } });
      expect(screenOnIdentity.status).toBe(404);
      expect((await call(server.identityUrl, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
