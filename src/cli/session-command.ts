/**
 * @module `session --account ID [--ttl 1h]`: prints a development session JWT for the identity API
 * (`Authorization: Bearer <token>` on /me/api-keys). Signed with SESSION_JWT_SECRET, or with the
 * secret generated in DATA_DIR when nothing is configured (the server uses the same file).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { ACCOUNT_ID_PATTERN } from '../identity/accounts.js';
import { loadOrCreateDevSecret } from '../identity/dev-secret.js';
import { mintSessionToken, parseTtl } from '../identity/session-token.js';

/** Where commands write and which environment they read; tests pass their own. */
export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export const PROCESS_IO: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
};

export function registerSessionCommand(program: Command, io: CliIo = PROCESS_IO): void {
  program
    .command('session')
    .description('print a development session token (JWT) for the identity API')
    .requiredOption('--account <id>', 'account ID, 1 to 64 of A-Z a-z 0-9 _ . : @ -', accountId)
    .option('--ttl <duration>', 'lifetime: 90s, 30m, 1h, 7d or seconds (at most 366d)', ttl, 3600)
    .addHelpText(
      'after',
      `
The token is signed (HS256) with SESSION_JWT_SECRET, or when no SESSION_JWT_* setting is present,
with the secret the server generates in DATA_DIR/session-jwt-secret (created here if absent).
SESSION_JWT_ISSUER / SESSION_JWT_AUDIENCE are added as iss / aud when set. The server refuses a
token older than SESSION_JWT_MAX_AGE (default 24h) by its iat, whatever its --ttl. With SESSION_JWKS_URL
or SESSION_JWT_PUBLIC_KEY, your identity provider issues session tokens instead.

Example:
  curl -H "Authorization: Bearer $(rps session --account acme)" http://127.0.0.1:8080/me/api-keys`,
    )
    .action(async (flags: { account: string; ttl: number }) => {
      const config = loadConfig(io.env);
      if (config.sessionJwksUrl !== null || config.sessionJwtPublicKey !== null) {
        throw new ConfigError('session tokens come from your identity provider when SESSION_JWKS_URL or SESSION_JWT_PUBLIC_KEY is set');
      }
      const secret = config.sessionJwtSecret ?? loadOrCreateDevSecret(config.dataDir).secret;
      const now = new Date();
      const token = await mintSessionToken({
        secret,
        accountId: flags.account,
        ttlSeconds: flags.ttl,
        now,
        ...(config.sessionJwtIssuer !== null && { issuer: config.sessionJwtIssuer }),
        ...(config.sessionJwtAudience !== null && { audience: config.sessionJwtAudience }),
      });
      io.out(`${token}\n`);
      const expires = new Date(now.getTime() + flags.ttl * 1000).toISOString();
      io.err(`session token for account ${flags.account}, expires ${expires}\n`);
      if (flags.ttl > config.sessionJwtMaxAgeSeconds) {
        io.err(`note: the server refuses it ${config.sessionJwtMaxAgeSeconds} s after issue (SESSION_JWT_MAX_AGE), before it expires\n`);
      }
    });
}

function accountId(value: string): string {
  if (!ACCOUNT_ID_PATTERN.test(value)) throw new InvalidArgumentError('must be 1 to 64 characters of A-Z a-z 0-9 _ . : @ -');
  return value;
}

function ttl(value: string): number {
  const seconds = parseTtl(value);
  if (seconds === null) throw new InvalidArgumentError('must be like 90s, 30m, 1h or 7d, from 1 second to 366 days');
  return seconds;
}
