/**
 * Privacy: a screened name and birth date pass through the audit path of the full state layer
 * (createState) on each store; afterwards no Redis value and no file in DATA_DIR contains them.
 * The same scans must find the body's SHA-256, which proves they look where the data is.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mintSessionToken } from '../src/identity/session-token.js';
import { createState } from '../src/state/create-state.js';
import type { State } from '../src/state/state-types.js';
import { deleteRedisPrefix, REDIS_TEST_URL } from './store-harness.js';

const MARKER_NAME = 'Qwertzuiop Markerovna Privacyskaya';
const MARKER_DOB = '1937-11-23';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

function scanDataDir(dir: string, needle: string): string[] {
  const bytes = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  return filesUnder(dir).filter((file) => {
    const content = readFileSync(file);
    return bytes.some((b) => content.includes(b));
  });
}

async function redisValues(prefix: string): Promise<string[]> {
  const client = createClient({ url: REDIS_TEST_URL });
  await client.connect();
  const values: string[] = [];
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      for (const key of keys) {
        const type = await client.type(key);
        if (type === 'string') values.push(key, String(await client.get(key)));
        else if (type === 'hash') values.push(key, JSON.stringify(await client.hGetAll(key)));
        else if (type === 'zset') values.push(key, JSON.stringify(await client.zRange(key, 0, -1)));
        else values.push(key, `unexpected type ${type}`);
      }
    }
  } finally {
    await client.close();
  }
  return values;
}

async function screenThroughAudit(state: State): Promise<string> {
  const session = await state.identity.verifySession(
    await mintSessionToken({
      secret: 'privacy-test-secret-privacy-test-secret',
      accountId: 'acct-privacy',
      ttlSeconds: 60,
    }),
  );
  if (!session.ok) throw new Error(session.reason);
  const created = await state.identity.createKey('acct-privacy', { name: 'privacy', allowedServiceIds: ['*'] });
  if (!created.ok) throw new Error(created.code);
  const verified = await state.identity.verifyKey(created.key.token, 'sanctions-screening');
  if (!verified.ok) throw new Error(verified.code);
  await state.quota.checkAndIncrement(verified.key, 'sanctions-screening', 1, verified.key.monthlyLimit);
  const body = JSON.stringify({ name: MARKER_NAME, dateOfBirth: MARKER_DOB, kind: 'individual' });
  const bodySha256 = createHash('sha256').update(body).digest('hex');
  const requestId = randomUUID();
  await state.audit.record({ requestId, accountId: 'acct-privacy', screenedAt: new Date().toISOString(), bodySha256 });
  expect(await state.audit.get('acct-privacy', requestId)).toEqual({ requestId, accountId: 'acct-privacy', screenedAt: expect.any(String), bodySha256 });
  return bodySha256;
}

describe('privacy of the audit path', () => {
  const prefix = `rps-test-${randomUUID()}:`;
  let dataDir: string;
  let state: State | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rps-privacy-'));
  });
  afterEach(async () => {
    await state?.close();
    state = undefined;
    await deleteRedisPrefix(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('embedded store: no file of DATA_DIR holds the name or the birth date', async () => {
    state = await createState({ dataDir, keyPrefix: prefix, session: { secret: 'privacy-test-secret-privacy-test-secret' } });
    const hash = await screenThroughAudit(state);
    await state.close();
    state = undefined;
    expect(filesUnder(dataDir).length).toBeGreaterThan(0);
    expect(scanDataDir(dataDir, hash)).not.toEqual([]);
    expect(scanDataDir(dataDir, MARKER_NAME)).toEqual([]);
    expect(scanDataDir(dataDir, MARKER_DOB)).toEqual([]);
    expect(scanDataDir(dataDir, 'Markerovna')).toEqual([]);
  });

  it('Redis: no value or key under the prefix holds the name or the birth date', async () => {
    state = await createState({ redisUrl: REDIS_TEST_URL, dataDir, keyPrefix: prefix, session: { secret: 'privacy-test-secret-privacy-test-secret' } });
    const hash = await screenThroughAudit(state);
    const values = await redisValues(prefix);
    expect(values.some((v) => v.includes(hash))).toBe(true);
    expect(values.filter((v) => v.includes('Markerovna') || v.includes(MARKER_DOB))).toEqual([]);
    expect(scanDataDir(dataDir, 'Markerovna')).toEqual([]);
  });
});
