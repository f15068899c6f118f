import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { createClient } from 'redis';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createState } from '../state/create-state.js';
import type { CliIo } from './session-command.js';
import { registerKeysCommand } from './keys-command.js';

const REDIS_URL = inject('redisUrl');

async function run(args: string[], env: Record<string, string>): Promise<string> {
  let out = '';
  const io: CliIo = { out: (t) => void (out += t), err: () => undefined, env };
  const program = new Command('rps').exitOverride().configureOutput({ writeOut: (t) => void (out += t), writeErr: () => undefined });
  registerKeysCommand(program, io);
  await program.parseAsync(['node', 'rps', ...args]);
  return out;
}

describe('rps keys', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rps-cli-keys-'));
  const prefix = `rps-test-${randomUUID()}:`;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const client = createClient({ url: REDIS_URL });
    await client.connect();
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*` })) if (keys.length > 0) await client.del(keys);
    await client.close();
  });

  it.each([
    ['embedded store', { DATA_DIR: dataDir, SESSION_JWT_SECRET: 'x'.repeat(32) }],
    ['Redis', { DATA_DIR: dataDir, SESSION_JWT_SECRET: 'x'.repeat(32), REDIS_URL, REDIS_KEY_PREFIX: prefix }],
  ] as [string, Record<string, string>][])('creates (token once), lists and revokes keys with --json and as tables (%s)', async (_store, env) => {
    const created = JSON.parse(await run(['keys', 'create', 'acme', '--name', 'billing', '--services', 'sanctions-screening', '--monthly-limit', '500', '--json'], env));
    expect(created).toMatchObject({ name: 'billing', monthlyLimit: 500, status: 'active', allowedServiceIds: ['sanctions-screening'] });
    expect(created.token).toMatch(/^svc_live_[A-Z2-7]{52}$/);
    // The key works on the service: the identity service of a server on the same store accepts it.
    const state = await createState({ dataDir, session: { secret: env.SESSION_JWT_SECRET }, ...(env.REDIS_URL !== undefined && { redisUrl: REDIS_URL, keyPrefix: prefix }) });
    try {
      expect((await state.identity.verifyKey(created.token, 'sanctions-screening')).ok).toBe(true);
    } finally {
      await state.close();
    }
    const listed = JSON.parse(await run(['keys', 'list', 'acme', '--json'], env));
    expect(listed.data.map((k: { keyId: string }) => k.keyId)).toEqual([created.keyId]);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    await expect.poll(async () => JSON.parse(await run(['keys', 'list', 'acme', '--json'], env)).data[0].lastUsedAt).not.toBeNull();
    const table = await run(['keys', 'list', 'acme'], env);
    expect(table).toMatch(/LAST USED/);
    expect(table).toMatch(new RegExp(`${created.keyId}\\s+billing\\s+svc_live_\\S{7}\\s+active`));
    expect(table).not.toContain(created.token);
    const revoked = JSON.parse(await run(['keys', 'revoke', 'acme', created.keyId, '--json'], env));
    expect(revoked).toMatchObject({ keyId: created.keyId, status: 'revoked' });
    expect(await run(['keys', 'revoke', 'acme', created.keyId], env)).toMatch(/revoked/);
    await expect(run(['keys', 'revoke', 'other-account', created.keyId], env)).rejects.toThrow(/no key/);
  });

  it('prints the token once in text, replays an --idempotency-key without it, and refuses bad options', async () => {
    const env = { DATA_DIR: dataDir, SESSION_JWT_SECRET: 'x'.repeat(32) };
    const args = ['keys', 'create', 'idem', '--name', 'ci', '--services', '*', '--idempotency-key', 'deploy-42'];
    const first = await run(args, env);
    expect(first).toMatch(/token \(shown only now[^\n]*\nsvc_live_[A-Z2-7]{52}\n$/);
    const again = await run(args, env);
    expect(again).toContain('already created with this --idempotency-key');
    expect(again).not.toMatch(/svc_live_[A-Z2-7]{52}/);
    expect(JSON.parse(await run(['keys', 'list', 'idem', '--json'], env)).data).toHaveLength(1);
    await expect(run(['keys', 'create', 'idem', '--name', 'x', '--services', 'sanctions-screening', '--monthly-limit', '5000000'], env))
      .rejects.toThrow(/monthlyLimit must be at most/);
    await expect(run(['keys', 'create', 'idem', '--services', '*'], env)).rejects.toThrow(/--name/);
  });

  it('explains itself in --help: the subcommands, the options and an example', async () => {
    const help = async (args: string[]): Promise<string> => {
      let out = '';
      const program = new Command('rps').exitOverride().configureOutput({ writeOut: (t) => void (out += t), writeErr: () => undefined });
      registerKeysCommand(program, { out: () => undefined, err: () => undefined, env: {} });
      await program.parseAsync(['node', 'rps', ...args]).catch(() => undefined);
      return out;
    };
    const group = await help(['keys', '--help']);
    for (const text of ['list', 'create', 'revoke', 'rps keys create acme']) expect(group).toContain(text);
    const create = await help(['keys', 'create', '--help']);
    for (const text of ['--name <text>', '--services <ids>', '--expires-at <iso>', '--monthly-limit <n>', '--idempotency-key <text>', '--json']) expect(create).toContain(text);
  });
});
