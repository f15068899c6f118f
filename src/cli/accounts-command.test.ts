import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { createClient } from 'redis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createState } from '../state/create-state.js';
import { registerAccountsCommand } from './accounts-command.js';
import type { CliIo } from './session-command.js';

/** The suite's own redis-server (test/global-setup.ts). */
const REDIS_URL = inject('redisUrl');

async function run(args: string[], env: Record<string, string>): Promise<string> {
  let out = '';
  const io: CliIo = { out: (t) => void (out += t), err: () => undefined, env };
  const program = new Command('rps').exitOverride().configureOutput({ writeErr: () => undefined });
  registerAccountsCommand(program, io);
  await program.parseAsync(['node', 'rps', ...args]);
  return out;
}

describe('rps accounts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-cli-accounts-'));
  const prefix = `rps-test-${randomUUID()}:`;
  afterEach(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) if (keys.length > 0) await client.del(keys);
    await client.close();
  });

  it('shows defaults for an unknown account, sets limits, and the service honours them (embedded store)', async () => {
    const env = { DATA_DIR: dataDir, SESSION_JWT_SECRET: 'x'.repeat(32) };
    expect(await run(['accounts', 'show', 'acme'], env)).toContain('(not created yet: these are the defaults)');
    const shown = await run(['accounts', 'set', 'acme', '--key-limit', '1', '--monthly-cap', '500', '--subscriptions', 'sanctions-screening,geo-risk'], env);
    expect(shown).toContain('subscriptions  sanctions-screening, geo-risk');
    expect(shown).toContain('key limit      1 active keys');

    const state = await createState({ dataDir, session: { secret: env.SESSION_JWT_SECRET } });
    try {
      expect(await state.identity.createKey('acme', { name: 'k', allowedServiceIds: ['*'], monthlyLimit: 501 })).toMatchObject({ ok: false, code: 'invalid_request' });
      const created = await state.identity.createKey('acme', { name: 'first key', allowedServiceIds: ['*'] });
      expect(created).toMatchObject({ ok: true, key: { monthlyLimit: 500 } });
      expect(await state.identity.createKey('acme', { name: 'k2', allowedServiceIds: ['*'] })).toMatchObject({ code: 'key_limit_reached' });
    } finally {
      await state.close();
    }
    const listing = await run(['accounts', 'show', 'acme'], env);
    expect(listing).toMatch(/first key\s+svc_live_\S{7}\s+active/);
    expect(listing).not.toMatch(/svc_live_[A-Z2-7]{20,}/);
    const json = JSON.parse(await run(['accounts', 'show', 'acme', '--json'], env)) as { exists: boolean; keys: unknown[] };
    expect(json.exists).toBe(true);
    expect(json.keys).toHaveLength(1);
  });

  it('changes an account in Redis with REDIS_URL and refuses empty or bad changes', async () => {
    const env = { DATA_DIR: dataDir, REDIS_URL, REDIS_KEY_PREFIX: prefix };
    const json = JSON.parse(await run(['accounts', 'set', 'r-1', '--subscriptions', '*', '--json'], env)) as { account: { subscriptions: string[] } };
    expect(json.account.subscriptions).toEqual(['*']);
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    expect(JSON.parse((await client.get(`${prefix}{a:r-1}:account`)) ?? '{}')).toMatchObject({ subscriptions: ['*'] });
    await client.close();
    await expect(run(['accounts', 'set', 'r-1'], env)).rejects.toThrow('give at least one of');
    await expect(run(['accounts', 'set', 'r-1', '--subscriptions', 'Bad'], env)).rejects.toThrow('not a service ID: "Bad"');
    await expect(run(['accounts', 'set', 'r-1', '--key-limit', '-3'], env)).rejects.toThrow("argument '-3' is invalid");
  });
});
