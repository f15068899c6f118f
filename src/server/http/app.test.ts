import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEngine } from '../../engine/types.js';
import { createState } from '../../state/create-state.js';
import type { State } from '../../state/state-types.js';
import { createHttpApp, type HttpApp } from './app.js';
import { CoverageBook } from '../../contract/coverage.js';
import type { ListsView } from '../deps.js';
import type { PlainRequest } from './http-types.js';
import { createLogger } from '../logging/logger.js';

// Socket-free: the HttpApp over real embedded state, with an engine that fails like a bug would.
const failingEngine = {
  size: 1,
  thresholds: {} as ScreeningEngine['thresholds'],
  screen() {
    throw new TypeError('cannot read "Zorblax Quillfeather" of undefined');
  },
  screenBatch() {
    throw new TypeError('cannot read "Zorblax Quillfeather" of undefined');
  },
  entry: () => null,
} satisfies ScreeningEngine;

const lists: ListsView = {
  engine: () => failingEngine, catalog: () => [], coverage: () => new CoverageBook([], []), poolReady: () => true,
  policy: { required: [], maxAgeDays: 30, poolReady: true },
};
const logs: string[] = [];
let dataDir: string;
let state: State;
let app: HttpApp;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'rps-app-'));
  state = await createState({ dataDir, session: { secret: 's'.repeat(40) } });
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => void logs.push(line) } });
  app = createHttpApp({ lists, state, logger, now: () => new Date() });
});
afterAll(async () => {
  await state.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const request = (over: Partial<PlainRequest>): PlainRequest => ({
  method: 'GET', path: '/', headers: {}, query: '', body: Buffer.alloc(0), ...over,
});

describe('createHttpApp', () => {
  it('turns an unexpected exception into 500 internal, logged by requestId without message or body', async () => {
    const account = await state.identity.verifySession(await mint('acct-500'));
    if (!account.ok) throw new Error('session');
    const created = await state.identity.createKey('acct-500', { name: 'k', allowedServiceIds: ['sanctions-screening'] });
    if (!created.ok) throw new Error('key');
    const result = await app.handle(request({
      method: 'POST',
      path: '/sanctions-screening/v1/screen',
      headers: { authorization: `Bearer ${created.key.token}`, 'content-type': 'application/json' },
      body: Buffer.from('{"name":"Zorblax Quillfeather"}'),
    }));
    expect(result.status).toBe(500);
    const body = JSON.parse(result.body.toString());
    expect(body).toEqual({ error: { code: 'internal', message: 'An internal error occurred.', requestId: result.headers['X-Request-Id'] } });
    const line = logs.find((l) => l.includes('unhandled error'));
    expect(line).toContain(body.error.requestId);
    expect(line).toContain('TypeError');
    expect(logs.join('\n')).not.toContain('Zorblax');
    // The failed screening is refunded and leaves no audit record: never billed nor audited for an
    // answer the client did not receive.
    const owner = { accountId: 'acct-500', keyId: created.key.keyId };
    expect((await state.quota.peek(owner, 'sanctions-screening', 20_000)).used).toBe(0);
    expect(await state.audit.get('acct-500', body.error.requestId)).toBeNull();
  });

  it('refunds every unit of a batch whose screening fails after the charge', async () => {
    await state.identity.verifySession(await mint('acct-500b'));
    const created = await state.identity.createKey('acct-500b', { name: 'k', allowedServiceIds: ['sanctions-screening'] });
    if (!created.ok) throw new Error('key');
    const result = await app.handle(request({
      method: 'POST',
      path: '/sanctions-screening/v1/screen/batch',
      headers: { authorization: `Bearer ${created.key.token}`, 'content-type': 'application/json' },
      body: Buffer.from('[{"name":"Zorblax Quillfeather"},{"name":"Ada Quillfeather"},{"name":""}]'),
    }));
    expect(result.status).toBe(500);
    expect((await state.quota.peek({ accountId: 'acct-500b', keyId: created.key.keyId }, 'sanctions-screening', 20_000)).used).toBe(0);
  });

  it('routes without a socket: 404, 405 with Allow, unknown_service', async () => {
    expect((await app.handle(request({ path: '/nowhere' }))).status).toBe(404);
    const wrong = await app.handle(request({ method: 'PATCH', path: '/me/api-keys' }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.Allow).toBe('GET, HEAD, POST');
    const other = await app.handle(request({ path: '/geo-lookup/v1/where' }));
    expect(JSON.parse(other.body.toString()).error.code).toBe('unknown_service');
  });
});

async function mint(accountId: string): Promise<string> {
  const { mintSessionToken } = await import('../../identity/session-token.js');
  return mintSessionToken({ secret: 's'.repeat(40), accountId, ttlSeconds: 60 });
}
