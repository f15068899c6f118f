/**
 * @module `keys list|create|revoke <account>`: the operator's hands on an account's API keys, through
 * the same identity service as the HTTP API (same validation, key limit, Idempotency-Key, revocation
 * published to every running server), on the configured store (Redis with REDIS_URL, else DATA_DIR).
 * `create` prints the token once, as the API does; nothing else ever prints a token or a key hash.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import type { ApiKeyRecord, CreateKeyInput, IdempotentCreateResult, IdentityService } from '../identity/types.js';
import { createState } from '../state/create-state.js';
import { stateOptionsFromConfig } from '../state/state-options.js';
import { keyTable, splitIds, wholeNumber } from './accounts-command.js';
import { PROCESS_IO, type CliIo } from './session-command.js';

interface CreateFlags {
  name: string;
  services: string[];
  expiresAt?: string;
  monthlyLimit?: number;
  idempotencyKey?: string;
  json?: boolean;
}

export function registerKeysCommand(program: Command, io: CliIo = PROCESS_IO): void {
  const keys = program.command('keys').description("list, create and revoke an account's API keys")
    .addHelpText('after', `
Works on the configured store (REDIS_URL, else DATA_DIR) while servers run. A revocation reaches
every server within 60 s (at once where they share the store's revocation events).

Examples:
  $ rps keys create acme --name "billing backend" --services sanctions-screening --json
  $ rps keys list acme
  $ rps keys revoke acme 6f1c...-uuid`);
  keys.command('list').description('the keys of an account, newest first, with status and last use (never tokens)')
    .argument('<account>', 'account ID')
    .option('--json', 'print as JSON')
    .action((account: string, flags: { json?: boolean }) => withIdentity(io, (identity) => list(io, identity, account, flags.json)));
  keys.command('create').description('create a key and print its token (shown this once)')
    .argument('<account>', 'account ID')
    .requiredOption('--name <text>', 'a label for the key (1..100 printable characters)')
    .requiredOption('--services <ids>', 'service IDs the key may call, comma-separated, or "*"', splitIds)
    .option('--expires-at <iso>', 'expiry, ISO 8601 UTC (default 365 days from now, at most 3 years)')
    .option('--monthly-limit <n>', 'calls per service per UTC month (default 20000)', wholeNumber)
    .option('--idempotency-key <text>', 'a retry with the same key and options within 24 h creates nothing')
    .option('--json', 'print as JSON')
    .action((account: string, flags: CreateFlags) => withIdentity(io, (identity) => create(io, identity, account, flags)));
  keys.command('revoke').description('revoke a key (repeating it is harmless)')
    .argument('<account>', 'account ID')
    .argument('<keyId>', 'the keyId of the key')
    .option('--json', 'print as JSON')
    .action((account: string, keyId: string, flags: { json?: boolean }) =>
      withIdentity(io, (identity) => revoke(io, identity, account, keyId, flags.json)));
}

async function withIdentity(io: CliIo, run: (identity: IdentityService) => Promise<void>): Promise<void> {
  const state = await createState(stateOptionsFromConfig(loadConfig(io.env)));
  try {
    await run(state.identity);
  } finally {
    await state.close();
  }
}

async function list(io: CliIo, identity: IdentityService, account: string, json = false): Promise<void> {
  const keys = await identity.listKeys(account);
  if (json) io.out(`${JSON.stringify({ data: keys }, null, 2)}\n`);
  else io.out(keys.length === 0 ? 'no API keys\n' : `${keyTable(keys, true)}\n`);
}

async function create(io: CliIo, identity: IdentityService, account: string, flags: CreateFlags): Promise<void> {
  const input: CreateKeyInput = {
    name: flags.name.trim(),
    allowedServiceIds: flags.services,
    ...(flags.expiresAt !== undefined && { expiresAt: flags.expiresAt }),
    ...(flags.monthlyLimit !== undefined && { monthlyLimit: flags.monthlyLimit }),
  };
  const result: IdempotentCreateResult = flags.idempotencyKey === undefined
    ? await identity.createKey(account, input)
    : await identity.createKeyIdempotent(account, input, flags.idempotencyKey);
  if (!result.ok) {
    const details = result.code === 'invalid_request' ? `: ${result.details.map((d) => `${d.field} ${d.issue}`).join('; ')}` : '';
    throw new Error(`${result.message}${details}`);
  }
  const replayed = 'replayed' in result && result.replayed;
  if (flags.json) {
    io.out(`${JSON.stringify({ ...result.key, ...(replayed && { replayed: true }) }, null, 2)}\n`);
    return;
  }
  io.out(`${keyTable([result.key])}\n`);
  io.out('token' in result.key
    ? `\ntoken (shown only now; the server keeps its SHA-256):\n${result.key.token}\n`
    : '\nalready created with this --idempotency-key; its token was shown by that first run\n');
}

async function revoke(io: CliIo, identity: IdentityService, account: string, keyId: string, json = false): Promise<void> {
  const result = await identity.revokeKey(account, keyId);
  if (!result.ok) throw new Error(`no key ${keyId} in account ${account}`);
  io.out(json ? `${JSON.stringify(result.key, null, 2)}\n` : `${keyTable([result.key as ApiKeyRecord])}\n`);
}
