import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionVerifier } from '../identity/session-verifier.js';
import { registerSessionCommand, type CliIo } from './session-command.js';

function run(args: string[], env: Record<string, string>): Promise<{ out: string; err: string }> {
  const captured = { out: '', err: '' };
  const io: CliIo = { out: (t) => void (captured.out += t), err: (t) => void (captured.err += t), env };
  // exitOverride before registering, so the subcommand throws instead of exiting the test process.
  const program = new Command('rps').exitOverride().configureOutput({ writeErr: (t) => void (captured.err += t) });
  registerSessionCommand(program, io);
  return program.parseAsync(['node', 'rps', ...args]).then(() => captured);
}

describe('rps session', () => {
  const dirs: string[] = [];
  const dataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'rps-cli-session-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('mints a token the server accepts, with the generated 0600 secret in DATA_DIR', async () => {
    const dir = dataDir();
    const { out, err } = await run(['session', '--account', 'acme', '--ttl', '2h'], { DATA_DIR: dir });
    expect(statSync(join(dir, 'session-jwt-secret')).mode & 0o777).toBe(0o600);
    expect(err).toMatch(/^session token for account acme, expires \d{4}-/);
    const verifier = createSessionVerifier({}, dir);
    expect(await verifier.verify(out.trim())).toEqual({ ok: true, accountId: 'acme' });
    const payload = JSON.parse(Buffer.from(out.split('.')[1], 'base64url').toString()) as { exp: number; iat: number };
    expect(payload.exp - payload.iat).toBe(7200);
  });

  it('signs with SESSION_JWT_SECRET and adds the configured issuer and audience', async () => {
    const secret = 'cli-test-secret-cli-test-secret-cli!';
    const env = { DATA_DIR: dataDir(), SESSION_JWT_SECRET: secret, SESSION_JWT_ISSUER: 'iss-x', SESSION_JWT_AUDIENCE: 'aud-y' };
    const { out } = await run(['session', '--account', 'a@b'], env);
    const verifier = createSessionVerifier({ secret, issuer: 'iss-x', audience: 'aud-y' }, env.DATA_DIR);
    expect(await verifier.verify(out.trim())).toEqual({ ok: true, accountId: 'a@b' });
  });

  it('refuses a bad account ID, a bad TTL, and minting when an identity provider signs', async () => {
    await expect(run(['session', '--account', 'has space'], { DATA_DIR: dataDir() })).rejects.toThrow("argument 'has space' is invalid");
    await expect(run(['session', '--account', 'a', '--ttl', 'forever'], { DATA_DIR: dataDir() })).rejects.toThrow('must be like 90s');
    await expect(run(['session', '--account', 'a'], { DATA_DIR: dataDir(), SESSION_JWKS_URL: 'https://id.example/jwks' })).rejects.toThrow(
      'session tokens come from your identity provider',
    );
  });
});
